//! Drops the site cache when page_seo_settings, blog_posts or whitepapers change, and the
//! redirect rules when they change, on this instance and every other: the migrations notify
//! `claimbridge_site` after each write, with the table's name ('redirects' for the rules), and
//! every instance LISTENs on a dedicated connection (as crates/rest reloads its schema cache on
//! `pgrst`). While not listening nothing tells us about writes, so both are dropped again on
//! every (re)connect: a write missed while the connection was down shows once it is back.
use std::sync::Arc;

use cb_db::Heard;

use crate::redirects::Redirects;
use crate::store::SiteCache;

const CHANNEL: &str = "claimbridge_site";
/// The payload of a change of the redirect rules (20261206000700_redirects.sql).
const REDIRECTS: &str = "redirects";

/// Listens until the pool closes.
pub(crate) fn spawn(cache: Arc<SiteCache>, redirects: Arc<Redirects>) {
    tokio::spawn(async move {
        cb_db::listen_until_closed(cache.pool(), CHANNEL, "site cache", |heard| match heard {
            Heard::Notified(REDIRECTS) => redirects.invalidate(),
            Heard::Notified(_) => cache.invalidate(),
            Heard::Listening | Heard::NotListening => {
                cache.invalidate();
                redirects.invalidate();
            }
        })
        .await;
    });
}
