//! A page rendered on the server with the data it shows, which it embeds: taken from the
//! snapshot's cache while the data and the day it shows hold, else the build's rendering when
//! it shows the same, else rendered now (once however many requests miss it at the same time).
//! When the renderer cannot (busy, failing), the page goes out unrendered, for the browser to
//! render, and is not kept.
use std::sync::Arc;

use http::StatusCode;

use crate::delivery::{HTML, Rendered};
use crate::head::HeadSpec;
use crate::routes::{Resource, Route};
use crate::ssr::{DateValidity, ServerRendering};
use crate::state::{BuiltSite, Site};
use crate::store::{self, Snapshot};

/// A page request, as `serve` classified it.
pub(crate) struct RenderedRoute<'a> {
    /// The path as requested (the client compares it with its location).
    pub(crate) path: &'a str,
    /// The path without trailing slashes (`seo_route`).
    pub(crate) route: &'a str,
    pub(crate) classified: Route<'a>,
    pub(crate) status: StatusCode,
    pub(crate) preload_tags: &'a str,
}

/// One page to render on the server, with everything its rendering reads.
pub(crate) struct PageRender<'a> {
    pub(crate) site: &'a Site,
    pub(crate) ssr: &'a ServerRendering,
    pub(crate) built: &'a BuiltSite,
    pub(crate) snapshot: &'a Snapshot,
    pub(crate) page: RenderedRoute<'a>,
    pub(crate) head: HeadSpec,
}

impl PageRender<'_> {
    /// The page from the cache while it holds, else rendered now (see the module's header).
    pub(crate) async fn cached_or_rendered(&self) -> Arc<Rendered> {
        let (page, snapshot) = (&self.page, self.snapshot);
        let today = chrono::Utc::now().date_naive();
        // Paths without data are what clients make up: rendered per request, never kept.
        let key = match page.classified {
            Route::Page => Some(format!("page:{}", page.route)),
            Route::Post(slug) if page.status == StatusCode::OK => Some(format!("post:{slug}")),
            _ => None,
        };
        if let Some(cached) = key.as_deref().and_then(|key| snapshot.cached(key))
            && cached.is_fresh_on(today)
        {
            metrics::counter!("claimbridge_page_cache_total", "result" => "hit").increment(1);
            return cached;
        }
        match key {
            Some(key) => {
                metrics::counter!("claimbridge_page_cache_total", "result" => "miss").increment(1);
                snapshot
                    .render_once(&key, async {
                        let (rendered, keep) = self.render_fresh(today).await;
                        if keep {
                            snapshot.keep(&key, rendered)
                        } else {
                            Arc::new(rendered)
                        }
                    })
                    .await
            }
            None => Arc::new(self.render_fresh(today).await.0),
        }
    }

    /// Renders the page now; with whether it may be kept (a page sent unrendered, because its
    /// data or the renderer were unavailable, is not). Compressing it runs on a blocking thread.
    async fn render_fresh(&self, today: chrono::NaiveDate) -> (Rendered, bool) {
        let (page, ssr) = (&self.page, self.ssr);
        let resources = match self.resources().await {
            Ok(resources) => resources,
            Err(err) => {
                tracing::warn!(%err, path = page.path, "site: page data unavailable; sending the page unrendered");
                return self.unrendered().await;
            }
        };
        let has_content = resources
            .get(Resource::PageSeo.name())
            .and_then(|record| record.get("content"))
            .and_then(serde_json::Value::as_str)
            .is_some_and(|content| !content.trim().is_empty());
        let is_static_page =
            page.classified == Route::Page && self.built.manifest.data_page(page.route).is_none();
        let prerendered = (is_static_page && !has_content)
            .then(|| ssr.prerendered(page.path, today))
            .flatten();
        let page_data = |rendered_on: chrono::NaiveDate, modules: &[String]| {
            serde_json::json!({
                "path": page.path,
                "renderedOn": rendered_on.to_string(),
                "resources": resources,
                "modules": modules,
            })
        };
        let (markup, rendered_on, status) = if let Some(prerendered) = prerendered {
            (
                prerendered.page.clone(),
                prerendered.rendered_on,
                page.status,
            )
        } else {
            match ssr.render(page.path, &page_data(today, &[])).await {
                Ok(markup) => (markup, today, page.status),
                Err(err) => {
                    tracing::warn!(%err, path = page.path, "site: server render failed; sending the page unrendered");
                    // A made-up path still gets the build's not-found page.
                    match ssr.prerendered_not_found(today) {
                        Some(not_found) if page.status == StatusCode::NOT_FOUND => (
                            not_found.page.clone(),
                            not_found.rendered_on,
                            StatusCode::NOT_FOUND,
                        ),
                        _ => return self.unrendered().await,
                    }
                }
            }
        };
        let html = self.built.render_markup(&self.head, &markup, |modules| {
            page_data(rendered_on, modules)
        });
        let validity = DateValidity {
            rendered_on,
            date_use: markup.date_use,
        };
        (compressed(status, html).await.valid_while(validity), true)
    }

    /// The page for the browser to render, not to be kept.
    async fn unrendered(&self) -> (Rendered, bool) {
        let html = self
            .built
            .template
            .render(&self.head, self.page.preload_tags, None);
        (compressed(self.page.status, html).await, false)
    }

    /// The rows the page shows, by the names its features read them by
    /// (frontend/src/lib/page-data.ts), as the build's route table lists them: every public
    /// page its SEO record, the data pages their lists, a post its row.
    async fn resources(
        &self,
    ) -> Result<serde_json::Map<String, serde_json::Value>, cb_db::sqlx::Error> {
        let page = &self.page;
        let data = &self.snapshot.data.resources;
        let mut resources = serde_json::Map::new();
        for resource in self.built.manifest.resources(page.route, page.classified) {
            let value = match (resource, page.classified) {
                (Resource::BlogPost, Route::Post(slug)) if page.status == StatusCode::OK => {
                    store::post_row(self.site.cache.pool(), slug).await?
                }
                (Resource::PageSeo, _) => data
                    .page_records
                    .get(page.route)
                    .cloned()
                    .unwrap_or(serde_json::Value::Null),
                (Resource::BlogPosts, _) => data.blog_posts.clone(),
                (Resource::Whitepapers, _) => data.whitepapers.clone(),
                (Resource::WhitepaperFiles, _) => data.whitepaper_files.clone(),
                (Resource::BlogPost, _) => serde_json::Value::Null,
            };
            resources.insert(resource.name().into(), value);
        }
        Ok(resources)
    }
}

/// A page's response, compressed (brotli and gzip at their best, tens of milliseconds for a
/// large page) on a blocking thread, away from the threads that serve requests.
async fn compressed(status: StatusCode, html: String) -> Rendered {
    match tokio::task::spawn_blocking(move || Rendered::new(status, HTML, html)).await {
        Ok(rendered) => rendered,
        // As if it had run here: its panic continues in this task.
        Err(err) if err.is_panic() => std::panic::resume_unwind(err.into_panic()),
        // Cancelled: the runtime is shutting down.
        Err(_) => Rendered::new(StatusCode::SERVICE_UNAVAILABLE, HTML, String::new()),
    }
}
