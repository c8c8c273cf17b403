//! A page rendered on the server with the data it shows, which it embeds, and the head it
//! reports: taken from the snapshot's cache while the data and the day it shows hold, else the
//! build's rendering when it shows the same (a static page without an SEO record), else
//! rendered now (once however many requests miss it at the same time).
//! When the renderer cannot (busy, failing), the page is not kept: a static page goes out as
//! the build rendered it, a path no route has as the build's not-found page, any other page
//! unrendered, for the browser to render; all of them titled with the company name alone.
use std::sync::Arc;

use http::{HeaderMap, StatusCode};

use crate::delivery::{HTML, Rendered};
use crate::discovery;
use crate::head::HeadSpec;
use crate::site_manifest::{Resource, Route};
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
    /// What of the query string the page reads (a listing's page, the search), as it is
    /// rendered with.
    pub(crate) query: Option<String>,
    /// Resources already read to answer the request (an archive's page decides its status).
    pub(crate) loaded: serde_json::Map<String, serde_json::Value>,
    /// The request's: a page not kept is compressed only in the encoding it takes.
    pub(crate) headers: &'a HeaderMap,
}

impl RenderedRoute<'_> {
    /// What the page is kept under in the snapshot. Paths without data are what clients make
    /// up, and searches are as many as visitors' words: rendered per request, never kept.
    pub(crate) fn cache_key(&self) -> Option<String> {
        match self.classified {
            Route::Page | Route::SitePage => Some(format!("page:{}", self.route)),
            Route::Post(slug) if self.status == StatusCode::OK => Some(format!("post:{slug}")),
            Route::Archive(kind, slug) if self.status == StatusCode::OK => Some(format!(
                "archive:{}:{slug}:{}",
                kind.as_str(),
                self.query.as_deref().unwrap_or("")
            )),
            _ => None,
        }
    }

    /// The URL the app renders: the path and what of the query the page reads.
    fn url(&self) -> String {
        match &self.query {
            Some(query) => format!("{}?{query}", self.path),
            None => self.path.to_string(),
        }
    }
}

/// A rendering before it is compressed.
struct Fresh {
    html: String,
    status: StatusCode,
    validity: Option<DateValidity>,
    /// False when it went out unrendered (data or renderer unavailable): not to be kept.
    keep: bool,
}

/// One page to render on the server, with everything its rendering reads.
pub(crate) struct PageRender<'a> {
    pub(crate) site: &'a Site,
    pub(crate) ssr: &'a ServerRendering,
    pub(crate) built: &'a BuiltSite,
    pub(crate) snapshot: &'a Snapshot,
    pub(crate) page: RenderedRoute<'a>,
}

impl PageRender<'_> {
    /// The page from the cache while it holds, else rendered now (see the module's header);
    /// `key` is the page's [`RenderedRoute::cache_key`].
    pub(crate) async fn cached_or_rendered(&self, key: Option<&str>) -> Arc<Rendered> {
        let (page, snapshot) = (&self.page, self.snapshot);
        let today = chrono::Utc::now().date_naive();
        if let Some(cached) = key.and_then(|key| snapshot.cached(key))
            && cached.is_fresh_on(today)
        {
            metrics::counter!("claimbridge_page_cache_total", "result" => "hit").increment(1);
            return cached;
        }
        match key {
            Some(key) => {
                metrics::counter!("claimbridge_page_cache_total", "result" => "miss").increment(1);
                snapshot
                    .render_once(key, async {
                        let fresh = self.render_fresh(today).await;
                        let keep = fresh.keep;
                        let rendered = compressed(fresh).await;
                        if keep {
                            snapshot.keep(key, rendered)
                        } else {
                            Arc::new(rendered)
                        }
                    })
                    .await
            }
            None => {
                let fresh = self.render_fresh(today).await;
                Arc::new(Rendered::for_one_request(
                    fresh.status,
                    HTML,
                    fresh.html,
                    page.headers,
                ))
            }
        }
    }

    /// Renders the page now (see [`Fresh`]).
    async fn render_fresh(&self, today: chrono::NaiveDate) -> Fresh {
        let (page, ssr) = (&self.page, self.ssr);
        let resources = match self.resources().await {
            Ok(resources) => resources,
            Err(err) => {
                tracing::warn!(%err, path = page.path, "site: page data unavailable; sending the page unrendered");
                return self.unrendered();
            }
        };
        // The build rendered the static pages without their SEO records, which decide the head
        // and may add body content.
        let record = resources
            .get(Resource::PageSeo.name())
            .filter(|record| !record.is_null());
        let has_record = record.is_some();
        let has_content = record
            .and_then(|record| record.get("content"))
            .and_then(serde_json::Value::as_str)
            .is_some_and(|content| !content.trim().is_empty());
        let is_static_page =
            page.classified == Route::Page && self.built.manifest.data_page(page.route).is_none();
        let prerendered = is_static_page
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
        let rendered = match prerendered.filter(|_| !has_record) {
            Some(prerendered) => Ok(prerendered.page.clone()),
            None => ssr.render(&page.url(), &page_data(today, &[])).await,
        };
        let (markup, rendered_on, keep) = match (rendered, prerendered) {
            (Ok(markup), Some(prerendered)) if !has_record => {
                (markup, prerendered.rendered_on, true)
            }
            (Ok(markup), _) => (markup, today, true),
            (Err(err), prerendered) => {
                tracing::warn!(%err, path = page.path, "site: server render failed; sending the build's rendering or the page unrendered");
                // A static page still reads as the build rendered it (unless its record adds
                // content, which that rendering lacks), a made-up path still gets the build's
                // not-found page; neither has the record's head, so neither is kept.
                let fallback = prerendered.filter(|_| !has_content).or_else(|| {
                    (page.status == StatusCode::NOT_FOUND)
                        .then(|| ssr.prerendered_not_found(today))
                        .flatten()
                });
                match fallback {
                    Some(fallback) => (fallback.page.clone(), fallback.rendered_on, false),
                    None => return self.unrendered(),
                }
            }
        };
        let html = self
            .built
            .render_markup(&self.site.company_name, &markup, |modules| {
                page_data(rendered_on, modules)
            });
        Fresh {
            html,
            status: page.status,
            validity: Some(DateValidity {
                rendered_on,
                date_use: markup.date_use,
            }),
            keep,
        }
    }

    /// The page for the browser to render, not to be kept.
    fn unrendered(&self) -> Fresh {
        let html = self.built.template.render(
            &HeadSpec::untitled(&self.site.company_name),
            self.page.preload_tags,
            None,
        );
        Fresh {
            html,
            status: self.page.status,
            validity: None,
            keep: false,
        }
    }

    /// The rows the page shows, by the names its features read them by
    /// (frontend/src/lib/page-data.ts), as the build's route table lists them: every public
    /// page its SEO record, the data pages their lists, a post its row.
    async fn resources(
        &self,
    ) -> Result<serde_json::Map<String, serde_json::Value>, cb_db::sqlx::Error> {
        let page = &self.page;
        let data = &self.snapshot.data.resources;
        let pool = self.site.cache.pool();
        let manifest = &self.built.manifest;
        let mut resources = serde_json::Map::new();
        let resources_of_page = manifest.resources(page.route, page.classified);
        let is_site_page = resources_of_page.contains(&Resource::SitePage);
        let site_page = is_site_page
            .then(|| self.snapshot.data.site_page(page.route))
            .flatten();
        for resource in resources_of_page {
            // A block page embeds the whitepaper list only when one of its blocks shows it.
            if resource == Resource::Whitepapers
                && is_site_page
                && !site_page.is_some_and(|site_page| site_page.shows_whitepapers)
            {
                continue;
            }
            let value = match (resource, page.classified) {
                (Resource::BlogPost, Route::Post(slug)) if page.status == StatusCode::OK => {
                    store::post_row(pool, slug).await?
                }
                (Resource::RelatedPosts, Route::Post(slug)) if page.status == StatusCode::OK => {
                    discovery::related_posts(pool, slug).await?
                }
                // A hand-made article: its path names its slug.
                (Resource::RelatedPosts, Route::Page) => match manifest.post_slug(page.route) {
                    Some(slug) => discovery::related_posts(pool, slug).await?,
                    None => serde_json::Value::Null,
                },
                (Resource::BlogArchive, Route::Archive(kind, slug)) => {
                    let number = discovery::page_number(page.query.as_deref()).unwrap_or(1);
                    discovery::archive(pool, kind, slug, number).await?
                }
                (Resource::SiteSearch, _) => page
                    .loaded
                    .get(resource.name())
                    .cloned()
                    .unwrap_or(serde_json::Value::Null),
                (Resource::PopularPosts, _) => self.snapshot.popular_posts(pool).await?,
                (Resource::PageSeo, _) => data
                    .page_records
                    .get(page.route)
                    .cloned()
                    .unwrap_or(serde_json::Value::Null),
                (Resource::BlogPosts, _) => data.blog_posts.clone(),
                (Resource::Whitepapers, _) => data.whitepapers.clone(),
                (Resource::WhitepaperFiles, _) => data.whitepaper_files.clone(),
                (Resource::SitePage, _) => site_page.map_or(serde_json::Value::Null, |site_page| {
                    site_page.record.clone()
                }),
                (Resource::BlogPost | Resource::RelatedPosts | Resource::BlogArchive, _) => {
                    serde_json::Value::Null
                }
            };
            resources.insert(resource.name().into(), value);
        }
        Ok(resources)
    }
}

/// A page's response for many requests, compressed (brotli and gzip at their best, tens of
/// milliseconds for a large page) on a blocking thread, away from the threads that serve
/// requests.
async fn compressed(fresh: Fresh) -> Rendered {
    let Fresh {
        html,
        status,
        validity,
        ..
    } = fresh;
    let made = tokio::task::spawn_blocking(move || Rendered::new(status, HTML, html)).await;
    match made {
        Ok(rendered) => match validity {
            Some(validity) => rendered.valid_while(validity),
            None => rendered,
        },
        // As if it had run here: its panic continues in this task.
        Err(err) if err.is_panic() => std::panic::resume_unwind(err.into_panic()),
        // Cancelled: the runtime is shutting down.
        Err(_) => Rendered::new(StatusCode::SERVICE_UNAVAILABLE, HTML, String::new()),
    }
}
