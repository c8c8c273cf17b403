//! What the site reads from the database, as `anon` unless said otherwise: the snapshot's data,
//! one post's row, a preview, and when the next scheduled post goes live.
use std::collections::HashMap;

use cb_db::sqlx::{self, PgPool, Row as _};

use super::{Resources, SiteData, SitePage, Taxonomy};
use crate::posts::{ArchiveSlugs, Post};
use crate::site_manifest::ArchiveKind;

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
pub(super) const POPULAR_POSTS_SQL: &str =
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

pub(super) async fn load(pool: &PgPool) -> Result<SiteData, sqlx::Error> {
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
