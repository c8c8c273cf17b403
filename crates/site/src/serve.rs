//! The page handler: a file of the build, else robots.txt, the sitemap and the feed, else a
//! page of the app (its route classified, its head built from the SEO data, rendered on the
//! server when the build has a server bundle), with the answers for a missing build or data.
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Redirect, Response};
use http::{HeaderMap, HeaderValue, StatusCode, header};
use tower::ServiceExt as _;

use crate::delivery::{HTML, RSS, Rendered, TEXT, XML};
use crate::head::{HeadContext, HeadSpec, page_head, post_head};
use crate::page::{PageRender, RenderedRoute};
use crate::routes::{Route, SiteManifest, seo_route};
use crate::state::Site;
use crate::store::SiteData;
use crate::{feeds, preview};

/// Cache-Control of the build's files outside /assets.
const PUBLIC_FILE: &str = "public, max-age=86400";

/// A file of the build, else a page, the sitemap, robots.txt or the feed.
pub(crate) async fn serve_file_or_page(
    State(site): State<Arc<Site>>,
    request: Request,
) -> Response {
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
    let Some(built) = &site.built else {
        return not_built();
    };
    let (template, manifest) = (&built.template, &built.manifest);
    let route = seo_route(path);
    let classified = manifest.classify(route);
    if classified == Route::Admin {
        return built.admin_page.respond(headers);
    }
    if let Route::Preview(token) = classified {
        return preview::serve(site, built, path, token, headers).await;
    }
    if let Some(mut canonical) = manifest.canonical_path(path, classified) {
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
        rules: &manifest.head,
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
        Route::Post(_) if post.is_some() => Some(manifest.post_module()),
        Route::Page => manifest.data_page(route).map(|page| page.module.as_str()),
        _ => None,
    };
    let preload_tags = built.preloads.tags(module);
    if let Some(ssr) = site.ssr.as_ref().filter(|_| template.has_root()) {
        let render = PageRender {
            site,
            ssr,
            built,
            snapshot: &snapshot,
            page: RenderedRoute {
                path,
                route,
                classified,
                status,
                preload_tags,
            },
            head: head(),
        };
        return render.cached_or_rendered().await.respond(headers);
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
        // The sitemap lists the app's pages, which the build names.
        let Some(built) = &site.built else {
            return not_built();
        };
        let sitemap = snapshot.sitemap(|data| site_sitemap(site, &built.manifest, data));
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
fn site_sitemap(site: &Site, manifest: &SiteManifest, data: &SiteData) -> feeds::Sitemap {
    let mut urls: Vec<feeds::SitemapUrl> = Vec::new();
    for route in manifest.public_pages() {
        if data.pages.get(route).is_some_and(|page| page.noindex) {
            continue;
        }
        // A fixed article's last change is its blog_posts row's, when it has one.
        let post = manifest.post_slug(route).and_then(|slug| data.post(slug));
        urls.push(feeds::SitemapUrl {
            loc: format!("{}{route}", site.site_url),
            lastmod: post.map(|post| post.updated),
        });
    }
    for post in &data.posts {
        let route = manifest.post_path(&post.slug);
        if post.noindex || manifest.classify(&route) != Route::Post(&post.slug) {
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
