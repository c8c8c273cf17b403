//! The baseline: the least a tokio-tungstenite server must do to answer the idle and fan-out
//! scenarios in Phoenix vsn 2.0.0. Per socket, as the server has it, a reader task and a writer
//! task joined by a bounded queue of 1024 frames; joins and heartbeats get their ok reply, a
//! broadcast is encoded once and the same frame queued for every other member of the topic.
//! No API key or token check, no limits, no cross-instance bus (the server also NOTIFYs each
//! broadcast to the other instances), no presence, no Postgres Changes. Same allocator as the
//! server (cb_allocator), same runtime (Tokio multi-thread, a worker per core), TCP_NODELAY.
//! Its read buffer is `--read-buffer` bytes (default 4096; tungstenite's default, which the
//! server has, is 128 KiB and zero-filled before the first read, so it is all resident).
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

use crate::Args;
use crate::client::Frame;

type Members = Vec<(u64, mpsc::Sender<Message>)>;

#[derive(Default)]
struct Floor {
    topics: Mutex<HashMap<String, Members>>,
}

static NEXT: AtomicU64 = AtomicU64::new(1);

pub async fn run(args: &Args) {
    let port = args.required("port");
    let listener = TcpListener::bind(format!("127.0.0.1:{port}"))
        .await
        .expect("bind");
    let read_buffer = args.number("read-buffer", 4096) as usize;
    let floor = Arc::new(Floor::default());
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        let config = WebSocketConfig::default().read_buffer_size(read_buffer);
        tokio::spawn(serve(Arc::clone(&floor), stream, config));
    }
}

fn reply(join_ref: Option<&str>, reference: Option<&str>, topic: &str, response: Value) -> Message {
    Message::text(
        json!([join_ref, reference, topic, "phx_reply", {"status": "ok", "response": response}])
            .to_string(),
    )
}

async fn serve(floor: Arc<Floor>, stream: TcpStream, config: WebSocketConfig) {
    let Ok(ws) = tokio_tungstenite::accept_async_with_config(stream, Some(config)).await else {
        return;
    };
    let (mut sink, mut stream) = ws.split();
    let (outbox, mut queued) = mpsc::channel::<Message>(1024);
    let writer = tokio::spawn(async move {
        while let Some(message) = queued.recv().await {
            if sink.send(message).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    let mut joined: Vec<String> = Vec::new();
    while let Some(Ok(message)) = stream.next().await {
        let Message::Text(text) = message else {
            if matches!(message, Message::Close(_)) {
                break;
            }
            continue;
        };
        let Some(frame) = Frame::parse(text.as_str()) else {
            break;
        };
        let (join_ref, reference, topic) =
            (frame.0.as_deref(), frame.1.as_deref(), frame.2.as_ref());
        match frame.event() {
            "heartbeat" => {
                let _ = outbox.try_send(reply(join_ref, reference, topic, json!({})));
            }
            "phx_join" => {
                let mut topics = floor.topics.lock().unwrap_or_else(|p| p.into_inner());
                let members = topics.entry(topic.to_string()).or_default();
                members.retain(|(member, _)| *member != id);
                members.push((id, outbox.clone()));
                drop(topics);
                if !joined.iter().any(|t| t == topic) {
                    joined.push(topic.to_string());
                }
                let _ = outbox.try_send(reply(
                    join_ref,
                    reference,
                    topic,
                    json!({"postgres_changes": []}),
                ));
            }
            "broadcast" => {
                let shared = Utf8Bytes::from(format!(
                    r#"[null,null,{},"broadcast",{}]"#,
                    serde_json::to_string(topic).unwrap_or_default(),
                    frame.4.get()
                ));
                let topics = floor.topics.lock().unwrap_or_else(|p| p.into_inner());
                if let Some(members) = topics.get(topic) {
                    for (member, queue) in members {
                        if *member != id {
                            let _ = queue.try_send(Message::Text(shared.clone()));
                        }
                    }
                }
            }
            "phx_leave" => {
                leave(&floor, topic, id);
                joined.retain(|t| t != topic);
                let _ = outbox.try_send(reply(join_ref, reference, topic, json!({})));
            }
            _ => {}
        }
    }
    for topic in &joined {
        leave(&floor, topic, id);
    }
    drop(outbox);
    let _ = writer.await;
}

fn leave(floor: &Floor, topic: &str, id: u64) {
    let mut topics = floor.topics.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(members) = topics.get_mut(topic) {
        members.retain(|(member, _)| *member != id);
        if members.is_empty() {
            topics.remove(topic);
        }
    }
}
