//! The app's route table as the server needs it (mirrors frontend/src/app/router.tsx and
//! routes/, spec §2): which paths are public pages, which are blog posts, which belong to the
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
    if route.eq_ignore_ascii_case("/auth")
        || route.eq_ignore_ascii_case("/admin")
        || strip_prefix_ignore_case(route, "/admin/").is_some()
    {
        return Route::Admin;
    }
    Route::Unknown
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(classify(seo_route("/no/such/page")), Route::Unknown);
        assert_eq!(classify(seo_route("/ünïcode")), Route::Unknown);
    }
}
