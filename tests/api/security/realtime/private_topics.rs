//! Private topics: only staff read the admin topics, and a staff member deactivated while
//! joined loses the channel.
use super::*;

#[tokio::test]
async fn only_staff_read_private_admin_topics() {
    let app = spawn_app().await;
    let staff = add_staff(&app.db, "editor", "Eddie Editor").await;
    let outsider = add_account(&app.db, None, "Olivia Outsider").await;
    let admin = app.sign_in(&[]).await;
    let unauthorized =
        "Unauthorized: You do not have permissions to read from this Channel topic: admin:inbox";

    let mut anon = Socket::open(&app).await;
    assert_eq!(
        anon.join(PRIVATE_TOPIC, join_payload(true, None)).await,
        Err(unauthorized.to_string()),
        "anon"
    );
    let refusals = [
        ("a stranger", stranger_jwt()),
        ("a person with an account, not staff", outsider.jwt()),
        (
            "an outsider claiming a staff role",
            mint_jwt(
                "authenticated",
                outsider.claims_with(json!({"staff_role": "owner"})),
            ),
        ),
        (
            "an outsider claiming the admin flag",
            mint_jwt(
                "authenticated",
                outsider.claims_with(json!({"app_metadata": {"admin": true}})),
            ),
        ),
        (
            "a staff member's session that does not exist",
            mint_jwt(
                "authenticated",
                staff.claims_with(json!({"session_id": uuid::Uuid::new_v4()})),
            ),
        ),
    ];
    for (who, token) in &refusals {
        assert_eq!(
            anon.join(PRIVATE_TOPIC, join_payload(true, Some(token)))
                .await,
            Err(unauthorized.to_string()),
            "{who}"
        );
    }
    let refused = anon
        .join(
            PRIVATE_TOPIC,
            join_payload(true, Some(&forged(&staff.claims()))),
        )
        .await
        .unwrap_err();
    assert!(refused.starts_with("InvalidJWTToken"), "{refused}");
    // Other staff-only tables' topics are no easier: the policy names admin: topics only, and
    // a private topic without a policy is nobody's.
    let mut staff_socket = Socket::open(&app).await;
    assert!(
        staff_socket
            .join("realtime:anything", join_payload(true, Some(&staff.jwt())))
            .await
            .is_err()
    );
    anon.heartbeat().await;

    // Staff and the passcode admin are let in.
    staff_socket
        .joined(PRIVATE_TOPIC, join_payload(true, Some(&staff.jwt())))
        .await;
    let mut admin_socket = Socket::open(&app).await;
    admin_socket
        .joined(PRIVATE_TOPIC, join_payload(true, Some(&admin)))
        .await;

    // A public channel of the same name is another channel: it hears nothing private, and what
    // is said on it reaches no private channel.
    let mut public = Socket::open(&app).await;
    public
        .joined(PRIVATE_TOPIC, join_payload(false, None))
        .await;
    anon.joined(PRIVATE_TOPIC, join_payload(false, None)).await;
    let ack = staff_socket
        .broadcast(PRIVATE_TOPIC, "secret", json!({"lead": "Jane Doe"}))
        .await;
    assert_eq!(ack.payload["status"], "ok", "{ack:?}");
    admin_socket
        .expect("the staff member's private broadcast", |f| {
            f.is_broadcast("secret")
        })
        .await;
    let ack = anon
        .broadcast(PRIVATE_TOPIC, "injected", json!({"fake": true}))
        .await;
    assert_eq!(ack.payload["status"], "ok", "a public broadcast: {ack:?}");
    let (_, before) = public
        .expect_within(WAIT, "the public broadcast", |f| f.is_broadcast("injected"))
        .await;
    assert!(
        before.iter().all(|f| !f.is_broadcast("secret")),
        "the public channel heard the private one: {before:?}"
    );
    // The HTTP API: anon and an outsider may not write to the private topic...
    let messages = json!({"messages": [{"topic": "admin:inbox", "event": "injected", "payload": {}, "private": true}]});
    let response = app
        .anon(reqwest::Method::POST, "/realtime/v1/api/broadcast")
        .json(&messages)
        .answer()
        .await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN, "anon");
    let response = app
        .with_token(
            reqwest::Method::POST,
            "/realtime/v1/api/broadcast",
            &outsider.jwt(),
        )
        .json(&messages)
        .answer()
        .await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN, "an outsider");
    let response = app
        .anon(
            reqwest::Method::POST,
            "/realtime/v1/api/broadcast/admin:inbox/events/injected?private=true",
        )
        .json(&json!({}))
        .answer()
        .await;
    assert_eq!(
        response.status(),
        StatusCode::FORBIDDEN,
        "anon, one message"
    );
    // ... a public HTTP broadcast of that name reaches the public channel only ...
    let response = app
        .anon(reqwest::Method::POST, "/realtime/v1/api/broadcast")
        .json(&json!({"messages": [{"topic": "admin:inbox", "event": "injected-http", "payload": {}}]}))
        .answer()
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    public
        .expect("the public HTTP broadcast", |f| {
            f.is_broadcast("injected-http")
        })
        .await;
    // ... and staff may write.
    let response = app
        .with_token(reqwest::Method::POST, "/realtime/v1/api/broadcast", &staff.jwt())
        .json(&json!({"messages": [{"topic": "admin:inbox", "event": "from-staff", "payload": {}, "private": true}]}))
        .answer()
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let (_, before) = admin_socket
        .expect_within(WAIT, "the staff member's HTTP broadcast", |f| {
            f.is_broadcast("from-staff")
        })
        .await;
    assert!(
        before.iter().all(|f| f.event != "broadcast"),
        "a private channel heard a public or refused broadcast: {before:?}"
    );
    // Nothing private reached the public channel in all that.
    let ack = anon.broadcast(PRIVATE_TOPIC, "last", json!({})).await;
    assert_eq!(ack.payload["status"], "ok");
    let (_, before) = public
        .expect_within(WAIT, "the last public broadcast", |f| {
            f.is_broadcast("last")
        })
        .await;
    assert!(
        before
            .iter()
            .all(|f| !f.is_broadcast("secret") && !f.is_broadcast("from-staff")),
        "the public channel heard the private one: {before:?}"
    );
}

#[tokio::test]
async fn a_staff_member_deactivated_while_joined_loses_the_private_channel() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REALTIME_REAUTHORIZE_SECS", "1")]).await;
    let staff = add_staff(&app.db, "author", "Andy Author").await;
    let mut socket = Socket::open(&app).await;
    socket
        .joined(PRIVATE_TOPIC, join_payload(true, Some(&staff.jwt())))
        .await;
    socket
        .joined("realtime:public", join_payload(false, Some(&staff.jwt())))
        .await;
    sqlx::query("update private.staff_members set deactivated_at = now() where user_id = $1")
        .bind(staff.id)
        .execute(&app.db.pool)
        .await
        .unwrap();
    // Re-asked on the next 5 s tick.
    socket
        .channel_closed(
            PRIVATE_TOPIC,
            "You do not have permissions to read from this Channel topic: admin:inbox",
            Duration::from_secs(8),
        )
        .await;
    socket.heartbeat().await;
    let ack = socket
        .broadcast("realtime:public", "still", json!({}))
        .await;
    assert_eq!(ack.payload["status"], "ok", "the public channel stays");
}
