//! The handshake (missing, forged and expired keys), the cap on sockets, and join and
//! message floods.
use super::*;

#[tokio::test]
async fn the_handshake_refuses_missing_forged_and_expired_keys() {
    let app = spawn_app().await;
    let cases = [
        ("no key", None, "No API key found"),
        ("an empty key", Some(String::new()), "No API key found"),
        (
            "an anon key signed with another secret",
            Some(forged(&json!({"role": "anon", "exp": now() + 3600}))),
            "",
        ),
        (
            "a service key signed with another secret",
            Some(forged(
                &json!({"role": "service_role", "exp": now() + 3600}),
            )),
            "",
        ),
        ("garbage", Some("a.b.c".to_string()), ""),
        (
            "an expired key",
            Some(mint_jwt("anon", json!({"exp": now() - 600}))),
            "Token has expired",
        ),
        (
            "a key expired within the verifier's leeway",
            Some(mint_jwt("anon", json!({"exp": now() - 5}))),
            "Token has expired",
        ),
        (
            "a key without exp",
            Some(signed(&json!({"role": "anon", "iat": now()}))),
            "`role` and `exp` are required",
        ),
        (
            "a key with an empty role",
            Some(signed(&json!({"role": "", "exp": now() + 3600}))),
            "`role` and `exp` are required",
        ),
    ];
    for (why, key, message) in cases {
        let (status, body) = refused(&ws_url(&app, key.as_deref(), Some("2.0.0"))).await;
        assert_eq!(status, 401, "{why}: {body}");
        if !body.is_null() {
            let error = body["error"]
                .as_str()
                .unwrap_or_else(|| panic!("{why}: {body}"));
            assert!(error.contains(message), "{why}: {body}");
        }
    }
    for vsn in ["3.0.0", "2", "banana", ""] {
        let (status, body) = refused(&ws_url(&app, Some(DEMO_ANON_KEY), Some(vsn))).await;
        assert_eq!(status, 400, "vsn {vsn:?}: {body}");
    }
    // The key is checked before anything else: a bad key with a bad vsn is a 401.
    let (status, _) = refused(&ws_url(&app, Some("a.b.c"), Some("9.9.9"))).await;
    assert_eq!(status, 401);
    // And the good key is let in with either version (1.0.0 when none is named).
    Socket::open_as(&app, DEMO_ANON_KEY, "1.0.0")
        .await
        .heartbeat()
        .await;
    let url = ws_url(&app, Some(DEMO_ANON_KEY), None);
    tokio_tungstenite::connect_async(&url)
        .await
        .expect("no vsn is 1.0.0");
}

#[tokio::test]
async fn sockets_beyond_the_cap_get_429_and_a_closed_socket_gives_its_place_back() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REALTIME_MAX_CONNECTIONS", "2")]).await;
    let url = ws_url(&app, Some(DEMO_ANON_KEY), Some("2.0.0"));
    let mut first = Socket::open(&app).await;
    let second = Socket::open(&app).await;
    for _ in 0..5 {
        let (status, body) = refused(&url).await;
        assert_eq!(status, 429, "{body}");
        if !body.is_null() {
            assert_eq!(
                body["error"], "ConnectionRateLimitReached: Too many connected users",
                "{body}"
            );
        }
    }
    // Refused keys are not counted either (they are refused before the count).
    let (status, _) = refused(&ws_url(&app, Some("a.b.c"), Some("2.0.0"))).await;
    assert_eq!(status, 401);

    // A socket closed by its client gives its place back...
    first.ws.close(None).await.expect("close");
    first.closed_within(WAIT, "the closed socket").await;
    let mut third = reconnect(&url).await;
    let (status, _) = refused(&url).await;
    assert_eq!(status, 429, "two sockets again");
    // ... and so does one whose client vanished without a close frame.
    drop(second);
    let mut fourth = reconnect(&url).await;
    let (status, _) = refused(&url).await;
    assert_eq!(status, 429, "two sockets again");
    third.heartbeat().await;
    fourth.heartbeat().await;
}

/// Connects once the server has a place again (within WAIT).
async fn reconnect(url: &str) -> Socket {
    let deadline = Instant::now() + WAIT;
    loop {
        match tokio_tungstenite::connect_async(url).await {
            Ok((ws, _)) => {
                return Socket {
                    ws,
                    refs: 0,
                    vsn2: true,
                };
            }
            Err(tungstenite::Error::Http(response)) if response.status() == 429 => {
                assert!(
                    Instant::now() < deadline,
                    "the closed socket's place was not given back within {WAIT:?}"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(err) => panic!("{url}: {err}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Join floods.

#[tokio::test]
async fn joins_beyond_the_per_second_limit_are_refused_and_the_socket_still_works() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REALTIME_MAX_JOINS_PER_SECOND", "3")]).await;
    let mut socket = Socket::open(&app).await;
    // Eight joins at once, as a client in a reconnect loop sends them.
    let mut refs = Vec::new();
    for n in 0..8 {
        let reference = socket.next_ref();
        let frame = json!([
            reference,
            reference,
            format!("realtime:flood-{n}"),
            "phx_join",
            join_payload(false, None)
        ]);
        socket.send_text(frame.to_string()).await.unwrap();
        refs.push(reference);
    }
    let mut outcomes = Vec::new();
    for reference in &refs {
        let reply = socket.reply(reference).await;
        outcomes.push((
            reply.payload["status"].as_str().unwrap().to_string(),
            reply.payload["response"]["reason"].clone(),
        ));
    }
    for (n, (status, reason)) in outcomes.iter().enumerate() {
        if n < 3 {
            assert_eq!(status, "ok", "join {n}: {reason}");
        } else {
            assert_eq!(status, "error", "join {n} passed the limit");
            assert_eq!(
                reason, "ClientJoinRateLimitReached: Too many joins per second",
                "join {n}"
            );
        }
    }
    socket.heartbeat().await;
    // The limit is per second, not for good: a later second's join is let in.
    let deadline = Instant::now() + WAIT;
    loop {
        match socket
            .join("realtime:later", join_payload(false, None))
            .await
        {
            Ok(_) => break,
            Err(reason) => {
                assert_eq!(
                    reason,
                    "ClientJoinRateLimitReached: Too many joins per second"
                );
                assert!(Instant::now() < deadline, "joins stayed refused");
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        }
    }
    // The joined channels work.
    let ack = socket
        .broadcast("realtime:flood-0", "hello", json!({}))
        .await;
    assert_eq!(ack.payload["status"], "ok", "{ack:?}");
}

#[tokio::test]
async fn channels_beyond_the_per_socket_cap_are_refused() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REALTIME_MAX_CHANNELS_PER_SOCKET", "3")]).await;
    let mut socket = Socket::open(&app).await;
    for n in 0..3 {
        socket
            .joined(&format!("realtime:cap-{n}"), join_payload(false, None))
            .await;
    }
    for n in 3..6 {
        let refused = socket
            .join(&format!("realtime:cap-{n}"), join_payload(false, None))
            .await;
        assert_eq!(
            refused,
            Err("ChannelRateLimitReached: Too many channels".to_string()),
            "channel {n}"
        );
    }
    // Rejoining a joined topic replaces it (realtime-js rejoins so); it is not a new channel.
    socket
        .joined("realtime:cap-0", join_payload(false, None))
        .await;
    // Leaving one makes room for one.
    let reference = socket
        .push(None, "realtime:cap-1", "phx_leave", json!({}))
        .await;
    assert_eq!(socket.reply(&reference).await.payload["status"], "ok");
    socket
        .joined("realtime:cap-3", join_payload(false, None))
        .await;
    assert!(
        socket
            .join("realtime:cap-4", join_payload(false, None))
            .await
            .is_err()
    );
    socket.heartbeat().await;
    // The cap is the socket's: another socket has its own.
    let mut other = Socket::open(&app).await;
    for n in 0..3 {
        other
            .joined(&format!("realtime:cap-{n}"), join_payload(false, None))
            .await;
    }
}

// ---------------------------------------------------------------------------------------------
// Message floods.

#[tokio::test]
async fn a_message_flood_closes_that_channel_and_spares_the_others() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REALTIME_MAX_MESSAGES_PER_SECOND", "10")]).await;
    let topic = "realtime:flood";
    let mut flooder = Socket::open(&app).await;
    let mut bystander = Socket::open(&app).await;
    let mut listener = Socket::open(&app).await;
    for socket in [&mut flooder, &mut bystander, &mut listener] {
        socket.joined(topic, join_payload(false, None)).await;
    }
    flooder
        .joined("realtime:quiet", join_payload(false, None))
        .await;
    for n in 0..30 {
        flooder
            .push(
                Some("1"),
                topic,
                "broadcast",
                broadcast("flood", json!({"n": n})),
            )
            .await;
    }
    flooder
        .channel_closed(topic, "Too many messages per second", WAIT)
        .await;
    // The socket and its other channel live on.
    flooder.heartbeat().await;
    // The bystander on the same topic is unaffected, and the listener hears it.
    let ack = bystander
        .broadcast(topic, "still-here", json!({"from": "bystander"}))
        .await;
    assert_eq!(ack.payload["status"], "ok", "{ack:?}");
    let (_, before) = listener
        .expect_within(WAIT, "the bystander's broadcast", |f| {
            f.is_broadcast("still-here")
        })
        .await;
    let flooded = before.iter().filter(|f| f.is_broadcast("flood")).count();
    // At most the allowance of the (at most two) one-second windows the burst fell into.
    assert!(
        flooded <= 20,
        "{flooded} of the flood's 30 broadcasts were delivered"
    );
    // The allowance is per one-second window (a push over it in this window would close
    // "quiet" too): in the next window the flooder's other channel works.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let ack = flooder.broadcast("realtime:quiet", "calm", json!({})).await;
    assert_eq!(ack.payload["status"], "ok", "{ack:?}");
}
