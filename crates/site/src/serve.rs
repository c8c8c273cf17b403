//! The page handler: a file of the build, else robots.txt, the sitemap and the feed, else a
//! page of the app (its route classified, its status decided from the data, rendered on the
//! server with the head it reports when the build has a server bundle), with the answers for a
//! missing build or data.
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::response::{IntoResponse, Redirect, Response};
use http::{HeaderMap, HeaderValue, StatusCode, header};

use crate::delivery::{HTML, RSS, Rendered, TEXT, XML};
use crate::discovery::{self, SearchAnswer, SearchRequest};
use crate::head::HeadSpec;
use crate::page::{PageRender, RenderedRoute};
use crate::redirects::Redirected;
use crate::security::{FramedBySite, PREVIEW_FRAME_PATH};
use crate::site_manifest::{ArchiveKind, Resource, Route, SiteManifest, seo_route};
use crate::state::Site;
use crate::store::SiteData;
use crate::{feeds, preview};

/// A file of the build, else a page, the sitemap, robots.txt or the feed.
pub(crate) async fn serve_file_or_page(
    State(site): State<Arc<Site>>,
    request: Request,
) -> Response {
    let path = percent_encoding::percent_decode_str(request.uri().path()).decode_utf8_lossy();
    if let Some(file) = site.public_files.get(&path) {
        return file.respond(request.method(), request.headers());
    }
    serve(&site, request).await
}

/// Every path that is not a file: the app's pages, the sitemap, robots.txt and the feeds.
async fn serve(site: &Site, request: Request) -> Response {
    let path = request.uri().path();
    let query = request.uri().query();
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
    let manifest = &built.manifest;
    let route = seo_route(path);
    let classified = manifest.classify(route);
    if classified == Route::Admin {
        let mut response = built.admin_page.respond(headers);
        if path == PREVIEW_FRAME_PATH {
            response.extensions_mut().insert(FramedBySite);
        }
        return response;
    }
    if let Route::Preview(token) = classified {
        return preview::serve(site, built, path, token, headers).await;
    }
    if let Some((kind, slug)) = manifest.archive_feed(path) {
        return serve_archive_feed(site, path, kind, slug, headers).await;
    }
    let decoded_route = percent_encoding::percent_decode_str(route).decode_utf8_lossy();
    let gone = match site.redirects.find(&decoded_route, query).await {
        Some(Redirected::To { status, location }) => return redirect(status, &location),
        Some(Redirected::Gone) => true,
        None => false,
    };
    if !gone && let Some(canonical) = canonical_url(manifest, path, query, classified) {
        return Redirect::permanent(&canonical).into_response();
    }
    let snapshot = match site.cache.snapshot().await {
        Ok(snapshot) => snapshot,
        Err(err) => {
            tracing::warn!(%err, "site: SEO data unavailable; serving the page without it");
            return unavailable(built.template.render_plain(), HTML);
        }
    };
    // A path no route has may be a block page staff created (stored in lower case).
    let classified = match classified {
        Route::Unknown
            if !gone
                && snapshot
                    .data
                    .site_page(&route.to_ascii_lowercase())
                    .is_some() =>
        {
            if let Some(canonical) = canonical_url(manifest, path, query, Route::SitePage) {
                return Redirect::permanent(&canonical).into_response();
            }
            Route::SitePage
        }
        classified => classified,
    };
    let asked = Asked::read(&snapshot.data, classified, query);
    let mut loaded = serde_json::Map::new();
    let (status, listing_query) = match asked {
        _ if gone => (StatusCode::GONE, None),
        // One of the site's own block pages whose page is gone (deleted or unpublished).
        Asked::Other
            if classified == Route::Page
                && manifest.is_site_page(route)
                && snapshot.data.site_page(route).is_none() =>
        {
            (StatusCode::NOT_FOUND, None)
        }
        Asked::Other if matches!(classified, Route::Page | Route::SitePage) => {
            (StatusCode::OK, None)
        }
        Asked::Other => match classified {
            Route::Post(slug) if snapshot.data.post(slug).is_some() => (StatusCode::OK, None),
            _ => (StatusCode::NOT_FOUND, None),
        },
        Asked::Listing { page } => (StatusCode::OK, discovery::listing_query(None, page)),
        Asked::Missing => (StatusCode::NOT_FOUND, None),
        Asked::Search(search) => {
            let answer = match discovery::search(site.cache.pool(), &search).await {
                Ok(answer) => answer,
                Err(err) => {
                    tracing::warn!(%err, "site: search unavailable");
                    return unavailable(built.template.render_plain(), HTML);
                }
            };
            let status = match answer {
                SearchAnswer::Found(found) => {
                    loaded.insert(Resource::SiteSearch.name().into(), found);
                    StatusCode::OK
                }
                SearchAnswer::Refused => StatusCode::BAD_REQUEST,
            };
            let query = Some(search.q.as_str()).filter(|q| !q.is_empty());
            (status, discovery::listing_query(query, search.page))
        }
    };
    if status == StatusCode::NOT_FOUND {
        site.not_found.record(
            &percent_encoding::percent_decode_str(path).decode_utf8_lossy(),
            headers,
        );
    }
    // The not-found renderings are shared by every missing path, so they get no preloads.
    let module = (status == StatusCode::OK)
        .then(|| manifest.module_of(route, classified))
        .flatten();
    let preload_tags = built.preloads.tags(module);
    if let Some(ssr) = site.ssr.as_deref().filter(|_| built.template.has_root()) {
        let render = PageRender {
            site,
            ssr,
            built,
            snapshot: &snapshot,
            page: RenderedRoute {
                path,
                route,
                classified: if gone { Route::Unknown } else { classified },
                status,
                preload_tags,
                query: listing_query,
                loaded,
                headers,
            },
        };
        return render.cached_or_rendered().await.respond(headers);
    }
    // Without a server bundle every page is the app's shell for the browser to render: one per
    // status and page module (only the preloads differ).
    snapshot
        .rendered(&format!("shell:{status}:{module:?}"), |_| {
            Rendered::new(
                status,
                HTML,
                built
                    .template
                    .render(&HeadSpec::untitled(&site.company_name), preload_tags, None),
            )
        })
        .respond(headers)
}

/// What a request asks of a page that reads its query or whose existence is in the data.
enum Asked {
    /// A page of an archive that has it.
    Listing {
        page: u32,
    },
    /// An archive or page of one that does not exist.
    Missing,
    Search(SearchRequest),
    /// The other pages.
    Other,
}

impl Asked {
    fn read(data: &SiteData, classified: Route<'_>, query: Option<&str>) -> Self {
        match classified {
            Route::Archive(kind, slug) => {
                let Some(page) = discovery::page_number(query) else {
                    return Self::Missing;
                };
                let Some(taxonomy) = data.taxonomy(kind, slug) else {
                    return Self::Missing;
                };
                // An archive without posts has one (empty) page.
                let pages = u32::try_from(taxonomy.posts)
                    .unwrap_or(0)
                    .div_ceil(discovery::ARCHIVE_PAGE_SIZE)
                    .max(1);
                if page > pages {
                    return Self::Missing;
                }
                Self::Listing { page }
            }
            Route::Search => Self::Search(SearchRequest::from_query(query)),
            _ => Self::Other,
        }
    }
}

/// The one URL of a page when `path` (and `query`) spell it another way.
fn canonical_url(
    manifest: &SiteManifest,
    path: &str,
    query: Option<&str>,
    classified: Route<'_>,
) -> Option<String> {
    let listing = matches!(classified, Route::Archive(..) | Route::Search);
    // A listing's first page has no page parameter.
    let first_page = listing && discovery::names_first_page(query);
    let canonical_path = manifest.canonical_path(path, classified);
    if canonical_path.is_none() && !first_page {
        return None;
    }
    let mut canonical = canonical_path.unwrap_or_else(|| path.to_string());
    let query = match query {
        Some(query) if first_page => discovery::without_page(query),
        Some(query) => Some(query.to_string()),
        None => None,
    };
    if let Some(query) = query.filter(|query| !query.is_empty()) {
        canonical.push('?');
        canonical.push_str(&query);
    }
    Some(canonical)
}

/// A redirect rule's answer: 301s may be kept by browsers for an hour (staff may change their
/// mind), 302s not at all.
fn redirect(status: StatusCode, location: &str) -> Response {
    let Ok(location) = HeaderValue::from_str(location) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let cache_control = if status == StatusCode::MOVED_PERMANENTLY {
        "public, max-age=3600"
    } else {
        "no-store"
    };
    (
        status,
        [
            (header::LOCATION, location),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static(cache_control),
            ),
        ],
    )
        .into_response()
}

/// `/blog/{kind}/{slug}/rss.xml`: an archive's newest posts.
async fn serve_archive_feed(
    site: &Site,
    path: &str,
    kind: ArchiveKind,
    slug: &str,
    headers: &HeaderMap,
) -> Response {
    let snapshot = match site.cache.snapshot().await {
        Ok(snapshot) => snapshot,
        Err(err) => {
            tracing::warn!(%err, "site: SEO data unavailable for {path}");
            return unavailable(String::new(), TEXT);
        }
    };
    let Some(taxonomy) = snapshot.data.taxonomy(kind, slug) else {
        return (StatusCode::NOT_FOUND, "no such feed\n").into_response();
    };
    let Some(built) = &site.built else {
        return not_built();
    };
    let page_path = built.manifest.archive_path(kind, slug);
    snapshot
        .rendered(path, |data| {
            // The title the archive's head names its feed by (frontend/src/lib/archive-text.ts).
            let heading = match kind {
                ArchiveKind::Category => "Posts in",
                ArchiveKind::Tag => "Posts tagged",
                ArchiveKind::Author => "Posts by",
            };
            let title = format!("{}: {heading} {}", site.company_name, taxonomy.name);
            let channel = feeds::FeedChannel {
                title,
                description: &site.company_tagline,
                site_url: &site.site_url,
                page_path,
                feed_path: path,
            };
            Rendered::new(
                StatusCode::OK,
                RSS,
                feeds::rss(data.archive_posts(kind, slug), &channel),
            )
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
                title: format!("{} Blog", site.company_name),
                description: &site.company_tagline,
                site_url: &site.site_url,
                page_path: "/blog".into(),
                feed_path: path,
            };
            Rendered::new(StatusCode::OK, RSS, feeds::rss(data.posts.iter(), &channel))
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
        // Search results are not pages to index.
        let search = route.eq_ignore_ascii_case(manifest.search_path());
        if search || data.page_noindex(route) {
            continue;
        }
        // One of the site's own block pages is listed while it is live.
        let site_page = data.site_page(route);
        if manifest.is_site_page(route) && site_page.is_none() {
            continue;
        }
        // A fixed article's last change is its blog_posts row's, when it has one.
        let post = manifest.post_slug(route).and_then(|slug| data.post(slug));
        urls.push(feeds::SitemapUrl {
            loc: format!("{}{route}", site.site_url),
            lastmod: post
                .map(|post| post.updated)
                .or(site_page.map(|page| page.updated_at)),
        });
    }
    // The block pages staff created at paths of their own, in route order.
    let mut created: Vec<_> = data
        .resources
        .site_pages
        .iter()
        .filter(|(route, _)| manifest.classify(route) == Route::Unknown)
        .filter(|(route, _)| !data.page_noindex(route))
        .collect();
    created.sort_by_key(|(route, _)| *route);
    for (route, page) in created {
        urls.push(feeds::SitemapUrl {
            loc: format!("{}{route}", site.site_url),
            lastmod: Some(page.updated_at),
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
    // The archives with posts (an empty one is noindex).
    for taxonomy in data.taxonomies.iter().filter(|taxonomy| taxonomy.posts > 0) {
        urls.push(feeds::SitemapUrl {
            loc: format!(
                "{}{}",
                site.site_url,
                manifest.archive_path(taxonomy.kind, &taxonomy.slug)
            ),
            lastmod: taxonomy.last_modified,
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
