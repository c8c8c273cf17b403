//! The SEO data of the site, read as `anon` (so row-level security decides, as for the browser)
//! and kept in memory with everything rendered from it, until a write to page_seo_settings or
//! blog_posts is announced (see `listen`) and the cache is dropped.
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use cb_db::sqlx::{self, PgPool};

use crate::delivery::Rendered;
use crate::feeds::Sitemap;
use crate::posts::Post;
use crate::redirects::RuleTable;
use crate::reloadable::Reloadable;
use crate::site_manifest::ArchiveKind;

mod queries;

use queries::{POPULAR_POSTS_SQL, load};
pub(crate) use queries::{PreviewLookup, next_publish_in, post_row, preview};

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
    /// What a GET of a path without a query was answered with, when it was a kept page, and the
    /// redirect rules it was answered under (see `crate::kept_pages`).
    answers: RwLock<HashMap<Box<str>, PathAnswer>>,
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

/// A kept page a path was answered with.
#[derive(Debug)]
struct PathAnswer {
    /// The rules it was answered under: it stands while they are the rules in force.
    redirects: Arc<RuleTable>,
    rendered: Arc<Rendered>,
}

impl Snapshot {
    /// Until a scheduled post goes live.
    fn is_current(&self) -> bool {
        self.stale_at
            .is_none_or(|at| tokio::time::Instant::now() < at)
    }

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

    /// Remembers that a GET of `path` with no query, under the redirect rules `redirects`, was
    /// answered with the page kept under `key`, `rendered` (nothing when it is not the one
    /// kept, or when `path` is new and the paths remembered are as many as pages may be kept).
    pub(crate) fn remember_answer(
        &self,
        path: &str,
        redirects: &Arc<RuleTable>,
        key: &str,
        rendered: &Arc<Rendered>,
    ) {
        let kept = self
            .cached(key)
            .is_some_and(|kept| Arc::ptr_eq(&kept, rendered));
        if !kept {
            return;
        }
        let mut answers = self
            .answers
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if answers.len() < MAX_RENDERED || answers.contains_key(path) {
            answers.insert(
                path.into(),
                PathAnswer {
                    redirects: Arc::clone(redirects),
                    rendered: Arc::clone(rendered),
                },
            );
        }
    }

    /// The page a GET of `path` with no query was answered with, if it was answered under the
    /// redirect rules `redirects`.
    pub(crate) fn answer(&self, path: &str, redirects: &Arc<RuleTable>) -> Option<Arc<Rendered>> {
        self.answers
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(path)
            .filter(|answer| Arc::ptr_eq(&answer.redirects, redirects))
            .map(|answer| Arc::clone(&answer.rendered))
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

    /// The current snapshot if one is loaded and no scheduled post has gone live since.
    pub(crate) fn kept_snapshot(&self) -> Option<Arc<Snapshot>> {
        self.current.kept(Snapshot::is_current)
    }

    /// The current snapshot, loading it (once, whoever asks concurrently) when there is none or
    /// a scheduled post has gone live since.
    pub(crate) async fn snapshot(&self) -> Result<Arc<Snapshot>, sqlx::Error> {
        self.current
            .get_or_load(Snapshot::is_current, || async {
                // Asked before the data is read: a post going live in between makes this
                // snapshot stale at once rather than never.
                let stale_at = next_publish_in(&self.pool)
                    .await?
                    .map(|wait| tokio::time::Instant::now() + wait);
                Ok(Snapshot {
                    data: load(&self.pool).await?,
                    stale_at,
                    rendered: Mutex::default(),
                    answers: RwLock::default(),
                    in_flight: Mutex::default(),
                    sitemap: OnceLock::new(),
                    popular_posts: tokio::sync::OnceCell::new(),
                })
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delivery::HTML;
    use http::{HeaderMap, StatusCode};

    fn snapshot() -> Snapshot {
        Snapshot {
            data: SiteData::default(),
            stale_at: None,
            rendered: Mutex::default(),
            answers: RwLock::default(),
            in_flight: Mutex::default(),
            sitemap: OnceLock::new(),
            popular_posts: tokio::sync::OnceCell::new(),
        }
    }

    fn page(text: &str) -> Rendered {
        Rendered::for_one_request(StatusCode::OK, HTML, text.to_string(), &HeaderMap::new())
    }

    fn answers(
        snapshot: &Snapshot,
        path: &str,
        rules: &Arc<RuleTable>,
        rendered: &Arc<Rendered>,
    ) -> bool {
        snapshot
            .answer(path, rules)
            .is_some_and(|answer| Arc::ptr_eq(&answer, rendered))
    }

    #[test]
    fn a_path_is_answered_with_the_kept_page_under_the_rules_it_was_answered_under() {
        let snapshot = snapshot();
        let rules = Arc::new(RuleTable::default());
        let kept = snapshot.keep("page:/", page("<p>home</p>"));
        // A rendering of the same key that is not the one kept (the cache was full, or it went
        // out unrendered) is not remembered.
        snapshot.remember_answer("/", &rules, "page:/", &Arc::new(page("<p>home</p>")));
        assert!(snapshot.answer("/", &rules).is_none());

        snapshot.remember_answer("/", &rules, "page:/", &kept);
        assert!(answers(&snapshot, "/", &rules, &kept));
        assert!(snapshot.answer("/other", &rules).is_none());
        // Other rules in force (an edit since): not answered.
        assert!(
            snapshot
                .answer("/", &Arc::new(RuleTable::default()))
                .is_none()
        );

        // Kept again (rendered on a new day): the path's answer follows.
        let again = snapshot.keep("page:/", page("<p>home, later</p>"));
        snapshot.remember_answer("/", &rules, "page:/", &again);
        assert!(answers(&snapshot, "/", &rules, &again));
    }

    #[test]
    fn new_paths_are_remembered_up_to_the_cap_and_known_ones_still_change() {
        let snapshot = snapshot();
        let rules = Arc::new(RuleTable::default());
        let kept = snapshot.keep("page:/", page("<p>home</p>"));
        for n in 0..MAX_RENDERED {
            snapshot.remember_answer(&format!("/{n}"), &rules, "page:/", &kept);
        }
        assert!(answers(
            &snapshot,
            &format!("/{}", MAX_RENDERED - 1),
            &rules,
            &kept
        ));
        snapshot.remember_answer("/one-too-many", &rules, "page:/", &kept);
        assert!(snapshot.answer("/one-too-many", &rules).is_none());

        let again = snapshot.keep("page:/", page("<p>home, later</p>"));
        snapshot.remember_answer("/0", &rules, "page:/", &again);
        assert!(answers(&snapshot, "/0", &rules, &again));
    }
}
