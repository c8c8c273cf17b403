//! Drops the site cache when page_seo_settings, blog_posts, whitepapers or block_pages change
//! (and has the search index read the block pages again after the last), and the redirect rules
//! when they change, on this instance and every other: the migrations notify
//! `claimbridge_site` after each write, with the table's name ('redirects' for the rules), and
//! every instance LISTENs on a dedicated connection (as crates/rest reloads its schema cache on
//! `pgrst`). While not listening nothing tells us about writes, so both are dropped again on
//! every (re)connect: a write missed while the connection was down shows once it is back.
use std::sync::Arc;

use cb_db::Heard;

use crate::redirects::Redirects;
use crate::search_pages::SearchPagesSync;
use crate::store::SiteCache;

const CHANNEL: &str = "claimbridge_site";
/// The payload of a change of the redirect rules (20261206000700_redirects.sql).
const REDIRECTS: &str = "redirects";
/// The payload of a change of the block pages (20261206000900_block_pages.sql).
const BLOCK_PAGES: &str = "block_pages";

/// Listens until the pool closes.
pub(crate) fn spawn(
    cache: Arc<SiteCache>,
    redirects: Arc<Redirects>,
    search_pages: Arc<SearchPagesSync>,
) {
    tokio::spawn(async move {
        cb_db::listen_until_closed(cache.pool(), CHANNEL, "site cache", |heard| match heard {
            Heard::Notified(REDIRECTS) => redirects.invalidate(),
            Heard::Notified(BLOCK_PAGES) => {
                cache.invalidate();
                search_pages.request();
            }
            Heard::Notified(_) => cache.invalidate(),
            // Also the first time: the startup pass may have read the pages before this.
            Heard::Listening => {
                cache.invalidate();
                redirects.invalidate();
                search_pages.request();
            }
            Heard::NotListening => {
                cache.invalidate();
                redirects.invalidate();
            }
        })
        .await;
    });
}
