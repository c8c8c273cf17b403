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
mod stream;
mod worker;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use std::time::{Duration, Instant};

use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgSslMode};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

pub use filter::binding_id;
use filter::{Event, Filter, params_to_log, parse_filter};

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

/// Where the replication connection goes: the pool's server, user and database. The user needs
/// the REPLICATION attribute (the local cluster's superuser has it).
#[derive(Clone)]
pub struct ReplicationSource {
    /// A host name, or a Unix socket directory (starting with `/`).
    pub host: String,
    pub port: u16,
    pub user: String,
    pub password: Option<String>,
    pub database: String,
    pub tls: ReplicationTls,
    /// The CA to verify the server with (VerifyCa, VerifyFull); the system roots otherwise.
    pub ca_certificate: Option<PathBuf>,
}

/// TLS on the replication connection, as libpq's sslmode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplicationTls {
    Disable,
    /// TLS when the server offers it, else plain.
    Prefer,
    Require,
    VerifyCa,
    VerifyFull,
}

impl std::fmt::Debug for ReplicationSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReplicationSource")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "<hidden>"))
            .field("database", &self.database)
            .field("tls", &self.tls)
            .finish_non_exhaustive()
    }
}

impl ReplicationSource {
    /// The server, user and database of `options` (the pool's), with its password (sqlx does
    /// not give it back).
    pub fn from_connect_options(options: &PgConnectOptions, password: Option<String>) -> Self {
        let (host, tls) = match options.get_socket() {
            Some(dir) => (dir.to_string_lossy().into_owned(), ReplicationTls::Disable),
            None => (
                options.get_host().to_string(),
                match options.get_ssl_mode() {
                    PgSslMode::Disable => ReplicationTls::Disable,
                    PgSslMode::Allow | PgSslMode::Prefer => ReplicationTls::Prefer,
                    PgSslMode::Require => ReplicationTls::Require,
                    PgSslMode::VerifyCa => ReplicationTls::VerifyCa,
                    PgSslMode::VerifyFull => ReplicationTls::VerifyFull,
                },
            ),
        };
        let user = options.get_username().to_string();
        Self {
            host,
            port: options.get_port(),
            database: options
                .get_database()
                .map_or_else(|| user.clone(), str::to_string),
            user,
            password,
            tls,
            ca_certificate: None,
        }
    }
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

/// A binding ready to match changes.
#[derive(Debug)]
pub(crate) struct CompiledBinding {
    id: u32,
    event: Event,
    schema: String,
    /// None: every table of the schema.
    table: Option<String>,
    filter: Option<Filter>,
}

impl CompiledBinding {
    fn matches(&self, kind: Event, schema: &str, table: &str) -> bool {
        self.event.wants(kind)
            && (self.schema == "*" || self.schema == schema)
            && self.table.as_deref().is_none_or(|t| t == table)
    }
}

/// A registered subscription.
pub(crate) struct Entry {
    key: u64,
    bindings: Vec<CompiledBinding>,
    subscriber: RwLock<Arc<Subscriber>>,
    sink: mpsc::Sender<ChangeDelivery>,
}

/// (schema or "*", table or None for all)
type Interest = (String, Option<String>);

#[derive(Default)]
struct Control {
    entries: HashMap<u64, Arc<Entry>>,
    interest: HashMap<Interest, usize>,
    next_key: u64,
    empty_since: Option<Instant>,
    supervisor: Option<JoinHandle<()>>,
    stopped: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum FeedState {
    Idle,
    Connecting { error: Option<String> },
    Streaming,
    Stopped,
}

pub(crate) struct Shared {
    pool: PgPool,
    source: ReplicationSource,
    slot: String,
    options: FeedOptions,
    control: Mutex<Control>,
    state: watch::Sender<FeedState>,
    stop: watch::Sender<bool>,
}

impl Shared {
    /// libpq's "prefer" answered as the pool's own connection was: with TLS when it uses TLS,
    /// else plain, so the stream does not try (and log) a TLS handshake the server refuses.
    async fn resolved_source(&self) -> ReplicationSource {
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

    fn control(&self) -> MutexGuard<'_, Control> {
        // A panic while holding the lock leaves consistent data (every update is one step).
        self.control
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The registered subscriptions with their current subscriber.
    fn snapshot(&self) -> Vec<(Arc<Entry>, Arc<Subscriber>)> {
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
    fn is_interested(&self, schema: &str, table: &str) -> bool {
        let control = self.control();
        let has = |schema: &str, table: Option<&str>| {
            control
                .interest
                .contains_key(&(schema.to_string(), table.map(str::to_string)))
        };
        has("*", None) || has(schema, None) || has(schema, Some(table)) || has("*", Some(table))
    }

    fn idle_elapsed(&self) -> bool {
        let control = self.control();
        control.entries.is_empty()
            && control
                .empty_since
                .is_some_and(|since| since.elapsed() >= self.options.idle_stop)
    }

    fn idle_check_every(&self) -> Duration {
        (self.options.idle_stop / 2).clamp(Duration::from_millis(50), Duration::from_secs(1))
    }

    fn stop_signal(&self) -> watch::Receiver<bool> {
        self.stop.subscribe()
    }

    fn publish(&self, state: FeedState) {
        self.state.send_replace(state);
    }

    fn unregister(&self, key: u64) {
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
    fn supervisor_should_end(&self) -> bool {
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

/// The first wait after a failure; doubled up to [`BACKOFF_MAX`].
const BACKOFF_FIRST: Duration = Duration::from_millis(250);
const BACKOFF_MAX: Duration = Duration::from_secs(30);
/// Transactions waiting for the worker (the stream waits when it is full).
const QUEUE_TRANSACTIONS: usize = 256;

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

/// Runs the stream while anybody subscribes: connects, streams, reconnects with backoff after
/// a failure (what was committed in between is lost, as on Supabase), and ends when the feed
/// is idle or stopped.
async fn supervise(shared: Arc<Shared>) {
    let (queue, receiver) = mpsc::channel(QUEUE_TRANSACTIONS);
    let worker = tokio::spawn(worker::Worker::new(Arc::clone(&shared)).run(receiver));
    let mut backoff = BACKOFF_FIRST;
    let mut broken_since: Option<Instant> = None;
    let mut stop = shared.stop_signal();
    while !shared.supervisor_should_end() {
        shared.publish(FeedState::Connecting { error: None });
        let source = shared.resolved_source().await;
        let opened = tokio::select! {
            opened = stream::open(&source, &shared.slot) => Some(opened),
            () = stopped(&mut stop) => None,
        };
        let failure = match opened {
            None => {
                wait_until_slot_gone(&shared).await;
                continue;
            }
            Some(Ok(client)) => {
                if let Some(since) = broken_since.take() {
                    tracing::warn!(gap = ?since.elapsed(), slot = %shared.slot,
                        "realtime: the change stream is back; changes committed while it was down were not delivered");
                } else {
                    tracing::info!(slot = %shared.slot, "realtime: change stream started");
                }
                backoff = BACKOFF_FIRST;
                shared.publish(FeedState::Streaming);
                let end = stream::read(&shared, client, &queue).await;
                shared.publish(FeedState::Connecting { error: None });
                wait_until_slot_gone(&shared).await;
                match end {
                    stream::SessionEnd::Failed(error) => error,
                    stream::SessionEnd::Idle => {
                        tracing::info!(slot = %shared.slot, "realtime: change stream stopped (no subscribers)");
                        continue;
                    }
                    stream::SessionEnd::Stopped => continue,
                }
            }
            Some(Err(err)) => err.to_string(),
        };
        tracing::warn!(error = %failure, retry_in = ?backoff, slot = %shared.slot,
            "realtime: the change stream failed; reconnecting with a new slot (changes until then are lost)");
        broken_since.get_or_insert_with(Instant::now);
        shared.publish(FeedState::Connecting {
            error: Some(failure),
        });
        tokio::select! {
            () = tokio::time::sleep(backoff) => {}
            () = stopped(&mut stop) => {}
        }
        backoff = (backoff * 2).min(BACKOFF_MAX);
    }
    // (No state published from here on: stop() publishes Stopped, and an idle end published
    // Idle under the lock, after which another supervisor may already be running.)
    drop(queue);
    if let Err(err) = worker.await {
        tracing::warn!(%err, "realtime: the change worker ended abnormally");
    }
}

/// Resolves once `stop` is called (the guard `wait_for` returns is not Send, so it goes here).
async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|stopped| *stopped).await;
}

/// A temporary slot is dropped when its session's backend exits, a moment after the
/// connection closes: waiting for that lets the next session reuse the name and `stop` promise
/// the slot is gone.
async fn wait_until_slot_gone(shared: &Shared) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match catalog::slot_exists(&shared.pool, &shared.slot).await {
            Ok(false) => return,
            Ok(true) if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Ok(true) => {
                tracing::warn!(slot = %shared.slot, "realtime: the replication slot is still there 10 s after its session ended");
                return;
            }
            Err(err) => {
                tracing::debug!(%err, "realtime: could not look for the replication slot");
                return;
            }
        }
    }
}
