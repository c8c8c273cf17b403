//! The app's route table as the server needs it, read from the build
//! (`dist/.ssr/site-manifest.json`, written from frontend/src/app/site-manifest.ts): which paths
//! are public pages, which are blog posts, which belong to the admin, which render the
//! not-found page, and what each data page embeds. Routes are written once, in the app; the
//! shared vectors (frontend/src/app/site-vectors.json) pin this classification to the client's.
use std::collections::BTreeMap;

use serde::Deserialize;

/// The build's description of the app's routes (site-manifest.ts `SiteManifest`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct SiteManifest {
    /// The public pages with a fixed path, including the five hand-made articles.
    public_pages: Vec<String>,
    /// What every public page, and a path no route has, embeds.
    page_resources: Vec<Resource>,
    data_pages: BTreeMap<String, DataPage>,
    post: PostRoute,
    /// The category, tag and author archives: `{prefix}{slug}`, paged with `?page=N`.
    archives: ArchiveRoutes,
    /// The site search page, `{path}?q=..&page=N`.
    search: SearchRoute,
    /// What a path no route has embeds beside `page_resources` (the not-found page's lists, and
    /// the block page that may be there).
    not_found_resources: Vec<Resource>,
    /// A block page staff created at a path no route has: its module and what it embeds.
    site_page: DataPage,
    preview_prefix: String,
    admin_paths: Vec<String>,
    admin_sections: Vec<String>,
}

/// A page rendered from the database: its page module (the build manifest's key, whose chunk
/// is preloaded) and the resources it embeds.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DataPage {
    pub(crate) module: String,
    pub(crate) resources: Vec<Resource>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct PostRoute {
    prefix: String,
    #[serde(flatten)]
    page: DataPage,
}

/// The blog's archives, one prefix per kind, sharing one page module.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct ArchiveRoutes {
    prefixes: ArchivePrefixes,
    #[serde(flatten)]
    page: DataPage,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct ArchivePrefixes {
    category: String,
    tag: String,
    author: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchRoute {
    path: String,
    #[serde(flatten)]
    page: DataPage,
}

/// Which posts an archive lists (public.blog_archive's `kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ArchiveKind {
    Category,
    Tag,
    Author,
}

impl ArchiveKind {
    pub(crate) const ALL: [Self; 3] = [Self::Category, Self::Tag, Self::Author];

    /// Its name in the database and the page's data.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Category => "category",
            Self::Tag => "tag",
            Self::Author => "author",
        }
    }
}

/// The data a server-rendered page embeds, by the name its feature reads it by
/// (frontend/src/lib/page-data.ts). The server knows how to load each; a manifest naming
/// another is refused at startup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) enum Resource {
    /// The route's page_seo_settings row, or null.
    PageSeo,
    /// The public blog list.
    BlogPosts,
    /// A post's own row.
    BlogPost,
    /// The whitepaper list.
    Whitepapers,
    /// Whether each whitepaper's file is in the bucket.
    WhitepaperFiles,
    /// An archive's page of posts (public.blog_archive).
    BlogArchive,
    /// A page of search results (public.search_site).
    SiteSearch,
    /// The posts shown under a post (public.related_posts).
    RelatedPosts,
    /// The most read posts, on the not-found page (public.popular_posts).
    PopularPosts,
    /// The route's live block page (public.block_pages), or null.
    SitePage,
}

impl Resource {
    /// Its name in the page's embedded data.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::PageSeo => "pageSeo",
            Self::BlogPosts => "blogPosts",
            Self::BlogPost => "blogPost",
            Self::Whitepapers => "whitepapers",
            Self::WhitepaperFiles => "whitepaperFiles",
            Self::BlogArchive => "blogArchive",
            Self::SiteSearch => "siteSearch",
            Self::RelatedPosts => "relatedPosts",
            Self::PopularPosts => "popularPosts",
            Self::SitePage => "sitePage",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Route<'a> {
    /// A page of the manifest's public pages: its head comes from its page_seo_settings record.
    Page,
    /// `/blog/{slug}` other than the fixed articles: the post builds its own head.
    Post(&'a str),
    /// `/blog/{category|tag|author}/{slug}`: the posts of one category, tag or author.
    Archive(ArchiveKind, &'a str),
    /// The site search page.
    Search,
    /// A live block page at a path no route has (known from the data, never from `classify`).
    SitePage,
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

impl SiteManifest {
    /// The public pages with a fixed path, the home page first.
    pub(crate) fn public_pages(&self) -> &[String] {
        &self.public_pages
    }

    /// The path of the post `slug`.
    pub(crate) fn post_path(&self, slug: &str) -> String {
        format!("{}{slug}", self.post.prefix)
    }

    /// The slug a post path names (a fixed article's path names one too).
    pub(crate) fn post_slug<'a>(&self, route: &'a str) -> Option<&'a str> {
        one_segment_after(route, &self.post.prefix)
    }

    /// The module of a blog post's page.
    pub(crate) fn post_module(&self) -> &str {
        &self.post.page.module
    }

    /// The path of an archive.
    pub(crate) fn archive_path(&self, kind: ArchiveKind, slug: &str) -> String {
        format!("{}{slug}", self.archive_prefix(kind))
    }

    fn archive_prefix(&self, kind: ArchiveKind) -> &str {
        let prefixes = &self.archives.prefixes;
        match kind {
            ArchiveKind::Category => &prefixes.category,
            ArchiveKind::Tag => &prefixes.tag,
            ArchiveKind::Author => &prefixes.author,
        }
    }

    /// The archive a path names, if it names one.
    fn archive<'a>(&self, route: &'a str) -> Option<(ArchiveKind, &'a str)> {
        ArchiveKind::ALL.into_iter().find_map(|kind| {
            one_segment_after(route, self.archive_prefix(kind)).map(|slug| (kind, slug))
        })
    }

    /// The archive whose feed `path` is (`{archive path}/rss.xml`).
    pub(crate) fn archive_feed<'a>(&self, path: &'a str) -> Option<(ArchiveKind, &'a str)> {
        self.archive(path.strip_suffix("/rss.xml")?)
    }

    /// The search page's path.
    pub(crate) fn search_path(&self) -> &str {
        &self.search.path
    }

    /// The module a page of `classified` renders, when it is one of the pages rendered from the
    /// database (a fixed page's is in its own chunk, preloaded by the entry).
    pub(crate) fn module_of(&self, route: &str, classified: Route<'_>) -> Option<&str> {
        match classified {
            Route::Post(_) => Some(self.post_module()),
            Route::Archive(..) => Some(&self.archives.page.module),
            Route::Search => Some(&self.search.page.module),
            Route::SitePage => Some(&self.site_page.module),
            Route::Page => self.data_page(route).map(|page| page.module.as_str()),
            Route::Admin | Route::Preview(_) | Route::Unknown => None,
        }
    }

    /// Every page module the server preloads: the data pages', the post page's, the archives'
    /// and the search page's.
    pub(crate) fn page_modules(&self) -> impl Iterator<Item = &str> {
        self.data_pages
            .values()
            .chain([
                &self.post.page,
                &self.archives.page,
                &self.search.page,
                &self.site_page,
            ])
            .map(|page| page.module.as_str())
    }

    /// Whether `route` is one of the site's own pages built from blocks (its block page may be
    /// missing: then it is not found).
    pub(crate) fn is_site_page(&self, route: &str) -> bool {
        self.data_page(route)
            .is_some_and(|page| page.resources.contains(&Resource::SitePage))
    }

    /// The data page at `route`, if it is one (matched as static segments are).
    pub(crate) fn data_page(&self, route: &str) -> Option<&DataPage> {
        self.data_pages
            .iter()
            .find(|(path, _)| path.eq_ignore_ascii_case(route))
            .map(|(_, page)| page)
    }

    /// What a page of `route` embeds: a post its row; any other page its SEO record, and a
    /// data page its lists.
    pub(crate) fn resources(&self, route: &str, classified: Route<'_>) -> Vec<Resource> {
        let own = match classified {
            Route::Post(_) => return self.post.page.resources.clone(),
            Route::Archive(..) => return self.archives.page.resources.clone(),
            Route::Search => return self.search.page.resources.clone(),
            Route::SitePage => self.site_page.resources.as_slice(),
            Route::Page => self
                .data_page(route)
                .map_or(&[][..], |page| page.resources.as_slice()),
            Route::Unknown => self.not_found_resources.as_slice(),
            Route::Admin | Route::Preview(_) => &[],
        };
        let mut resources = self.page_resources.clone();
        resources.extend(own);
        resources
    }

    /// What `route` (from [`seo_route`]) renders. Static segments match case-insensitively, as
    /// react-router's do; a slug is passed on as written (the client looks it up as written).
    pub(crate) fn classify<'a>(&self, route: &'a str) -> Route<'a> {
        if route.eq_ignore_ascii_case(&self.search.path) {
            return Route::Search;
        }
        if self.fixed_page(route).is_some() {
            return Route::Page;
        }
        if let Some((kind, slug)) = self.archive(route) {
            return Route::Archive(kind, slug);
        }
        if let Some(slug) = self.post_slug(route) {
            return Route::Post(slug);
        }
        if let Some(token) = one_segment_after(route, &self.preview_prefix) {
            return Route::Preview(token);
        }
        let admin = self
            .admin_paths
            .iter()
            .any(|path| path.eq_ignore_ascii_case(route))
            || self
                .admin_sections
                .iter()
                .any(|section| strip_prefix_ignore_case(route, section).is_some());
        if admin {
            return Route::Admin;
        }
        Route::Unknown
    }

    /// The one spelling of a page's or post's path (the public page's own case, no trailing
    /// slash), when `path` is another: such a request is redirected there, so each page has one
    /// URL (and one cached rendering whose embedded data names the path the browser is on).
    pub(crate) fn canonical_path(&self, path: &str, route: Route<'_>) -> Option<String> {
        let canonical = match route {
            Route::Page => self.fixed_page(seo_route(path))?.to_string(),
            Route::Post(slug) => self.post_path(slug),
            Route::Archive(kind, slug) => self.archive_path(kind, slug),
            Route::Search => self.search.path.clone(),
            // Stored in lower case: `serve` sends other spellings there.
            Route::SitePage => seo_route(path).to_ascii_lowercase(),
            Route::Admin | Route::Preview(_) | Route::Unknown => return None,
        };
        (canonical != path).then_some(canonical)
    }

    fn fixed_page(&self, route: &str) -> Option<&str> {
        self.public_pages
            .iter()
            .find(|page| page.eq_ignore_ascii_case(route))
            .map(String::as_str)
    }
}

/// The one non-empty segment after `prefix` (matched case-insensitively) in `route`.
fn one_segment_after<'a>(route: &'a str, prefix: &str) -> Option<&'a str> {
    strip_prefix_ignore_case(route, prefix).filter(|rest| !rest.is_empty() && !rest.contains('/'))
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

/// The build's manifest and the shared vectors, for the tests of this crate.
#[cfg(test)]
pub(crate) mod testing {
    use super::SiteManifest;

    /// The text of the frontend build's manifest (`make frontend` writes it; `make test-rust`
    /// builds the frontend first).
    pub(crate) fn built_manifest_text() -> String {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../frontend/dist/.ssr/site-manifest.json"
        );
        std::fs::read_to_string(path)
            .unwrap_or_else(|err| panic!("{path}: {err}; build the frontend first (make frontend)"))
    }

    pub(crate) fn built_manifest() -> SiteManifest {
        serde_json::from_str(&built_manifest_text()).expect("the build's site manifest")
    }

    /// frontend/src/app/site-vectors.json, which vitest checks against the client.
    pub(crate) fn vectors() -> serde_json::Value {
        serde_json::from_str(include_str!("../../../frontend/src/app/site-vectors.json"))
            .expect("the shared site vectors")
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{built_manifest, vectors};
    use super::*;

    #[test]
    fn routes_are_classified_like_the_client_router_and_have_one_spelling() {
        let manifest = built_manifest();
        let vectors = vectors();
        let routes = vectors["routes"].as_array().unwrap();
        assert!(routes.len() > 20);
        for vector in routes {
            let path = vector["path"].as_str().unwrap();
            let classified = manifest.classify(seo_route(path));
            let kind = match classified {
                Route::Page => "page",
                Route::Post(_) => "post",
                Route::Archive(..) => "archive",
                Route::Search => "search",
                Route::SitePage => "site page",
                Route::Admin => "admin",
                Route::Preview(_) => "preview",
                Route::Unknown => "unknown",
            };
            assert_eq!(kind, vector["kind"], "{path}");
            if let Route::Post(slug) = classified {
                assert_eq!(slug, vector["slug"], "{path}");
            }
            if let Route::Archive(archive, slug) = classified {
                assert_eq!(slug, vector["slug"], "{path}");
                assert_eq!(archive.as_str(), vector["archive"], "{path}");
            }
            assert_eq!(
                manifest.canonical_path(path, classified).as_deref(),
                vector["canonical"].as_str(),
                "{path}"
            );
        }
    }

    #[test]
    fn data_pages_embed_their_lists_and_posts_their_row() {
        let manifest = built_manifest();
        let classified = |route| manifest.resources(route, manifest.classify(route));
        // The marketing pages are block pages: their blocks, and the whitepapers if a block
        // shows them; a path no route has may be a block page staff created.
        let block_page = [Resource::PageSeo, Resource::SitePage, Resource::Whitepapers];
        assert_eq!(classified("/about"), block_page);
        assert_eq!(classified("/"), block_page);
        assert_eq!(classified("/contact"), [Resource::PageSeo]);
        assert_eq!(
            classified("/no/such/page"),
            [
                Resource::PageSeo,
                Resource::PopularPosts,
                Resource::SitePage,
                Resource::Whitepapers
            ]
        );
        assert_eq!(
            manifest.resources("/spring-webinar", Route::SitePage),
            block_page
        );
        assert!(manifest.is_site_page("/rcm-services") && !manifest.is_site_page("/contact"));
        assert_eq!(
            classified("/blog/dme-billing-coding-guide"),
            [Resource::PageSeo, Resource::RelatedPosts]
        );
        assert_eq!(classified("/blog/tag/oxygen"), [Resource::BlogArchive]);
        assert_eq!(classified("/search"), [Resource::SiteSearch]);
        assert_eq!(
            classified("/Downloads"),
            [
                Resource::PageSeo,
                Resource::Whitepapers,
                Resource::WhitepaperFiles
            ]
        );
        assert_eq!(
            classified("/blog/new-post"),
            [Resource::BlogPost, Resource::RelatedPosts]
        );
        assert_eq!(
            manifest.data_page("/blog").map(|page| page.module.as_str()),
            Some("src/features/blog/blog-list-page.tsx")
        );
        assert_eq!(
            manifest.post_module(),
            "src/features/blog/blog-post-page.tsx"
        );
        // /blog, /whitepapers, /downloads, the five articles, the six marketing pages, a post,
        // the archives, the search and a block page at a new route.
        assert_eq!(manifest.page_modules().count(), 18);
        assert_eq!(
            manifest.archive_feed("/blog/category/billing-coding/rss.xml"),
            Some((ArchiveKind::Category, "billing-coding"))
        );
        assert_eq!(manifest.archive_feed("/blog/rss.xml"), None);
    }

    #[test]
    fn a_manifest_naming_an_unknown_resource_or_field_is_refused() {
        let text = super::testing::built_manifest_text();
        assert!(serde_json::from_str::<SiteManifest>(&text).is_ok());
        for (from, to) in [
            ("\"blogPosts\"", "\"blogPostz\""),
            ("\"previewPrefix\"", "\"previewPrefixes\""),
        ] {
            let changed = text.replacen(from, to, 1);
            assert_ne!(changed, text, "{from}");
            assert!(
                serde_json::from_str::<SiteManifest>(&changed).is_err(),
                "{to}"
            );
        }
    }
}
