//! The site search covers the pages written in the app (services, about, the hand-made articles)
//! as well as the posts in the database: at startup each such page is rendered once, its main
//! content read as text (heading, first paragraph, the rest), and the set handed to
//! private.sync_search_pages, which replaces the index's page rows. The pages' words live in
//! the build and, for the pages built from blocks, in block_pages: every start brings the index
//! up to the build being served, and every change of a block page (announced like the other
//! site tables, see `listen`) and every scheduled publish time bring it up to the pages staff
//! wrote.
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use cb_db::sqlx;
use lol_html::html_content::TextChunk;
use lol_html::{Settings, element, text};
use serde::Serialize;
use tokio::time::Instant;

use crate::site_manifest::{Resource, Route, SiteManifest};
use crate::ssr::ServerRendering;
use crate::store::{SiteCache, SiteData};

/// After a change, how long to wait for the next before indexing (an editor saves in bursts).
const SETTLE: Duration = Duration::from_secs(1);

/// Asks the indexing task for another pass (a block page changed).
#[derive(Debug, Default)]
pub(crate) struct SearchPagesSync {
    wake: tokio::sync::Notify,
}

impl SearchPagesSync {
    /// Indexes the pages again soon (requests while one is pending make one pass).
    pub(crate) fn request(&self) {
        self.wake.notify_one();
    }
}

/// The text a page contributes to the index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct PageText {
    pub(crate) path: String,
    /// "article" for the hand-made articles under /blog, else "page".
    pub(crate) kind: &'static str,
    pub(crate) title: String,
    pub(crate) description: String,
    pub(crate) body: String,
}

/// A page's main content (`<main>`) as text: its first heading, its first paragraph and all of
/// it. None when the page has no main content or no heading.
pub(crate) fn page_text(html: &str) -> Option<(String, String, String)> {
    let title = RefCell::new(String::new());
    let first_paragraph = RefCell::new(String::new());
    // Before the first paragraph, in it, after it (its end tag's handler outlives this call).
    let paragraph = Rc::new(Cell::new(FirstParagraph::Ahead));
    let body = RefCell::new(String::new());
    let settings = Settings::new()
        .append_element_content_handler(element!("main p", |element| {
            if paragraph.get() == FirstParagraph::Ahead {
                paragraph.set(FirstParagraph::Inside);
                let paragraph = Rc::clone(&paragraph);
                if let Some(handlers) = element.end_tag_handlers() {
                    let ended: Box<
                        dyn FnOnce(
                            &mut lol_html::html_content::EndTag<'_>,
                        ) -> lol_html::HandlerResult,
                    > = Box::new(move |_| {
                        paragraph.set(FirstParagraph::Past);
                        Ok(())
                    });
                    handlers.push(ended);
                }
            }
            Ok(())
        }))
        .append_element_content_handler(text!("main h1", |chunk| {
            push_text(&title, chunk);
            Ok(())
        }))
        .append_element_content_handler(text!("main p", |chunk| {
            if paragraph.get() == FirstParagraph::Inside {
                push_text(&first_paragraph, chunk);
            }
            Ok(())
        }))
        .append_element_content_handler(text!("main", |chunk| {
            push_text(&body, chunk);
            Ok(())
        }));
    lol_html::rewrite_str(html, settings).ok()?;
    let title = collapse(&title.into_inner());
    if title.is_empty() {
        return None;
    }
    Some((
        title,
        collapse(&first_paragraph.into_inner()),
        collapse(&body.into_inner()),
    ))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FirstParagraph {
    Ahead,
    Inside,
    Past,
}

/// Adds a chunk of raw text, with its entities decoded and a space where a text node ends (the
/// next one is in another element).
fn push_text(into: &RefCell<String>, chunk: &TextChunk<'_>) {
    let mut into = into.borrow_mut();
    into.push_str(&decode_entities(chunk.as_str()));
    if chunk.last_in_text_node() {
        into.push(' ');
    }
}

/// The entities React writes in text.
fn decode_entities(raw: &str) -> String {
    if !raw.contains('&') {
        return raw.to_string();
    }
    raw.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&")
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The pages written in the app that the search should find: every public page with a fixed
/// path except the lists rendered from the database (whose items are indexed themselves).
/// The pages the index covers, each with the resources it renders from: the fixed pages written
/// in the app and the hand-made articles, and the live block pages (the site's own at their fixed
/// routes, and those staff created at paths of their own).
fn indexed_pages<'a>(
    manifest: &'a SiteManifest,
    data: &'a SiteData,
) -> Vec<(&'a str, serde_json::Value)> {
    let site_page = |route: &str| {
        data.site_page(route)
            .map(|page| serde_json::json!({ (Resource::SitePage.name()): page.record }))
    };
    let fixed = manifest.public_pages().iter().filter_map(|route| {
        if manifest.classify(route) != Route::Page {
            return None;
        }
        if manifest.is_site_page(route) {
            return site_page(route).map(|resources| (route.as_str(), resources));
        }
        (manifest.data_page(route).is_none() || manifest.post_slug(route).is_some())
            .then(|| (route.as_str(), serde_json::json!({})))
    });
    let mut created: Vec<_> = data
        .resources
        .site_pages
        .keys()
        .filter(|route| manifest.classify(route) == Route::Unknown)
        .filter_map(|route| site_page(route).map(|resources| (route.as_str(), resources)))
        .collect();
    created.sort_by_key(|(route, _)| *route);
    fixed.chain(created).collect()
}

/// Indexes the pages at startup (trying again while the database is not ready), then again
/// after each requested change.
pub(crate) fn spawn_sync(
    manifest: SiteManifest,
    ssr: Arc<ServerRendering>,
    cache: Arc<SiteCache>,
    requests: Arc<SearchPagesSync>,
) {
    tokio::spawn(async move {
        let mut due = next_publish(&cache).await;
        sync_until_done(&manifest, &ssr, &cache, "at startup").await;
        loop {
            // Also when a scheduled page goes live: nothing is written then to announce it.
            tokio::select! {
                () = requests.wake.notified() => {}
                () = sleep_until_due(due) => {}
            }
            tokio::time::sleep(SETTLE).await;
            due = next_publish(&cache).await;
            sync_until_done(&manifest, &ssr, &cache, "after a change").await;
        }
    });
}

/// When the next scheduled post or page goes live. Asked before the data is read (as the site
/// cache's snapshot asks it): asked after, a page going live during a sync would be in neither
/// that sync nor the next publish time, and stay unindexed until some later write.
async fn next_publish(cache: &SiteCache) -> Option<Instant> {
    let asked = Instant::now();
    crate::store::next_publish_in(cache.pool())
        .await
        .unwrap_or_else(|err| {
            tracing::warn!(%err, "site search: next publish time unknown");
            None
        })
        .map(|due| asked + due)
}

/// Indexes the pages, trying again while it fails (the database not ready yet, a render refused
/// or timed out on a busy machine), up to eight times over about four minutes.
async fn sync_until_done(
    manifest: &SiteManifest,
    ssr: &ServerRendering,
    cache: &SiteCache,
    when: &'static str,
) {
    let mut wait = Duration::from_secs(1);
    for _ in 0..8 {
        match sync(manifest, ssr, cache).await {
            Ok(count) => {
                tracing::info!(pages = count, "site search: pages indexed {when}");
                return;
            }
            Err(err) => {
                tracing::warn!(%err, "site search: pages not indexed {when}; trying again in {wait:?}");
            }
        }
        tokio::time::sleep(wait).await;
        wait = (wait * 2).min(Duration::from_secs(60));
    }
}

/// Sleeps until `due`, or forever when nothing is scheduled.
async fn sleep_until_due(due: Option<Instant>) {
    match due {
        Some(due) => tokio::time::sleep_until(due).await,
        None => std::future::pending().await,
    }
}

#[derive(Debug, thiserror::Error)]
enum SyncError {
    #[error("{path} did not render: {source}")]
    Render {
        path: String,
        source: cb_render::RenderError,
    },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

async fn sync(
    manifest: &SiteManifest,
    ssr: &ServerRendering,
    cache: &SiteCache,
) -> Result<usize, SyncError> {
    let today = chrono::Utc::now().date_naive().to_string();
    let snapshot = cache.snapshot().await?;
    let mut pages = Vec::new();
    for (path, resources) in indexed_pages(manifest, &snapshot.data) {
        let page_data = serde_json::json!({
            "path": path,
            "renderedOn": today,
            "resources": resources,
            "modules": [],
        });
        let rendered = ssr
            .render(path, &page_data)
            .await
            .map_err(|source| SyncError::Render {
                path: path.to_string(),
                source,
            })?;
        let Some((title, description, body)) = page_text(&rendered.html) else {
            continue;
        };
        pages.push(PageText {
            path: path.to_string(),
            kind: if manifest.post_slug(path).is_some() {
                "article"
            } else {
                "page"
            },
            title,
            description,
            body,
        });
    }
    let docs = serde_json::to_value(&pages).unwrap_or_default();
    sqlx::query("select private.sync_search_pages($1)")
        .bind(docs)
        .execute(cache.pool())
        .await?;
    Ok(pages.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_read_from_its_main_content() {
        let html = "<header><nav>Home Services</nav></header>\
            <main><section><h1>DME <em>billing</em> services</h1>\
            <p>We work your <a href=\"/c\">claims</a> &amp; denials.</p><p>Second &#x27;para&#x27;.</p>\
            <ul><li>Prior auth</li><li>Audits</li></ul></section></main>\
            <footer>© ClaimBridge</footer>";
        let (title, description, body) = page_text(html).unwrap();
        assert_eq!(title, "DME billing services");
        assert_eq!(description, "We work your claims & denials.");
        assert_eq!(
            body,
            "DME billing services We work your claims & denials. Second 'para'. Prior auth Audits"
        );
    }

    #[test]
    fn a_page_without_a_heading_in_main_is_not_indexed() {
        assert_eq!(page_text("<main><p>Only text</p></main>"), None);
        assert_eq!(page_text("<h1>Outside</h1>"), None);
    }

    #[test]
    fn the_indexed_pages_are_the_fixed_pages_articles_and_live_block_pages() {
        let manifest = crate::site_manifest::testing::built_manifest();
        let block_page = |route: &str| crate::store::SitePage {
            record: serde_json::json!({ "route": route, "blocks": [] }),
            updated_at: chrono::Utc::now(),
            shows_whitepapers: false,
        };
        let resources = crate::store::Resources {
            site_pages: ["/services", "/spring-webinar"]
                .into_iter()
                .map(|route| (route.to_string(), block_page(route)))
                .collect(),
            ..Default::default()
        };
        let data = SiteData::new(Vec::new(), Vec::new(), resources);
        let indexed = indexed_pages(&manifest, &data);
        let pages: Vec<&str> = indexed.iter().map(|(path, _)| *path).collect();
        assert!(pages.contains(&"/contact"), "{pages:?}");
        assert!(
            pages.contains(&"/blog/dme-billing-coding-guide"),
            "{pages:?}"
        );
        // Block pages with their blocks; the site's own without a live page are left out.
        let services = indexed.iter().find(|(path, _)| *path == "/services");
        assert_eq!(
            services.map(|(_, resources)| &resources["sitePage"]["route"]),
            Some(&serde_json::json!("/services"))
        );
        assert_eq!(pages.last(), Some(&"/spring-webinar"));
        for left_out in [
            "/blog",
            "/whitepapers",
            "/downloads",
            "/search",
            "/about",
            "/",
        ] {
            assert!(!pages.contains(&left_out), "{left_out} in {pages:?}");
        }
    }
}
