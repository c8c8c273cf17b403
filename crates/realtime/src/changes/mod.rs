//! Postgres Changes: rows changed in tables of the `supabase_realtime` publication, read from the
//! write-ahead log (logical replication, pgoutput), checked against each subscriber's RLS and
//! filters, and handed to the sockets as `postgres_changes` payloads.
//!
//! One stream per instance, on a TEMPORARY slot (`cb_realtime_<instance>`), started by the
//! first subscription and ended ~30 s after the last one goes. One worker delivers in commit
//! order. It checks changes in batches: everything committed while it checked the previous
//! batch. Per batch it makes one database call (`realtime.visible_keys`, sql/0009): one query
//! per distinct (role, claims) per table, plus one per distinct filter. Supabase instead runs
//! one query per subscriber per change.
//!
//! Delivery is at most once, as on Supabase: a full subscriber queue drops the change, and
//! changes committed while the stream is down (a database restart) are lost. Row level security
//! is asked about the row as it is when the batch is checked (looked up by primary key, as
//! Supabase does). A DELETE on a table with RLS cannot be checked, the row being gone: every
//! role that may SELECT the table gets its primary key only (Supabase documents the same).
//! TRUNCATE sends nothing.

mod catalog;
mod filter;
mod pgoutput;
mod record;
mod shared;
mod source;
mod stream;
mod supervisor;
mod worker;

use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use sqlx::PgPool;
use tokio::sync::{mpsc, watch};

pub use filter::binding_id;
use filter::{Event, params_to_log, parse_filter};
use shared::{CompiledBinding, Control, Entry, FeedState, Shared};
pub use source::{ReplicationSource, ReplicationTls};
use supervisor::supervise;

/// Errors of Postgres Changes. Display is the text the socket sends in a `system` message
/// (Supabase's wording where Supabase has one).
#[derive(Debug, thiserror::Error)]
pub enum ChangeError {
    #[error("Error parsing `filter` params: {0}")]
    InvalidFilter(String),
    #[error(
        "Unable to subscribe to changes with given parameters. Please check Realtime is enabled \
         for the given connect parameters: [{0}]"
    )]
    NotEnabled(String),
    #[error(
        "Unable to subscribe to changes with given parameters. An exception happened so please \
         check your connect parameters: [{params}]. Exception: {message}"
    )]
    Rejected { params: String, message: String },
    #[error("Realtime was unable to connect to the project database: {0}")]
    Unavailable(String),
    #[error("Realtime is shutting down")]
    Stopped,
    /// The replication stream broke or sent what cannot be read (logged, then reconnected).
    #[error("the change stream failed: {0}")]
    Stream(String),
}

/// Who receives changes: the role and JWT claims the policies are asked with.
#[derive(Clone)]
pub struct Subscriber {
    pub role: String,
    pub claims_json: Arc<str>,
}

impl std::fmt::Debug for Subscriber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Subscriber")
            .field("role", &self.role)
            .finish_non_exhaustive()
    }
}

/// One `postgres_changes` entry of a join: `{event, schema, table?, filter?}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ChangeBinding {
    /// "INSERT", "UPDATE", "DELETE" or "*" (Supabase upper-cases it; anything else is "*").
    pub event: String,
    /// A schema, or "*" for every schema.
    pub schema: String,
    /// A table; absent (or "*") for every table of the schema.
    pub table: Option<String>,
    /// `column=op.value` (eq, neq, lt, lte, gt, gte, in).
    pub filter: Option<String>,
}

pub struct ChangeSubscribe {
    pub bindings: Vec<ChangeBinding>,
    pub subscriber: Subscriber,
    /// Where deliveries go (`try_send`: a full queue drops that delivery).
    pub sink: mpsc::Sender<ChangeDelivery>,
}

/// One change for one subscriber: the ids of its bindings that want it, and the `data` object
/// as JSON text.
#[derive(Debug, Clone)]
pub struct ChangeDelivery {
    pub ids: Vec<u32>,
    pub data: Arc<str>,
}

/// How the feed behaves; [`FeedOptions::default`] is what the server runs with.
#[derive(Debug, Clone)]
pub struct FeedOptions {
    /// The stream (and its slot) ends this long after the last subscription went.
    pub idle_stop: Duration,
    /// How long `subscribe` waits for the stream to start.
    pub ready_timeout: Duration,
    /// How long a table's RLS flag and primary key and a role's privileges are trusted.
    pub catalog_ttl: Duration,
    /// The most changes one batch checks.
    pub batch_changes: usize,
    /// The statement timeout of a batch's checks.
    pub check_timeout: Duration,
}

impl Default for FeedOptions {
    fn default() -> Self {
        Self {
            idle_stop: Duration::from_secs(30),
            ready_timeout: Duration::from_secs(60),
            catalog_ttl: Duration::from_secs(5),
            batch_changes: 500,
            check_timeout: Duration::from_secs(15),
        }
    }
}

/// The Postgres Changes feed of one server instance.
#[derive(Clone)]
pub struct ChangeFeed {
    shared: Arc<Shared>,
}

impl std::fmt::Debug for ChangeFeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChangeFeed")
            .field("slot", &self.shared.slot)
            .finish_non_exhaustive()
    }
}

impl ChangeFeed {
    pub fn new(pool: PgPool, source: ReplicationSource, instance: uuid::Uuid) -> Self {
        Self::with_options(pool, source, instance, FeedOptions::default())
    }

    pub fn with_options(
        pool: PgPool,
        source: ReplicationSource,
        instance: uuid::Uuid,
        options: FeedOptions,
    ) -> Self {
        Self {
            shared: Arc::new(Shared {
                pool,
                source,
                slot: format!("cb_realtime_{}", instance.simple()),
                options,
                control: Mutex::new(Control::default()),
                state: watch::channel(FeedState::Idle).0,
                stop: watch::channel(false).0,
            }),
        }
    }

    /// The temporary replication slot's name while the feed streams.
    pub fn slot_name(&self) -> &str {
        &self.shared.slot
    }

    /// Registers a channel's postgres_changes bindings. Resolves only when the feed is
    /// streaming (the temporary slot exists), so a change committed after the reply is never
    /// missed.
    pub async fn subscribe(
        &self,
        request: ChangeSubscribe,
    ) -> Result<ChangeSubscription, ChangeError> {
        let shared = &self.shared;
        let mut bindings = Vec::with_capacity(request.bindings.len());
        for binding in &request.bindings {
            bindings.push(self.compile(binding).await?);
        }
        let ids: Vec<u32> = bindings.iter().map(|b| b.id).collect();

        let subscription = {
            let mut control = shared.control();
            if control.stopped {
                return Err(ChangeError::Stopped);
            }
            control.next_key += 1;
            let key = control.next_key;
            for binding in &bindings {
                *control
                    .interest
                    .entry((binding.schema.clone(), binding.table.clone()))
                    .or_insert(0) += 1;
            }
            let entry = Arc::new(Entry {
                key,
                bindings,
                subscriber: RwLock::new(Arc::new(request.subscriber)),
                sink: request.sink,
            });
            control.entries.insert(key, Arc::clone(&entry));
            control.empty_since = None;
            if control.supervisor.is_none() {
                control.supervisor = Some(tokio::spawn(supervise(Arc::clone(shared))));
            }
            // Dropped on any early return below, which unregisters it.
            ChangeSubscription {
                shared: Arc::clone(shared),
                entry,
                ids,
            }
        };

        let mut state = shared.state.subscribe();
        // Streaming, or the next attempt's failure (one from before this call is not ours:
        // the stream may be about to come back).
        let ready = async {
            match &*state.borrow_and_update() {
                FeedState::Streaming => return Ok(()),
                FeedState::Stopped => return Err(ChangeError::Stopped),
                _ => {}
            }
            loop {
                if state.changed().await.is_err() {
                    return Err(ChangeError::Stopped);
                }
                match &*state.borrow_and_update() {
                    FeedState::Streaming => return Ok(()),
                    FeedState::Stopped => return Err(ChangeError::Stopped),
                    FeedState::Connecting { error: Some(error) } => {
                        return Err(ChangeError::Unavailable(error.clone()));
                    }
                    _ => {}
                }
            }
        };
        match tokio::time::timeout(shared.options.ready_timeout, ready).await {
            Ok(Ok(())) => Ok(subscription),
            Ok(Err(err)) => Err(err),
            Err(_) => Err(ChangeError::Unavailable(
                "the change stream did not start in time".to_string(),
            )),
        }
    }

    /// Parses a binding and asks the database whether it can be subscribed to.
    async fn compile(&self, binding: &ChangeBinding) -> Result<CompiledBinding, ChangeError> {
        let filter = binding
            .filter
            .as_deref()
            .filter(|f| !f.is_empty())
            .map(parse_filter)
            .transpose()?;
        let table = binding
            .table
            .as_deref()
            .filter(|t| !t.is_empty() && *t != "*")
            .map(str::to_string);
        let problem = catalog::check_binding(
            &self.shared.pool,
            &binding.schema,
            table.as_deref(),
            filter
                .as_ref()
                .map(|f| (f.column.as_str(), f.values.as_slice())),
        )
        .await
        .map_err(|err| ChangeError::Unavailable(err.to_string()))?;
        match problem {
            None => Ok(CompiledBinding {
                id: binding_id(binding),
                event: Event::parse(&binding.event),
                schema: binding.schema.clone(),
                table,
                filter,
            }),
            Some(catalog::BindingProblem::NotEnabled) => Err(ChangeError::NotEnabled(
                params_to_log(binding, filter.as_ref()),
            )),
            Some(catalog::BindingProblem::Exception(message)) => Err(ChangeError::Rejected {
                params: params_to_log(binding, filter.as_ref()),
                message,
            }),
        }
    }

    /// Stops the stream (its temporary slot goes with its session) and waits until the slot is
    /// gone; later subscriptions are refused. Called on shutdown.
    pub async fn stop(&self) {
        let supervisor = {
            let mut control = self.shared.control();
            control.stopped = true;
            control.supervisor.take()
        };
        self.shared.stop.send_replace(true);
        if let Some(supervisor) = supervisor
            && let Err(err) = supervisor.await
        {
            tracing::warn!(%err, "realtime: the change feed ended abnormally");
        }
        self.shared.publish(FeedState::Stopped);
    }
}

/// A channel's registration; dropping it unsubscribes.
pub struct ChangeSubscription {
    shared: Arc<Shared>,
    entry: Arc<Entry>,
    ids: Vec<u32>,
}

impl std::fmt::Debug for ChangeSubscription {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChangeSubscription")
            .field("ids", &self.ids)
            .finish_non_exhaustive()
    }
}

impl ChangeSubscription {
    /// One id per binding, in the bindings' order.
    pub fn ids(&self) -> &[u32] {
        &self.ids
    }

    /// The subscriber's refreshed token: later batches are checked with these claims.
    pub fn set_subscriber(&self, subscriber: Subscriber) {
        let mut current = self
            .entry
            .subscriber
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *current = Arc::new(subscriber);
    }
}

impl Drop for ChangeSubscription {
    fn drop(&mut self) {
        self.shared.unregister(self.entry.key);
    }
}
