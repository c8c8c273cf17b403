//! Drops the site cache when page_seo_settings or blog_posts change, on this instance and every
//! other: the migration 20261122000400_site_notify.sql notifies `claimbridge_site` after each
//! write, and every instance LISTENs on a dedicated connection (as crates/rest reloads its schema
//! cache on `pgrst`). While not listening nothing tells us about writes, so the cache is dropped
//! again on every (re)connect: a write missed while the connection was down shows once it is back.
use std::sync::Arc;
use std::time::Duration;

use crate::store::SiteCache;

const CHANNEL: &str = "claimbridge_site";
const MAX_BACKOFF: Duration = Duration::from_secs(32);

/// Listens until the pool closes.
pub(crate) fn spawn(cache: Arc<SiteCache>) {
    tokio::spawn(async move { run(&cache).await });
}

async fn run(cache: &SiteCache) {
    let pool = cache.pool().clone();
    let mut backoff = Duration::from_millis(250);
    loop {
        if pool.is_closed() {
            return;
        }
        let listening = cb_db::listen_on(&pool, CHANNEL, "site cache").await;
        // Writes may have happened while nobody listened.
        cache.invalidate();
        if let Some(mut listener) = listening {
            backoff = Duration::from_millis(250);
            loop {
                // try_recv, not recv: recv reconnects on its own and loses what was sent while
                // the connection was down; try_recv says so (None): the cache is dropped, and
                // again once listening anew (above).
                match listener.try_recv().await {
                    Ok(Some(_)) => cache.invalidate(),
                    Ok(None) => {
                        tracing::warn!("site cache: listener lost, reconnecting");
                        cache.invalidate();
                        break;
                    }
                    Err(cb_db::sqlx::Error::PoolClosed) => return,
                    Err(err) => {
                        tracing::warn!(%err, "site cache: listener lost, reconnecting");
                        cache.invalidate();
                        break;
                    }
                }
            }
        }
        tokio::select! {
            () = tokio::time::sleep(backoff) => {}
            () = pool.close_event() => return,
        }
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}
