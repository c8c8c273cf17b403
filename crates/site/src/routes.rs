//! The app's route table as the server needs it (mirrors frontend/src/app/router.tsx and
//! routes/, spec §2; a test compares the two): which paths are public pages, which are blog posts, which belong to the
//! admin, and which render the not-found page.

/// The public pages with a fixed path, including the five hand-made articles.
pub(crate) const PUBLIC_PAGES: &[&str] = &[
    "/",
    "/services",
    "/rcm-services",
    "/about",
    "/contact",
    "/careers",
    "/blog",
    "/whitepapers",
    "/downloads",
    "/api-integrations",
    "/cookie-policy",
    "/privacy-policy",
    "/blog/streamlining-dme-claims-processing",
    "/blog/compliance-best-practices-dme-providers",
    "/blog/mobile-delivery-management",
    "/blog/maximizing-revenue-real-time-reporting",
    "/blog/dme-billing-coding-guide",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Route<'a> {
    /// A page of `PUBLIC_PAGES`: its head comes from its page_seo_settings record.
    Page,
    /// `/blog/{slug}` other than the fixed articles: the post builds its own head.
    Post(&'a str),
    /// /auth and the admin screens: no SEO head; kept out of search by robots.txt.
    Admin,
    /// `/preview/{token}`: a draft behind a preview link, never indexed or cached.
    Preview(&'a str),
    /// Anything else: the not-found page.
    Unknown,
}

/// The route the client looks SEO records up by: the path without trailing slashes
/// (site-data-layout.tsx `seoRoute`).
pub(crate) fn seo_route(path: &str) -> &str {
    match path.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    }
}

/// What `route` (from [`seo_route`]) renders. Static segments match case-insensitively, as
/// react-router's do; a slug is passed on as written (the client looks it up as written).
pub(crate) fn classify(route: &str) -> Route<'_> {
    if PUBLIC_PAGES
        .iter()
        .any(|page| page.eq_ignore_ascii_case(route))
    {
        return Route::Page;
    }
    if let Some(slug) = strip_prefix_ignore_case(route, "/blog/")
        && !slug.is_empty()
        && !slug.contains('/')
    {
        return Route::Post(slug);
    }
    if let Some(token) = strip_prefix_ignore_case(route, "/preview/")
        && !token.is_empty()
        && !token.contains('/')
    {
        return Route::Preview(token);
    }
    if route.eq_ignore_ascii_case("/auth")
        || route.eq_ignore_ascii_case("/admin")
        || strip_prefix_ignore_case(route, "/admin/").is_some()
    {
        return Route::Admin;
    }
    Route::Unknown
}

/// The one spelling of a page's or post's path (the public page's own case, no trailing slash),
/// when `path` is another: such a request is redirected there, so each page has one URL (and
/// one cached rendering whose embedded data names the path the browser is on).
pub(crate) fn canonical_path(path: &str, route: Route<'_>) -> Option<String> {
    let canonical = match route {
        Route::Page => PUBLIC_PAGES
            .iter()
            .find(|page| page.eq_ignore_ascii_case(seo_route(path)))?
            .to_string(),
        Route::Post(slug) => format!("/blog/{slug}"),
        Route::Admin | Route::Preview(_) | Route::Unknown => return None,
    };
    (canonical != path).then_some(canonical)
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first single-quoted string after each `marker` in `source`.
    fn quoted_after<'a>(source: &'a str, marker: &str) -> Vec<&'a str> {
        source
            .match_indices(marker)
            .filter_map(|(at, _)| {
                let rest = source[at + marker.len()..].trim_start();
                let rest = rest.strip_prefix('\'')?;
                rest.find('\'').map(|end| &rest[..end])
            })
            .collect()
    }

    /// PUBLIC_PAGES must list exactly the client's fixed public paths: the home page, the
    /// static pages of router.tsx and the data pages, so a route added there and not here
    /// (which would answer 404) fails this test.
    #[test]
    fn the_public_pages_are_the_client_routers() {
        let app = concat!(env!("CARGO_MANIFEST_DIR"), "/../../frontend/src/app");
        let read = |file: &str| std::fs::read_to_string(format!("{app}/{file}")).unwrap();
        let router = read("router.tsx");
        let data_pages = read("routes/data-public-pages.tsx");
        let mut client: Vec<String> = std::iter::once("/".to_string())
            .chain(
                quoted_after(&router, "page(")
                    .into_iter()
                    .map(|path| format!("/{path}")),
            )
            .chain(
                quoted_after(&data_pages, "path:")
                    .into_iter()
                    .filter(|path| !path.contains(':'))
                    .map(|path| format!("/{path}")),
            )
            .collect();
        client.sort();
        let mut server: Vec<String> = PUBLIC_PAGES.iter().map(|page| page.to_string()).collect();
        server.sort();
        assert_eq!(server, client);
    }

    #[test]
    fn pages_and_posts_have_one_spelling() {
        let canonical = |path: &str| canonical_path(path, classify(seo_route(path)));
        assert_eq!(canonical("/about"), None);
        assert_eq!(canonical("/"), None);
        assert_eq!(canonical("/about/"), Some("/about".into()));
        assert_eq!(canonical("/About//"), Some("/about".into()));
        assert_eq!(canonical("/Blog/My-Post/"), Some("/blog/My-Post".into()));
        assert_eq!(canonical("/blog/my-post"), None);
        assert_eq!(canonical("/no/such/page/"), None);
        assert_eq!(canonical("/admin/blog/"), None);
    }

    #[test]
    fn routes_are_classified_like_the_client_router() {
        assert_eq!(classify(seo_route("/")), Route::Page);
        assert_eq!(classify(seo_route("/about/")), Route::Page);
        assert_eq!(classify(seo_route("/About")), Route::Page);
        assert_eq!(
            classify(seo_route("/blog/dme-billing-coding-guide")),
            Route::Page
        );
        assert_eq!(
            classify(seo_route("/blog/new-post")),
            Route::Post("new-post")
        );
        assert_eq!(
            classify(seo_route("/blog/new-post/")),
            Route::Post("new-post")
        );
        assert_eq!(classify(seo_route("/blog/a/b")), Route::Unknown);
        assert_eq!(classify(seo_route("/admin/blog")), Route::Admin);
        assert_eq!(classify(seo_route("/auth")), Route::Admin);
        assert_eq!(classify(seo_route("/administrator")), Route::Unknown);
        assert_eq!(
            classify(seo_route("/preview/abc123")),
            Route::Preview("abc123")
        );
        assert_eq!(classify(seo_route("/preview/")), Route::Unknown);
        assert_eq!(classify(seo_route("/preview/a/b")), Route::Unknown);
        assert_eq!(classify(seo_route("/no/such/page")), Route::Unknown);
        assert_eq!(classify(seo_route("/ünïcode")), Route::Unknown);
    }
}
