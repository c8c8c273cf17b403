//! The link checker's background work on one instance: scans and checks.
//!
//! A scan reads every published post's and every page's stored HTML, records its links and its
//! images without alt text, judges the links inside the site at once (`internal`) and queues
//! the others, all in one call of private.record_site_content. It runs when the site's content
//! changes (the `claimbridge_site` notification every write of posts, pages, whitepapers,
//! redirects and archives sends), when the listener (re)connects (a write may have been
//! missed), and on the timer.
//!
//! Checks take the due links to other sites from public.link_checks in small batches: rows
//! claimed with FOR UPDATE SKIP LOCKED and leased (another instance skips them; a crashed
//! instance's lease runs out), at most two per host per batch (the host spacing would make a
//! third wait), checked concurrently (`external`), each result written with the lease it was
//! claimed under. After a scan, and on the timer, whatever is due is checked.
use std::collections::HashSet;
use std::time::Duration;

use cb_db::Heard;
use cb_db::sqlx::{self, PgPool};
use chrono::{DateTime, Utc};
use futures_util::future::join_all;
use serde_json::{Value, json};
use tokio::sync::{Notify, watch};
use url::Url;

use super::external::{Checker, Outcome};
use super::extract::{Target, extract, target};
use super::internal::{Build, Facts, RedirectRule, decoded_path, stored_file};

const CHANNEL: &str = "claimbridge_site";
/// Links to other sites claimed per batch, and per host within a batch.
const BATCH: i64 = 16;
const PER_HOST: i64 = 2;
/// At start, the first scan waits this long for the listener (whose start triggers it).
const FIRST_SCAN_WAIT: Duration = Duration::from_secs(2);
/// The least time between the end of a scan and the start of the next.
const SCAN_GAP: Duration = Duration::from_secs(2);

/// What one instance's checker works with.
#[derive(Debug)]
pub(super) struct Job {
    pub(super) pool: PgPool,
    /// The site's public URL: links to its origin are inside the site.
    pub(super) site: Url,
    pub(super) build: Build,
    pub(super) checker: Checker,
    /// How often scans and checks run without a change.
    pub(super) interval: Duration,
    /// How long a claimed row stays this instance's.
    pub(super) lease: Duration,
}

/// Scans and checks until `stopped` says so (or its sender is gone).
pub(super) async fn run(job: Job, stopped: watch::Receiver<bool>) {
    let changed = Notify::new();
    let links_queued = Notify::new();
    let listen = async {
        cb_db::listen_until_closed(&job.pool, CHANNEL, "site health", |heard| {
            if !matches!(heard, Heard::NotListening) {
                changed.notify_one();
            }
        })
        .await;
        // The pool is closed: the other loops stop with the server.
        std::future::pending::<()>().await;
    };
    tokio::select! {
        () = listen => {}
        () = async {
            tokio::join!(
                scans(&job, &changed, &links_queued, stopped.clone()),
                checks(&job, &links_queued, stopped.clone()),
            );
        } => {}
    }
}

async fn scans(
    job: &Job,
    changed: &Notify,
    links_queued: &Notify,
    mut stopped: watch::Receiver<bool>,
) {
    tokio::select! {
        _ = stopped.changed() => return,
        () = changed.notified() => {}
        () = tokio::time::sleep(FIRST_SCAN_WAIT) => {}
    }
    loop {
        tokio::select! {
            _ = stopped.changed() => return,
            scanned = scan(job) => match scanned {
                Ok(()) => links_queued.notify_one(),
                Err(err) => tracing::warn!(%err, "site health: the content scan failed"),
            },
        }
        let scanned_at = tokio::time::Instant::now();
        tokio::select! {
            _ = stopped.changed() => return,
            () = changed.notified() => {}
            () = tokio::time::sleep(job.interval) => {}
        }
        // A burst of writes (an import, a bulk publish) is one scan, not one per write.
        tokio::select! {
            _ = stopped.changed() => return,
            () = tokio::time::sleep_until(scanned_at + SCAN_GAP) => {}
        }
    }
}

async fn checks(job: &Job, links_queued: &Notify, mut stopped: watch::Receiver<bool>) {
    loop {
        tokio::select! {
            _ = stopped.changed() => return,
            () = links_queued.notified() => {}
            () = tokio::time::sleep(job.interval) => {}
        }
        if check_due_links(job, &mut stopped).await.is_break() {
            return;
        }
    }
}

/// A page whose stored HTML is scanned.
struct Source {
    source_type: &'static str,
    source_id: String,
    label: String,
    /// Its address on the site (relative links are read from there).
    page: Url,
    html: String,
}

/// What a scan read from one source.
struct Scanned {
    source_type: &'static str,
    source_id: String,
    label: String,
    targets: Vec<Target>,
    images_without_alt: Vec<String>,
}

/// Published posts (scheduled ones too: they go live by themselves) and pages with content.
const SOURCES_SQL: &str = "select 'post' as source_type, p.id::text, p.title, p.slug, p.content
   from public.blog_posts p
  where p.published and p.content <> ''
  union all
 select 'page', s.id::text, s.page_name, s.page_route, s.content
   from public.page_seo_settings s
  where coalesce(s.content, '') <> ''";

async fn scan(job: &Job) -> Result<(), sqlx::Error> {
    let rows: Vec<(String, String, String, String, String)> =
        sqlx::query_as(SOURCES_SQL).fetch_all(&job.pool).await?;
    let sources: Vec<Source> = rows
        .into_iter()
        .filter_map(|(kind, source_id, label, at, html)| {
            let (source_type, path) = if kind == "post" {
                let path = match &job.build.manifest {
                    Some(manifest) => manifest.post_path(&at),
                    None => format!("/blog/{at}"),
                };
                ("post", path)
            } else {
                ("page", at)
            };
            Some(Source {
                source_type,
                source_id,
                label,
                page: job.site.join(&path).ok()?,
                html,
            })
        })
        .collect();
    let site = job.site.clone();
    // Sanitising and parsing every page is CPU work: off the runtime's threads.
    let scanned = tokio::task::spawn_blocking(move || {
        sources
            .into_iter()
            .map(|source| read_source(source, &site))
            .collect::<Vec<_>>()
    })
    .await
    .map_err(|err| sqlx::Error::Protocol(format!("the content scan stopped: {err}")))?;

    let mut seen: HashSet<&Target> = HashSet::new();
    let mut internal: Vec<&str> = Vec::new();
    let mut external: Vec<&str> = Vec::new();
    for link in scanned.iter().flat_map(|source| &source.targets) {
        if seen.insert(link) {
            match link {
                Target::Internal(path) => internal.push(path),
                Target::External(url) => external.push(url),
            }
        }
    }
    let files: Vec<(String, String)> = internal
        .iter()
        .filter_map(|path| stored_file(&decoded_path(path)))
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    let facts = load_facts(&job.pool, &files).await?;

    let mut checks: Vec<Value> = internal
        .iter()
        .map(|path| {
            let verdict = job.build.check(path, &facts);
            json!({"url": path, "internal": true, "status": verdict.status(), "detail": verdict.detail()})
        })
        .collect();
    checks.extend(
        external
            .iter()
            .map(|url| json!({"url": url, "internal": false})),
    );
    let mut links = Vec::new();
    let mut images = Vec::new();
    for source in &scanned {
        let named = |key: &str, value: &str| {
            json!({"source_type": source.source_type, "source_id": source.source_id,
                   "source_label": source.label, key: value})
        };
        links.extend(source.targets.iter().map(|link| match link {
            Target::Internal(url) | Target::External(url) => named("url", url),
        }));
        images.extend(
            source
                .images_without_alt
                .iter()
                .map(|src| named("src", src)),
        );
    }
    sqlx::query("select private.record_site_content($1, $2, $3)")
        .bind(Value::Array(links))
        .bind(Value::Array(images))
        .bind(Value::Array(checks))
        .execute(&job.pool)
        .await?;
    tracing::debug!(
        sources = scanned.len(),
        internal = internal.len(),
        external = external.len(),
        "site health: content scanned"
    );
    Ok(())
}

fn read_source(source: Source, site: &Url) -> Scanned {
    let found = extract(&source.html);
    let mut targets: Vec<Target> = Vec::new();
    for link in &found.links {
        if let Some(target) = target(link, &source.page, site)
            && !targets.contains(&target)
        {
            targets.push(target);
        }
    }
    Scanned {
        source_type: source.source_type,
        source_id: source.source_id,
        label: source.label,
        targets,
        images_without_alt: found.images_without_alt,
    }
}

/// The posts, archives, redirect rules and stored files (of `files`, the linked ones) that
/// links inside the site are judged by.
async fn load_facts(pool: &PgPool, files: &[(String, String)]) -> Result<Facts, sqlx::Error> {
    let posts: Vec<String> = sqlx::query_scalar(
        "select slug from public.blog_posts
          where published and (publish_at is null or publish_at <= now())",
    )
    .fetch_all(pool)
    .await?;
    let site_pages: Vec<String> = sqlx::query_scalar(
        "select route from public.block_pages
          where published and (publish_at is null or publish_at <= now())",
    )
    .fetch_all(pool)
    .await?;
    let archives: Vec<(String, String)> =
        sqlx::query_as("select kind, slug from public.blog_taxonomies()")
            .fetch_all(pool)
            .await?;
    // The redirect rules' table arrives with its own migration; without it there are no rules.
    let has_redirects: bool =
        sqlx::query_scalar("select to_regclass('public.redirects') is not null")
            .fetch_one(pool)
            .await?;
    let redirects: Vec<(String, String, Option<String>)> = if has_redirects {
        sqlx::query_as(
            "select lower(source_path), match_type,
                    case when status_code = 410 then null else target end
               from public.redirects",
        )
        .fetch_all(pool)
        .await?
    } else {
        Vec::new()
    };
    let (buckets, names): (Vec<&str>, Vec<&str>) = files
        .iter()
        .map(|(bucket, name)| (bucket.as_str(), name.as_str()))
        .unzip();
    let stored: Vec<(String, String)> = sqlx::query_as(
        "select o.bucket_id, o.name
           from storage.objects o
           join storage.buckets b on b.id = o.bucket_id
          where b.public
            and (o.bucket_id, o.name) in (select * from unnest($1::text[], $2::text[]))",
    )
    .bind(buckets)
    .bind(names)
    .fetch_all(pool)
    .await?;
    Ok(Facts {
        posts: posts.into_iter().collect(),
        archives: archives.into_iter().collect(),
        site_pages: site_pages.into_iter().collect(),
        redirects: redirects
            .into_iter()
            .map(|(source, match_type, target)| RedirectRule {
                source,
                prefix: match_type == "prefix",
                target,
            })
            .collect(),
        stored: stored.into_iter().collect(),
    })
}

/// Due links to other sites no other instance holds, at most [`PER_HOST`] per host (the host
/// part of the URL, as written), oldest first; leased until `now() + $3` seconds.
const CLAIM_SQL: &str = "with candidates as (
   select l.url, l.next_check_at,
          lower(substring(l.url from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]*)')) as host
     from public.link_checks l
    where not l.internal and l.next_check_at <= now()
      and (l.lease_until is null or l.lease_until < now())
    order by l.next_check_at
    limit 200
    for update skip locked
 ), picked as (
   select c.url
     from (select c.url, c.next_check_at,
                  row_number() over (partition by c.host order by c.next_check_at, c.url) as nth
             from candidates c) c
    where c.nth <= $1
    order by c.next_check_at
    limit $2
 )
 update public.link_checks l
    set lease_until = now() + make_interval(secs => $3)
   from picked
  where l.url = picked.url
 returning l.url, l.lease_until";

/// Checks batches of due links until none is due; Break when the checker is stopping.
async fn check_due_links(
    job: &Job,
    stopped: &mut watch::Receiver<bool>,
) -> std::ops::ControlFlow<()> {
    loop {
        if *stopped.borrow() {
            return std::ops::ControlFlow::Break(());
        }
        let claimed: Vec<(String, DateTime<Utc>)> = match sqlx::query_as(CLAIM_SQL)
            .bind(PER_HOST)
            .bind(BATCH)
            .bind(job.lease.as_secs_f64())
            .fetch_all(&job.pool)
            .await
        {
            Ok(claimed) => claimed,
            Err(err) => {
                tracing::warn!(%err, "site health: could not claim links to check");
                return std::ops::ControlFlow::Continue(());
            }
        };
        let Some(lease) = claimed.first().map(|(_, lease)| *lease) else {
            return std::ops::ControlFlow::Continue(());
        };
        let urls: Vec<String> = claimed.into_iter().map(|(url, _)| url).collect();
        let checks = join_all(urls.iter().map(|url| async move {
            let outcome = job.checker.check(url).await;
            record(&job.pool, url, lease, &outcome).await;
        }));
        tokio::select! {
            _ = checks => {}
            _ = stopped.changed() => {
                release(&job.pool, &urls, lease).await;
                return std::ops::ControlFlow::Break(());
            }
        }
    }
}

/// Writes a link's result, if the row is still held under `lease`.
async fn record(pool: &PgPool, url: &str, lease: DateTime<Utc>, outcome: &Outcome) {
    let recorded = sqlx::query(
        "update public.link_checks
            set status = $3, http_status = $4, detail = $5, checked_at = now(),
                next_check_at = now() + make_interval(days => $6), lease_until = null
          where url = $1 and lease_until = $2",
    )
    .bind(url)
    .bind(lease)
    .bind(outcome.status.as_str())
    .bind(outcome.http_status.map(i32::from))
    .bind(&outcome.detail)
    .bind(outcome.status.recheck_days())
    .execute(pool)
    .await;
    if let Err(err) = recorded {
        // The lease runs out and the link is checked again.
        tracing::warn!(%err, url, "site health: could not record a link check");
    }
}

/// Hands back the rows of a batch stopped midway (the recorded ones hold no lease any more).
async fn release(pool: &PgPool, urls: &[String], lease: DateTime<Utc>) {
    let released = sqlx::query(
        "update public.link_checks set lease_until = null where url = any($1) and lease_until = $2",
    )
    .bind(urls)
    .bind(lease)
    .execute(pool)
    .await;
    if let Err(err) = released {
        tracing::warn!(%err, "site health: could not release links being checked");
    }
}
