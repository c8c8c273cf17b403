//! The website: runtime configuration and per-URL SEO heads injected into index.html, real
//! statuses, sitemap/robots/RSS, security headers, ETags, the build's files (precompressed,
//! revalidated, ranges), and the SEO cache following writes (LISTEN/NOTIFY); the redirect rules
//! and the 404 log; block pages.
/// Shared with the attack cases of block pages (security/block_pages_abuse.rs).
pub(crate) mod block_pages;
mod discovery;
mod document_head;
mod freshness;
mod http_caching;
mod redirect_rules;
mod redirects_applied;
/// Shared with the link checker's attack cases (security/link_checker_ssrf.rs).
pub(crate) mod site_health;
mod static_files;
mod statuses_and_feeds;

use std::time::{Duration, Instant};

use cb_db::sqlx;
use cb_tests::{DEMO_ANON_KEY, Exchange as _, TestApp, admin_jwt, spawn_app_with};
use serde_json::{Value, json};

const SITE_URL: &str = "https://www.example.test";

const INDEX: &str = "<!doctype html><html><head><meta charset=\"UTF-8\" /><title>ClaimBridge</title>\n\
<meta\n  name=\"description\"\n  content=\"The default description.\"\n/>\n\
<script id=\"runtime-config\" type=\"application/json\">{}</script>\
<script type=\"module\" src=\"/assets/index-abc123.js\"></script></head><body><div id=\"root\"></div></body></html>";

/// A script big enough to be worth compressing, and its brotli copy as the build writes it.
const APP_JS: &str = "console.log('claimbridge');";
const APP_JS_BR: &[u8] = b"precompressed brotli bytes";

/// A hand-made build with the real build's route table (frontend/dist/.ssr/site-manifest.json),
/// which the server reads the app's pages from.
fn dist() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), INDEX).unwrap();
    let manifest = cb_tests::workspace_root().join("frontend/dist/.ssr/site-manifest.json");
    std::fs::create_dir(dir.path().join(".ssr")).unwrap();
    std::fs::copy(&manifest, dir.path().join(".ssr/site-manifest.json")).unwrap_or_else(|err| {
        panic!(
            "{}: {err}; build the frontend first (make frontend)",
            manifest.display()
        )
    });
    std::fs::create_dir(dir.path().join("assets")).unwrap();
    std::fs::write(dir.path().join("assets/index-abc123.js"), APP_JS).unwrap();
    std::fs::write(dir.path().join("assets/index-abc123.js.br"), APP_JS_BR).unwrap();
    std::fs::write(
        dir.path().join("favicon.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("images")).unwrap();
    std::fs::write(
        dir.path().join("images/a b.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    )
    .unwrap();
    dir
}

async fn spawn_site(dist: &tempfile::TempDir, extra: &[(&str, &str)]) -> TestApp {
    let mut vars = vec![
        ("CLAIMBRIDGE_FRONTEND_DIR", dist.path().to_str().unwrap()),
        ("CLAIMBRIDGE_SITE_URL", SITE_URL),
    ];
    vars.extend_from_slice(extra);
    spawn_app_with(&vars).await
}

fn runtime_config(html: &str) -> Value {
    let open = "<script id=\"runtime-config\" type=\"application/json\">";
    let start = html.find(open).unwrap() + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

pub(crate) fn head(html: &str) -> &str {
    &html[..html.find("</head>").expect("a head")]
}

/// The markup escapes the server uses, undone.
pub(crate) fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

pub(crate) fn title(html: &str) -> String {
    let head = head(html);
    let start = head.find("<title>").expect("a title") + "<title>".len();
    let end = start + head[start..].find("</title>").unwrap();
    unescape(&head[start..end])
}

/// The contents of the head's metas whose `key` attribute (`name`/`property`) is `value`.
pub(crate) fn metas(html: &str, key: &str, value: &str) -> Vec<String> {
    let opening = format!("<meta {key}=\"{value}\" content=\"");
    head(html)
        .match_indices(&opening)
        .map(|(at, _)| {
            let rest = &head(html)[at + opening.len()..];
            unescape(&rest[..rest.find('"').unwrap()])
        })
        .collect()
}

fn meta(html: &str, key: &str, value: &str) -> String {
    let found = metas(html, key, value);
    assert_eq!(found.len(), 1, "one {key}={value} in {}", head(html));
    found.into_iter().next().unwrap()
}

fn canonical(html: &str) -> Option<String> {
    link(html, "canonical")
}

/// The href of the head's first `<link rel="{rel}">`.
pub(crate) fn link(html: &str, rel: &str) -> Option<String> {
    let opening = format!("<link rel=\"{rel}\" href=\"");
    let head = head(html);
    let start = head.find(&opening)? + opening.len();
    Some(unescape(&head[start..start + head[start..].find('"')?]))
}

fn json_ld(html: &str) -> Option<Value> {
    let opening = "<script type=\"application/ld+json\" data-dynamic-seo=\"\">";
    let head = head(html);
    let start = head.find(opening)? + opening.len();
    let end = start + head[start..].find("</script>")?;
    Some(serde_json::from_str(&head[start..end]).expect("JSON-LD parses"))
}

async fn page(app: &TestApp, path: &str) -> (u16, String) {
    app.get(path).status_text().await
}

/// Polls `path` until `done` holds for its HTML, for at most `limit`.
async fn poll_page(
    app: &TestApp,
    path: &str,
    limit: Duration,
    done: impl Fn(u16, &str) -> bool,
) -> (u16, String) {
    let started = Instant::now();
    loop {
        let (status, html) = page(app, path).await;
        if done(status, &html) || started.elapsed() > limit {
            return (status, html);
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// A page that must be served (200) within a second, as a new post's is once the site has
/// seen it; its HTML.
async fn served_page(app: &TestApp, path: &str) -> String {
    let (status, html) =
        poll_page(app, path, Duration::from_secs(1), |status, _| status == 200).await;
    assert_eq!(status, 200, "{path}");
    html
}

/// A published post and a draft, with hostile text where the head uses it.
const HOSTILE: &str = "</title><script>alert(1)</script> \"quoted\" & 'single'";

async fn insert_posts(app: &TestApp) {
    app.db
        .execute(&format!(
            "insert into public.blog_posts (slug, title, description, category, published, excerpt,
                tags, author_name, og_image, created_at, updated_at)
             values ('hostile-post', {title}, 'Plain description', 'News', true, {excerpt},
                array['cpap', '</script><script>alert(2)</script>'], 'Dana Whitfield',
                '/blog-images/hostile.png', '2026-03-02 09:05:00+00', '2026-03-04 10:00:00+00'),
                    ('draft-post', 'A draft', 'Not yet', 'News', false, null, '{{}}', null, null,
                now(), now())",
            title = cb_db::quote_literal(HOSTILE),
            excerpt = cb_db::quote_literal("An \"excerpt\" with </script> & <b>tags</b>"),
        ))
        .await;
}

/// page_route, meta_title, meta_description, canonical_url.
type SeoRow = (String, Option<String>, Option<String>, Option<String>);

/// Seconds of an RFC 822 date as the feed writes it (`Mon, 2 Mar 2026 09:05:00 +0000`).
fn httpdate_seconds(date: &str) -> i64 {
    let parts: Vec<&str> = date.split([' ', ':']).collect();
    assert_eq!(parts.len(), 8, "RFC 822 date: {date}");
    assert_eq!(parts[7], "+0000");
    let month = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    .iter()
    .position(|month| *month == parts[2])
    .expect("month") as i64;
    let number = |index: usize| parts[index].parse::<i64>().expect("number");
    (((number(3) * 12 + month) * 31 + number(1)) * 24 + number(4)) * 3600
        + number(5) * 60
        + number(6)
}
