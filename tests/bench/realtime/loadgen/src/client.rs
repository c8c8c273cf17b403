//! A Phoenix vsn 2.0.0 client as realtime-js speaks it: `[join_ref, ref, topic, event, payload]`
//! text frames, a join that waits for its reply (and, with Postgres Changes bindings, for the
//! `system` message), heartbeats.
use std::borrow::Cow;
use std::time::Duration;

use futures_util::{SinkExt as _, StreamExt as _};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// realtime-js's heartbeat interval.
pub const HEARTBEAT: Duration = Duration::from_secs(25);

/// A server frame, borrowed from its text.
#[derive(Deserialize)]
pub struct Frame<'a>(
    #[serde(borrow)] pub Option<Cow<'a, str>>,
    #[serde(borrow)] pub Option<Cow<'a, str>>,
    #[serde(borrow)] pub Cow<'a, str>,
    #[serde(borrow)] pub Cow<'a, str>,
    #[serde(borrow)] pub &'a RawValue,
);

impl<'a> Frame<'a> {
    pub fn parse(text: &'a str) -> Option<Self> {
        serde_json::from_str(text).ok()
    }

    pub fn event(&self) -> &str {
        &self.3
    }

    pub fn reference(&self) -> Option<&str> {
        self.1.as_deref()
    }
}

/// Opens a socket (TCP_NODELAY, as browsers have it), retrying a refused or failed handshake a
/// few times; the number of retries comes back with it.
pub async fn connect(url: &str) -> Result<(Ws, u32), String> {
    let mut last = String::new();
    for attempt in 0..6u32 {
        // A small read buffer (tungstenite's default is 128 KiB, zeroed): the load generator
        // holds as many sockets as the server and shares its cores and memory.
        let config = WebSocketConfig::default().read_buffer_size(4096);
        match tokio_tungstenite::connect_async_with_config(url, Some(config), true).await {
            Ok((ws, _)) => return Ok((ws, attempt)),
            Err(err) => last = err.to_string(),
        }
        tokio::time::sleep(Duration::from_millis(100 << attempt)).await;
    }
    Err(last)
}

/// The join payload realtime-js sends for a public channel (broadcast, no presence), with
/// Postgres Changes INSERT bindings on `public.<table>` when given.
pub fn join_payload(access_token: &str, changes_table: Option<&str>) -> Value {
    let bindings = match changes_table {
        Some(table) => json!([{ "event": "INSERT", "schema": "public", "table": table }]),
        None => json!([]),
    };
    json!({
        "config": {
            "broadcast": { "ack": false, "self": false },
            "presence": { "key": "", "enabled": false },
            "postgres_changes": bindings,
            "private": false,
        },
        "access_token": access_token,
    })
}

pub fn text(
    join_ref: Option<&str>,
    reference: Option<&str>,
    topic: &str,
    event: &str,
    payload: &Value,
) -> Message {
    Message::text(json!([join_ref, reference, topic, event, payload]).to_string())
}

pub fn heartbeat(reference: u64) -> Message {
    Message::text(format!(
        r#"[null,"{reference}","phoenix","heartbeat",{{}}]"#
    ))
}

/// Joins `topic` (join_ref and ref "1") and waits for the ok reply; with `wait_system`, also for
/// the `system` message of Postgres Changes. An error reply or a `system` error is the error.
pub async fn join(
    ws: &mut Ws,
    topic: &str,
    payload: &Value,
    wait_system: bool,
    within: Duration,
) -> Result<(), String> {
    ws.send(text(Some("1"), Some("1"), topic, "phx_join", payload))
        .await
        .map_err(|err| format!("join not sent: {err}"))?;
    let wait = async {
        let mut replied = false;
        while let Some(message) = ws.next().await {
            let message = message.map_err(|err| format!("socket failed while joining: {err}"))?;
            let Message::Text(body) = message else {
                continue;
            };
            let Some(frame) = Frame::parse(body.as_str()) else {
                continue;
            };
            let payload: Value = serde_json::from_str(frame.4.get()).unwrap_or(Value::Null);
            match frame.event() {
                "phx_reply" if frame.reference() == Some("1") => {
                    if payload["status"] != "ok" {
                        return Err(format!("join refused: {}", payload["response"]));
                    }
                    if !wait_system {
                        return Ok(());
                    }
                    replied = true;
                }
                "system" if replied && payload["extension"] == "postgres_changes" => {
                    return if payload["status"] == "ok" {
                        Ok(())
                    } else {
                        Err(format!("postgres_changes: {}", payload["message"]))
                    };
                }
                "phx_close" | "phx_error" => {
                    return Err(format!("channel closed while joining: {}", frame.event()));
                }
                _ => {}
            }
        }
        Err("socket closed while joining".to_string())
    };
    tokio::time::timeout(within, wait)
        .await
        .unwrap_or_else(|_| Err(format!("no join reply in {} s", within.as_secs())))
}

/// Reads a joined socket until `stopped` (or the socket ends), beating every [`HEARTBEAT`]:
/// each `event` frame's payload goes to `on_event` with the time it was read (µs, `now_us`).
pub async fn listen(
    mut ws: Ws,
    mut stopped: tokio::sync::watch::Receiver<bool>,
    event: &str,
    mut on_event: impl FnMut(&str, u64),
) {
    let mut beat = tokio::time::interval_at(tokio::time::Instant::now() + HEARTBEAT, HEARTBEAT);
    let mut reference = 1u64;
    loop {
        tokio::select! {
            message = ws.next() => match message {
                Some(Ok(Message::Text(body))) => {
                    let received = crate::stats::now_us();
                    if let Some(frame) = Frame::parse(body.as_str()).filter(|f| f.event() == event) {
                        on_event(frame.4.get(), received);
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
            _ = beat.tick() => {
                reference += 1;
                let _ = ws.send(heartbeat(reference)).await;
            }
            _ = stopped.changed() => break,
        }
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), ws.close(None)).await;
}
