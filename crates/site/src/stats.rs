//! The counts the site keeps in memory (redirect hits, the 404 log), written to the database
//! every interval until the pool closes, so no page request waits on a write.
use std::sync::Arc;
use std::time::Duration;

use crate::not_found_log::NotFoundLog;
use crate::redirects::Redirects;
use crate::store::SiteCache;

pub(crate) fn spawn(
    cache: Arc<SiteCache>,
    redirects: Arc<Redirects>,
    not_found: Arc<NotFoundLog>,
    every: Duration,
) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // The first tick is immediate: nothing is counted yet.
        ticks.tick().await;
        loop {
            ticks.tick().await;
            let pool = cache.pool();
            if pool.is_closed() {
                return;
            }
            redirects.flush_hits().await;
            not_found.flush(pool).await;
        }
    });
}
