//! The site's transport: a file of the build, else what the path names ([`Endpoint`], decided
//! in one place from the path and the build's route table): robots.txt, the feeds and the
//! sitemap (`feed_routes`), the admin app's page, a preview, or an app page (`page`), with the
//! answers for a missing build or data.
//!
//! One fallback handler rather than axum routes: the sitemap's parts (`/sitemap-{n}.xml`) are
//! not a path axum can route, the archive feeds, the admin sections and the preview prefix come
//! from the build, and pages match case-insensitively and with a trailing slash, so routes would
//! still need this classification behind them.
mod feed_routes;
mod page;

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode, header};

use crate::delivery::HTML;
use crate::preview;
use crate::security::{FramedBySite, PREVIEW_FRAME_PATH};
use crate::site_manifest::{ArchiveKind, Route, SiteManifest, seo_route};
use crate::state::Site;

/// What a path that is not a file of the build names, before the build's routes are asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Endpoint {
    Robots,
    /// `/rss.xml`.
    BlogFeed,
    /// `/sitemap.xml`, or one of its parts.
    Sitemap(Option<usize>),
    /// A path of the app: see [`AppEndpoint`].
    App,
}

impl Endpoint {
    fn of(path: &str) -> Self {
        match path {
            "/robots.txt" => Self::Robots,
            "/rss.xml" => Self::BlogFeed,
            "/sitemap.xml" => Self::Sitemap(None),
            _ => match crate::feeds::parse_sitemap_part(path) {
                Some(part) => Self::Sitemap(Some(part)),
                None => Self::App,
            },
        }
    }
}

/// What a path of the app names, by the build's route table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AppEndpoint<'a> {
    /// A page of the admin app (the one page it renders itself).
    Admin,
    /// A staff preview link's page.
    Preview(&'a str),
    /// An archive's feed.
    ArchiveFeed(ArchiveKind, &'a str),
    /// A page of the public app: its SEO route and what the build's routes make of it.
    Page(&'a str, Route<'a>),
}

impl<'a> AppEndpoint<'a> {
    fn of(path: &'a str, manifest: &SiteManifest) -> Self {
        let route = seo_route(path);
        match manifest.classify(route) {
            Route::Admin => Self::Admin,
            Route::Preview(token) => Self::Preview(token),
            classified => match manifest.archive_feed(path) {
                Some((kind, slug)) => Self::ArchiveFeed(kind, slug),
                None => Self::Page(route, classified),
            },
        }
    }
}

/// A file of the build, else what the path names.
pub(crate) async fn serve_file_or_page(
    State(site): State<Arc<Site>>,
    request: Request,
) -> Response {
    // The body is not read: a page's GET has none. Parts, unlike a request, can be shared
    // across the awaits below.
    let (request, _body) = request.into_parts();
    let path = percent_encoding::percent_decode_str(request.uri.path()).decode_utf8_lossy();
    if let Some(file) = site.public_files.get(&path) {
        return file.respond(&request.method, &request.headers);
    }
    let path = request.uri.path();
    let headers = &request.headers;
    match Endpoint::of(path) {
        Endpoint::Robots => site.robots.respond(headers),
        Endpoint::BlogFeed => {
            feed_routes::from_snapshot(&site, path, |snapshot| {
                feed_routes::blog_feed(&site, snapshot, path, headers)
            })
            .await
        }
        Endpoint::Sitemap(part) => {
            // The sitemap lists the app's pages, which the build names: no build, no database read.
            let Some(built) = &site.built else {
                return not_built();
            };
            feed_routes::from_snapshot(&site, path, |snapshot| {
                feed_routes::sitemap(&site, built, snapshot, path, part, headers)
            })
            .await
        }
        Endpoint::App => {
            let Some(built) = &site.built else {
                return not_built();
            };
            match AppEndpoint::of(path, &built.manifest) {
                AppEndpoint::Admin => {
                    let mut response = built.admin_page.respond(headers);
                    if path == PREVIEW_FRAME_PATH {
                        response.extensions_mut().insert(FramedBySite);
                    }
                    response
                }
                AppEndpoint::Preview(token) => {
                    preview::serve(&site, built, path, token, headers).await
                }
                AppEndpoint::ArchiveFeed(kind, slug) => {
                    feed_routes::from_snapshot(&site, path, |snapshot| {
                        feed_routes::archive_feed(
                            &site,
                            built,
                            snapshot,
                            path,
                            (kind, slug),
                            headers,
                        )
                    })
                    .await
                }
                AppEndpoint::Page(route, classified) => {
                    page::serve_page(&site, built, path, route, classified, &request).await
                }
            }
        }
    }
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

/// Any app path while there is no build to say what it is.
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
    use crate::site_manifest::testing::built_manifest;

    #[test]
    fn robots_the_feed_and_the_sitemap_are_answered_without_the_build() {
        assert_eq!(Endpoint::of("/robots.txt"), Endpoint::Robots);
        assert_eq!(Endpoint::of("/rss.xml"), Endpoint::BlogFeed);
        assert_eq!(Endpoint::of("/sitemap.xml"), Endpoint::Sitemap(None));
        assert_eq!(Endpoint::of("/sitemap-2.xml"), Endpoint::Sitemap(Some(2)));
        // Not a part's spelling: an app path (its page is the not-found page).
        for path in [
            "/sitemap-02.xml",
            "/sitemap-0.xml",
            "/Robots.txt",
            "/rss.xml/",
            "/",
        ] {
            assert_eq!(Endpoint::of(path), Endpoint::App, "{path}");
        }
    }

    #[test]
    fn app_paths_are_named_by_the_builds_routes() {
        let manifest = built_manifest();
        let of = |path| AppEndpoint::of(path, &manifest);
        assert_eq!(of("/admin"), AppEndpoint::Admin);
        assert_eq!(of("/admin/leads"), AppEndpoint::Admin);
        assert_eq!(of("/auth/welcome"), AppEndpoint::Admin);
        assert_eq!(of("/preview/a1b2c3"), AppEndpoint::Preview("a1b2c3"));
        assert_eq!(
            of("/blog/category/billing/rss.xml"),
            AppEndpoint::ArchiveFeed(ArchiveKind::Category, "billing")
        );
        assert_eq!(of("/contact/"), AppEndpoint::Page("/contact", Route::Page));
        assert_eq!(
            of("/blog/oxygen-billing"),
            AppEndpoint::Page("/blog/oxygen-billing", Route::Post("oxygen-billing"))
        );
        assert_eq!(
            of("/no-such-page"),
            AppEndpoint::Page("/no-such-page", Route::Unknown)
        );
    }
}
