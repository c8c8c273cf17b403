//! Serves the website: the Vite build in `frontend/dist`, with the runtime configuration
//! injected into index.html so one build runs anywhere, and per URL the head a crawler or link
//! preview needs (title, description, canonical, Open Graph, Twitter, JSON-LD — the tags the
//! client would write), the real status (404 for unknown paths and posts), /sitemap.xml,
//! /robots.txt, /rss.xml, security headers, and caching: immutable hashed assets, precompressed
//! files, pages rendered and compressed once per change of the SEO data.
mod delivery;
pub mod escape;
mod feeds;
mod head;
mod listen;
mod preload;
mod preview;
mod routes;
mod sanitize;
mod security;
mod ssr;
mod store;
mod template;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::middleware::{from_fn_with_state, map_response};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use cb_db::sqlx::PgPool;
use http::{HeaderMap, HeaderValue, StatusCode, header};
use tower::ServiceExt as _;
use tower_http::services::ServeDir;

use delivery::{HTML, Rendered};
use head::{HeadContext, HeadSpec, page_head, post_head};
use routes::{Route, classify, seo_route};
use ssr::{DateValidity, ServerRendering};
use store::{SiteCache, SiteData, Snapshot};
use template::{PageBody, PageTemplate};

pub use cb_render::RendererSettings;

pub use template::RUNTIME_CONFIG_OPEN_TAG;

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("could not read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// What the website is served from and says about itself.
#[derive(Debug, Clone)]
pub struct SiteSettings {
    /// The Vite build (index.html and assets/).
    pub dist_dir: PathBuf,
    /// Injected into index.html (never a secret).
    pub runtime_config: serde_json::Value,
    /// The public URL of the site, for canonical links, the sitemap and the feed.
    pub site_url: String,
    pub company_name: String,
    /// The feed's description.
    pub company_tagline: String,
    /// Production: HSTS and upgrade-insecure-requests.
    pub production: bool,
    /// The server renderer's engines (crates/render).
    pub render: RendererSettings,
}

const XML: &str = "application/xml; charset=utf-8";
const RSS: &str = "application/rss+xml; charset=utf-8";
const TEXT: &str = "text/plain; charset=utf-8";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const PUBLIC_FILE: &str = "public, max-age=86400";

/// index.html, parsed.
#[derive(Debug)]
struct BuiltSite {
    template: PageTemplate,
    preloads: preload::Preloads,
    /// The admin screens' page (they set no head of their own), rendered once.
    admin_page: Rendered,
}

/// Everything the page handler needs.
#[derive(Debug)]
struct Site {
    /// None when the website is not built.
    built: Option<BuiltSite>,
    robots: Rendered,
    /// The build's files outside assets/ (favicon, images) by URL path, listed at startup so
    /// that a page request costs no filesystem lookup.
    public_files: HashSet<String>,
    files: ServeDir,
    cache: Arc<SiteCache>,
    /// None when the build has no server bundle (pages go out for the browser to render).
    ssr: Option<ServerRendering>,
    site_url: String,
    company_name: String,
    company_tagline: String,
}

/// Builds the website router and starts listening for SEO data changes. A missing build is not
/// fatal: the API still serves, and pages say how to build the site.
pub fn router(settings: &SiteSettings, pool: PgPool) -> Result<Router, SiteError> {
    let index_path = settings.dist_dir.join("index.html");
    let index_html = match std::fs::read_to_string(&index_path) {
        Ok(html) => Some(html),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            tracing::warn!(path = %index_path.display(), "the website is not built; run `make run` to build it");
            None
        }
        Err(source) => {
            return Err(SiteError::Read {
                path: index_path,
                source,
            });
        }
    };
    let mut policy = security::PolicyInputs::from_runtime_config(&settings.runtime_config);
    policy.script_hashes = index_html
        .as_deref()
        .map(template::inline_script_hashes)
        .unwrap_or_default();
    policy.production = settings.production;
    let security = Arc::new(security::SecurityHeaders::new(&policy));

    let site_url = settings.site_url.trim_end_matches('/').to_string();
    let built = index_html.as_deref().map(|html| {
        let template = PageTemplate::parse(html, &settings.runtime_config);
        // Written by `vite build` (build.manifest); without it pages simply get no preloads.
        let manifest = settings.dist_dir.join(".vite/manifest.json");
        let preloads = std::fs::read_to_string(&manifest)
            .map(|text| preload::Preloads::from_manifest(&text))
            .unwrap_or_default();
        BuiltSite {
            preloads,
            admin_page: Rendered::new(StatusCode::OK, HTML, template.render_plain()),
            template,
        }
    });
    let ssr = built.as_ref().and_then(|_| {
        ServerRendering::start(
            &settings.dist_dir,
            &settings.runtime_config,
            &site_url,
            &settings.render,
        )
    });
    let cache = Arc::new(SiteCache::new(pool));
    listen::spawn(cache.clone());
    let site = Arc::new(Site {
        built,
        robots: Rendered::new(StatusCode::OK, TEXT, feeds::robots_txt(&site_url)),
        public_files: public_files(&settings.dist_dir),
        files: static_files(&settings.dist_dir),
        ssr,
        cache,
        site_url,
        company_name: settings.company_name.clone(),
        company_tagline: settings.company_tagline.clone(),
    });

    let assets = Router::new()
        .fallback_service(static_files(&settings.dist_dir.join("assets")))
        .layer(map_response(immutable_when_found));
    Ok(Router::new()
        .route("/index.html", get(|| async { Redirect::permanent("/") }))
        .nest_service("/assets", assets)
        .fallback(get(serve_file_or_page))
        .with_state(site)
        .layer(from_fn_with_state(security, security::add_security_headers)))
}

/// URL paths of the files under `dist` other than index.html, assets/, dot directories and
/// compressed copies.
fn public_files(dist: &Path) -> HashSet<String> {
    fn walk(dir: &Path, prefix: &str, found: &mut HashSet<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = format!("{prefix}/{name}");
            match entry.file_type() {
                // Dot directories (.vite's manifest, .ssr's server bundle) are the server's.
                Ok(kind) if kind.is_dir() && path != "/assets" && !name.starts_with('.') => {
                    walk(&entry.path(), &path, found);
                }
                Ok(kind)
                    if kind.is_file()
                        && path != "/index.html"
                        && !name.ends_with(".br")
                        && !name.ends_with(".gz") =>
                {
                    found.insert(path);
                }
                _ => {}
            }
        }
    }
    let mut found = HashSet::new();
    walk(dist, "", &mut found);
    found
}

/// Files as they are on disk, or their `.br`/`.gz` sibling made at build time
/// (frontend/scripts/precompress.mjs) when the client accepts it.
fn static_files(dir: &Path) -> ServeDir {
    ServeDir::new(dir)
        .append_index_html_on_directories(false)
        .precompressed_br()
        .precompressed_gzip()
}

/// Vite's hashed file names change with their content: a found asset never changes. Its
/// encoding varies with Accept-Encoding (the precompressed siblings).
async fn immutable_when_found(mut response: Response) -> Response {
    if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    response
}

/// A file of the build, else a page, the sitemap, robots.txt or the feed.
async fn serve_file_or_page(State(site): State<Arc<Site>>, request: Request) -> Response {
    let path = percent_encoding::percent_decode_str(request.uri().path()).decode_utf8_lossy();
    if site.public_files.contains(path.as_ref()) {
        let mut response = match site.files.clone().oneshot(request).await {
            Ok(response) => response.map(Body::new),
            Err(never) => match never {},
        };
        // Files outside /assets (logos, illustrations, the favicon) keep their names across
        // builds: cached for a day, then revalidated with Last-Modified.
        if response.status().is_success() {
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static(PUBLIC_FILE));
        }
        return response;
    }
    serve(&site, request).await
}

/// Every path that is not a file: the app's pages, the sitemap, robots.txt and the feed.
async fn serve(site: &Site, request: Request) -> Response {
    let path = request.uri().path();
    let headers = request.headers();
    if path == "/robots.txt" {
        return site.robots.respond(headers);
    }
    if path == "/sitemap.xml" || path == "/rss.xml" || feeds::parse_sitemap_part(path).is_some() {
        return serve_feed(site, path, headers).await;
    }
    let Some(BuiltSite {
        template,
        preloads,
        admin_page,
    }) = &site.built
    else {
        return not_built();
    };
    let route = seo_route(path);
    let classified = classify(route);
    if classified == Route::Admin {
        return admin_page.respond(headers);
    }
    if let Route::Preview(token) = classified
        && let Some(built) = &site.built
    {
        return preview::serve(site, built, path, token, headers).await;
    }
    if let Some(mut canonical) = routes::canonical_path(path, classified) {
        if let Some(query) = request.uri().query() {
            canonical.push('?');
            canonical.push_str(query);
        }
        return Redirect::permanent(&canonical).into_response();
    }
    let snapshot = match site.cache.snapshot().await {
        Ok(snapshot) => snapshot,
        Err(err) => {
            tracing::warn!(%err, "site: SEO data unavailable; serving the page without it");
            return unavailable(template.render_plain(), HTML);
        }
    };
    let context = HeadContext {
        company_name: &site.company_name,
        site_url: &site.site_url,
    };
    let has_record = snapshot.data.pages.contains_key(route);
    let post = match classified {
        Route::Post(slug) => snapshot.data.post(slug),
        _ => None,
    };
    let status = match classified {
        Route::Page => StatusCode::OK,
        Route::Post(_) if post.is_some() => StatusCode::OK,
        _ => StatusCode::NOT_FOUND,
    };
    let head = || match (classified, post) {
        (Route::Post(_), Some(post)) => post_head(post, &context),
        (Route::Page | Route::Unknown, _) if has_record => {
            page_head(snapshot.data.pages.get(route), route, &context)
        }
        // The not-found page: the client looks the path up as a page SEO record too.
        _ => HeadSpec::default_for(&site.company_name),
    };
    // The not-found renderings are shared by every missing path, so they get no preloads.
    let module = match classified {
        Route::Post(_) if post.is_some() => Some(preload::POST_PAGE_MODULE),
        Route::Page => preload::data_page_module(route),
        _ => None,
    };
    let preload_tags = preloads.tags(module);
    if let Some(ssr) = site.ssr.as_ref().filter(|_| template.has_root()) {
        let page = RenderedRoute {
            path,
            route,
            classified,
            status,
            preload_tags,
        };
        return render_page(site, ssr, template, preloads, &snapshot, &page, &head())
            .await
            .respond(headers);
    }
    // Cache keys are bounded by the data (records and posts), never by what clients ask for:
    // every path without a record or post shares one rendering per status.
    let key = match classified {
        Route::Page if has_record => format!("page:{route}"),
        // Keyed by the page module too: only the data pages differ in their preloads.
        Route::Page => format!("page:{module:?}"),
        Route::Post(slug) if post.is_some() => format!("post:{slug}"),
        Route::Unknown if has_record => format!("missing:{route}"),
        _ => "missing".into(),
    };
    snapshot
        .rendered(&key, |_| {
            Rendered::new(status, HTML, template.render(&head(), preload_tags, None))
        })
        .respond(headers)
}

/// A page request, as `serve` classified it.
struct RenderedRoute<'a> {
    /// The path as requested (the client compares it with its location).
    path: &'a str,
    /// The path without trailing slashes (`seo_route`).
    route: &'a str,
    classified: Route<'a>,
    status: StatusCode,
    preload_tags: &'a str,
}

/// A page rendered on the server with the data it shows, which it embeds: taken from the cache
/// while the data and the day it shows hold, else the build's rendering when it shows the same,
/// else rendered now. When the renderer cannot (busy, failing), the page goes out unrendered,
/// for the browser to render, and is not kept.
async fn render_page(
    site: &Site,
    ssr: &ServerRendering,
    template: &PageTemplate,
    preloads: &preload::Preloads,
    snapshot: &Snapshot,
    page: &RenderedRoute<'_>,
    head: &HeadSpec,
) -> Arc<Rendered> {
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
                    let (rendered, keep) =
                        render_fresh(site, ssr, template, preloads, snapshot, page, head, today)
                            .await;
                    if keep {
                        snapshot.keep(&key, rendered)
                    } else {
                        Arc::new(rendered)
                    }
                })
                .await
        }
        None => Arc::new(
            render_fresh(site, ssr, template, preloads, snapshot, page, head, today)
                .await
                .0,
        ),
    }
}

/// Renders a page now; with whether it may be kept (a page sent unrendered, because its data
/// or the renderer were unavailable, is not). Compressing it runs on a blocking thread.
#[allow(clippy::too_many_arguments)]
async fn render_fresh(
    site: &Site,
    ssr: &ServerRendering,
    template: &PageTemplate,
    preloads: &preload::Preloads,
    snapshot: &Snapshot,
    page: &RenderedRoute<'_>,
    head: &HeadSpec,
    today: chrono::NaiveDate,
) -> (Rendered, bool) {
    let resources = match page_resources(site, snapshot, page).await {
        Ok(resources) => resources,
        Err(err) => {
            tracing::warn!(%err, path = page.path, "site: page data unavailable; sending the page unrendered");
            let html = template.render(head, page.preload_tags, None);
            return (compressed(page.status, html).await, false);
        }
    };
    let has_content = resources
        .get(PAGE_SEO)
        .and_then(|record| record.get("content"))
        .and_then(serde_json::Value::as_str)
        .is_some_and(|content| !content.trim().is_empty());
    let is_static_page =
        page.classified == Route::Page && preload::data_page_module(page.route).is_none();
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
                    _ => {
                        let html = template.render(head, page.preload_tags, None);
                        return (compressed(page.status, html).await, false);
                    }
                }
            }
        }
    };
    // The code it rendered, which the browser loads before hydrating, and its largest image.
    let mut head_tags = preloads.tags_for_modules(&markup.modules);
    head_tags.push_str(&ssr::image_preload_tags(&markup));
    let data = page_data(rendered_on, &markup.modules);
    let html = template.render(
        head,
        &head_tags,
        Some(PageBody {
            root_html: &markup.html,
            page_data: &data,
        }),
    );
    let validity = DateValidity {
        rendered_on,
        date_use: markup.date_use,
    };
    (compressed(status, html).await.valid_while(validity), true)
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

/// The resource a public page's SEO record goes by (frontend/src/features/seo/site-data-layout.tsx).
const PAGE_SEO: &str = "pageSeo";

/// The rows a page shows, by the names its features read them by
/// (frontend/src/lib/page-data.ts): every public page its SEO record, the data pages their
/// lists, a post its row.
async fn page_resources(
    site: &Site,
    snapshot: &Snapshot,
    page: &RenderedRoute<'_>,
) -> Result<serde_json::Map<String, serde_json::Value>, cb_db::sqlx::Error> {
    let data = &snapshot.data.resources;
    let mut resources = serde_json::Map::new();
    if let Route::Post(slug) = page.classified {
        let row = if page.status == StatusCode::OK {
            store::post_row(site.cache.pool(), slug).await?
        } else {
            serde_json::Value::Null
        };
        resources.insert("blogPost".into(), row);
        return Ok(resources);
    }
    let record = data
        .page_records
        .get(page.route)
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    resources.insert(PAGE_SEO.into(), record);
    if page.classified == Route::Page {
        match page.route.to_ascii_lowercase().as_str() {
            "/blog" => {
                resources.insert("blogPosts".into(), data.blog_posts.clone());
            }
            "/whitepapers" => {
                resources.insert("whitepapers".into(), data.whitepapers.clone());
            }
            "/downloads" => {
                resources.insert("whitepapers".into(), data.whitepapers.clone());
                resources.insert("whitepaperFiles".into(), data.whitepaper_files.clone());
            }
            _ => {}
        }
    }
    Ok(resources)
}

async fn serve_feed(site: &Site, path: &str, headers: &HeaderMap) -> Response {
    let snapshot = match site.cache.snapshot().await {
        Ok(snapshot) => snapshot,
        Err(err) => {
            tracing::warn!(%err, "site: SEO data unavailable for {path}");
            return unavailable(String::new(), TEXT);
        }
    };
    let rendered = if path == "/rss.xml" {
        snapshot.rendered(path, |data| {
            let channel = feeds::FeedChannel {
                company_name: &site.company_name,
                description: &site.company_tagline,
                site_url: &site.site_url,
            };
            Rendered::new(StatusCode::OK, RSS, feeds::rss(&data.posts, &channel))
        })
    } else {
        let sitemap = snapshot.sitemap(|data| site_sitemap(site, data));
        let body = match feeds::parse_sitemap_part(path) {
            None => Some(&sitemap.root),
            Some(number) => sitemap.parts.get(number - 1),
        };
        match body {
            Some(body) => {
                snapshot.rendered(path, |_| Rendered::new(StatusCode::OK, XML, body.clone()))
            }
            None => return (StatusCode::NOT_FOUND, "no such sitemap\n").into_response(),
        }
    };
    rendered.respond(headers)
}

/// The sitemap: the public pages that are not noindex, then the published posts that are not
/// noindex, with their last change.
fn site_sitemap(site: &Site, data: &SiteData) -> feeds::Sitemap {
    let mut urls: Vec<feeds::SitemapUrl> = Vec::new();
    for route in routes::PUBLIC_PAGES {
        if data.pages.get(*route).is_some_and(|page| page.noindex) {
            continue;
        }
        // A fixed article's last change is its blog_posts row's, when it has one.
        let post = route
            .strip_prefix("/blog/")
            .and_then(|slug| data.post(slug));
        urls.push(feeds::SitemapUrl {
            loc: format!("{}{route}", site.site_url),
            lastmod: post.map(|post| post.updated),
        });
    }
    for post in &data.posts {
        let route = format!("/blog/{}", post.slug);
        if post.noindex || classify(&route) != Route::Post(&post.slug) {
            continue;
        }
        urls.push(feeds::SitemapUrl {
            loc: format!("{}{route}", site.site_url),
            lastmod: Some(post.updated),
        });
    }
    feeds::sitemap(&urls, &site.site_url, feeds::SITEMAP_URL_LIMIT)
}

/// While the database cannot answer: the page without its SEO data, not to be cached, and a
/// status that tells crawlers to come back.
fn unavailable(body: String, content_type: &'static str) -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (header::RETRY_AFTER, HeaderValue::from_static("5")),
        ],
        body,
    )
        .into_response()
}

fn not_built() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::CONTENT_TYPE, HeaderValue::from_static(HTML))],
        "<!doctype html><title>ClaimBridge</title><p>The website has not been built yet: run \
         <code>make run</code> (it builds frontend/dist). The APIs under /rest/v1, /storage/v1, \
         /functions/v1 and /auth/v1 are available.</p>",
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_files_are_the_build_outside_assets_and_index_html() {
        let dist = tempfile::tempdir().unwrap();
        for file in [
            "index.html",
            "favicon.svg",
            "favicon.svg.br",
            "blog-images/a b.svg",
            "blog-images/a b.svg.gz",
            "assets/index-abc.js",
            ".vite/manifest.json",
            ".ssr/server.js",
        ] {
            let path = dist.path().join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "x").unwrap();
        }
        let mut files: Vec<String> = public_files(dist.path()).into_iter().collect();
        files.sort();
        assert_eq!(files, ["/blog-images/a b.svg", "/favicon.svg"]);
    }
}
