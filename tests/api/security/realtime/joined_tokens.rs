//! Tokens on a joined channel and at the join: forged, expired, role-less, swapped or
//! expiring tokens, revoked reads, and the HTTP API's all-or-nothing batches.
use super::*;

#[tokio::test]
async fn a_forged_or_expired_access_token_push_closes_the_channel() {
    let app = spawn_app().await;
    let mut socket = Socket::open(&app).await;
    for topic in ["realtime:one", "realtime:two", "realtime:three"] {
        socket.joined(topic, join_payload(false, None)).await;
    }
    let forged_service = forged(&json!({"role": "service_role", "exp": now() + 3600}));
    socket
        .push(
            Some("1"),
            "realtime:one",
            "access_token",
            json!({"access_token": forged_service}),
        )
        .await;
    socket.channel_closed("realtime:one", "", WAIT).await;
    let expired = mint_jwt("anon", json!({"exp": now() - 600}));
    socket
        .push(
            Some("1"),
            "realtime:two",
            "access_token",
            json!({"access_token": expired}),
        )
        .await;
    socket
        .channel_closed("realtime:two", "Token has expired", WAIT)
        .await;
    // The socket and its third channel live on.
    socket.heartbeat().await;
    let ack = socket.broadcast("realtime:three", "fine", json!({})).await;
    assert_eq!(ack.payload["status"], "ok");
    // The closed channels are gone: a push there is unmatched.
    let reply = socket.broadcast_as_joined("realtime:one").await;
    assert_eq!(reply.payload["response"]["reason"], "unmatched topic");
}

#[tokio::test]
async fn joins_with_bad_tokens_are_refused() {
    let app = spawn_app().await;
    let mut socket = Socket::open(&app).await;
    let cases = [
        (
            "forged",
            forged(&json!({"role": "service_role", "exp": now() + 3600})),
            "InvalidJWTToken: ",
        ),
        ("garbage", "a.b.c".to_string(), "InvalidJWTToken: "),
        (
            "expired",
            mint_jwt("anon", json!({"exp": now() - 600})),
            "InvalidJWTExpiration: Token has expired ",
        ),
        (
            "without exp",
            signed(&json!({"role": "anon", "iat": now()})),
            "InvalidJWTToken: Fields `role` and `exp` are required in JWT",
        ),
        (
            "with an exp that is not a number",
            mint_jwt("anon", json!({"exp": "tomorrow"})),
            "InvalidJWTToken: ",
        ),
        (
            "with an empty role",
            signed(&json!({"role": "", "exp": now() + 3600})),
            "InvalidJWTToken: Fields `role` and `exp` are required in JWT",
        ),
    ];
    for (why, token, reason) in cases {
        let refused = socket
            .join("realtime:room", join_payload(false, Some(&token)))
            .await
            .unwrap_err();
        assert!(refused.starts_with(reason), "{why}: {refused}");
    }
    socket.heartbeat().await;
}

/// Supabase's Realtime refuses a JWT without a `role` claim (token.rs says so too); here the
/// gateway's PostgREST reading fills in `anon` before the check, so the check never fails.
#[tokio::test]
async fn a_token_without_a_role_claim_is_refused() {
    let app = spawn_app().await;
    let roleless = signed(&json!({"sub": uuid::Uuid::new_v4(), "exp": now() + 3600}));
    let (status, body) = refused(&ws_url(&app, Some(&roleless), Some("2.0.0"))).await;
    assert_eq!(status, 401, "{body}");
    let mut socket = Socket::open(&app).await;
    assert_eq!(
        socket
            .join("realtime:room", join_payload(false, Some(&roleless)))
            .await,
        Err("InvalidJWTToken: Fields `role` and `exp` are required in JWT".to_string())
    );
}

#[tokio::test]
async fn a_token_expiring_while_joined_closes_the_channel() {
    let app = spawn_app().await;
    let mut socket = Socket::open(&app).await;
    let expires_at = now() + 2;
    let short = mint_jwt("anon", json!({"exp": expires_at}));
    socket
        .joined("realtime:short", join_payload(false, Some(&short)))
        .await;
    socket
        .joined("realtime:long", join_payload(false, None))
        .await;
    // The server looks every 5 s.
    socket
        .channel_closed(
            "realtime:short",
            "Token has expired",
            Duration::from_secs(2 + 7),
        )
        .await;
    assert!(now() >= expires_at, "closed before the token expired");
    socket.heartbeat().await;
    let ack = socket.broadcast("realtime:long", "fine", json!({})).await;
    assert_eq!(ack.payload["status"], "ok", "the key's channel stays");
}

/// The HTTP API checks every message before sending any: a request with one message the caller
/// may not write sends nothing, and many messages to one private topic all go.
#[tokio::test]
async fn an_http_batch_with_one_forbidden_message_sends_none() {
    let app = spawn_app().await;
    let staff = add_staff(&app.db, "editor", "Elena Editor").await;
    let mut socket = Socket::open(&app).await;
    socket
        .joined(PRIVATE_TOPIC, join_payload(true, Some(&staff.jwt())))
        .await;
    let post = |messages: Value| {
        app.with_token(
            reqwest::Method::POST,
            "/realtime/v1/api/broadcast",
            &staff.jwt(),
        )
        .json(&json!({ "messages": messages }))
        .answer()
    };
    let refused = post(json!([
        {"topic": "admin:inbox", "event": "first", "payload": {}, "private": true},
        {"topic": "not-admin", "event": "second", "payload": {}, "private": true},
    ]))
    .await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let accepted = post(json!([
        {"topic": "admin:inbox", "event": "one", "payload": {}, "private": true},
        {"topic": "admin:inbox", "event": "two", "payload": {}, "private": true},
    ]))
    .await;
    assert_eq!(accepted.status(), StatusCode::ACCEPTED);
    let (one, before) = socket
        .expect_within(WAIT, "the first accepted message", |f| {
            f.is_broadcast("one")
        })
        .await;
    assert!(
        before.iter().all(|f| !f.is_broadcast("first")),
        "a refused batch sent a message: {before:?}"
    );
    assert_eq!(one.payload["event"], "one");
    socket
        .expect("the second accepted message", |f| f.is_broadcast("two"))
        .await;
}

/// A private channel whose broadcast read is revoked, while its presence read stays, keeps its
/// place but hears no more broadcasts once the policies are asked again (here: on a new token).
#[tokio::test]
async fn a_revoked_broadcast_read_stops_broadcasts_on_a_channel_kept_for_presence() {
    let app = spawn_app().await;
    for statement in [
        "create table public.rt_split (reads_broadcast boolean not null)",
        "insert into public.rt_split values (true)",
        "grant select on public.rt_split to authenticated",
        "create policy split_read on realtime.messages for select to authenticated
           using (realtime.topic() = 'split'
                  and (extension = 'presence' or (select reads_broadcast from public.rt_split)))",
    ] {
        sqlx::query(statement).execute(&app.db.pool).await.unwrap();
    }
    let sub = uuid::Uuid::new_v4();
    let token = |exp_offset: i64| {
        signed(&json!({"role": "authenticated", "sub": sub, "exp": now() + 3600 + exp_offset}))
    };
    let mut socket = Socket::open(&app).await;
    socket
        .joined("realtime:split", join_payload(true, Some(&token(0))))
        .await;
    let send = |event: &'static str| {
        app.with_token(
            reqwest::Method::POST,
            &format!("/realtime/v1/api/broadcast/split/events/{event}?private=true"),
            DEMO_SERVICE_ROLE_KEY,
        )
        .json(&json!({}))
        .answer()
    };
    assert_eq!(send("before").await.status(), StatusCode::ACCEPTED);
    socket
        .expect("the broadcast while readable", |f| f.is_broadcast("before"))
        .await;

    sqlx::query("update public.rt_split set reads_broadcast = false")
        .execute(&app.db.pool)
        .await
        .unwrap();
    // A new token (another exp): the channel is authorised again at once.
    let reference = socket
        .push(
            Some("1"),
            "realtime:split",
            "access_token",
            json!({"access_token": token(60)}),
        )
        .await;
    // The push has no reply; a heartbeat's reply orders everything queued before it.
    socket.heartbeat().await;
    assert_eq!(send("after").await.status(), StatusCode::ACCEPTED);
    let heartbeat = socket.push(None, "phoenix", "heartbeat", json!({})).await;
    let (_, before_reply) = socket
        .expect_within(WAIT, "the heartbeat's reply", |f| {
            f.event == "phx_reply" && f.reference.as_deref() == Some(heartbeat.as_str())
        })
        .await;
    assert!(
        before_reply
            .iter()
            .all(|f| !f.is_broadcast("after") && f.event != "phx_close"),
        "a channel without broadcast read heard a broadcast or was closed: {before_reply:?} (token push {reference})"
    );
    // The policies were asked twice; none of their probe rows stayed.
    let probes: i64 = sqlx::query_scalar(
        "select count(*) from realtime.messages where topic = 'split' and event is null",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(probes, 0);
}

#[tokio::test]
async fn swapping_in_a_lesser_token_closes_a_private_channel() {
    let app = spawn_app().await;
    let staff = add_staff(&app.db, "owner", "Olga Owner").await;
    let outsider = add_account(&app.db, None, "Otto Outsider").await;
    let mut socket = Socket::open(&app).await;
    socket
        .joined(PRIVATE_TOPIC, join_payload(true, Some(&staff.jwt())))
        .await;
    socket
        .push(
            Some("1"),
            PRIVATE_TOPIC,
            "access_token",
            json!({"access_token": outsider.jwt()}),
        )
        .await;
    socket
        .channel_closed(
            PRIVATE_TOPIC,
            "You do not have permissions to read from this Channel topic: admin:inbox",
            WAIT,
        )
        .await;
    socket.heartbeat().await;
}

#[tokio::test]
async fn a_role_that_does_not_exist_gets_no_private_access() {
    let app = spawn_app().await;
    let unauthorized =
        "Unauthorized: You do not have permissions to read from this Channel topic: admin:inbox";
    // A correctly signed key naming no database role is a key like any other at the handshake
    // (Supabase lets it connect), but it reads no private topic.
    for role in [
        "no_such_role",
        "Authenticated",
        "authenticated ",
        "anon; set role postgres",
    ] {
        let token = mint_jwt(role, json!({"sub": uuid::Uuid::new_v4()}));
        let mut socket = Socket::open_as(&app, &token, "2.0.0").await;
        assert_eq!(
            socket.join(PRIVATE_TOPIC, join_payload(true, None)).await,
            Err(unauthorized.to_string()),
            "{role:?} as the socket's key"
        );
        let mut anon = Socket::open(&app).await;
        assert_eq!(
            anon.join(PRIVATE_TOPIC, join_payload(true, Some(&token)))
                .await,
            Err(unauthorized.to_string()),
            "{role:?} as the join's token"
        );
        let response = app
            .with_token(reqwest::Method::POST, "/realtime/v1/api/broadcast", &token)
            .json(&json!({"messages": [{"topic": "admin:inbox", "event": "x", "payload": {}, "private": true}]}))
            .answer()
            .await;
        assert!(
            response.status() == StatusCode::FORBIDDEN
                || response.status() == StatusCode::UNAUTHORIZED,
            "{role:?} on the HTTP API: {}",
            response.status()
        );
        socket.heartbeat().await;
    }
    // Forged with another secret, a real role is refused outright.
    let (status, _) = refused(&ws_url(
        &app,
        Some(&forged(
            &json!({"role": "service_role", "exp": now() + 3600}),
        )),
        Some("2.0.0"),
    ))
    .await;
    assert_eq!(status, 401);
    // service_role bypasses the policies, as everywhere on Supabase.
    let mut service = Socket::open_as(&app, DEMO_SERVICE_ROLE_KEY, "2.0.0").await;
    service
        .joined(PRIVATE_TOPIC, join_payload(true, None))
        .await;
}
