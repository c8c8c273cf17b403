//! Links inside the site, checked without a request: the path is answered as the server would
//! answer it, from the build's route table and files, the published posts and archives, the
//! redirect rules and the stored files. Pure, over facts a scan loads once (`Facts`).
use std::collections::HashSet;

use crate::feeds;
use crate::site_manifest::{Route, SiteManifest, seo_route};

/// What a scan knows about the site's data.
#[derive(Debug, Default, Clone)]
pub(crate) struct Facts {
    /// The slugs of the posts on the site now.
    pub(crate) posts: HashSet<String>,
    /// Every archive (`category`/`tag`/`author`, slug), as public.blog_taxonomies lists them.
    pub(crate) archives: HashSet<(String, String)>,
    /// The routes of the live block pages (lower case).
    pub(crate) site_pages: HashSet<String>,
    pub(crate) redirects: Vec<RedirectRule>,
    /// (bucket, name) of the linked files that exist in a public bucket.
    pub(crate) stored: HashSet<(String, String)>,
}

/// A row of public.redirects, as the site applies it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RedirectRule {
    /// Lower case (rules match case-insensitively); a prefix rule's ends with '/'.
    pub(crate) source: String,
    pub(crate) prefix: bool,
    /// None: 410 Gone.
    pub(crate) target: Option<String>,
}

/// The build: its route table (None when the site is not built), its files outside assets/,
/// and its assets.
#[derive(Debug, Default)]
pub(crate) struct Build {
    pub(crate) manifest: Option<SiteManifest>,
    pub(crate) public_files: HashSet<String>,
    /// URL paths of the files in assets/ (`/assets/index-abc.js`).
    pub(crate) assets: HashSet<String>,
}

/// What a link inside the site leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// A page or file; a note when it is not plain (a redirect, a path that is not a page).
    Ok(Option<String>),
    /// Nothing: why, in words for the admin screen.
    Broken(String),
    /// Not known (the site is not built).
    Unchecked(String),
}

impl Verdict {
    /// Its public.link_checks status.
    pub(crate) fn status(&self) -> &'static str {
        match self {
            Self::Ok(_) => "ok",
            Self::Broken(_) => "broken",
            Self::Unchecked(_) => "unchecked",
        }
    }

    pub(crate) fn detail(&self) -> Option<&str> {
        match self {
            Self::Ok(note) => note.as_deref(),
            Self::Broken(why) | Self::Unchecked(why) => Some(why),
        }
    }
}

/// The prefixes under which a public bucket's files are served, with or without a transformation.
const STORAGE_PUBLIC: [&str; 2] = [
    "/storage/v1/object/public/",
    "/storage/v1/render/image/public/",
];

/// The other APIs and server endpoints: not pages, not checked.
const NOT_PAGES: [&str; 6] = [
    "/storage/",
    "/rest/v1/",
    "/auth/v1/",
    "/functions/v1/",
    "/realtime/v1/",
    "/graphql/v1/",
];

/// The stored file a path on the site serves (`/storage/v1/object/public/{bucket}/{name}`), from
/// the decoded path.
pub(crate) fn stored_file(path: &str) -> Option<(String, String)> {
    let rest = STORAGE_PUBLIC
        .iter()
        .find_map(|prefix| path.strip_prefix(prefix))?;
    let (bucket, name) = rest.split_once('/')?;
    (!bucket.is_empty() && !name.is_empty()).then(|| (bucket.to_string(), name.to_string()))
}

/// The path of a link inside the site (`/blog/x?utm=1`), decoded as the server decodes it.
pub(crate) fn decoded_path(link: &str) -> String {
    let path = link.split(['?', '#']).next().unwrap_or_default();
    percent_encoding::percent_decode_str(path)
        .decode_utf8_lossy()
        .into_owned()
}

impl Build {
    /// What `link` (a path on the site, maybe with a `?query`) leads to.
    pub(crate) fn check(&self, link: &str, facts: &Facts) -> Verdict {
        let path = decoded_path(link);
        if let Some(file) = stored_file(&path) {
            return if facts.stored.contains(&file) {
                Verdict::Ok(None)
            } else {
                Verdict::Broken(format!(
                    "No file named {} in the {} storage bucket",
                    file.1, file.0
                ))
            };
        }
        if NOT_PAGES.iter().any(|prefix| path.starts_with(prefix))
            || matches!(path.as_str(), "/healthz" | "/readyz")
        {
            return Verdict::Ok(Some("Not a page: not checked".into()));
        }
        if path.starts_with("/assets/") {
            return if self.assets.contains(&path) {
                Verdict::Ok(None)
            } else {
                Verdict::Broken("No such file in the website's build".into())
            };
        }
        if let Some(verdict) = self.file_or_feed(&path) {
            return verdict;
        }
        // The server applies the redirect rules before it renders any page.
        let route = seo_route(&path);
        if let Some(rule) = find_rule(&facts.redirects, route) {
            let Some(target) = redirect_target(rule, route) else {
                return Verdict::Broken(
                    "This address is marked as gone (410) in the redirects: link to a page that exists"
                        .into(),
                );
            };
            // Chains are collapsed when rules are saved: the target is the last stop.
            if target.starts_with('/')
                && let Verdict::Broken(_) = self.page(&decoded_path(&target), facts)
            {
                return Verdict::Broken(format!("Redirects to {target}, where there is no page"));
            }
            return Verdict::Ok(Some(format!("Redirects to {target}")));
        }
        self.page(&path, facts)
    }

    /// The build's own files, robots.txt, the sitemap and the feed.
    fn file_or_feed(&self, path: &str) -> Option<Verdict> {
        let found = self.public_files.contains(path)
            || matches!(
                path,
                "/robots.txt" | "/sitemap.xml" | "/rss.xml" | "/index.html"
            )
            || feeds::parse_sitemap_part(path).is_some();
        found.then_some(Verdict::Ok(None))
    }

    /// The page at `path` (decoded), without redirects.
    fn page(&self, path: &str, facts: &Facts) -> Verdict {
        let Some(manifest) = &self.manifest else {
            return Verdict::Unchecked(
                "The website is not built: pages could not be checked".into(),
            );
        };
        if let Some(verdict) = self.file_or_feed(path) {
            return verdict;
        }
        let route = seo_route(path);
        match manifest.classify(route) {
            Route::Page | Route::Search | Route::Admin | Route::SitePage => Verdict::Ok(None),
            Route::Post(slug) => {
                if facts.posts.contains(slug) {
                    Verdict::Ok(None)
                } else {
                    Verdict::Broken("No published post at this address".into())
                }
            }
            Route::Archive(kind, slug) => {
                if facts
                    .archives
                    .contains(&(kind.as_str().to_string(), slug.to_string()))
                {
                    Verdict::Ok(None)
                } else {
                    Verdict::Broken(format!("No {} archive at this address", kind.as_str()))
                }
            }
            Route::Preview(_) => Verdict::Broken(
                "A preview link: it stops working when it expires and shows a draft; link to the published page"
                    .into(),
            ),
            Route::Unknown if facts.site_pages.contains(&route.to_ascii_lowercase()) => {
                Verdict::Ok(None)
            }
            Route::Unknown => {
                // An archive's feed: /blog/category/{slug}/rss.xml.
                if let Some(archive) = route.strip_suffix("/rss.xml")
                    && let Route::Archive(kind, slug) = manifest.classify(archive)
                    && facts
                        .archives
                        .contains(&(kind.as_str().to_string(), slug.to_string()))
                {
                    return Verdict::Ok(None);
                }
                Verdict::Broken("No page at this address".into())
            }
        }
    }
}

/// Where `rule` sends `route`: its target, with the rest of the path after a prefix rule's
/// source; None for 410 Gone.
fn redirect_target(rule: &RedirectRule, route: &str) -> Option<String> {
    let mut target = rule.target.clone()?;
    if rule.prefix {
        let rest: String = route.chars().skip(rule.source.chars().count()).collect();
        let rest = rest.trim_start_matches('/');
        if !rest.is_empty() {
            if !target.ends_with('/') {
                target.push('/');
            }
            target.push_str(rest);
        }
    }
    Some(target)
}

/// The rule the site applies to `route` (see `seo_route`): an exact rule, else the longest
/// prefix rule covering it (`/old/` covers /old/anything and /old itself).
fn find_rule<'a>(rules: &'a [RedirectRule], route: &str) -> Option<&'a RedirectRule> {
    let key = route.to_lowercase();
    if let Some(rule) = rules.iter().find(|rule| !rule.prefix && rule.source == key) {
        return Some(rule);
    }
    let folder = format!("{key}/");
    rules
        .iter()
        .filter(|rule| rule.prefix && (key.starts_with(&rule.source) || folder == rule.source))
        .max_by_key(|rule| rule.source.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A route table of the app's shape (site-manifest.ts) with a few pages.
    fn manifest() -> SiteManifest {
        let module = |name: &str| format!("src/features/{name}.tsx");
        serde_json::from_value(serde_json::json!({
            "publicPages": ["/", "/about", "/contact", "/blog/dme-billing-coding-guide", "/blog"],
            "pageResources": ["pageSeo"],
            "dataPages": {"/blog": {"module": module("blog/blog-list-page"), "resources": ["blogPosts"]}},
            "post": {"prefix": "/blog/", "module": module("blog/blog-post-page"), "resources": ["blogPost"]},
            "archives": {
                "prefixes": {"category": "/blog/category/", "tag": "/blog/tag/", "author": "/blog/author/"},
                "module": module("blog/blog-archive-page"),
                "resources": ["blogArchive"],
            },
            "search": {"path": "/search", "module": module("search/search-page"), "resources": ["siteSearch"]},
            "notFoundResources": ["popularPosts", "sitePage"],
            "sitePage": {"module": module("site-pages/site-page-route"), "resources": ["sitePage"]},
            "previewPrefix": "/preview/",
            "adminPaths": ["/auth", "/admin"],
            "adminSections": ["/admin/"],
        }))
        .expect("a route table")
    }

    fn build() -> Build {
        Build {
            manifest: Some(manifest()),
            public_files: ["/favicon.svg", "/blog-images/a b.svg"]
                .into_iter()
                .map(String::from)
                .collect(),
            assets: ["/assets/index-abc.js".to_string()].into_iter().collect(),
        }
    }

    fn facts() -> Facts {
        Facts {
            posts: ["visible-post".to_string()].into_iter().collect(),
            site_pages: ["/spring-webinar".to_string()].into_iter().collect(),
            archives: [
                ("category", "billing"),
                ("tag", "cpap"),
                ("author", "dana-whitfield"),
            ]
            .into_iter()
            .map(|(kind, slug)| (kind.to_string(), slug.to_string()))
            .collect(),
            redirects: vec![
                RedirectRule {
                    source: "/old-page".into(),
                    prefix: false,
                    target: Some("/about".into()),
                },
                RedirectRule {
                    source: "/moved/".into(),
                    prefix: true,
                    target: Some("/blog/".into()),
                },
                RedirectRule {
                    source: "/to-nowhere".into(),
                    prefix: false,
                    target: Some("/no/such/page".into()),
                },
                RedirectRule {
                    source: "/elsewhere".into(),
                    prefix: false,
                    target: Some("https://partner.example/page".into()),
                },
                RedirectRule {
                    source: "/gone".into(),
                    prefix: false,
                    target: None,
                },
            ],
            stored: [("blog-images".to_string(), "chart one.png".to_string())]
                .into_iter()
                .collect(),
        }
    }

    #[test]
    fn links_inside_the_site_are_answered_as_the_server_answers_them() {
        let (build, facts) = (build(), facts());
        let verdicts: Vec<(&str, Verdict)> = [
            "/",
            "/about",
            "/About/",
            "/contact?utm_source=post",
            "/blog",
            "/blog/visible-post",
            "/blog/visible-post/",
            "/blog/dme-billing-coding-guide",
            "/blog/draft-or-missing",
            "/blog/category/billing",
            "/blog/category/billing/rss.xml",
            "/blog/category/no-such-category",
            "/blog/tag/cpap?page=2",
            "/blog/author/dana-whitfield",
            "/search?q=cpap",
            "/no/such/page",
            "/favicon.svg",
            "/blog-images/a%20b.svg",
            "/assets/index-abc.js",
            "/assets/index-old.js",
            "/robots.txt",
            "/sitemap.xml",
            "/rss.xml",
            "/storage/v1/object/public/blog-images/chart%20one.png",
            "/storage/v1/render/image/public/blog-images/chart%20one.png?width=400",
            "/storage/v1/object/public/blog-images/missing.png",
            "/storage/v1/object/sign/whitepapers/x.pdf?token=abc",
            "/rest/v1/blog_posts",
            "/old-page",
            "/OLD-PAGE/",
            "/moved/visible-post",
            "/moved/no-such-post",
            "/to-nowhere",
            "/elsewhere",
            "/gone",
            "/admin/blog",
            "/preview/abc123",
        ]
        .into_iter()
        .map(|link| (link, build.check(link, &facts)))
        .collect();
        insta::assert_debug_snapshot!(verdicts);
    }

    #[test]
    fn without_a_build_only_files_and_posts_data_can_be_checked() {
        let build = Build::default();
        let facts = facts();
        assert!(matches!(
            build.check("/about", &facts),
            Verdict::Unchecked(_)
        ));
        assert_eq!(
            build.check(
                "/storage/v1/object/public/blog-images/chart%20one.png",
                &facts
            ),
            Verdict::Ok(None)
        );
        assert_eq!(build.check("/rss.xml", &facts), Verdict::Ok(None));
    }

    #[test]
    fn stored_files_are_named_by_bucket_and_decoded_name() {
        assert_eq!(
            stored_file(&decoded_path(
                "/storage/v1/object/public/whitepapers/a%20b/c.pdf?download"
            )),
            Some(("whitepapers".into(), "a b/c.pdf".into()))
        );
        assert_eq!(stored_file("/storage/v1/object/public/whitepapers/"), None);
        assert_eq!(stored_file("/storage/v1/object/public/"), None);
        assert_eq!(stored_file("/storage/v1/object/authenticated/x/y"), None);
    }
}
