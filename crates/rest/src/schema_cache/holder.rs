//! Keeps the current schema cache and reloads it: at start (retrying with backoff while the
//! database cannot answer) and on every `NOTIFY pgrst, 'reload schema'` or `'reload config'`
//! (LISTEN on a dedicated connection; bursts are debounced). Until the first load succeeds
//! requests get 503 PGRST002.
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use cb_db::sqlx::PgPool;
use tokio::sync::watch;

use super::SchemaCache;
use crate::RestSettings;

const CHANNEL: &str = "pgrst";
const DEBOUNCE: Duration = Duration::from_millis(100);
const MAX_BACKOFF: Duration = Duration::from_secs(32);

/// The current schema cache, shared by every request.
#[derive(Debug)]
pub struct SchemaCacheHolder {
    current: watch::Sender<Option<Arc<SchemaCache>>>,
}

impl Default for SchemaCacheHolder {
    fn default() -> Self {
        Self::new()
    }
}

impl SchemaCacheHolder {
    pub fn new() -> Self {
        Self {
            current: watch::Sender::new(None),
        }
    }

    /// The loaded cache, if any.
    pub fn get(&self) -> Option<Arc<SchemaCache>> {
        self.current.borrow().clone()
    }

    /// The loaded cache, waiting up to `patience` for the first load.
    pub async fn get_or_wait(&self, patience: Duration) -> Option<Arc<SchemaCache>> {
        if let Some(cache) = self.get() {
            return Some(cache);
        }
        let mut receiver = self.current.subscribe();
        let waited = tokio::time::timeout(patience, receiver.wait_for(Option::is_some)).await;
        match waited {
            Ok(Ok(value)) => value.clone(),
            _ => None,
        }
    }

    /// Makes `cache` the current one, with a generation no earlier load had (what is derived
    /// from a cache, like the compiled reads, is kept by generation).
    pub fn set(&self, mut cache: SchemaCache) {
        static GENERATIONS: AtomicU64 = AtomicU64::new(1);
        cache.generation = GENERATIONS.fetch_add(1, Ordering::Relaxed);
        self.current.send_replace(Some(Arc::new(cache)));
    }

    /// Loads now and keeps reloading on notifications until the pool is closed.
    /// `settings` are the server's own; the database's `pgrst.*` override them at each load.
    pub fn spawn_loader(self: &Arc<Self>, pool: PgPool, settings: RestSettings) {
        let holder = Arc::clone(self);
        tokio::spawn(async move { holder.run(pool, settings).await });
    }

    async fn run(&self, pool: PgPool, settings: RestSettings) {
        let mut backoff = Duration::from_millis(250);
        loop {
            if pool.is_closed() {
                return;
            }
            // Listen before loading, so no change between the load and the LISTEN is missed.
            let listener = cb_db::listen_on(&pool, CHANNEL, "schema cache").await;
            if !self.reload(&pool, &settings).await {
                if self.pause(&pool, backoff).await {
                    return;
                }
                backoff = (backoff * 2).min(MAX_BACKOFF);
                continue;
            }
            backoff = Duration::from_millis(250);
            let Some(mut listener) = listener else {
                if self.pause(&pool, Duration::from_secs(5)).await {
                    return;
                }
                continue;
            };
            loop {
                match listener.recv().await {
                    Ok(notification) => {
                        let payload = notification.payload();
                        // The in-database configuration (pgrst.*) is read with the schema
                        // cache, so `reload config` reloads both.
                        if !matches!(payload, "" | "reload schema" | "reload config") {
                            continue;
                        }
                        tokio::time::sleep(DEBOUNCE).await;
                        while listener.next_buffered().is_some() {}
                        if !self.reload(&pool, &settings).await {
                            break;
                        }
                    }
                    Err(cb_db::sqlx::Error::PoolClosed) => return,
                    Err(err) => {
                        tracing::warn!(%err, "schema cache: listener lost, reconnecting");
                        break;
                    }
                }
            }
        }
    }

    /// Returns whether the pool closed while pausing.
    async fn pause(&self, pool: &PgPool, duration: Duration) -> bool {
        tokio::select! {
            () = tokio::time::sleep(duration) => pool.is_closed(),
            () = pool.close_event() => true,
        }
    }

    async fn reload(&self, pool: &PgPool, settings: &RestSettings) -> bool {
        match super::load(pool, settings).await {
            Ok(cache) => {
                tracing::info!(
                    relations = cache.tables.len(),
                    relationships = cache.relationships.values().map(Vec::len).sum::<usize>(),
                    functions = cache.routines.len(),
                    schemas = %cache.schemas.join(","),
                    load_ms = cache.load_time.as_millis() as u64,
                    "schema cache loaded"
                );
                self.set(cache);
                true
            }
            Err(err) => {
                if !pool.is_closed() {
                    tracing::warn!(%err, "schema cache: could not query the database, retrying");
                }
                false
            }
        }
    }
}
