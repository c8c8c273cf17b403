//! The engine's settings: PostgREST's configuration with Supabase's defaults, read by the schema
//! cache loader and every request.
use std::sync::Arc;
use std::time::Duration;

use cb_gateway::TrustedProxies;

use crate::client_limits::ClientLimitSettings;

/// Engine settings (PostgREST's `db-schemas`, `db-extra-search-path`, `db-max-rows`,
/// `db-anon-role`, `db-tx-end`, `db-aggregates-enabled`, `db-plan-enabled`, `jwt-aud`,
/// `server-timing-enabled`, `app.settings.*`), with Supabase's defaults. The database's
/// `pgrst.*` settings override all but the app settings at each schema cache load
/// ([`crate::schema_cache::DbConfig`]); requests read them from the cache.
#[derive(Debug, Clone)]
pub struct RestSettings {
    /// Exposed schemas; the first is the default.
    pub schemas: Vec<String>,
    /// Appended to the request schema in `search_path`.
    pub extra_search_path: Vec<String>,
    /// Caps every read (not mutations).
    pub max_rows: Option<i64>,
    /// The role of requests without a token (or whose token names none); `None`: they are
    /// refused with 401 PGRST302, as PostgREST does without `db-anon-role`.
    pub anon_role: Option<String>,
    /// How transactions end and whether `Prefer: tx=` may change it (`db-tx-end`).
    pub tx_end: TxEnd,
    /// The audience a token's `aud` must name (`jwt-aud`); `None`: any.
    pub jwt_aud: Option<String>,
    /// Allow `count()`, `col.sum()`, … in `select=`.
    pub aggregates_enabled: bool,
    /// Answer `Accept: application/vnd.pgrst.plan…` with EXPLAIN (`db-plan-enabled`).
    pub plan_enabled: bool,
    /// Successful responses carry `Server-Timing` (`server-timing-enabled`).
    pub server_timing_enabled: bool,
    /// `app.settings.<name>` = value, set in every request's transaction (whole names, sorted).
    pub app_settings: Arc<[(String, String)]>,
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
            anon_role: Some("anon".into()),
            // PostgREST's default is `commit`; supabase-js' `.rollback()` and the postgrest-js
            // suite rely on the override, which the Supabase CLI's database allows.
            tx_end: TxEnd::CommitAllowOverride,
            jwt_aud: None,
            aggregates_enabled: false,
            plan_enabled: false,
            server_timing_enabled: false,
            app_settings: Arc::default(),
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

/// How a request's transaction ends (PostgREST's `db-tx-end`): committed or rolled back, and
/// whether `Prefer: tx=commit|rollback` may say otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TxEnd {
    Commit,
    CommitAllowOverride,
    Rollback,
    RollbackAllowOverride,
}

impl TxEnd {
    /// The values, as they are written.
    pub const VALUES: &'static str =
        "commit, commit-allow-override, rollback, rollback-allow-override";

    /// The value written as `text` (spaces around it ignored).
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim() {
            "commit" => Some(TxEnd::Commit),
            "commit-allow-override" => Some(TxEnd::CommitAllowOverride),
            "rollback" => Some(TxEnd::Rollback),
            "rollback-allow-override" => Some(TxEnd::RollbackAllowOverride),
            _ => None,
        }
    }

    /// Whether `Prefer: tx=commit|rollback` is honoured (and reported in Preference-Applied).
    pub fn allows_override(self) -> bool {
        matches!(
            self,
            TxEnd::CommitAllowOverride | TxEnd::RollbackAllowOverride
        )
    }

    /// Whether a transaction ends in ROLLBACK unless an honoured `Prefer: tx=commit` says not.
    pub fn rolls_back(self) -> bool {
        matches!(self, TxEnd::Rollback | TxEnd::RollbackAllowOverride)
    }
}
