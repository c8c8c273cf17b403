//! What the feed, its supervisor, the stream and the worker share: the registered
//! subscriptions with their compiled bindings, the tables they are interested in, and the
//! feed's state.
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use std::time::{Duration, Instant};

use sqlx::PgPool;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

use super::filter::{Event, Filter};
use super::{ChangeDelivery, FeedOptions, ReplicationSource, ReplicationTls, Subscriber};

/// A binding ready to match changes.
#[derive(Debug)]
pub(crate) struct CompiledBinding {
    pub(super) id: u32,
    pub(super) event: Event,
    pub(super) schema: String,
    /// None: every table of the schema.
    pub(super) table: Option<String>,
    pub(super) filter: Option<Filter>,
}

impl CompiledBinding {
    pub(super) fn matches(&self, kind: Event, schema: &str, table: &str) -> bool {
        self.event.wants(kind)
            && (self.schema == "*" || self.schema == schema)
            && self.table.as_deref().is_none_or(|t| t == table)
    }
}

/// A registered subscription.
pub(crate) struct Entry {
    pub(super) key: u64,
    pub(super) bindings: Vec<CompiledBinding>,
    pub(super) subscriber: RwLock<Arc<Subscriber>>,
    pub(super) sink: mpsc::Sender<ChangeDelivery>,
}

/// (schema or "*", table or None for all)
type Interest = (String, Option<String>);

#[derive(Default)]
pub(super) struct Control {
    pub(super) entries: HashMap<u64, Arc<Entry>>,
    pub(super) interest: HashMap<Interest, usize>,
    pub(super) next_key: u64,
    pub(super) empty_since: Option<Instant>,
    pub(super) supervisor: Option<JoinHandle<()>>,
    pub(super) stopped: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum FeedState {
    Idle,
    Connecting { error: Option<String> },
    Streaming,
    Stopped,
}

pub(crate) struct Shared {
    pub(super) pool: PgPool,
    pub(super) source: ReplicationSource,
    pub(super) slot: String,
    pub(super) options: FeedOptions,
    pub(super) control: Mutex<Control>,
    pub(super) state: watch::Sender<FeedState>,
    pub(super) stop: watch::Sender<bool>,
}

impl Shared {
    /// libpq's "prefer" answered as the pool's own connection was: with TLS when it uses TLS,
    /// else plain, so the stream does not try (and log) a TLS handshake the server refuses.
    pub(super) async fn resolved_source(&self) -> ReplicationSource {
        let mut source = self.source.clone();
        if source.tls == ReplicationTls::Prefer {
            let encrypted: Result<bool, sqlx::Error> = sqlx::query_scalar(
                "select coalesce((select ssl from pg_catalog.pg_stat_ssl where pid = pg_catalog.pg_backend_pid()), false)",
            )
            .fetch_one(&self.pool)
            .await;
            if let Ok(encrypted) = encrypted {
                source.tls = if encrypted {
                    ReplicationTls::Require
                } else {
                    ReplicationTls::Disable
                };
            }
        }
        source
    }

    pub(super) fn control(&self) -> MutexGuard<'_, Control> {
        // A panic while holding the lock leaves consistent data (every update is one step).
        self.control
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The registered subscriptions with their current subscriber.
    pub(super) fn snapshot(&self) -> Vec<(Arc<Entry>, Arc<Subscriber>)> {
        let mut entries: Vec<Arc<Entry>> = self.control().entries.values().cloned().collect();
        // Registration order, so deliveries to subscribers go out in a stable order.
        entries.sort_by_key(|entry| entry.key);
        entries
            .into_iter()
            .map(|entry| {
                let subscriber = entry
                    .subscriber
                    .read()
                    .map_or_else(|p| Arc::clone(&p.into_inner()), |s| Arc::clone(&s));
                (entry, subscriber)
            })
            .collect()
    }

    /// Whether any subscription may want changes of `schema.table`.
    pub(super) fn is_interested(&self, schema: &str, table: &str) -> bool {
        let control = self.control();
        let has = |schema: &str, table: Option<&str>| {
            control
                .interest
                .contains_key(&(schema.to_string(), table.map(str::to_string)))
        };
        has("*", None) || has(schema, None) || has(schema, Some(table)) || has("*", Some(table))
    }

    pub(super) fn idle_elapsed(&self) -> bool {
        let control = self.control();
        control.entries.is_empty()
            && control
                .empty_since
                .is_some_and(|since| since.elapsed() >= self.options.idle_stop)
    }

    pub(super) fn idle_check_every(&self) -> Duration {
        (self.options.idle_stop / 2).clamp(Duration::from_millis(50), Duration::from_secs(1))
    }

    pub(super) fn stop_signal(&self) -> watch::Receiver<bool> {
        self.stop.subscribe()
    }

    pub(super) fn publish(&self, state: FeedState) {
        self.state.send_replace(state);
    }

    pub(super) fn unregister(&self, key: u64) {
        let mut control = self.control();
        if let Some(entry) = control.entries.remove(&key) {
            for binding in &entry.bindings {
                let interest = (binding.schema.clone(), binding.table.clone());
                if let Some(count) = control.interest.get_mut(&interest) {
                    *count -= 1;
                    if *count == 0 {
                        control.interest.remove(&interest);
                    }
                }
            }
        }
        if control.entries.is_empty() && control.empty_since.is_none() {
            control.empty_since = Some(Instant::now());
        }
    }

    /// At the top of the supervisor's loop: whether it should end (stopped, or nobody
    /// subscribes). Decided under the lock that `subscribe` registers under, so a subscription
    /// either keeps this supervisor or starts the next one.
    pub(super) fn supervisor_should_end(&self) -> bool {
        let mut control = self.control();
        if control.stopped {
            return true;
        }
        if control.entries.is_empty() {
            control.supervisor = None;
            // Published under the lock: a next supervisor's states come after it.
            self.publish(FeedState::Idle);
            return true;
        }
        false
    }
}

/// Resolves once `stop` is called (the guard `wait_for` returns is not Send, so it goes here).
pub(super) async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|stopped| *stopped).await;
}
