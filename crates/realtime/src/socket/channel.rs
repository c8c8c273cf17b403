//! A joined channel: its settings, its grants and what it holds (hub membership, a tracked
//! presence, a Postgres Changes subscription), and the pushes a client makes on it.
use serde_json::{Value, json};
use tokio::task::JoinHandle;

use super::Connection;
use crate::Realtime;
use crate::authorize::{Grants, authorize};
use crate::changes::{ChangeSubscription, Subscriber};
use crate::hub::{Member, TopicKey};
use crate::presence::Tracked;
use crate::protocol::{BroadcastBody, Inbound, InboundPayload};
use crate::token::Verified;

/// Why a private channel may not be joined or kept (Supabase's words).
pub(crate) fn unreadable(key: &TopicKey) -> String {
    format!(
        "You do not have permissions to read from this Channel topic: {}",
        key.name()
    )
}

pub(crate) struct Channel {
    pub(crate) join_ref: Option<String>,
    pub(crate) key: TopicKey,
    pub(crate) hears_self: bool,
    pub(crate) ack: bool,
    pub(crate) presence_key: String,
    pub(crate) presence_enabled: bool,
    pub(crate) grants: Grants,
    pub(crate) token: Verified,
    pub(crate) tracked: Option<Tracked>,
    pub(crate) changes: Option<ChangeSubscription>,
    /// Forwards this channel's Postgres Changes deliveries to the socket.
    pub(crate) forwarder: Option<JoinHandle<()>>,
}

impl Channel {
    pub(crate) fn subscriber(&self) -> Subscriber {
        Subscriber {
            role: self.token.caller.role.clone(),
            claims_json: self.token.caller.claims_json.clone(),
        }
    }

    pub(crate) fn member(&self, connection: &Connection) -> Member {
        Member {
            connection: connection.id,
            vsn: connection.vsn,
            outbox: connection.outbox.clone(),
            hears_self: self.hears_self,
            reads_broadcast: self.grants.read_broadcast,
            reads_presence: self.presence_enabled && self.grants.read_presence,
        }
    }

    /// Asks the policies again; true while the channel may still be read.
    pub(crate) async fn authorize(&mut self, realtime: &Realtime) -> Result<bool, sqlx::Error> {
        self.grants = authorize(&realtime.0.pool, &self.token.caller, self.key.name()).await?;
        Ok(self.grants.reads())
    }

    /// Leaves the hub, untracks, unsubscribes.
    pub(crate) async fn close(self, realtime: &Realtime, connection: u64) {
        realtime.0.hub.leave(&self.key, connection);
        if let Some(forwarder) = self.forwarder {
            forwarder.abort();
        }
        drop(self.changes);
        if let Some(tracked) = &self.tracked
            && let Err(err) = realtime.0.presence.untrack(&self.key, tracked).await
        {
            tracing::warn!(%err, "realtime: untracking a closed channel failed");
        }
    }
}

impl Connection {
    /// A user broadcast: to this instance's members at once, to the others through the bus.
    pub(super) async fn broadcast(&mut self, mut inbound: Inbound) {
        let payload = std::mem::replace(&mut inbound.payload, InboundPayload::Json(Value::Null));
        let (event, body, meta) = match payload {
            InboundPayload::Broadcast { event, body, meta } => (event, body, meta),
            InboundPayload::Json(mut payload) => {
                let Some(event) = payload
                    .get("event")
                    .and_then(Value::as_str)
                    .map(str::to_string)
                else {
                    self.reply(
                        &inbound,
                        false,
                        &json!({ "reason": "broadcast needs an event" }),
                    );
                    return;
                };
                let body = payload.get_mut("payload").map_or(Value::Null, Value::take);
                (event, BroadcastBody::Json(body), None)
            }
        };
        let size = match &body {
            BroadcastBody::Json(value) => value.to_string().len(),
            BroadcastBody::Binary(bytes) => bytes.len(),
        };
        // A binary frame's header holds the meta's length in one byte.
        if meta
            .as_ref()
            .is_some_and(|meta| meta.to_string().len() > usize::from(u8::MAX))
        {
            self.reply(
                &inbound,
                false,
                &json!({ "reason": "InvalidMeta: meta is over 255 bytes" }),
            );
            return;
        }
        if size > self.realtime.0.limits.max_payload_bytes {
            self.reply(
                &inbound,
                false,
                &json!({ "reason": "PayloadTooLarge: Payload size exceeded" }),
            );
            return;
        }
        let Some(channel) = self.channels.get(&inbound.topic) else {
            return;
        };
        if channel.key.private && !channel.grants.write_broadcast {
            let reason = format!(
                "Unauthorized: You do not have permissions to write to this Channel topic: {}",
                channel.key.name()
            );
            if channel.ack {
                self.reply(&inbound, false, &json!({ "reason": reason }));
            }
            return;
        }
        let (key, ack) = (channel.key.clone(), channel.ack);
        let sent = self
            .realtime
            .broadcast(&key, &event, &body, meta.as_ref(), Some(self.id))
            .await;
        if let Err(err) = &sent {
            tracing::warn!(%err, "realtime: a broadcast did not reach the other instances");
        }
        if ack {
            self.reply(&inbound, sent.is_ok(), &json!({}));
        }
    }

    /// `track` and `untrack`.
    pub(super) async fn presence(&mut self, inbound: Inbound) {
        let InboundPayload::Json(payload) = &inbound.payload else {
            return;
        };
        let event = payload
            .get("event")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let Some(channel) = self.channels.get_mut(&inbound.topic) else {
            return;
        };
        if channel.key.private && !channel.grants.write_presence {
            let reason = format!(
                "Unauthorized: You do not have permissions to track presence on this Channel topic: {}",
                channel.key.name()
            );
            self.reply(&inbound, false, &json!({ "reason": reason }));
            return;
        }
        let presence = &self.realtime.0.presence;
        let result = match event {
            "track" => {
                let meta = payload.get("payload").cloned().unwrap_or_else(|| json!({}));
                if meta.to_string().len() > self.realtime.0.limits.max_payload_bytes {
                    self.reply(
                        &inbound,
                        false,
                        &json!({ "reason": "PayloadTooLarge: Payload size exceeded" }),
                    );
                    return;
                }
                presence
                    .track(
                        &channel.key,
                        &channel.presence_key,
                        meta,
                        channel.tracked.as_ref(),
                    )
                    .await
                    .map(|tracked| channel.tracked = Some(tracked))
            }
            "untrack" => match channel.tracked.take() {
                Some(tracked) => presence.untrack(&channel.key, &tracked).await,
                None => Ok(()),
            },
            _ => {
                self.reply(
                    &inbound,
                    false,
                    &json!({ "reason": "presence event must be track or untrack" }),
                );
                return;
            }
        };
        match result {
            Ok(()) => self.reply(&inbound, true, &json!({})),
            Err(err) => {
                tracing::warn!(%err, "realtime: presence could not be recorded");
                self.reply(
                    &inbound,
                    false,
                    &json!({ "reason": "UnableToTrackPresence: presence could not be recorded" }),
                );
            }
        }
    }
}
