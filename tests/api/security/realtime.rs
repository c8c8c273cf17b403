//! /realtime/v1 under attack: missing, forged and expired keys at the handshake, too many
//! sockets, join and message floods, oversized payloads and frames, unreadable frames, another
//! person's private topic, tokens forged, swapped or expiring on a joined channel, and sockets
//! that stop reading or go silent. Every case waits for the frames it expects with a deadline,
//! so a server that lets the attack through, or never answers, fails it.
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cb_db::sqlx;
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, add_account, add_staff, mint_jwt, now,
    spawn_app, spawn_app_with,
};
use futures_util::SinkExt as _;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::{self, Message};

use crate::realtime::client::*;

const PRIVATE_TOPIC: &str = "realtime:admin:inbox";

/// A fresh socket on `app` joins and is answered: the server still serves.
async fn still_serving(app: &impl Server) {
    let mut socket = Socket::open(app).await;
    socket.heartbeat().await;
    socket
        .joined("realtime:still-serving", join_payload(false, None))
        .await;
}

/// A user's access token: role authenticated, a random sub, no staff membership.
fn stranger_jwt() -> String {
    mint_jwt(
        "authenticated",
        json!({"aud": "authenticated", "sub": uuid::Uuid::new_v4()}),
    )
}

// ---------------------------------------------------------------------------------------------
// 1. The handshake.

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
// 2. Join floods.

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
// 3. Message floods.

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

// ---------------------------------------------------------------------------------------------
// 4. Oversized payloads and frames.

#[tokio::test]
async fn an_oversized_payload_is_refused_and_reaches_nobody() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REALTIME_MAX_PAYLOAD_BYTES", "1024")]).await;
    let topic = "realtime:big";
    let mut sender = Socket::open(&app).await;
    let mut listener = Socket::open(&app).await;
    let mut presence = join_payload(false, None);
    presence["config"]["presence"] = json!({"key": "sender", "enabled": true});
    sender.joined(topic, presence).await;
    listener.joined(topic, join_payload(false, None)).await;

    let big = "x".repeat(2000);
    let reply = sender.broadcast(topic, "big", json!({"blob": big})).await;
    assert_eq!(reply.payload["status"], "error", "{reply:?}");
    assert_eq!(
        reply.payload["response"]["reason"],
        "PayloadTooLarge: Payload size exceeded"
    );
    // A binary (vsn 2 kind 3) push is measured by its bytes.
    let mut frame = vec![3u8, 1, 3, topic.len() as u8, 3, 0, 0];
    frame.extend_from_slice(b"1");
    frame.extend_from_slice(b"bin");
    frame.extend_from_slice(topic.as_bytes());
    frame.extend_from_slice(b"big");
    frame.extend_from_slice(&[7u8; 2000]);
    sender.ws.send(Message::binary(frame)).await.unwrap();
    let reply = sender.reply("bin").await;
    assert_eq!(
        reply.payload["response"]["reason"], "PayloadTooLarge: Payload size exceeded",
        "{reply:?}"
    );
    // A presence too large is refused too.
    let reference = sender
        .push(
            Some("1"),
            topic,
            "presence",
            json!({"type": "presence", "event": "track", "payload": {"blob": big}}),
        )
        .await;
    let reply = sender.reply(&reference).await;
    assert_eq!(
        reply.payload["response"]["reason"], "PayloadTooLarge: Payload size exceeded",
        "{reply:?}"
    );
    // And on the HTTP API.
    let response = app
        .anon(reqwest::Method::POST, "/realtime/v1/api/broadcast")
        .json(&json!({"messages": [{"topic": "big", "event": "big", "payload": {"blob": big}}]}))
        .answer()
        .await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);

    // The listener's first broadcast is the small one sent after all that.
    let ack = sender.broadcast(topic, "small", json!({"n": 1})).await;
    assert_eq!(ack.payload["status"], "ok", "{ack:?}");
    let (_, before) = listener
        .expect_within(WAIT, "the small broadcast", |f| f.is_broadcast("small"))
        .await;
    assert!(
        before.iter().all(|f| f.event != "broadcast"),
        "an oversized payload was delivered: {before:?}"
    );
}

#[tokio::test]
async fn a_frame_over_the_limit_closes_the_socket_and_the_server_stays_up() {
    let app = spawn_app().await;
    let mut socket = Socket::open(&app).await;
    socket
        .joined("realtime:room", join_payload(false, None))
        .await;
    // 2 MiB in one frame, over the 1 MiB default.
    let blob = "x".repeat(2 * 1024 * 1024);
    let frame = json!([
        "1",
        "2",
        "realtime:room",
        "broadcast",
        broadcast("huge", json!({"blob": blob}))
    ]);
    // The server may close before it is all written: only the outcome counts.
    let _ = socket.send_text(frame.to_string()).await;
    let (code, _) = socket.closed_within(WAIT, "the socket sent 2 MiB").await;
    eprintln!("oversized frame: close code {code:?}");
    still_serving(&app).await;
    // Just under the limit is a frame like any other (the payload limit answers it).
    let mut socket = Socket::open(&app).await;
    socket
        .joined("realtime:room", join_payload(false, None))
        .await;
    let blob = "x".repeat(1024 * 1024 - 200);
    let reference = socket
        .push(
            Some("1"),
            "realtime:room",
            "broadcast",
            broadcast("large", json!(blob)),
        )
        .await;
    let reply = socket.reply(&reference).await;
    assert_eq!(
        reply.payload["response"]["reason"],
        "PayloadTooLarge: Payload size exceeded"
    );
    socket.heartbeat().await;
}

/// Supabase closes a socket sending a frame too large with 1009 (Message Too Big), as
/// `Limits::max_frame_bytes` documents; a client can then tell it apart from a normal close.
#[tokio::test]
async fn a_frame_over_the_limit_closes_with_1009() {
    let app = spawn_app().await;
    let mut socket = Socket::open(&app).await;
    let blob = "x".repeat(2 * 1024 * 1024);
    let _ = socket
        .send_text(json!(["1", "2", "realtime:room", "heartbeat", blob]).to_string())
        .await;
    let (code, _) = socket.closed_within(WAIT, "the socket sent 2 MiB").await;
    assert_eq!(code, Some(1009));
}

// ---------------------------------------------------------------------------------------------
// 5. Hostile input.

/// A vsn 2 kind 3 frame (a broadcast push) with these raw fields.
fn binary_push(topic: &[u8], event: &[u8], payload: &[u8]) -> Vec<u8> {
    let mut frame = vec![3u8, 1, 1, topic.len() as u8, event.len() as u8, 0, 1];
    frame.extend_from_slice(b"1");
    frame.extend_from_slice(b"9");
    frame.extend_from_slice(topic);
    frame.extend_from_slice(event);
    frame.extend_from_slice(payload);
    frame
}

#[tokio::test]
async fn unreadable_frames_close_the_socket_and_others_are_served() {
    let app = spawn_app().await;
    let mut bystander = Socket::open(&app).await;
    bystander
        .joined("realtime:room", join_payload(false, None))
        .await;
    let text = |vsn: &'static str, text: String| (vsn, Message::text(text));
    let binary = |vsn: &'static str, bytes: Vec<u8>| (vsn, Message::binary(bytes));
    let cases = vec![
        ("not JSON", text("2.0.0", "hello there".into())),
        ("empty", text("2.0.0", String::new())),
        (
            "truncated JSON",
            text("2.0.0", r#"["1","1","realtime:room","phx_join",{"#.into()),
        ),
        ("two elements", text("2.0.0", "[1,2]".into())),
        (
            "six elements",
            text("2.0.0", r#"["1","1","t","e",{},{}]"#.into()),
        ),
        (
            "an object on vsn 2",
            text(
                "2.0.0",
                r#"{"topic":"t","event":"e","payload":{},"ref":"1"}"#.into(),
            ),
        ),
        (
            "a number topic",
            text("2.0.0", r#"["1","1",3,"phx_join",{}]"#.into()),
        ),
        (
            "a null event",
            text("2.0.0", r#"["1","1","t",null,{}]"#.into()),
        ),
        (
            "an object ref",
            text("2.0.0", r#"[{"a":1},"1","t","e",{}]"#.into()),
        ),
        ("a scalar", text("2.0.0", "42".into())),
        ("nesting 100 000 deep", text("2.0.0", "[".repeat(100_000))),
        (
            "an array on vsn 1",
            text("1.0.0", r#"["1","1","realtime:room","phx_join",{}]"#.into()),
        ),
        ("a string on vsn 1", text("1.0.0", r#""phx_join""#.into())),
        (
            "a binary frame on vsn 1",
            binary("1.0.0", binary_push(b"realtime:room", b"e", b"{}")),
        ),
        (
            "an unknown binary kind",
            binary("2.0.0", vec![9, 0, 0, 0, 0, 0, 0]),
        ),
        ("an empty binary frame", binary("2.0.0", Vec::new())),
        ("a truncated binary header", binary("2.0.0", vec![3, 1, 1])),
        (
            "binary lengths past the end",
            binary("2.0.0", vec![3, 200, 200, 200, 200, 200, 1, b'x']),
        ),
        (
            "a binary topic not UTF-8",
            binary("2.0.0", binary_push(&[0xff, 0xfe], b"e", b"{}")),
        ),
        (
            "a binary JSON body not JSON",
            binary("2.0.0", binary_push(b"realtime:room", b"e", b"{nope")),
        ),
    ];
    for (why, (vsn, message)) in cases {
        let mut socket = Socket::open_as(&app, DEMO_ANON_KEY, vsn).await;
        socket
            .ws
            .send(message)
            .await
            .unwrap_or_else(|err| panic!("{why}: {err}"));
        let (_, frames) = socket.closed_within(WAIT, why).await;
        assert!(frames.is_empty(), "{why}: answered {frames:?}");
    }
    bystander.heartbeat().await;
    let ack = bystander
        .broadcast("realtime:room", "alive", json!({}))
        .await;
    assert_eq!(ack.payload["status"], "ok");
    still_serving(&app).await;
}

/// A binary broadcast's `meta` is re-serialised for the subscribers' kind 4 frames, whose
/// header gives it one length byte: meta that grows when re-serialised (`1E2` becomes `100.0`)
/// past 255 bytes is cut, and every vsn 2 subscriber gets invalid JSON from one sender.
#[tokio::test]
async fn a_binary_broadcast_never_sends_subscribers_broken_meta() {
    let app = spawn_app().await;
    let topic = "realtime:room";
    let mut sender = Socket::open(&app).await;
    let mut listener = Socket::open(&app).await;
    sender.joined(topic, join_payload(false, None)).await;
    listener.joined(topic, join_payload(false, None)).await;
    let meta = format!("[{}1E2]", "1E2,".repeat(60));
    assert!(meta.len() <= 255);
    let mut frame = vec![3u8, 1, 1, topic.len() as u8, 4, meta.len() as u8, 0];
    frame.extend_from_slice(b"1");
    frame.extend_from_slice(b"5");
    frame.extend_from_slice(topic.as_bytes());
    frame.extend_from_slice(b"meta");
    frame.extend_from_slice(meta.as_bytes());
    frame.extend_from_slice(&[1, 2, 3]);
    sender.ws.send(Message::binary(frame)).await.unwrap();
    // Either the push is refused, or what subscribers get is readable.
    let reply = sender.reply("5").await;
    if reply.payload["status"] != "ok" {
        return;
    }
    let deadline = Instant::now() + WAIT;
    let received = loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match listener.next(left).await {
            Some(Next::Binary(bytes)) => break bytes,
            Some(Next::Frame(_)) => {}
            other => panic!("no binary broadcast: {other:?}"),
        }
    };
    // Kind 4: kind, topic, event and meta lengths, encoding, then the fields.
    assert_eq!(received[0], 4);
    let (topic_len, event_len, meta_len) = (
        usize::from(received[1]),
        usize::from(received[2]),
        usize::from(received[3]),
    );
    let start = 5 + topic_len + event_len;
    let sent_meta = &received[start..start + meta_len];
    let parsed: Result<Value, _> = serde_json::from_slice(sent_meta);
    assert!(
        parsed.is_ok(),
        "subscribers got meta that is not JSON: {}",
        String::from_utf8_lossy(sent_meta)
    );
}

#[tokio::test]
async fn well_formed_frames_of_the_wrong_shape_are_answered_not_fatal() {
    let app = spawn_app().await;
    let mut socket = Socket::open(&app).await;
    // A push on a topic the socket never joined.
    let reference = socket
        .push(
            Some("1"),
            "realtime:elsewhere",
            "broadcast",
            broadcast("x", json!({})),
        )
        .await;
    assert_eq!(
        socket.reply(&reference).await.payload["response"]["reason"],
        "unmatched topic"
    );
    // Bad join payloads.
    let mut bad = join_payload(false, None);
    bad["config"]["postgres_changes"] = json!("everything");
    let refused = socket.join("realtime:room", bad).await.unwrap_err();
    assert!(refused.starts_with("InvalidJoinPayload"), "{refused}");
    let long = format!("realtime:{}", "t".repeat(300));
    let refused = socket
        .join(&long, join_payload(false, None))
        .await
        .unwrap_err();
    assert!(refused.starts_with("InvalidTopic"), "{refused}");
    let refused = socket
        .join(
            "realtime:room",
            json!({"config": {"broadcast": {"ack": true}}, "access_token": 42}),
        )
        .await;
    // A token that is not a string is no token: the socket's key is used.
    assert!(refused.is_ok(), "{refused:?}");
    // Bad pushes on a joined channel.
    let reference = socket
        .push(
            Some("1"),
            "realtime:room",
            "broadcast",
            json!({"type": "broadcast"}),
        )
        .await;
    assert_eq!(
        socket.reply(&reference).await.payload["response"]["reason"],
        "broadcast needs an event"
    );
    let reference = socket
        .push(Some("1"), "realtime:room", "broadcast", json!("a string"))
        .await;
    assert_eq!(socket.reply(&reference).await.payload["status"], "error");
    for payload in [json!({"event": "dance"}), json!(null), json!([1, 2])] {
        let reference = socket
            .push(Some("1"), "realtime:room", "presence", payload.clone())
            .await;
        let reply = socket.reply(&reference).await;
        assert_eq!(
            reply.payload["status"], "error",
            "presence {payload}: {reply:?}"
        );
    }
    for payload in [json!({"access_token": 42}), json!("token"), json!({})] {
        socket
            .push(Some("1"), "realtime:room", "access_token", payload)
            .await;
    }
    socket.heartbeat().await;
    let ack = socket.broadcast("realtime:room", "fine", json!({})).await;
    assert_eq!(ack.payload["status"], "ok", "the channel survived: {ack:?}");
}

// ---------------------------------------------------------------------------------------------
// 6. Private topics.

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

// ---------------------------------------------------------------------------------------------
// 7. Tokens on a joined channel.

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
    let reference = socket
        .push(
            Some("1"),
            "realtime:one",
            "broadcast",
            broadcast("x", json!({})),
        )
        .await;
    assert_eq!(
        socket.reply(&reference).await.payload["response"]["reason"],
        "unmatched topic"
    );
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

// ---------------------------------------------------------------------------------------------
// 8. Slow and silent sockets.

/// The server as a process of its own (`claimbridge serve`), so its memory can be read apart
/// from the test's and every other test's; killed when dropped.
struct ServerProcess {
    url: String,
    child: std::process::Child,
    _db: cb_tests::TestDatabase,
    _data_dir: tempfile::TempDir,
}

impl ServerProcess {
    async fn start(vars: &[(&str, &str)]) -> ServerProcess {
        use crate::server_process::{free_port, serve_command_on, wait_ready};
        let db = cb_tests::fresh_database().await;
        let data_dir = tempfile::tempdir().unwrap();
        let port = free_port();
        let mut child = serve_command_on(&db, data_dir.path(), port)
            .envs(vars.iter().copied())
            .spawn()
            .expect("start claimbridge");
        wait_ready(port, &mut child).await;
        ServerProcess {
            url: format!("http://127.0.0.1:{port}"),
            child,
            _db: db,
            _data_dir: data_dir,
        }
    }

    /// Its resident memory, in bytes.
    fn rss(&self) -> u64 {
        let path = format!("/proc/{}/status", self.child.id());
        let status = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"));
        let line = status
            .lines()
            .find(|line| line.starts_with("VmRSS:"))
            .expect("VmRSS");
        let kb: u64 = line
            .split_whitespace()
            .nth(1)
            .and_then(|n| n.parse().ok())
            .expect("VmRSS in kB");
        kb * 1024
    }

    fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Server for ServerProcess {
    fn http(&self) -> &str {
        &self.url
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Joins `topic` and then never reads again (the TCP connection stays open).
async fn stalled_reader(app: &impl Server, topic: &str) -> Socket {
    let mut socket = Socket::open(app).await;
    socket.joined(topic, join_payload(false, None)).await;
    socket
}

/// A socket that joins a busy topic and never reads again costs the server a bounded outbox
/// (1024 frames), not everything sent to the topic; the clients that read are not slowed.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_reader_that_stops_reading_holds_bounded_memory_and_delays_nobody() {
    let mut server =
        ServerProcess::start(&[("CLAIMBRIDGE_REALTIME_MAX_MESSAGES_PER_SECOND", "1000000")]).await;
    let topic = "realtime:busy";
    let _stalled = stalled_reader(&server, topic).await;
    let mut listener = Socket::open(&server).await;
    listener.joined(topic, join_payload(false, None)).await;
    let mut sender = Socket::open(&server).await;
    let mut quiet = join_payload(false, None);
    quiet["config"]["broadcast"]["ack"] = json!(false);
    sender.joined(topic, quiet).await;

    // The listener reads everything as it comes, counting.
    let heard = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&heard);
    let listening = tokio::spawn(async move {
        let mut received = 0usize;
        let mut last = Instant::now();
        loop {
            match listener.next(Duration::from_secs(60)).await {
                Some(Next::Frame(frame)) if frame.is_broadcast("load") => {
                    received += 1;
                    counter.store(received, Ordering::Relaxed);
                    last = Instant::now();
                }
                Some(Next::Frame(frame)) if frame.is_broadcast("done") => {
                    return (received, last, Instant::now(), listener);
                }
                Some(Next::Frame(_) | Next::Binary(_)) => {}
                other => panic!("the listener's socket: {other:?} after {received} broadcasts"),
            }
        }
    });
    let baseline = server.rss();
    let mut peak = baseline;

    // 20 000 broadcasts of 6 kB: 120 MB the stalled reader never takes, far more than the
    // bound below, so a server queueing them for it fails.
    const COUNT: usize = 20_000;
    let blob = "x".repeat(6_000);
    let started = Instant::now();
    for n in 0..COUNT {
        let frame = json!([
            null,
            null,
            topic,
            "broadcast",
            broadcast("load", json!({"n": n, "blob": blob}))
        ]);
        sender
            .ws
            .feed(Message::text(frame.to_string()))
            .await
            .unwrap();
        if n % 100 == 99 {
            sender.ws.flush().await.unwrap();
            peak = peak.max(server.rss());
            // Paced to the reading client, within half its outbox: on a busy machine the test's
            // own listener may read slower than the server sends, and a reader that far behind
            // is dropped by design. The stalled reader is sent everything all the same. (30 s
            // was too short once, with two test suites sharing the machine's two cores.)
            let paced = Instant::now();
            while heard.load(Ordering::Relaxed) + 512 < n
                && paced.elapsed() < Duration::from_secs(120)
            {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        }
    }
    let sent_at = Instant::now();
    sender
        .ws
        .send(Message::text(
            json!([null, null, topic, "broadcast", broadcast("done", json!({}))]).to_string(),
        ))
        .await
        .unwrap();
    let (received, last_load, done_at, mut listener) =
        tokio::time::timeout(Duration::from_secs(120), listening)
            .await
            .expect("the listener heard the end within 120 s")
            .unwrap();
    peak = peak.max(server.rss());
    let growth = peak.saturating_sub(baseline);
    eprintln!(
        "slow reader: {COUNT} broadcasts sent in {:?}; the listener got {received}, the last \
         {:?} and the end {:?} after the last was sent; the server's RSS grew by at most {} MB \
         (from {} MB)",
        sent_at - started,
        last_load.saturating_duration_since(sent_at),
        done_at.saturating_duration_since(sent_at),
        growth / 1_000_000,
        baseline / 1_000_000,
    );
    assert!(server.running(), "the server died");
    assert!(
        growth < 64_000_000,
        "the server's RSS grew by {} MB while a socket did not read",
        growth / 1_000_000
    );
    // The reading client kept up: it missed (almost) nothing and heard the end promptly.
    assert!(
        received >= COUNT * 99 / 100,
        "the listener got {received} of {COUNT}"
    );
    assert!(
        done_at.saturating_duration_since(sent_at) < Duration::from_secs(10),
        "the listener heard the end {:?} after it was sent",
        done_at.saturating_duration_since(sent_at)
    );
    // And everybody is still served at once.
    let started = Instant::now();
    listener.heartbeat().await;
    sender.heartbeat().await;
    still_serving(&server).await;
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

/// A socket that joins a busy topic and stops reading (but still sends its heartbeats, so the
/// idle timeout does not apply) must not hold its place for as long as its TCP connection
/// lives: once its writer gives up (the 10 s write timeout), the socket must end.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_reader_that_stops_reading_is_dropped_and_gives_its_place_back() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REALTIME_MAX_CONNECTIONS", "2")]).await;
    let topic = "realtime:busy";
    let mut stalled = stalled_reader(&app, topic).await;
    // It writes a heartbeat every second and never reads; it stops when the server is gone.
    let beating = tokio::spawn(async move {
        let mut sent = 0;
        while sent < 60 {
            let frame = json!([null, "hb", "phoenix", "heartbeat", {}]).to_string();
            if stalled.send_text(frame).await.is_err() {
                return true;
            }
            sent += 1;
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        false
    });
    let mut other = Socket::open(&app).await;
    // 42 MB over the HTTP API: more than the socket buffers and the outbox hold.
    let blob = "x".repeat(6_000);
    for batch in 0..70 {
        let messages: Vec<Value> = (0..100)
            .map(|n| json!({"topic": "busy", "event": "load", "payload": {"n": batch * 100 + n, "blob": blob}}))
            .collect();
        let response = app
            .anon(reqwest::Method::POST, "/realtime/v1/api/broadcast")
            .json(&json!({"messages": messages}))
            .answer()
            .await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
    }
    let flooded = Instant::now();
    // Within the write timeout (10 s), a bounded close and a tick (5 s), two sockets fit again.
    let url = ws_url(&app, Some(DEMO_ANON_KEY), Some("2.0.0"));
    let within = Duration::from_secs(40);
    loop {
        match tokio_tungstenite::connect_async(&url).await {
            Ok(_) => break,
            Err(tungstenite::Error::Http(response)) if response.status() == 429 => {
                assert!(
                    flooded.elapsed() < within,
                    "the stalled reader still holds its place {within:?} after the flood"
                );
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(err) => panic!("{err}"),
        }
    }
    eprintln!(
        "the stalled reader's place came back {:?} after the flood",
        flooded.elapsed()
    );
    other.heartbeat().await;
    beating.abort();
}

#[tokio::test]
async fn a_silent_socket_is_closed_after_the_idle_timeout() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REALTIME_IDLE_SECS", "2")]).await;
    let mut silent = Socket::open(&app).await;
    silent
        .joined("realtime:room", join_payload(false, None))
        .await;
    let mut beating = Socket::open(&app).await;
    beating
        .joined("realtime:room", join_payload(false, None))
        .await;
    let started = Instant::now();
    // The beating socket sends a heartbeat every second, as realtime-js does (every 25 s).
    let beats = tokio::spawn(async move {
        for _ in 0..9 {
            beating.heartbeat().await;
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        beating
    });
    let (code, _) = silent
        .closed_within(Duration::from_secs(8), "the silent socket")
        .await;
    let after = started.elapsed();
    eprintln!("silent socket closed after {after:?} with {code:?}");
    assert!(
        after >= Duration::from_secs(2),
        "closed after {after:?}, before the idle timeout"
    );
    let mut beating = beats.await.unwrap();
    beating.heartbeat().await;
    let ack = beating.broadcast("realtime:room", "alive", json!({})).await;
    assert_eq!(ack.payload["status"], "ok");
}
