//! Drops the site cache when page_seo_settings or blog_posts change, on this instance and every
//! other: the migration 20261122000400_site_notify.sql notifies `claimbridge_site` after each
//! write, and every instance LISTENs on a dedicated connection (as crates/rest reloads its schema
//! cache on `pgrst`). While not listening nothing tells us about writes, so the cache is dropped
//! again on every (re)connect: a write missed while the connection was down shows once it is back.
use std::sync::Arc;

use crate::store::SiteCache;

const CHANNEL: &str = "claimbridge_site";

/// Listens until the pool closes.
pub(crate) fn spawn(cache: Arc<SiteCache>) {
    tokio::spawn(async move { run(&cache).await });
}

async fn run(cache: &SiteCache) {
    // Writes may have happened while nobody listened: the cache is dropped when listening starts
    // (or fails to) and stops, and on every notification.
    cb_db::listen_until_closed(cache.pool(), CHANNEL, "site cache", |_| cache.invalidate()).await;
}
