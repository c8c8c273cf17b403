//! One WebSocket: a reader loop (this task) and a writer task joined by a bounded outbox, the
//! channels the socket joined, its limits and its timers.
mod channel;
mod join;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::Realtime;
use crate::protocol::{self, Inbound, InboundPayload, Vsn};
use crate::token::Verified;

pub(crate) use channel::{Channel, unreadable};

/// A frame the writer could not hand to the socket in this time means a dead or stalled peer.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// How often a socket checks its channels' tokens and private grants.
const TICK: Duration = Duration::from_secs(5);

static NEXT_CONNECTION: AtomicU64 = AtomicU64::new(1);

/// A counter over one-second windows.
#[derive(Debug)]
struct Window {
    started: Instant,
    count: u32,
}

impl Window {
    fn new() -> Self {
        Self {
            started: Instant::now(),
            count: 0,
        }
    }

    /// Counts one; false once the second's allowance is spent.
    fn allow(&mut self, limit: u32) -> bool {
        if self.started.elapsed() >= Duration::from_secs(1) {
            self.started = Instant::now();
            self.count = 0;
        }
        self.count = self.count.saturating_add(1);
        self.count <= limit
    }
}

pub(crate) struct Connection {
    realtime: Realtime,
    id: u64,
    vsn: Vsn,
    outbox: mpsc::Sender<Message>,
    /// Who the socket is by its API key: channels joined without an access_token act as it.
    socket_token: Verified,
    channels: HashMap<String, Channel>,
    joins: Window,
    messages: Window,
}

/// Serves one upgraded socket until it closes.
pub(crate) async fn serve(realtime: Realtime, socket: WebSocket, vsn: Vsn, socket_token: Verified) {
    let (mut sink, mut stream) = socket.split();
    let limits = realtime.0.limits.clone();
    let (outbox, mut queued) = mpsc::channel::<Message>(limits.outbox_frames);
    let writer = tokio::spawn(async move {
        while let Some(message) = queued.recv().await {
            let closing = matches!(message, Message::Close(_));
            match tokio::time::timeout(WRITE_TIMEOUT, sink.send(message)).await {
                Ok(Ok(())) if !closing => {}
                _ => break,
            }
        }
        // A peer that stopped reading cannot take a close frame either: give up on it too.
        let _ = tokio::time::timeout(WRITE_TIMEOUT, sink.close()).await;
    });
    let mut connection = Connection {
        id: NEXT_CONNECTION.fetch_add(1, Ordering::Relaxed),
        realtime,
        vsn,
        outbox,
        socket_token,
        channels: HashMap::new(),
        joins: Window::new(),
        messages: Window::new(),
    };
    let mut closing = connection.realtime.0.closing.subscribe();
    let mut tick = tokio::time::interval(TICK);
    let mut last_heard = Instant::now();
    let mut last_reauthorized = Instant::now();
    let mut close_code = CLOSE_NORMAL;
    loop {
        tokio::select! {
            frame = stream.next() => {
                let frame = match frame {
                    Some(Ok(frame)) => frame,
                    Some(Err(err)) => {
                        if is_too_large(err) {
                            close_code = CLOSE_TOO_BIG;
                        }
                        break;
                    }
                    None => break,
                };
                last_heard = Instant::now();
                if !connection.on_frame(frame).await {
                    break;
                }
            }
            _ = closing.changed() => break,
            _ = tick.tick() => {
                if last_heard.elapsed() > limits.idle_timeout || connection.outbox.is_closed() {
                    break;
                }
                let reauthorize = last_reauthorized.elapsed() >= limits.reauthorize_every;
                if reauthorize {
                    last_reauthorized = Instant::now();
                }
                connection.check_channels(reauthorize).await;
            }
        }
    }
    connection.leave_all().await;
    let _ = connection.outbox.try_send(Message::Close(Some(CloseFrame {
        code: close_code,
        reason: "".into(),
    })));
    drop(connection);
    // The writer ends once the outbox is drained (or its peer timed out); dropping the stream
    // half then closes the TCP connection.
    let _ = writer.await;
}

const CLOSE_NORMAL: u16 = 1000;
/// RFC 6455's "message too big".
const CLOSE_TOO_BIG: u16 = 1009;

/// A frame over `max_frame_bytes` (tungstenite's capacity error, under axum's opaque one).
fn is_too_large(err: axum::Error) -> bool {
    err.into_inner()
        .downcast_ref::<tungstenite::Error>()
        .is_some_and(|err| matches!(err, tungstenite::Error::Capacity(_)))
}

impl Connection {
    /// Handles one frame; false ends the socket.
    async fn on_frame(&mut self, frame: Message) -> bool {
        let decoded = match frame {
            Message::Text(text) => protocol::decode_text(self.vsn, text.as_str()),
            Message::Binary(bytes) => protocol::decode_binary(self.vsn, &bytes),
            Message::Close(_) => return false,
            Message::Ping(_) | Message::Pong(_) => return true,
        };
        match decoded {
            Ok(inbound) => {
                self.on_message(inbound).await;
                true
            }
            Err(err) => {
                // Phoenix drops a socket that speaks something else than its serializer.
                tracing::debug!(%err, "realtime: unreadable frame, closing the socket");
                false
            }
        }
    }

    async fn on_message(&mut self, inbound: Inbound) {
        if inbound.topic == "phoenix" && inbound.event == "heartbeat" {
            self.reply(&inbound, true, &json!({}));
            return;
        }
        match inbound.event.as_str() {
            "phx_join" => self.join(inbound).await,
            "phx_leave" => self.leave(inbound).await,
            _ if !self.channels.contains_key(&inbound.topic) => {
                self.reply(&inbound, false, &json!({ "reason": "unmatched topic" }));
            }
            _ if !self
                .messages
                .allow(self.realtime.0.limits.max_messages_per_second) =>
            {
                let topic = inbound.topic.clone();
                self.shut_channel(&topic, "Too many messages per second")
                    .await;
            }
            "access_token" => self.refresh_token(inbound).await,
            "broadcast" => self.broadcast(inbound).await,
            "presence" => self.presence(inbound).await,
            // Anything else on a joined channel is ignored, as Supabase's channel does.
            _ => {}
        }
    }

    /// `phx_reply` to a push.
    fn reply(&self, to: &Inbound, ok: bool, response: &Value) {
        self.send(protocol::encode_reply(
            self.vsn,
            to.join_ref.as_deref(),
            to.reference.as_deref(),
            &to.topic,
            ok,
            response,
        ));
    }

    /// A push from the server on a channel.
    fn push(&self, join_ref: Option<&str>, topic: &str, event: &str, payload: &Value) {
        self.send(protocol::encode(
            self.vsn, join_ref, None, topic, event, payload,
        ));
    }

    /// A `system` message: `{extension, status, message, channel}`.
    fn system(&self, topic: &str, extension: &str, ok: bool, message: &str) {
        let channel = topic.strip_prefix("realtime:").unwrap_or(topic);
        self.push(
            None,
            topic,
            "system",
            &json!({
                "extension": extension,
                "status": if ok { "ok" } else { "error" },
                "message": message,
                "channel": channel,
            }),
        );
    }

    fn send(&self, text: String) {
        // Replies and pushes to this socket only: a full outbox means the reader stalled, and
        // the tick closes a socket whose writer gave up.
        let _ = self.outbox.try_send(Message::Text(text.into()));
    }

    /// A channel-level error: the `system` message, then `phx_close`, then the channel goes.
    async fn shut_channel(&mut self, topic: &str, message: &str) {
        self.system(topic, "system", false, message);
        self.close_channel(topic).await;
    }

    /// `phx_close` to the client and the channel's resources released, if it is joined.
    async fn close_channel(&mut self, topic: &str) {
        if let Some(channel) = self.channels.remove(topic) {
            self.push(channel.join_ref.as_deref(), topic, "phx_close", &json!({}));
            channel.close(&self.realtime, self.id).await;
        }
    }

    /// The hub hears the channel's current grants (after its policies were asked again).
    fn rejoin_hub(&self, topic: &str) {
        if let Some(channel) = self.channels.get(topic) {
            self.realtime
                .0
                .hub
                .join(channel.key.clone(), channel.member(self));
        }
    }

    async fn leave_all(&mut self) {
        for (_, channel) in self.channels.drain() {
            channel.close(&self.realtime, self.id).await;
        }
    }

    /// Expired tokens close their channels; private channels are asked again every
    /// `reauthorize_every`, so a revoked read closes them.
    async fn check_channels(&mut self, reauthorize: bool) {
        let mut to_close = Vec::new();
        let mut reauthorized = Vec::new();
        for (topic, channel) in &mut self.channels {
            if let Some(since) = channel.token.expired_for() {
                to_close.push((
                    topic.clone(),
                    format!("Token has expired {since} seconds ago"),
                ));
                continue;
            }
            if reauthorize && channel.key.private {
                match channel.authorize(&self.realtime).await {
                    Ok(true) => reauthorized.push(topic.clone()),
                    Ok(false) => to_close.push((topic.clone(), unreadable(&channel.key))),
                    Err(err) => tracing::warn!(%err, "realtime: re-authorizing a channel failed"),
                }
            }
        }
        for topic in reauthorized {
            self.rejoin_hub(&topic);
        }
        for (topic, message) in to_close {
            self.shut_channel(&topic, &message).await;
        }
    }

    async fn leave(&mut self, inbound: Inbound) {
        self.reply(&inbound, true, &json!({}));
        self.close_channel(&inbound.topic).await;
    }

    async fn refresh_token(&mut self, inbound: Inbound) {
        let InboundPayload::Json(payload) = &inbound.payload else {
            return;
        };
        let Some(token) = payload.get("access_token").and_then(Value::as_str) else {
            return;
        };
        // realtime-js pushes the token with every heartbeat: the one the channel already holds
        // was verified at the join (and the tick watches its expiry).
        let unchanged = self
            .channels
            .get(&inbound.topic)
            .is_some_and(|channel| channel.token.caller.token.as_deref() == Some(token));
        if unchanged {
            return;
        }
        let verified = match crate::token::verify(&self.realtime.0.verifier, token) {
            Ok(verified) => verified,
            Err(err) => {
                self.shut_channel(&inbound.topic, &err.to_string()).await;
                return;
            }
        };
        let Some(channel) = self.channels.get_mut(&inbound.topic) else {
            return;
        };
        channel.token = verified;
        if let Some(changes) = &channel.changes {
            changes.set_subscriber(channel.subscriber());
        }
        if channel.key.private {
            match channel.authorize(&self.realtime).await {
                Ok(true) => self.rejoin_hub(&inbound.topic),
                Ok(false) => {
                    let message = unreadable(&channel.key);
                    self.shut_channel(&inbound.topic, &message).await;
                }
                Err(err) => tracing::warn!(%err, "realtime: re-authorizing a channel failed"),
            }
        }
    }
}
