//! An app page: its redirect rule or one spelling, its status decided from the data (a post
//! that exists, an archive page in range, a search's answer), then rendered on the server with
//! the head it reports when the build has a server bundle, else the app's shell.
use axum::response::{IntoResponse, Redirect, Response};
use http::request::Parts;
use http::{HeaderValue, Method, StatusCode, header};

use super::unavailable;
use crate::delivery::{HTML, Rendered};
use crate::discovery::{self, SearchAnswer, SearchRequest};
use crate::head::HeadSpec;
use crate::page::{PageRender, RenderedRoute};
use crate::redirects::Redirected;
use crate::site_manifest::{Resource, Route, SiteManifest};
use crate::state::{BuiltSite, Site};
use crate::store::SiteData;

/// The page at `path` (`route` its SEO route, `classified` what the build's routes make of it)
/// that `request` asks for.
pub(super) async fn serve_page(
    site: &Site,
    built: &BuiltSite,
    path: &str,
    route: &str,
    classified: Route<'_>,
    request: &Parts,
) -> Response {
    let (query, headers) = (request.uri.query(), &request.headers);
    let manifest = &built.manifest;
    let decoded_route = percent_encoding::percent_decode_str(route).decode_utf8_lossy();
    let redirects = site.redirects.table().await;
    let redirected = redirects
        .as_deref()
        .and_then(|table| site.redirects.find(table, &decoded_route, query));
    let gone = match redirected {
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
        let key = render.page.cache_key();
        let rendered = render.cached_or_rendered(key.as_deref()).await;
        // Kept pages answer their next GET before any routing (`crate::kept_pages`).
        if let (&Method::GET, None, StatusCode::OK, Some(redirects), Some(key)) =
            (&request.method, query, rendered.status, &redirects, key)
        {
            snapshot.remember_answer(path, redirects, &key, &rendered);
        }
        return rendered.respond(headers);
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
