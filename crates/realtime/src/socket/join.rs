//! `phx_join`: the token, the limits, the policies of a private channel, the Postgres Changes
//! bindings, then the reply, the presence state and the `system` message, in that order.
use std::time::Duration;

use serde_json::{Value, json};

use super::{Channel, Connection, unreadable};
use crate::authorize::{Grants, authorize};
use crate::changes::{ChangeBinding, ChangeDelivery, ChangeSubscribe};
use crate::hub::TopicKey;
use crate::protocol::{Inbound, InboundPayload};

/// How long a join waits for the change stream to be ready (realtime-js waits 10 s for a reply).
const CHANGES_READY: Duration = Duration::from_secs(8);
/// Deliveries queued for one channel before it misses some.
const CHANGES_QUEUE: usize = 256;

/// `config` of a join payload, as realtime-js sends it.
struct JoinConfig {
    private: bool,
    hears_self: bool,
    ack: bool,
    presence_key: String,
    presence_enabled: bool,
    bindings: Vec<(ChangeBinding, Value)>,
}

fn join_config(payload: &Value) -> Result<JoinConfig, String> {
    let config = payload.get("config").cloned().unwrap_or_else(|| json!({}));
    let flag = |pointer: &str| {
        config
            .pointer(pointer)
            .and_then(Value::as_bool)
            .unwrap_or(false)
    };
    let mut bindings = Vec::new();
    if let Some(list) = config.get("postgres_changes") {
        let list = list.as_array().ok_or("postgres_changes must be a list")?;
        for item in list {
            let text = |name: &str| item.get(name).and_then(Value::as_str).map(str::to_string);
            let binding = ChangeBinding {
                event: text("event").unwrap_or_else(|| "*".into()),
                schema: text("schema").unwrap_or_else(|| "public".into()),
                table: text("table"),
                filter: text("filter"),
            };
            bindings.push((binding, item.clone()));
        }
    }
    Ok(JoinConfig {
        private: flag("/private"),
        hears_self: flag("/broadcast/self"),
        ack: flag("/broadcast/ack"),
        presence_key: config
            .pointer("/presence/key")
            .and_then(Value::as_str)
            .filter(|key| !key.is_empty())
            .map_or_else(|| uuid::Uuid::new_v4().to_string(), str::to_string),
        // Older clients send no `enabled`: presence is then on, as Supabase had it.
        presence_enabled: config
            .pointer("/presence/enabled")
            .and_then(Value::as_bool)
            .unwrap_or(true),
        bindings,
    })
}

impl Connection {
    pub(super) async fn join(&mut self, inbound: Inbound) {
        let refuse = |connection: &Connection, reason: String| {
            connection.reply(&inbound, false, &json!({ "reason": reason }));
        };
        let limits = self.realtime.0.limits.clone();
        if !self.joins.allow(limits.max_joins_per_second) {
            return refuse(
                self,
                "ClientJoinRateLimitReached: Too many joins per second".into(),
            );
        }
        // A second join of a joined topic replaces the first (realtime-js rejoins this way).
        self.close_channel(&inbound.topic).await;
        if self.channels.len() >= limits.max_channels_per_socket {
            return refuse(self, "ChannelRateLimitReached: Too many channels".into());
        }
        if inbound.topic.is_empty() || inbound.topic.len() > 255 {
            return refuse(self, "InvalidTopic: a topic is 1 to 255 bytes".into());
        }
        let InboundPayload::Json(payload) = &inbound.payload else {
            return refuse(
                self,
                "InvalidJoinPayload: the join payload must be JSON".into(),
            );
        };
        let config = match join_config(payload) {
            Ok(config) => config,
            Err(reason) => return refuse(self, format!("InvalidJoinPayload: {reason}")),
        };
        let token = match payload.get("access_token").and_then(Value::as_str) {
            Some(token) => match crate::token::verify(&self.realtime.0.verifier, token) {
                Ok(verified) => verified,
                Err(err) => return refuse(self, err.join_reason()),
            },
            None => match self.socket_token.expired_for() {
                Some(since) => {
                    return refuse(self, crate::token::TokenError::Expired(since).join_reason());
                }
                None => self.socket_token.clone(),
            },
        };
        let key = TopicKey {
            topic: inbound.topic.clone(),
            private: config.private,
        };
        let grants = if config.private {
            match authorize(&self.realtime.0.pool, &token.caller, key.name()).await {
                Ok(grants) if grants.reads() => grants,
                Ok(_) => return refuse(self, format!("Unauthorized: {}", unreadable(&key))),
                Err(err) => {
                    tracing::warn!(%err, "realtime: authorizing a private channel failed");
                    return refuse(
                        self,
                        "UnableToConnectToProject: the database could not be reached".into(),
                    );
                }
            }
        } else {
            Grants::ALL
        };
        let mut channel = Channel {
            join_ref: inbound.join_ref.clone(),
            key,
            hears_self: config.hears_self,
            ack: config.ack,
            presence_key: config.presence_key,
            presence_enabled: config.presence_enabled,
            grants,
            token,
            tracked: None,
            changes: None,
            forwarder: None,
        };
        let mut bindings_reply = Vec::new();
        let mut changes_status = None;
        if !config.bindings.is_empty() {
            let (sink, deliveries) = tokio::sync::mpsc::channel(CHANGES_QUEUE);
            let request = ChangeSubscribe {
                bindings: config.bindings.iter().map(|(b, _)| b.clone()).collect(),
                subscriber: channel.subscriber(),
                sink,
            };
            let subscribed =
                tokio::time::timeout(CHANGES_READY, self.realtime.0.changes.subscribe(request))
                    .await;
            let ids: Vec<u32> = config
                .bindings
                .iter()
                .map(|(binding, _)| crate::changes::binding_id(binding))
                .collect();
            for ((_, echo), id) in config.bindings.iter().zip(&ids) {
                let mut echo = echo.clone();
                echo["id"] = json!(id);
                bindings_reply.push(echo);
            }
            changes_status = Some(match subscribed {
                Ok(Ok(subscription)) => {
                    channel.forwarder = Some(self.forward_changes(&inbound.topic, deliveries));
                    channel.changes = Some(subscription);
                    Ok(())
                }
                Ok(Err(err)) => Err(err.to_string()),
                Err(_) => Err("Realtime was unable to connect to the project database: the change stream did not start in time".to_string()),
            });
        }
        self.realtime
            .0
            .hub
            .join(channel.key.clone(), channel.member(self));
        let presence_state = channel.presence_enabled && channel.grants.read_presence;
        let key = channel.key.clone();
        self.channels.insert(inbound.topic.clone(), channel);
        self.reply(
            &inbound,
            true,
            &json!({ "postgres_changes": bindings_reply }),
        );
        if presence_state {
            match self.realtime.0.presence.state(&key).await {
                Ok(state) => self.push(None, &inbound.topic, "presence_state", &state),
                Err(err) => tracing::warn!(%err, "realtime: presence state could not be read"),
            }
        }
        match changes_status {
            Some(Ok(())) => self.system(
                &inbound.topic,
                "postgres_changes",
                true,
                "Subscribed to PostgreSQL",
            ),
            Some(Err(message)) => self.system(&inbound.topic, "postgres_changes", false, &message),
            None => {}
        }
    }

    /// Wraps each delivery as a `postgres_changes` push (its `data` already JSON text).
    fn forward_changes(
        &self,
        topic: &str,
        mut deliveries: tokio::sync::mpsc::Receiver<ChangeDelivery>,
    ) -> tokio::task::JoinHandle<()> {
        let (outbox, vsn) = (self.outbox.clone(), self.vsn);
        let topic = topic.to_string();
        tokio::spawn(async move {
            while let Some(delivery) = deliveries.recv().await {
                let ids = serde_json::to_string(&delivery.ids).unwrap_or_default();
                let payload = format!(r#"{{"ids":{ids},"data":{}}}"#, delivery.data);
                let text = crate::protocol::encode_raw(vsn, &topic, "postgres_changes", &payload);
                if outbox
                    .try_send(axum::extract::ws::Message::Text(text.into()))
                    .is_err()
                    && outbox.is_closed()
                {
                    return;
                }
            }
        })
    }
}
