//! How instances hear each other: one PostgreSQL NOTIFY channel every instance LISTENs on, so
//! N instances need nothing but the database they already share. A message too large for a
//! NOTIFY payload (8000 bytes) is spilled to a table and travels by id.
use std::sync::Arc;

use base64::Engine as _;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::PgPool;
use sqlx::postgres::PgListener;
use uuid::Uuid;

use crate::hub::{Hub, TopicKey};
use crate::protocol::BroadcastBody;

pub(crate) const CHANNEL: &str = "realtime_bus";
/// Below PostgreSQL's 8000-byte NOTIFY limit, with room for the envelope.
const INLINE_LIMIT: usize = 7500;

/// A message on the bus, as JSON.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "k")]
pub(crate) enum Envelope {
    /// A user broadcast from a socket or the HTTP API.
    #[serde(rename = "b")]
    Broadcast {
        o: Uuid,
        t: String,
        v: bool,
        e: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        p: Option<Value>,
        /// A binary body, base64.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        b: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        m: Option<Value>,
    },
    /// A presence diff (`o` nil: the janitor's, for every instance).
    #[serde(rename = "p")]
    Presence {
        o: Uuid,
        t: String,
        v: bool,
        j: Value,
        l: Value,
    },
    /// A message spilled to realtime.bus_spill.
    #[serde(rename = "s")]
    Spilled { o: Uuid, id: i64 },
    /// A row of realtime.messages (realtime.send, broadcast_changes); `t` without the prefix.
    #[serde(rename = "m")]
    Database {
        id: Uuid,
        #[serde(default)]
        t: Option<String>,
        #[serde(default)]
        e: Option<String>,
        #[serde(default)]
        v: Option<bool>,
        #[serde(default)]
        p: Option<Value>,
    },
}

impl Envelope {
    pub(crate) fn broadcast(
        origin: Uuid,
        key: &TopicKey,
        event: &str,
        body: &BroadcastBody,
        meta: Option<&Value>,
    ) -> Self {
        let (p, b) = match body {
            BroadcastBody::Json(value) => (Some(value.clone()), None),
            BroadcastBody::Binary(bytes) => (
                None,
                Some(base64::engine::general_purpose::STANDARD.encode(bytes)),
            ),
        };
        Self::Broadcast {
            o: origin,
            t: key.topic.clone(),
            v: key.private,
            e: event.to_string(),
            p,
            b,
            m: meta.cloned(),
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Bus {
    pub(crate) instance: Uuid,
    pool: PgPool,
}

impl Bus {
    pub(crate) fn new(pool: PgPool, instance: Uuid) -> Self {
        Self { instance, pool }
    }

    /// Sends to every instance (this one ignores its own messages: it delivered them already).
    pub(crate) async fn publish(&self, envelope: &Envelope) -> Result<(), sqlx::Error> {
        let text = serde_json::to_string(envelope).unwrap_or_default();
        if text.len() < INLINE_LIMIT {
            sqlx::query("select pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(text)
                .execute(&self.pool)
                .await?;
            return Ok(());
        }
        let instance = self.instance;
        sqlx::query(
            "with spilled as (insert into realtime.bus_spill (body) values ($2) returning id)
             select pg_notify($1, json_build_object('k', 's', 'o', $3::uuid, 'id', id)::text) from spilled",
        )
        .bind(CHANNEL)
        .bind(text)
        .bind(instance)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Listens until the process ends, delivering other instances' messages to this one's
    /// sockets. PgListener reconnects by itself; what was sent while it was away is missed
    /// (at-most-once, as Supabase).
    pub(crate) fn spawn_listener(&self, hub: Arc<Hub>) -> tokio::task::JoinHandle<()> {
        let bus = self.clone();
        tokio::spawn(async move {
            loop {
                match bus.listen(&hub).await {
                    Ok(()) => return,
                    Err(err) => {
                        tracing::warn!(%err, "realtime bus: listener failed, retrying");
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
            }
        })
    }

    async fn listen(&self, hub: &Hub) -> Result<(), sqlx::Error> {
        let mut listener = PgListener::connect_with(&self.pool).await?;
        listener.listen(CHANNEL).await?;
        loop {
            let notification = listener.recv().await?;
            let envelope = match serde_json::from_str::<Envelope>(notification.payload()) {
                Ok(envelope) => envelope,
                Err(err) => {
                    tracing::warn!(%err, "realtime bus: unreadable message ignored");
                    continue;
                }
            };
            if let Err(err) = self.deliver(hub, envelope).await {
                tracing::warn!(%err, "realtime bus: message could not be delivered");
            }
        }
    }

    async fn deliver(&self, hub: &Hub, envelope: Envelope) -> Result<(), sqlx::Error> {
        match envelope {
            Envelope::Broadcast { o, .. }
            | Envelope::Presence { o, .. }
            | Envelope::Spilled { o, .. }
                if o == self.instance =>
            {
                Ok(())
            }
            Envelope::Broadcast {
                t, v, e, p, b, m, ..
            } => {
                let key = TopicKey {
                    topic: t,
                    private: v,
                };
                if !hub.has(&key) {
                    return Ok(());
                }
                let body = match (p, b) {
                    (_, Some(encoded)) => BroadcastBody::Binary(
                        base64::engine::general_purpose::STANDARD
                            .decode(encoded)
                            .unwrap_or_default()
                            .into(),
                    ),
                    (payload, None) => BroadcastBody::Json(payload.unwrap_or(Value::Null)),
                };
                hub.broadcast(&key, &e, &body, m.as_ref(), None);
                Ok(())
            }
            Envelope::Presence { t, v, j, l, .. } => {
                let key = TopicKey {
                    topic: t,
                    private: v,
                };
                hub.presence(
                    &key,
                    "presence_diff",
                    &serde_json::json!({ "joins": j, "leaves": l }),
                );
                Ok(())
            }
            Envelope::Spilled { id, .. } => {
                let body: Option<String> =
                    sqlx::query_scalar("select body from realtime.bus_spill where id = $1")
                        .bind(id)
                        .fetch_optional(&self.pool)
                        .await?;
                // The spilled envelope names the same (foreign) origin as the notice did.
                match body.and_then(|body| serde_json::from_str::<Envelope>(&body).ok()) {
                    Some(inner @ (Envelope::Broadcast { .. } | Envelope::Presence { .. })) => {
                        Box::pin(self.deliver(hub, inner)).await
                    }
                    _ => Ok(()),
                }
            }
            Envelope::Database {
                id,
                t: Some(topic),
                e,
                v,
                p,
            } => {
                deliver_database(hub, id, &topic, e.as_deref(), v.unwrap_or(false), p);
                Ok(())
            }
            Envelope::Database { id, .. } => {
                let row: Option<MessageRow> = sqlx::query_as(
                    "select topic, event, private, payload from realtime.messages where id = $1",
                )
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
                if let Some((topic, event, private, payload)) = row {
                    deliver_database(
                        hub,
                        id,
                        &topic,
                        event.as_deref(),
                        private.unwrap_or(false),
                        payload,
                    );
                }
                Ok(())
            }
        }
    }

    /// Drops spilled messages every instance has had time to read.
    pub(crate) async fn sweep(&self) -> Result<(), sqlx::Error> {
        sqlx::query(
            "delete from realtime.bus_spill where created_at < now() - interval '1 minute'",
        )
        .execute(&self.pool)
        .await?;
        sqlx::query("delete from realtime.messages where inserted_at < now() - interval '3 days'")
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

/// A row of realtime.messages: topic, event, private, payload.
type MessageRow = (String, Option<String>, Option<bool>, Option<Value>);

/// A database broadcast carries its row id as `meta.id`, as Supabase sends it.
fn deliver_database(
    hub: &Hub,
    id: Uuid,
    topic: &str,
    event: Option<&str>,
    private: bool,
    payload: Option<Value>,
) {
    let key = TopicKey::named(topic, private);
    hub.broadcast(
        &key,
        event.unwrap_or_default(),
        &BroadcastBody::Json(payload.unwrap_or(Value::Null)),
        Some(&serde_json::json!({ "id": id })),
        None,
    );
}
