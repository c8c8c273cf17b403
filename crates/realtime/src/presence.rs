//! Presence shared by every instance: who is tracked lives in `realtime.presences` (so a socket
//! joining on any instance reads the whole state), diffs travel on the bus, and an instance that
//! stops being seen has its members removed by whichever instance notices first.
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Map, Value, json};
use sqlx::PgPool;
use uuid::Uuid;

use crate::bus::{Bus, Envelope};
use crate::hub::{Hub, TopicKey};

/// How often an instance says it is alive, and how long silence means dead: a dead instance's
/// members leave within `SEEN_EVERY + DEAD_AFTER` (20 s).
pub(crate) const SEEN_EVERY: Duration = Duration::from_secs(5);
const DEAD_AFTER_SECS: f64 = 15.0;

/// One tracked presence of one channel.
#[derive(Debug, Clone)]
pub(crate) struct Tracked {
    pub(crate) phx_ref: String,
    pub(crate) key: String,
    /// The meta as others see it (with `phx_ref`).
    pub(crate) meta: Value,
}

#[derive(Debug, Clone)]
pub(crate) struct Presence {
    pool: PgPool,
    bus: Bus,
    hub: Arc<Hub>,
}

fn metas(key: &str, meta: &Value) -> Value {
    json!({ key: { "metas": [meta] } })
}

impl Presence {
    pub(crate) fn new(pool: PgPool, bus: Bus, hub: Arc<Hub>) -> Self {
        Self { pool, bus, hub }
    }

    /// `presence_state`: every member of the topic, on every instance.
    pub(crate) async fn state(&self, topic: &TopicKey) -> Result<Value, sqlx::Error> {
        sqlx::query_scalar(
            "select coalesce(jsonb_object_agg(key, jsonb_build_object('metas', metas)), '{}'::jsonb)
             from (select key, jsonb_agg(meta order by phx_ref) as metas from realtime.presences
                   where topic = $1 and private = $2 group by key) members",
        )
        .bind(&topic.topic)
        .bind(topic.private)
        .fetch_one(&self.pool)
        .await
    }

    /// Tracks (or re-tracks, replacing `previous`) a channel's presence and tells everyone.
    pub(crate) async fn track(
        &self,
        topic: &TopicKey,
        key: &str,
        payload: Value,
        previous: Option<&Tracked>,
    ) -> Result<Tracked, sqlx::Error> {
        let phx_ref = Uuid::new_v4().simple().to_string();
        let mut meta = match payload {
            Value::Object(object) => object,
            other => Map::from_iter([("payload".to_string(), other)]),
        };
        meta.insert("phx_ref".into(), Value::String(phx_ref.clone()));
        if let Some(previous) = previous {
            meta.insert(
                "phx_ref_prev".into(),
                Value::String(previous.phx_ref.clone()),
            );
        }
        let tracked = Tracked {
            phx_ref,
            key: key.to_string(),
            meta: Value::Object(meta),
        };
        sqlx::query(
            "with gone as (delete from realtime.presences where phx_ref = $7)
             insert into realtime.presences (phx_ref, instance, topic, private, key, meta)
             values ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&tracked.phx_ref)
        .bind(self.bus.instance)
        .bind(&topic.topic)
        .bind(topic.private)
        .bind(key)
        .bind(&tracked.meta)
        .bind(previous.map(|p| p.phx_ref.as_str()))
        .execute(&self.pool)
        .await?;
        let leaves = previous.map_or_else(|| json!({}), |p| metas(&p.key, &p.meta));
        self.announce(topic, metas(key, &tracked.meta), leaves)
            .await;
        Ok(tracked)
    }

    pub(crate) async fn untrack(
        &self,
        topic: &TopicKey,
        tracked: &Tracked,
    ) -> Result<(), sqlx::Error> {
        sqlx::query("delete from realtime.presences where phx_ref = $1")
            .bind(&tracked.phx_ref)
            .execute(&self.pool)
            .await?;
        self.announce(topic, json!({}), metas(&tracked.key, &tracked.meta))
            .await;
        Ok(())
    }

    /// Delivers a diff here at once and to the other instances through the bus.
    async fn announce(&self, topic: &TopicKey, joins: Value, leaves: Value) {
        self.hub.presence(
            topic,
            "presence_diff",
            &json!({ "joins": joins, "leaves": leaves }),
        );
        let envelope = Envelope::Presence {
            o: self.bus.instance,
            t: topic.topic.clone(),
            v: topic.private,
            j: joins,
            l: leaves,
        };
        if let Err(err) = self.bus.publish(&envelope).await {
            tracing::warn!(%err, "realtime: a presence diff did not reach the other instances");
        }
    }

    /// This instance is alive; instances silent too long are removed with their members, whose
    /// leaves go to everyone (sent with a nil origin, so this instance delivers them too).
    pub(crate) async fn keep_alive(&self) -> Result<(), sqlx::Error> {
        sqlx::query(
            "insert into realtime.instances (id) values ($1)
             on conflict (id) do update set seen_at = now()",
        )
        .bind(self.bus.instance)
        .execute(&self.pool)
        .await?;
        let gone: Vec<(String, bool, String, Value)> = sqlx::query_as(
            "with dead as (delete from realtime.instances
                           where seen_at < now() - make_interval(secs => $1) returning id)
             delete from realtime.presences p using dead where p.instance = dead.id
             returning p.topic, p.private, p.key, p.meta",
        )
        .bind(DEAD_AFTER_SECS)
        .fetch_all(&self.pool)
        .await?;
        self.announce_leaves(gone, Uuid::nil()).await
    }

    /// On shutdown: this instance's members leave now rather than when it is found dead.
    pub(crate) async fn leave_all(&self) -> Result<(), sqlx::Error> {
        let gone: Vec<(String, bool, String, Value)> = sqlx::query_as(
            "with me as (delete from realtime.instances where id = $1)
             delete from realtime.presences where instance = $1
             returning topic, private, key, meta",
        )
        .bind(self.bus.instance)
        .fetch_all(&self.pool)
        .await?;
        self.announce_leaves(gone, self.bus.instance).await
    }

    async fn announce_leaves(
        &self,
        gone: Vec<(String, bool, String, Value)>,
        origin: Uuid,
    ) -> Result<(), sqlx::Error> {
        let mut by_topic: HashMap<TopicKey, Map<String, Value>> = HashMap::new();
        for (topic, private, key, meta) in gone {
            let leaves = by_topic.entry(TopicKey { topic, private }).or_default();
            let entry = leaves.entry(key).or_insert_with(|| json!({ "metas": [] }));
            if let Some(list) = entry["metas"].as_array_mut() {
                list.push(meta);
            }
        }
        for (topic, leaves) in by_topic {
            let leaves = Value::Object(leaves);
            if origin == self.bus.instance {
                self.hub.presence(
                    &topic,
                    "presence_diff",
                    &json!({ "joins": {}, "leaves": leaves }),
                );
            }
            self.bus
                .publish(&Envelope::Presence {
                    o: origin,
                    t: topic.topic,
                    v: topic.private,
                    j: json!({}),
                    l: leaves,
                })
                .await?;
        }
        Ok(())
    }
}
