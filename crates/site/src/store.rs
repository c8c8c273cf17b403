//! The SEO data of the site, read as `anon` (so row-level security decides, as for the browser)
//! and kept in memory with everything rendered from it, until a write to page_seo_settings or
//! blog_posts is announced (see `listen`) and the cache is dropped.
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, OnceLock};

use cb_db::sqlx::{self, PgPool, Row as _};

use crate::delivery::Rendered;
use crate::feeds::Sitemap;
use crate::reloadable::Reloadable;
use crate::site_manifest::ArchiveKind;

/// What the database says about the site at one moment.
#[derive(Debug, Default)]
pub(crate) struct SiteData {
    /// Published posts, newest first.
    pub(crate) posts: Vec<Post>,
    post_index: HashMap<String, usize>,
    /// Every category, tag and author with an archive (public.blog_taxonomies).
    pub(crate) taxonomies: Vec<Taxonomy>,
    /// What the server-rendered pages read, each as the browser's query returns it
    /// (frontend/src/lib/page-data.ts): the rows as /rest/v1 answers them.
    pub(crate) resources: Resources,
}

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

/// The rows the data pages are rendered from (a post's own row is read when its page is).
#[derive(Debug, Default)]
pub(crate) struct Resources {
    /// Every page_seo_settings row (`select *`), by page_route.
    pub(crate) page_records: HashMap<String, serde_json::Value>,
    /// The public blog list (spec §7 "Blog list (public)").
    pub(crate) blog_posts: serde_json::Value,
    /// The whitepaper list (spec §7 "Whitepaper list").
    pub(crate) whitepapers: serde_json::Value,
    /// Whether each whitepaper's file_path is a file in the whitepapers bucket, as the
    /// browser's check finds it (a storage list of the bucket's top level searched by the path).
    pub(crate) whitepaper_files: serde_json::Value,
    /// The live block pages by route.
    pub(crate) site_pages: HashMap<String, SitePage>,
}

/// A live block page (public.block_pages).
#[derive(Debug)]
pub(crate) struct SitePage {
    /// As the browser's query reads it (features/site-pages/site-page-query.ts).
    pub(crate) record: serde_json::Value,
    pub(crate) updated_at: chrono::DateTime<chrono::Utc>,
    /// Whether a block shows the whitepaper list (the page then embeds it).
    pub(crate) shows_whitepapers: bool,
}

/// A category, tag or author with an archive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Taxonomy {
    pub(crate) kind: ArchiveKind,
    pub(crate) slug: String,
    pub(crate) name: String,
    /// Its published posts (0: an archive with SEO settings but no posts yet).
    pub(crate) posts: i32,
    pub(crate) last_modified: Option<chrono::DateTime<chrono::Utc>>,
}

impl SiteData {
    pub(crate) fn new(posts: Vec<Post>, taxonomies: Vec<Taxonomy>, resources: Resources) -> Self {
        let post_index = posts
            .iter()
            .enumerate()
            .map(|(index, post)| (post.slug.clone(), index))
            .collect();
        Self {
            posts,
            post_index,
            taxonomies,
            resources,
        }
    }

    /// Whether the page_seo_settings record of `route` keeps it out of search engines.
    pub(crate) fn page_noindex(&self, route: &str) -> bool {
        self.resources
            .page_records
            .get(route)
            .and_then(|record| record.get("noindex"))
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(false)
    }

    pub(crate) fn post(&self, slug: &str) -> Option<&Post> {
        self.post_index.get(slug).map(|&index| &self.posts[index])
    }

    /// The live block page at `route` (stored in lower case), if there is one.
    pub(crate) fn site_page(&self, route: &str) -> Option<&SitePage> {
        self.resources.site_pages.get(route)
    }

    /// The archive `kind`/`slug`, if it has one.
    pub(crate) fn taxonomy(&self, kind: ArchiveKind, slug: &str) -> Option<&Taxonomy> {
        self.taxonomies
            .iter()
            .find(|taxonomy| taxonomy.kind == kind && taxonomy.slug == slug)
    }

    /// The published posts of an archive, newest first.
    pub(crate) fn archive_posts(
        &self,
        kind: ArchiveKind,
        slug: &str,
    ) -> impl Iterator<Item = &Post> + Clone {
        self.posts.iter().filter(move |post| {
            let slugs = &post.archive_slugs;
            match kind {
                ArchiveKind::Category => slugs.category.as_deref() == Some(slug),
                ArchiveKind::Tag => slugs.tags.iter().any(|tag| tag == slug),
                ArchiveKind::Author => slugs.author.as_deref() == Some(slug),
            }
        })
    }
}

/// Responses kept per snapshot (a page is about 15 KB in its three encodings): past this, with
/// tens of thousands of posts being crawled, further pages are rendered per request instead.
const MAX_RENDERED: usize = 4096;

/// The data plus every response rendered from it, keyed by what identifies the response.
#[derive(Debug)]
pub(crate) struct Snapshot {
    pub(crate) data: SiteData,
    /// When the next scheduled post goes live: the snapshot is stale from then on, with no
    /// write (and so no notification) to say so.
    stale_at: Option<tokio::time::Instant>,
    rendered: Mutex<HashMap<String, Arc<Rendered>>>,
    /// Renders under way, by key: requests that miss the same page wait for one render.
    in_flight: Mutex<HashMap<String, Arc<Flight>>>,
    /// Built once: every sitemap file is cut from it.
    sitemap: OnceLock<Sitemap>,
    /// The most read posts (public.popular_posts), which the not-found page suggests: read on
    /// the first not-found page, not with the rest of the data (it scans a month of page views,
    /// and every edit reloads the snapshot). Views change without a notification: it is as fresh
    /// as the snapshot.
    popular_posts: tokio::sync::OnceCell<serde_json::Value>,
}

/// One render under way; everyone who asked gets its answer.
pub(crate) type Flight = tokio::sync::OnceCell<Arc<Rendered>>;

impl Snapshot {
    pub(crate) fn sitemap(&self, build: impl FnOnce(&SiteData) -> Sitemap) -> &Sitemap {
        self.sitemap.get_or_init(|| build(&self.data))
    }

    /// public.popular_posts(4) as the browser's RPC call returns it, read as `anon` once per
    /// snapshot.
    pub(crate) async fn popular_posts(
        &self,
        pool: &PgPool,
    ) -> Result<serde_json::Value, sqlx::Error> {
        self.popular_posts
            .get_or_try_init(|| async {
                let mut tx =
                    cb_db::begin_scoped(pool, &cb_db::RequestContext::for_role("anon"), true)
                        .await?;
                let popular = sqlx::query_scalar(POPULAR_POSTS_SQL)
                    .fetch_one(&mut *tx)
                    .await?;
                tx.rollback().await?;
                Ok(popular)
            })
            .await
            .cloned()
    }

    /// The response cached under `key`, if any.
    pub(crate) fn cached(&self, key: &str) -> Option<Arc<Rendered>> {
        self.lock().get(key).cloned()
    }

    /// Keeps `rendered` under `key` (replacing what was there), unless the cache is full.
    pub(crate) fn keep(&self, key: &str, rendered: Rendered) -> Arc<Rendered> {
        let rendered = Arc::new(rendered);
        let mut cached = self.lock();
        if cached.len() < MAX_RENDERED || cached.contains_key(key) {
            cached.insert(key.to_string(), rendered.clone());
        }
        rendered
    }

    /// The response cached under `key`, rendered by `render` the first time.
    pub(crate) fn rendered(
        &self,
        key: &str,
        render: impl FnOnce(&SiteData) -> Rendered,
    ) -> Arc<Rendered> {
        // Rendered outside the lock: two requests may render the same response once each.
        self.cached(key)
            .unwrap_or_else(|| self.keep(key, render(&self.data)))
    }

    /// The page under `key`, rendered by `render` once however many requests miss it at the
    /// same time (after an edit, every reader of a page misses it at once; each rendering it
    /// would multiply the work by the number of readers).
    pub(crate) async fn render_once<F>(&self, key: &str, render: F) -> Arc<Rendered>
    where
        F: Future<Output = Arc<Rendered>>,
    {
        let flight = Arc::clone(self.flights().entry(key.to_string()).or_default());
        let rendered = Arc::clone(flight.get_or_init(|| render).await);
        // Done: the next miss (an unkept fallback, a new day) renders again.
        let mut in_flight = self.flights();
        if in_flight
            .get(key)
            .is_some_and(|current| Arc::ptr_eq(current, &flight))
        {
            in_flight.remove(key);
        }
        rendered
    }

    fn flights(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Flight>>> {
        self.in_flight
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Rendered>>> {
        self.rendered
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The current snapshot, loaded on first use after each invalidation.
#[derive(Debug)]
pub(crate) struct SiteCache {
    pool: PgPool,
    current: Reloadable<Snapshot>,
}

impl SiteCache {
    pub(crate) fn new(pool: PgPool) -> Self {
        Self {
            pool,
            current: Reloadable::default(),
        }
    }

    pub(crate) fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Drops the snapshot; the next request loads a fresh one.
    pub(crate) fn invalidate(&self) {
        self.current.invalidate();
    }

    /// The current snapshot, loading it (once, whoever asks concurrently) when there is none or
    /// a scheduled post has gone live since.
    pub(crate) async fn snapshot(&self) -> Result<Arc<Snapshot>, sqlx::Error> {
        let fresh = |snapshot: &Snapshot| {
            snapshot
                .stale_at
                .is_none_or(|at| tokio::time::Instant::now() < at)
        };
        self.current
            .get_or_load(fresh, || async {
                // Asked before the data is read: a post going live in between makes this
                // snapshot stale at once rather than never.
                let stale_at = next_publish_in(&self.pool)
                    .await?
                    .map(|wait| tokio::time::Instant::now() + wait);
                Ok(Snapshot {
                    data: load(&self.pool).await?,
                    stale_at,
                    rendered: Mutex::default(),
                    in_flight: Mutex::default(),
                    sitemap: OnceLock::new(),
                    popular_posts: tokio::sync::OnceCell::new(),
                })
            })
            .await
    }
}

/// Each record as /rest/v1 answers `select *` (the JSON of the row).
const PAGE_RECORDS_SQL: &str =
    "select page_route, to_jsonb(p) as record from public.page_seo_settings p";

/// frontend/src/features/blog/blog-list-query.ts: the card columns of published posts, newest
/// first.
const BLOG_LIST_SQL: &str = "select coalesce(jsonb_agg(jsonb_build_object(
        'id', id, 'title', title, 'slug', slug, 'description', description,
        'category', category, 'read_time', read_time, 'created_at', created_at)
        order by created_at desc), '[]'::jsonb)
   from public.blog_posts
  where published";

/// frontend/src/data/whitepapers/whitepapers-query.ts: featured first, then newest.
const WHITEPAPERS_SQL: &str = "select coalesce(jsonb_agg(to_jsonb(w)
        order by w.featured desc, w.created_at desc), '[]'::jsonb)
   from public.whitepapers w";

/// frontend/src/data/whitepapers/file-exists-query.ts lists the bucket's top level searched
/// by the path and looks for an entry of that exact name: a file directly in the bucket.
const WHITEPAPER_FILES_SQL: &str = "select coalesce(jsonb_object_agg(w.file_path,
        strpos(w.file_path, '/') = 0 and exists (
          select 1 from storage.objects o
           where o.bucket_id = 'whitepapers' and o.name = w.file_path)), '{}'::jsonb)
   from public.whitepapers w
  where coalesce(w.file_path, '') <> ''";

/// frontend/src/features/site-pages/site-page-query.ts (SITE_PAGE_COLUMNS): the live block
/// pages (row-level security gives anon nothing else).
const SITE_PAGES_SQL: &str = "select route, updated_at,
        jsonb_build_object('id', id, 'route', route, 'name', name, 'blocks', blocks) as record,
        jsonb_path_exists(blocks, '$[*] ? (@.kind == \"whitepaper-cards\")') as shows_whitepapers
   from public.block_pages";

/// The not-found page's suggestions (frontend/src/app/routes/not-found.tsx).
const POPULAR_POSTS_SQL: &str =
    "select coalesce(jsonb_agg(to_jsonb(p)), '[]'::jsonb) from public.popular_posts(4) p";

/// The archives (sitemap, feeds, statuses).
const TAXONOMIES_SQL: &str =
    "select kind, slug, name, posts, last_modified from public.blog_taxonomies()";

/// frontend/src/features/blog/blog-post-query.ts: one published post, every column.
const POST_ROW_SQL: &str =
    "select to_jsonb(b) from public.blog_posts b where b.slug = $1 and b.published";

/// The published post `slug` as the browser's query returns it (null when there is none), read
/// as `anon`.
pub(crate) async fn post_row(pool: &PgPool, slug: &str) -> Result<serde_json::Value, sqlx::Error> {
    let mut tx = cb_db::begin_scoped(pool, &cb_db::RequestContext::for_role("anon"), true).await?;
    let row: Option<serde_json::Value> = sqlx::query_scalar(POST_ROW_SQL)
        .bind(slug)
        .fetch_optional(&mut *tx)
        .await?;
    tx.rollback().await?;
    Ok(row.unwrap_or(serde_json::Value::Null))
}

/// What a preview token shows.
#[derive(Debug)]
pub(crate) enum PreviewLookup {
    /// public.preview's answer.
    Found(serde_json::Value),
    /// Why it shows nothing (unknown, revoked, expired), in the database's words.
    Refused(String),
}

/// public.preview(token), called as anon as the browser calls it.
pub(crate) async fn preview(pool: &PgPool, token: &str) -> Result<PreviewLookup, sqlx::Error> {
    let mut tx = cb_db::begin_scoped(pool, &cb_db::RequestContext::for_role("anon"), true).await?;
    let found = sqlx::query_scalar::<_, serde_json::Value>("select public.preview($1)::jsonb")
        .bind(token)
        .fetch_one(&mut *tx)
        .await;
    let lookup = match found {
        Ok(preview) => PreviewLookup::Found(preview),
        // The function's refusal (PT404: PostgREST answers 404).
        Err(sqlx::Error::Database(err)) if err.code().as_deref() == Some("PT404") => {
            PreviewLookup::Refused(err.message().to_string())
        }
        Err(err) => return Err(err),
    };
    tx.rollback().await?;
    Ok(lookup)
}

/// Published posts only (row-level security gives anon nothing else either).
const POSTS_SQL: &str = "select slug, title, description, excerpt, tags, noindex, updated_at,
        coalesce(publish_at, created_at) as published,
        public.taxonomy_slug(category) as category_slug,
        array(select s from unnest(tags) t, public.taxonomy_slug(t) s
               where s is not null) as tag_slugs,
        public.taxonomy_slug(author_name) as author_slug
   from public.blog_posts
  where published
  order by created_at desc, slug";

/// How long until the next scheduled post or block page goes live, by the database's clock.
/// Read as the server's own role: anon cannot see scheduled rows, not even when they are due.
const NEXT_PUBLISH_SQL: &str = "select extract(epoch from min(publish_at) - now())::float8
   from (select publish_at from public.blog_posts where published and publish_at > now()
         union all
         select publish_at from public.block_pages where published and publish_at > now()) due";

pub(crate) async fn next_publish_in(
    pool: &PgPool,
) -> Result<Option<std::time::Duration>, sqlx::Error> {
    let seconds: Option<f64> = sqlx::query_scalar(NEXT_PUBLISH_SQL).fetch_one(pool).await?;
    Ok(seconds
        .filter(|seconds| seconds.is_finite())
        .map(|seconds| std::time::Duration::from_secs_f64(seconds.max(0.0))))
}

/// A row of public.blog_taxonomies; None for a kind this server has no archive for.
fn taxonomy(row: &sqlx::postgres::PgRow) -> Result<Option<Taxonomy>, sqlx::Error> {
    let kind: String = row.try_get("kind")?;
    let Some(kind) = ArchiveKind::ALL
        .into_iter()
        .find(|known| known.as_str() == kind)
    else {
        return Ok(None);
    };
    Ok(Some(Taxonomy {
        kind,
        slug: row.try_get("slug")?,
        name: row.try_get("name")?,
        posts: row.try_get("posts")?,
        last_modified: row.try_get("last_modified")?,
    }))
}

async fn load(pool: &PgPool) -> Result<SiteData, sqlx::Error> {
    let mut tx = cb_db::begin_scoped(pool, &cb_db::RequestContext::for_role("anon"), true).await?;
    let posts = sqlx::query(POSTS_SQL)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|row| {
            Ok(Post {
                slug: row.try_get("slug")?,
                title: row.try_get("title")?,
                description: row.try_get("description")?,
                excerpt: row.try_get("excerpt")?,
                tags: row.try_get("tags")?,
                noindex: row.try_get("noindex")?,
                published: row.try_get("published")?,
                updated: row.try_get("updated_at")?,
                archive_slugs: ArchiveSlugs {
                    category: row.try_get("category_slug")?,
                    tags: row.try_get("tag_slugs")?,
                    author: row.try_get("author_slug")?,
                },
            })
        })
        .collect::<Result<Vec<Post>, sqlx::Error>>()?;
    let page_records = sqlx::query(PAGE_RECORDS_SQL)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|row| Ok((row.try_get("page_route")?, row.try_get("record")?)))
        .collect::<Result<HashMap<String, serde_json::Value>, sqlx::Error>>()?;
    let resources = Resources {
        page_records,
        blog_posts: sqlx::query_scalar(BLOG_LIST_SQL)
            .fetch_one(&mut *tx)
            .await?,
        whitepapers: sqlx::query_scalar(WHITEPAPERS_SQL)
            .fetch_one(&mut *tx)
            .await?,
        whitepaper_files: sqlx::query_scalar(WHITEPAPER_FILES_SQL)
            .fetch_one(&mut *tx)
            .await?,
        site_pages: sqlx::query(SITE_PAGES_SQL)
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .map(|row| {
                let page = SitePage {
                    record: row.try_get("record")?,
                    updated_at: row.try_get("updated_at")?,
                    shows_whitepapers: row.try_get("shows_whitepapers")?,
                };
                Ok((row.try_get("route")?, page))
            })
            .collect::<Result<HashMap<String, SitePage>, sqlx::Error>>()?,
    };
    let taxonomies = sqlx::query(TAXONOMIES_SQL)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .filter_map(|row| taxonomy(&row).transpose())
        .collect::<Result<Vec<Taxonomy>, sqlx::Error>>()?;
    tx.rollback().await?;
    Ok(SiteData::new(posts, taxonomies, resources))
}
