//! /realtime/v1: the Phoenix channel socket realtime-js speaks (vsn 1.0.0 and 2.0.0), with
//! Broadcast, Presence and Postgres Changes, shared by every instance through PostgreSQL.
//!
//! One process holds the sockets of its clients; what one instance must tell the others
//! (broadcasts, presence diffs, database messages) goes through a NOTIFY channel of the database
//! they share, and every instance reads the write-ahead log for Postgres Changes itself.
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use cb_gateway::JwtVerifier;
use sqlx::PgPool;
use uuid::Uuid;

mod authorize;
mod bus;
pub mod changes;
mod error;
mod handlers;
mod hub;
mod presence;
pub mod protocol;
mod socket;
mod token;

pub use handlers::router;

/// The limits a socket and a channel live within (Supabase's names in the join errors).
#[derive(Debug, Clone)]
pub struct Limits {
    /// Sockets this instance holds at once (more are refused with 429 at the handshake).
    pub max_connections: usize,
    /// Channels one socket may join (`ChannelRateLimitReached`).
    pub max_channels_per_socket: usize,
    /// Joins one socket may make in a second (`ClientJoinRateLimitReached`).
    pub max_joins_per_second: u32,
    /// Messages one socket may push in a second; more close the channel with "Too many
    /// messages per second".
    pub max_messages_per_second: u32,
    /// The largest broadcast or presence payload, in bytes (`PayloadTooLarge`).
    pub max_payload_bytes: usize,
    /// The largest WebSocket frame; a larger one closes the socket (1009).
    pub max_frame_bytes: usize,
    /// Frames queued for one socket; a reader slower than that misses messages.
    pub outbox_frames: usize,
    /// A socket silent this long (no heartbeat) is closed; realtime-js beats every 25 s.
    pub idle_timeout: Duration,
    /// How often a private channel's policies are asked again (a revoked read closes it).
    pub reauthorize_every: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_connections: 20_000,
            max_channels_per_socket: 100,
            max_joins_per_second: 100,
            max_messages_per_second: 1_000,
            max_payload_bytes: 256 * 1024,
            max_frame_bytes: 1024 * 1024,
            outbox_frames: 1024,
            idle_timeout: Duration::from_secs(60),
            reauthorize_every: Duration::from_secs(60),
        }
    }
}

/// The realtime service of one instance.
#[derive(Clone)]
pub struct Realtime(Arc<Inner>);

struct Inner {
    pool: PgPool,
    verifier: JwtVerifier,
    limits: Limits,
    hub: Arc<hub::Hub>,
    bus: bus::Bus,
    presence: presence::Presence,
    changes: changes::ChangeFeed,
    connections: AtomicUsize,
    /// Set on shutdown: every socket closes (its clients reconnect to another instance).
    closing: tokio::sync::watch::Sender<bool>,
    tasks: std::sync::Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

impl std::fmt::Debug for Realtime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Realtime")
            .field("instance", &self.0.bus.instance)
            .field("connections", &self.connections())
            .finish_non_exhaustive()
    }
}

impl Realtime {
    /// Starts the bus listener and the instance's keep-alive; the change feed starts with its
    /// first subscriber.
    pub fn start(
        pool: PgPool,
        verifier: JwtVerifier,
        replication: changes::ReplicationSource,
        limits: Limits,
    ) -> Self {
        let instance = Uuid::new_v4();
        let hub = Arc::new(hub::Hub::default());
        let bus = bus::Bus::new(pool.clone(), instance);
        let presence = presence::Presence::new(pool.clone(), bus.clone(), Arc::clone(&hub));
        let changes = changes::ChangeFeed::new(pool.clone(), replication, instance);
        let listener = bus.spawn_listener(Arc::clone(&hub));
        let keeper = {
            let (presence, bus) = (presence.clone(), bus.clone());
            tokio::spawn(async move {
                let mut tick = tokio::time::interval(presence::SEEN_EVERY);
                let mut rounds: u32 = 0;
                loop {
                    tick.tick().await;
                    if let Err(err) = presence.keep_alive().await {
                        tracing::warn!(%err, "realtime: keep-alive failed");
                    }
                    rounds = rounds.wrapping_add(1);
                    if rounds.is_multiple_of(12)
                        && let Err(err) = bus.sweep().await
                    {
                        tracing::warn!(%err, "realtime: sweeping old messages failed");
                    }
                }
            })
        };
        Self(Arc::new(Inner {
            pool,
            verifier,
            limits,
            hub,
            bus,
            presence,
            changes,
            connections: AtomicUsize::new(0),
            closing: tokio::sync::watch::Sender::new(false),
            tasks: std::sync::Mutex::new(vec![listener, keeper]),
        }))
    }

    /// Sockets open on this instance.
    fn connections(&self) -> usize {
        self.0.connections.load(Ordering::Relaxed)
    }

    /// A user broadcast: to this instance's members at once (but `sender`, unless it hears
    /// itself), to the other instances through the bus.
    async fn broadcast(
        &self,
        key: &hub::TopicKey,
        event: &str,
        body: &protocol::BroadcastBody,
        meta: Option<&serde_json::Value>,
        sender: Option<u64>,
    ) -> Result<(), sqlx::Error> {
        self.0.hub.broadcast(key, event, body, meta, sender);
        let envelope = bus::Envelope::broadcast(self.0.bus.instance, key, event, body, meta);
        self.0.bus.publish(&envelope).await
    }

    /// Shutdown: every socket closes (announcing its presences' leaves while the database is
    /// still there), what is left of this instance's presences leaves at once, and the change
    /// stream and its slot go.
    pub async fn stop(&self) {
        self.0.closing.send_replace(true);
        let deadline = tokio::time::Instant::now() + SOCKETS_CLOSE_WITHIN;
        while self.connections() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if let Err(err) = self.0.presence.leave_all().await {
            tracing::warn!(%err, "realtime: presences could not be removed on shutdown");
        }
        self.0.changes.stop().await;
        let tasks = std::mem::take(&mut *self.0.tasks.lock().unwrap_or_else(|p| p.into_inner()));
        for task in tasks {
            task.abort();
        }
    }
}

/// How long shutdown waits for the sockets to close (each untracks its presences first).
const SOCKETS_CLOSE_WITHIN: Duration = Duration::from_secs(5);
