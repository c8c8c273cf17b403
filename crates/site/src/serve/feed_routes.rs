//! The feeds and the sitemap: `/rss.xml`, each archive's `/blog/{kind}/{slug}/rss.xml`, and
//! `/sitemap.xml` with its parts, rendered from the data snapshot and kept with it.
use axum::response::{IntoResponse, Response};
use http::{HeaderMap, StatusCode};

use super::unavailable;
use crate::delivery::{RSS, Rendered, TEXT, XML};
use crate::feeds;
use crate::site_manifest::{ArchiveKind, Route, SiteManifest};
use crate::state::{BuiltSite, Site};
use crate::store::{SiteData, Snapshot};

/// Answers a feed or sitemap request from the data snapshot; while the database cannot give one,
/// a 503 that tells crawlers to come back.
pub(super) async fn from_snapshot(
    site: &Site,
    path: &str,
    answer: impl FnOnce(&Snapshot) -> Response,
) -> Response {
    match site.cache.snapshot().await {
        Ok(snapshot) => answer(&snapshot),
        Err(err) => {
            tracing::warn!(%err, "site: SEO data unavailable for {path}");
            unavailable(String::new(), TEXT)
        }
    }
}

/// `/blog/{kind}/{slug}/rss.xml`: an archive's newest posts.
pub(super) fn archive_feed(
    site: &Site,
    built: &BuiltSite,
    snapshot: &Snapshot,
    path: &str,
    (kind, slug): (ArchiveKind, &str),
    headers: &HeaderMap,
) -> Response {
    let Some(taxonomy) = snapshot.data.taxonomy(kind, slug) else {
        return (StatusCode::NOT_FOUND, "no such feed\n").into_response();
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

/// `/rss.xml`: the blog's newest posts.
pub(super) fn blog_feed(
    site: &Site,
    snapshot: &Snapshot,
    path: &str,
    headers: &HeaderMap,
) -> Response {
    snapshot
        .rendered(path, |data| {
            let channel = feeds::FeedChannel {
                title: format!("{} Blog", site.company_name),
                description: &site.company_tagline,
                site_url: &site.site_url,
                page_path: "/blog".into(),
                feed_path: path,
            };
            Rendered::new(StatusCode::OK, RSS, feeds::rss(data.posts.iter(), &channel))
        })
        .respond(headers)
}

/// `/sitemap.xml` (`part` None), or `/sitemap-{part}.xml` when the sitemap is an index of parts.
pub(super) fn sitemap(
    site: &Site,
    built: &BuiltSite,
    snapshot: &Snapshot,
    path: &str,
    part: Option<usize>,
    headers: &HeaderMap,
) -> Response {
    let sitemap = snapshot.sitemap(|data| site_sitemap(site, &built.manifest, data));
    let body = match part {
        None => Some(&sitemap.root),
        Some(number) => sitemap.parts.get(number - 1),
    };
    match body {
        Some(body) => snapshot
            .rendered(path, |_| Rendered::new(StatusCode::OK, XML, body.clone()))
            .respond(headers),
        None => (StatusCode::NOT_FOUND, "no such sitemap\n").into_response(),
    }
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
