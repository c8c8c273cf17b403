//! The state every request reaches: its connection pool, JWT verifier, schema cache, compiled
//! reads and per-client limits.
use std::sync::Arc;

use cb_db::sqlx::PgPool;
use cb_db::sqlx::postgres::PgConnectOptions;
use cb_gateway::JwtVerifier;

use crate::client_limits;
use crate::schema_cache::SchemaCacheHolder;
use crate::settings::RestSettings;
use crate::{compiled_reads, pool};

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
    /// Requests run on connections of the engine's own (see `pool`) that log in with `login`
    /// (as `authenticator`, where possible), opened lazily and dropped when the owner's pool
    /// closes: a request is one round trip (`BEGIN` with its scope, the statement and `COMMIT`
    /// in one pipeline), or two when its result may still be refused, and a broken connection
    /// surfaces as 503 PGRST001 once before it is replaced. The schema cache loader and its
    /// LISTEN connection use `pool`, the owner's.
    pub fn start(
        pool: PgPool,
        login: &PgConnectOptions,
        verifier: JwtVerifier,
        settings: RestSettings,
    ) -> Result<Self, pool::LoginError> {
        let conns = Arc::new(pool::ConnPool::new(
            login,
            settings.pool_size,
            settings.pool_acquire_timeout,
        )?);
        let cache = Arc::new(SchemaCacheHolder::new());
        cache.spawn_loader(pool.clone(), settings.clone());
        let closing = Arc::clone(&conns);
        tokio::spawn(async move {
            pool.close_event().await;
            closing.close();
        });
        Ok(RestState {
            conns,
            verifier,
            cache,
            clients: Arc::new(client_limits::ClientLimits::new(settings.client_limits)),
            settings: Arc::new(settings),
            reads: Arc::default(),
        })
    }
}
