//! The admin's Site health (20261206000800_site_health.sql, crates/site/src/health): what
//! public.site_health() reports once the server's link checker has scanned the content (broken
//! links inside the site and to other sites, images without alt text, posts without a meta
//! description or a featured image, duplicate titles), each with the admin screen that fixes
//! it; and that only staff read it. Other sites are a local server the checker is allowed to
//! request (CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS), so nothing leaves the machine.
mod local_site;
mod planted_problems;
mod staff_only;

use std::time::Duration;

use cb_db::quote_literal;
use cb_tests::{
    Caller, Exchange as _, TestApp, add_account, add_staff, app_config, eventually, fresh_database,
};
use serde_json::{Value, json};

pub(crate) use local_site::{LocalSite, Route};

/// The site's public URL in these tests: the seed's links to www.claimbridge.com are inside it.
pub(crate) const SITE_URL: &str = "https://www.claimbridge.com";

/// The app with its link checker on, over a build with a route table of the app's shape
/// (site-manifest.ts) and a few files: the checker judges links inside the site by it.
pub(crate) struct HealthApp {
    pub(crate) app: TestApp,
    _dist: tempfile::TempDir,
}

/// The pages of the test build's route table, and the seed's fixed articles.
const PAGES: &[&str] = &[
    "/",
    "/services",
    "/about",
    "/contact",
    "/blog",
    "/whitepapers",
    "/downloads",
    "/blog/streamlining-dme-claims-processing",
    "/blog/compliance-best-practices-dme-providers",
    "/blog/mobile-delivery-management",
    "/blog/maximizing-revenue-real-time-reporting",
    "/blog/dme-billing-coding-guide",
];

fn health_dist() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let module = |name: &str| format!("src/features/{name}.tsx");
    let manifest = json!({
        "publicPages": PAGES,
        "pageResources": ["pageSeo"],
        "dataPages": {"/blog": {"module": module("blog/blog-list-page"), "resources": ["blogPosts"]}},
        "post": {"prefix": "/blog/", "module": module("blog/blog-post-page"), "resources": ["blogPost", "relatedPosts"]},
        "archives": {
            "prefixes": {"category": "/blog/category/", "tag": "/blog/tag/", "author": "/blog/author/"},
            "module": module("blog/blog-archive-page"),
            "resources": ["blogArchive"],
        },
        "search": {"path": "/search", "module": module("search/search-page"), "resources": ["siteSearch"]},
        "notFoundResources": ["popularPosts", "sitePage"],
        "sitePage": {"module": "src/app/routes/site-page-route.tsx", "resources": ["sitePage"]},
        "previewPrefix": "/preview/",
        "adminPaths": ["/auth", "/admin"],
        "adminSections": ["/admin/"],
    });
    std::fs::create_dir(dir.path().join(".ssr")).unwrap();
    std::fs::write(
        dir.path().join(".ssr/site-manifest.json"),
        manifest.to_string(),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html><html><head><title>ClaimBridge</title></head><body><div id=\"root\"></div></body></html>",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("images")).unwrap();
    std::fs::write(
        dir.path().join("images/chart.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    )
    .unwrap();
    dir
}

/// The seed's links to other sites (cms.gov and others) lead to /contact instead, before the
/// server starts: a test's checker requests only the local sites it plants.
const SEED_LINKS_STAY_HOME: &str = r#"
    update public.blog_posts
       set content = regexp_replace(content, 'href="https?://(?!www\.claimbridge\.com/)[^"]*"', 'href="/contact"', 'g');
    update public.page_seo_settings
       set content = regexp_replace(content, 'href="https?://(?!www\.claimbridge\.com/)[^"]*"', 'href="/contact"', 'g')
     where content is not null;"#;

/// The app with its link checker on every 10 minutes (so only content changes wake it in a
/// test), allowed to request `allowed_hosts` (`host:port`).
pub(crate) async fn spawn_checking_links(allowed_hosts: &[String]) -> HealthApp {
    let db = fresh_database().await;
    db.execute(SEED_LINKS_STAY_HOME).await;
    let dist = health_dist();
    let data_dir = tempfile::tempdir().unwrap();
    let allowed = allowed_hosts.join(",");
    let config = app_config(
        &db,
        data_dir.path(),
        &[
            ("CLAIMBRIDGE_FRONTEND_DIR", dist.path().to_str().unwrap()),
            ("CLAIMBRIDGE_SITE_URL", SITE_URL),
            ("CLAIMBRIDGE_LINK_CHECK_INTERVAL_SECS", "600"),
            ("CLAIMBRIDGE_LINK_CHECK_TIMEOUT_SECS", "5"),
            ("CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS", &allowed),
        ],
    );
    let built = cb_server::App::build(config).await.expect("build the app");
    let (url, shutdown) = cb_tests::serve(built);
    HealthApp {
        app: TestApp::new(url, db, data_dir, shutdown),
        _dist: dist,
    }
}

/// Adds a published post (as the database owner) whose content is `content`; its id.
pub(crate) async fn add_post(app: &TestApp, slug: &str, title: &str, content: &str) -> String {
    app.db
        .scalar(&format!(
            "insert into public.blog_posts (slug, title, description, content, category, published,
                featured_image_url, featured_image_alt)
             values ({slug}, {title}, 'A description long enough to show under the title in a search result.',
                {content}, 'Billing', true, '/images/chart.svg', 'A chart')
             returning id::text",
            slug = quote_literal(slug),
            title = quote_literal(title),
            content = quote_literal(content),
        ))
        .await
}

/// Waits until the checker has a result (not 'unchecked') for each of `urls`; their rows.
pub(crate) async fn checked(app: &TestApp, urls: &[String]) -> Vec<Value> {
    let list = urls
        .iter()
        .map(|url| quote_literal(url))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "select url, internal, status, http_status, detail from public.link_checks
          where url in ({list}) order by url"
    );
    eventually(
        Duration::from_secs(40),
        Duration::from_millis(100),
        async || {
            let rows = app.db.json_rows(&sql).await;
            if rows.len() == urls.len() && rows.iter().all(|row| row["status"] != "unchecked") {
                return Ok(rows);
            }
            Err(format!("links not checked yet: {rows:?}"))
        },
    )
    .await
}

/// site_health() as `caller`.
pub(crate) async fn site_health(app: &TestApp, caller: &Caller) -> Vec<Value> {
    caller
        .query(&app.db.pool, "select * from public.site_health()")
        .await
        .expect("site_health()")
}

fn rows_of<'a>(rows: &'a [Value], kind: &str, source_id: &str) -> Vec<&'a Value> {
    rows.iter()
        .filter(|row| row["kind"] == kind && row["source_id"] == source_id)
        .collect()
}
