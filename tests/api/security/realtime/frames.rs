//! Oversized payloads and frames, and hostile input: unreadable frames, binary broadcasts
//! whose meta grows, and well-formed frames of the wrong shape.
use super::*;

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
// Hostile input.

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
    let reply = socket.broadcast_as_joined("realtime:elsewhere").await;
    assert_eq!(reply.payload["response"]["reason"], "unmatched topic");
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
