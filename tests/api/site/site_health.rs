//! The admin's Site health (20261206000800_site_health.sql, crates/site/src/health): what
//! public.site_health() reports once the server's link checker has scanned the content (broken
//! links inside the site and to other sites, images without alt text, posts without a meta
//! description or a featured image, duplicate titles), each with the admin screen that fixes
//! it; and that only staff read it. Other sites are a local server the checker is allowed to
//! request (CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS), so nothing leaves the machine.
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cb_db::quote_literal;
use cb_tests::{
    Caller, Exchange as _, TestApp, add_account, add_staff, app_config, eventually, fresh_database,
};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpListener;

/// The site's public URL in these tests: the seed's links to www.claimbridge.com are inside it.
pub(crate) const SITE_URL: &str = "https://www.claimbridge.com";

/// One request a [`LocalSite`] got.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Seen {
    pub(crate) method: String,
    pub(crate) path: String,
    pub(crate) user_agent: String,
}

#[derive(Debug, Default)]
struct Record {
    connections: usize,
    requests: Vec<Seen>,
}

/// A web server on a loopback address standing in for another site: each path answers a fixed
/// status (and Location), anything else 404, HEAD answered 405 where the route says so; every
/// connection is counted, even one that sends nothing.
#[derive(Clone)]
pub(crate) struct LocalSite {
    pub(crate) port: u16,
    record: Arc<Mutex<Record>>,
}

/// A path of a [`LocalSite`]: its status, its Location, and whether HEAD is refused (405).
pub(crate) struct Route {
    pub(crate) path: &'static str,
    pub(crate) status: u16,
    pub(crate) location: Option<String>,
    pub(crate) head_refused: bool,
}

impl Route {
    pub(crate) fn answers(path: &'static str, status: u16) -> Self {
        Self {
            path,
            status,
            location: None,
            head_refused: false,
        }
    }

    pub(crate) fn redirects(path: &'static str, status: u16, location: String) -> Self {
        Self {
            location: Some(location),
            ..Self::answers(path, status)
        }
    }
}

impl LocalSite {
    /// Listens on `address` (`127.0.0.1:0`, `[::1]:0`); None when that address cannot be had
    /// (a machine without IPv6).
    pub(crate) async fn start(address: &str, routes: Vec<Route>) -> Option<Self> {
        let listener = TcpListener::bind(address).await.ok()?;
        let site = Self {
            port: listener.local_addr().unwrap().port(),
            record: Arc::default(),
        };
        let record = site.record.clone();
        let routes = Arc::new(routes);
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                record.lock().unwrap().connections += 1;
                let (record, routes) = (record.clone(), routes.clone());
                tokio::spawn(async move {
                    let mut head = Vec::new();
                    let mut chunk = [0u8; 4096];
                    while !head.windows(4).any(|window| window == b"\r\n\r\n") {
                        match stream.read(&mut chunk).await {
                            Ok(0) | Err(_) => return,
                            Ok(read) => head.extend_from_slice(&chunk[..read]),
                        }
                    }
                    let head = String::from_utf8_lossy(&head).into_owned();
                    let mut words = head.split_whitespace();
                    let method = words.next().unwrap_or_default().to_string();
                    let path = words.next().unwrap_or_default().to_string();
                    let user_agent = head
                        .lines()
                        .find_map(|line| {
                            let (name, value) = line.split_once(':')?;
                            name.eq_ignore_ascii_case("user-agent")
                                .then(|| value.trim().to_string())
                        })
                        .unwrap_or_default();
                    let route = routes.iter().find(|route| route.path == path);
                    let status = match route {
                        Some(route) if route.head_refused && method == "HEAD" => 405,
                        Some(route) => route.status,
                        None => 404,
                    };
                    let location = route
                        .and_then(|route| route.location.as_deref())
                        .map(|location| format!("location: {location}\r\n"))
                        .unwrap_or_default();
                    record.lock().unwrap().requests.push(Seen {
                        method,
                        path,
                        user_agent,
                    });
                    let answer = format!(
                        "HTTP/1.1 {status} X\r\n{location}content-length: 0\r\nconnection: close\r\n\r\n"
                    );
                    let _ = stream.write_all(answer.as_bytes()).await;
                    let _ = stream.shutdown().await;
                });
            }
        });
        Some(site)
    }

    /// Connections accepted so far.
    pub(crate) fn connections(&self) -> usize {
        self.record.lock().unwrap().connections
    }

    pub(crate) fn requests(&self) -> Vec<Seen> {
        self.record.lock().unwrap().requests.clone()
    }
}

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

#[tokio::test]
async fn planted_problems_are_reported_with_where_to_fix_them() {
    let other_site = LocalSite::start(
        "127.0.0.1:0",
        vec![
            Route::answers("/fine", 200),
            Route::answers("/gone", 404),
            Route {
                head_refused: true,
                ..Route::answers("/no-head", 200)
            },
        ],
    )
    .await
    .unwrap();
    let other = format!("127.0.0.1:{}", other_site.port);
    let health = spawn_checking_links(std::slice::from_ref(&other)).await;
    let app = &health.app;
    let owner = add_staff(&app.db, "owner", "Olive Owner").await.caller();

    let (fine, gone, no_head) = (
        format!("http://{other}/fine"),
        format!("http://{other}/gone"),
        format!("http://{other}/no-head"),
    );
    let links = add_post(
        app,
        "health-links",
        "Links of every kind",
        &format!(
            r#"<p><a href="/blog/no-such-post">an old post</a>, <a href="/about">about us</a>,
               <a href="https://www.claimbridge.com/contact#form">contact</a>,
               <a href="{gone}">a gone page</a>, <a href="{fine}#top">a fine page</a>,
               <a href="{no_head}">a page without HEAD</a></p>
               <p><img src="/images/chart.svg" alt="Denials by payer"><img src="/images/chart.svg?v=2"></p>"#
        ),
    )
    .await;
    app.db
        .execute(&format!(
            "update public.blog_posts set featured_image_url = null where id = '{links}'"
        ))
        .await;
    let first = add_post(
        app,
        "checklist-one",
        "Prior Authorization Checklist",
        "<p>One</p>",
    )
    .await;
    let second = add_post(
        app,
        "checklist-two",
        " prior authorization CHECKLIST",
        "<p>Two</p>",
    )
    .await;
    let thin = add_post(
        app,
        "thin-description",
        "A post with a thin description",
        "<p>Thin</p>",
    )
    .await;
    app.db
        .execute(&format!(
            "update public.blog_posts set description = 'New rules.', excerpt = '  ' where id = '{thin}';
             insert into public.blog_posts (slug, title, description, content, category, published)
             values ('health-draft', 'Prior Authorization Checklist', 'A draft', '<a href=\"/nowhere\">x</a><img src=\"/y.png\">', 'Billing', false);
             update public.page_seo_settings set content = '<p><a href=\"/no/such/page\">a dead end</a></p>'
              where page_route = '/about';"
        ))
        .await;
    let about: String = app
        .db
        .scalar("select id::text from public.page_seo_settings where page_route = '/about'")
        .await;

    let results = checked(app, &[fine.clone(), gone.clone(), no_head.clone()]).await;
    let status = |url: &str| {
        let row = results.iter().find(|row| row["url"] == url).unwrap();
        (row["status"].clone(), row["http_status"].clone())
    };
    assert_eq!(status(&fine), (json!("ok"), json!(200)));
    assert_eq!(status(&gone), (json!("broken"), json!(404)));
    assert_eq!(status(&no_head), (json!("ok"), json!(200)));
    // The checker names the site, asks with HEAD, and with GET only where HEAD is refused.
    let mut seen = other_site.requests();
    seen.sort_by(|a, b| (&a.path, &a.method).cmp(&(&b.path, &b.method)));
    let seen: Vec<(&str, &str)> = seen
        .iter()
        .map(|seen| {
            assert_eq!(
                seen.user_agent,
                "ClaimBridgeLinkChecker/1.0 (+https://www.claimbridge.com)"
            );
            (seen.method.as_str(), seen.path.as_str())
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("HEAD", "/fine"),
            ("HEAD", "/gone"),
            ("GET", "/no-head"),
            ("HEAD", "/no-head")
        ]
    );

    // The scan that saw the last change is done: the page's link is judged.
    let rows = eventually(
        Duration::from_secs(10),
        Duration::from_millis(100),
        async || {
            let rows = site_health(app, &owner).await;
            if rows_of(&rows, "broken_internal_link", &about).is_empty() {
                return Err(format!(
                    "the page's broken link is not reported yet: {rows:?}"
                ));
            }
            Ok(rows)
        },
    )
    .await;
    let post_fix = format!("/admin/blog/{links}");
    let broken_inside = rows_of(&rows, "broken_internal_link", &links);
    assert_eq!(broken_inside.len(), 1, "{broken_inside:?}");
    assert_eq!(broken_inside[0]["title"], "Broken link: /blog/no-such-post");
    assert_eq!(
        broken_inside[0]["detail"],
        "No published post at this address"
    );
    assert_eq!(broken_inside[0]["severity"], "error");
    assert_eq!(broken_inside[0]["source_type"], "post");
    assert_eq!(broken_inside[0]["source_label"], "Links of every kind");
    assert_eq!(broken_inside[0]["fix_path"], post_fix);

    let broken_outside = rows_of(&rows, "broken_external_link", &links);
    assert_eq!(broken_outside.len(), 1, "{broken_outside:?}");
    assert_eq!(broken_outside[0]["title"], format!("Broken link: {gone}"));
    assert_eq!(
        broken_outside[0]["detail"],
        "The site answered 404 Not Found"
    );
    assert_eq!(broken_outside[0]["severity"], "error");
    assert_eq!(broken_outside[0]["fix_path"], post_fix);

    let no_alt = rows_of(&rows, "image_without_alt", &links);
    assert_eq!(no_alt.len(), 1, "{no_alt:?}");
    assert_eq!(
        no_alt[0]["title"],
        "Image without alt text: /images/chart.svg?v=2"
    );
    assert_eq!(no_alt[0]["fix_path"], post_fix);

    let no_image = rows_of(&rows, "missing_featured_image", &links);
    assert_eq!(no_image.len(), 1);
    assert_eq!(no_image[0]["fix_path"], post_fix);

    for (post, other) in [(&first, "checklist-two"), (&second, "checklist-one")] {
        let duplicate = rows_of(&rows, "duplicate_title", post);
        assert_eq!(duplicate.len(), 1, "{post}: {rows:?}");
        assert_eq!(duplicate[0]["fix_path"], format!("/admin/blog/{post}"));
        assert_eq!(
            duplicate[0]["detail"],
            format!("Also the title of: /blog/{other}. Give each post its own title.")
        );
    }
    let thin_rows = rows_of(&rows, "missing_meta_description", &thin);
    assert_eq!(thin_rows.len(), 1);
    assert_eq!(thin_rows[0]["title"], "Meta description too short");

    let page_link = rows_of(&rows, "broken_internal_link", &about);
    assert_eq!(page_link.len(), 1);
    assert_eq!(page_link[0]["title"], "Broken link: /no/such/page");
    assert_eq!(page_link[0]["source_type"], "page");
    assert_eq!(page_link[0]["fix_path"], "/admin/content");

    // What works is not reported, nor is a draft; errors come first.
    let text = serde_json::to_string(&rows).unwrap();
    for fine in [
        "Broken link: /about",
        "Broken link: /contact",
        "/images/chart.svg\"",
        "/fine",
        "/no-head",
        "/nowhere",
        "/y.png",
    ] {
        assert!(!text.contains(fine), "{fine} reported: {text}");
    }
    for kind in [
        "missing_featured_image",
        "duplicate_title",
        "missing_meta_description",
    ] {
        for post in [&links, &first, &second, &thin] {
            let expected = match kind {
                "missing_featured_image" => post == &links,
                "duplicate_title" => post == &first || post == &second,
                _ => post == &thin,
            };
            assert_eq!(
                !rows_of(&rows, kind, post).is_empty(),
                expected,
                "{kind} {post}"
            );
        }
    }
    let severities: Vec<&str> = rows
        .iter()
        .map(|row| row["severity"].as_str().unwrap())
        .collect();
    assert!(
        severities.is_sorted_by_key(|severity| *severity == "warning"),
        "{severities:?}"
    );
    // Nothing but the planted local site was requested.
    let outside: i64 = app
        .db
        .count(&format!(
            "select count(*) from public.link_checks where not internal and url not like 'http://{other}/%'"
        ))
        .await;
    assert_eq!(outside, 0);

    let summary = owner
        .query(
            &app.db.pool,
            "select public.site_health_summary() as summary",
        )
        .await
        .unwrap()[0]["summary"]
        .clone();
    assert!(summary["last_run"].is_string(), "{summary}");
    assert_eq!(summary["pending"], 0, "{summary}");
    assert!(summary["links_checked"].as_i64().unwrap() >= 6, "{summary}");

    // Fixed in the editor: the next scan (woken by the change) drops the finding.
    app.db
        .execute(&format!(
            "update public.blog_posts
                set content = replace(content, '/blog/no-such-post', '/blog/checklist-one')
              where id = '{links}'"
        ))
        .await;
    eventually(
        Duration::from_secs(10),
        Duration::from_millis(100),
        async || {
            let rows = site_health(app, &owner).await;
            match rows_of(&rows, "broken_internal_link", &links).len() {
                0 => Ok(()),
                _ => Err(format!("the fixed link is still reported: {rows:?}")),
            }
        },
    )
    .await;
    let fixed: Vec<Value> = app
        .db
        .json_rows("select status from public.link_checks where url = '/blog/checklist-one'")
        .await;
    assert_eq!(fixed, [json!({"status": "ok"})]);
    assert_eq!(
        app.db
            .count("select count(*) from public.link_checks where url = '/blog/no-such-post'")
            .await,
        0,
        "a link no content has any more is forgotten"
    );
}

#[tokio::test]
async fn only_staff_read_site_health() {
    let health = spawn_checking_links(&[]).await;
    let app = &health.app;
    add_post(
        app,
        "health-private",
        "A post",
        "<p><a href=\"/nowhere\">x</a></p>",
    )
    .await;
    eventually(
        Duration::from_secs(10),
        Duration::from_millis(100),
        async || match app
            .db
            .count("select count(*) from public.content_links where url = '/nowhere'")
            .await
        {
            0 => Err("the post is not scanned yet".to_string()),
            _ => Ok(()),
        },
    )
    .await;

    let author = add_staff(&app.db, "author", "Avery Author").await.caller();
    assert!(
        site_health(app, &author)
            .await
            .iter()
            .any(|row| row["title"] == "Broken link: /nowhere")
    );
    for table in ["link_checks", "content_links"] {
        let rows = author
            .query(
                &app.db.pool,
                &format!("select * from public.{table} where url = '/nowhere'"),
            )
            .await;
        assert_eq!(rows.map(|rows| rows.len()), Ok(1), "{table}");
    }

    let anon = Caller::new("anon", json!({"role": "anon"}));
    let someone = add_account(&app.db, None, "Sam Someone").await;
    for caller in [&anon, &someone.caller()] {
        for function in ["site_health()", "site_health_summary()"] {
            assert_eq!(
                caller
                    .query(&app.db.pool, &format!("select * from public.{function}"))
                    .await,
                Err("42501".to_string()),
                "{} {function}",
                caller.role
            );
        }
    }
    for table in ["link_checks", "content_links", "content_images_without_alt"] {
        let sql = format!("select * from public.{table}");
        assert_eq!(
            anon.query(&app.db.pool, &sql).await,
            Err("42501".to_string()),
            "{table}"
        );
        assert_eq!(
            someone.caller().query(&app.db.pool, &sql).await,
            Ok(vec![]),
            "{table}"
        );
        // Nobody writes through the API: the server writes as the database owner.
        for write in [
            format!("delete from public.{table}"),
            format!(
                "insert into public.{table} ({}) values ('/x')",
                if table == "content_images_without_alt" {
                    "src"
                } else {
                    "url"
                }
            ),
        ] {
            assert_eq!(
                author.execute(&app.db.pool, &write).await,
                Err("42501".to_string()),
                "{write}"
            );
        }
    }
    // Over /rest/v1 as supabase-js calls it.
    let (status, _) = app
        .anon(reqwest::Method::POST, "/rest/v1/rpc/site_health")
        .json(&json!({}))
        .status_json()
        .await;
    assert_eq!(status, 401);
    let (status, body) = app
        .with_token(
            reqwest::Method::POST,
            "/rest/v1/rpc/site_health",
            &someone.jwt(),
        )
        .json(&json!({}))
        .status_json()
        .await;
    assert_eq!(status, 403);
    assert_eq!(body["message"], "Only staff can see the site health checks");
}
