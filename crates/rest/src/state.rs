//! The engine's settings and the state every request reaches: its connection pool, JWT
//! verifier, schema cache, compiled reads and per-client limits.
use std::sync::Arc;
use std::time::Duration;

use cb_db::sqlx::PgPool;
use cb_db::sqlx::postgres::PgConnectOptions;
use cb_gateway::{JwtVerifier, TrustedProxies};

use crate::client_limits::{self, ClientLimitSettings};
use crate::schema_cache::SchemaCacheHolder;
use crate::{compiled_reads, pool};

/// Engine settings (PostgREST's `db-schemas`, `db-extra-search-path`, `db-max-rows`,
/// `db-anon-role`, `db-tx-end`, `db-aggregates-enabled`, `db-plan-enabled`), with Supabase's
/// defaults. The database's `pgrst.*` settings override the first six at each schema cache
/// load ([`crate::schema_cache::DbConfig`]); requests read them from the cache.
#[derive(Debug, Clone)]
pub struct RestSettings {
    /// Exposed schemas; the first is the default.
    pub schemas: Vec<String>,
    /// Appended to the request schema in `search_path`.
    pub extra_search_path: Vec<String>,
    /// Caps every read (not mutations).
    pub max_rows: Option<i64>,
    pub anon_role: String,
    /// Honour `Prefer: tx=rollback|commit` (`db-tx-end = commit-allow-override`).
    pub tx_allow_override: bool,
    /// Allow `count()`, `col.sum()`, … in `select=`.
    pub aggregates_enabled: bool,
    /// Answer `Accept: application/vnd.pgrst.plan…` with EXPLAIN (`db-plan-enabled`).
    pub plan_enabled: bool,
    /// How long a request waits for the first schema cache load before answering 503.
    pub first_load_patience: Duration,
    /// Connections of the engine's own pool (PostgREST's `db-pool`, 10).
    pub pool_size: u32,
    /// Waiting longer than this for a connection is 504 PGRST003 (`db-pool-acquisition-timeout`).
    pub pool_acquire_timeout: Duration,
    /// Items of `select=` (over every embed level) and filters one request may hold; more is
    /// 400 PGRST100 before the database sees it.
    pub max_select_items: usize,
    pub max_filters: usize,
    /// Statements one client may run at once (anon and authenticated callers; service_role
    /// is the server's own and exempt), keyed on the client address through these proxies.
    pub client_limits: ClientLimitSettings,
    pub trusted_proxies: TrustedProxies,
}

impl Default for RestSettings {
    fn default() -> Self {
        RestSettings {
            schemas: vec!["public".into()],
            extra_search_path: vec!["public".into(), "extensions".into()],
            max_rows: Some(1000),
            anon_role: "anon".into(),
            tx_allow_override: true,
            aggregates_enabled: false,
            plan_enabled: false,
            first_load_patience: Duration::from_secs(5),
            pool_size: 10,
            pool_acquire_timeout: Duration::from_secs(10),
            max_select_items: cb_postgrest_syntax::DEFAULT_MAX_SELECT_ITEMS,
            max_filters: cb_postgrest_syntax::DEFAULT_MAX_FILTERS,
            client_limits: ClientLimitSettings::default(),
            trusted_proxies: TrustedProxies::default(),
        }
    }
}

/// What every REST request can reach.
#[derive(Debug, Clone)]
pub struct RestState {
    pub(crate) conns: Arc<pool::ConnPool>,
    pub verifier: JwtVerifier,
    pub cache: Arc<SchemaCacheHolder>,
    pub settings: Arc<RestSettings>,
    /// Reads already parsed, planned and written as SQL (see `compiled_reads`).
    pub(crate) reads: Arc<compiled_reads::CompiledReads>,
    pub(crate) clients: Arc<client_limits::ClientLimits>,
}

impl RestState {
    /// The engine's connection pool now (size, in use, idle, waiting).
    pub fn pool_stats(&self) -> pool::PoolStats {
        self.conns.stats()
    }

    /// The state, with the schema cache loader started (it needs a Tokio runtime).
    ///
    /// Requests run on connections of the engine's own (see `pool`), opened lazily with the
    /// shared pool's connect options and dropped when the shared pool closes: a request is
    /// two round trips (its scope, the statement) or three (BEGIN with the scope, the
    /// statement, COMMIT or ROLLBACK), and a broken connection surfaces as 503 PGRST001 once before it is replaced. The schema cache
    /// loader and its LISTEN connection use the shared pool.
    /// `pool` is the owner's (the schema cache is read with it); requests run on connections
    /// of the engine's own that log in with `login` (as `authenticator`, where possible).
    pub fn start(
        pool: PgPool,
        login: PgConnectOptions,
        verifier: JwtVerifier,
        settings: RestSettings,
    ) -> Self {
        let cache = Arc::new(SchemaCacheHolder::new());
        cache.spawn_loader(pool.clone(), settings.clone());
        let conns = Arc::new(pool::ConnPool::new(
            login,
            settings.pool_size,
            settings.pool_acquire_timeout,
        ));
        let closing = Arc::clone(&conns);
        tokio::spawn(async move {
            pool.close_event().await;
            closing.close();
        });
        RestState {
            conns,
            verifier,
            cache,
            clients: Arc::new(client_limits::ClientLimits::new(settings.client_limits)),
            settings: Arc::new(settings),
            reads: Arc::default(),
        }
    }
}
