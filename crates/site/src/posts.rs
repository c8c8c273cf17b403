//! A published post as the site's sitemap, feeds and archives read it (loaded with the data
//! snapshot by `store`, written out by `feeds`).

/// A published blog_posts row, the columns the sitemap and the feeds use.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Post {
    pub(crate) slug: String,
    pub(crate) title: String,
    pub(crate) description: String,
    pub(crate) excerpt: Option<String>,
    pub(crate) tags: Vec<String>,
    pub(crate) noindex: bool,
    /// When it went on the site (`publish_at`, else `created_at`), for the feed and the sitemap.
    pub(crate) published: chrono::DateTime<chrono::Utc>,
    pub(crate) updated: chrono::DateTime<chrono::Utc>,
    /// The archives it is listed in (public.taxonomy_slug of its category, tags and author).
    pub(crate) archive_slugs: ArchiveSlugs,
}

/// The slugs of a post's category, tags and author, as the database makes them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct ArchiveSlugs {
    pub(crate) category: Option<String>,
    pub(crate) tags: Vec<String>,
    pub(crate) author: Option<String>,
}
