//! The website: runtime configuration and per-URL SEO heads injected into index.html, real
//! statuses, sitemap/robots/RSS, security headers, ETags, precompressed assets, and the SEO cache
//! following writes (LISTEN/NOTIFY).
use std::time::{Duration, Instant};

use cb_db::sqlx;
use cb_tests::{DEMO_ANON_KEY, TestApp, admin_jwt, spawn_app_with};
use serde_json::{Value, json};

const SITE_URL: &str = "https://www.example.test";

const INDEX: &str = "<!doctype html><html><head><meta charset=\"UTF-8\" /><title>ClaimBridge</title>\n\
<meta\n  name=\"description\"\n  content=\"The default description.\"\n/>\n\
<script id=\"runtime-config\" type=\"application/json\">{}</script>\
<script type=\"module\" src=\"/assets/index-abc123.js\"></script></head><body><div id=\"root\"></div></body></html>";

/// A script big enough to be worth compressing, and its brotli copy as the build writes it.
const APP_JS: &str = "console.log('claimbridge');";
const APP_JS_BR: &[u8] = b"precompressed brotli bytes";

fn dist() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), INDEX).unwrap();
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

fn head(html: &str) -> &str {
    &html[..html.find("</head>").expect("a head")]
}

/// The markup escapes the server uses, undone.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

fn title(html: &str) -> String {
    let head = head(html);
    let start = head.find("<title>").expect("a title") + "<title>".len();
    let end = start + head[start..].find("</title>").unwrap();
    unescape(&head[start..end])
}

/// The contents of the head's metas whose `key` attribute (`name`/`property`) is `value`.
fn metas(html: &str, key: &str, value: &str) -> Vec<String> {
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
    let opening = "<link rel=\"canonical\" href=\"";
    let head = head(html);
    let start = head.find(opening)? + opening.len();
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
    let response = app.get(path).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
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

async fn execute(app: &TestApp, sql: &str) {
    sqlx::query(sql).execute(&app.db.pool).await.unwrap();
}

/// A published post and a draft, with hostile text where the head uses it.
const HOSTILE: &str = "</title><script>alert(1)</script> \"quoted\" & 'single'";

async fn insert_posts(app: &TestApp) {
    execute(
        app,
        &format!(
            "insert into public.blog_posts (slug, title, description, category, published, excerpt,
                tags, author_name, og_image, created_at, updated_at)
             values ('hostile-post', {title}, 'Plain description', 'News', true, {excerpt},
                array['cpap', '</script><script>alert(2)</script>'], 'Dana Whitfield',
                '/blog-images/hostile.png', '2026-03-02 09:05:00+00', '2026-03-04 10:00:00+00'),
                    ('draft-post', 'A draft', 'Not yet', 'News', false, null, '{{}}', null, null,
                now(), now())",
            title = cb_db::quote_literal(HOSTILE),
            excerpt = cb_db::quote_literal("An \"excerpt\" with </script> & <b>tags</b>"),
        ),
    )
    .await;
}

#[tokio::test]
async fn index_carries_the_runtime_configuration_on_every_app_route() {
    let dist = dist();
    let app = spawn_site(
        &dist,
        &[
            (
                "COMPANY_NAME",
                "Acme </script><script>alert(1)</script> Billing",
            ),
            ("COMPANY_PHONE", "(615) 555-0100"),
        ],
    )
    .await;
    for (path, status) in [
        ("/", 200),
        ("/index.html", 200),
        ("/blog/dme-billing-coding-guide", 200),
        ("/admin/blog", 200),
        ("/auth", 200),
        ("/no/such/page", 404),
    ] {
        let response = app.get(path).send().await.unwrap();
        assert_eq!(response.status(), status, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "text/html; charset=utf-8"
        );
        assert_eq!(response.headers()["cache-control"], "no-cache");
        let html = response.text().await.unwrap();
        assert!(
            !html.contains("<script>alert"),
            "no value can start markup ({path})"
        );
        let config = runtime_config(&html);
        assert_eq!(config["supabaseAnonKey"], DEMO_ANON_KEY);
        assert_eq!(
            config["supabaseUrl"],
            Value::Null,
            "the page's own origin is the Supabase URL"
        );
        assert_eq!(
            config["company"]["name"],
            "Acme </script><script>alert(1)</script> Billing"
        );
        assert_eq!(config["company"]["phone"], "(615) 555-0100");
        assert_eq!(
            config["company"]["siteUrl"], SITE_URL,
            "the client builds canonical links from the same URL as the server"
        );
        assert_eq!(config["captchaProvider"], "altcha");
        let text = serde_json::to_string(&config).unwrap();
        assert!(
            !text.contains("service_role") && !text.contains("super-secret"),
            "no secret reaches the browser"
        );
    }
}

/// page_route, meta_title, meta_description, canonical_url.
type SeoRow = (String, Option<String>, Option<String>, Option<String>);

#[tokio::test]
async fn every_public_route_gets_the_head_of_its_seo_record() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    let records: Vec<SeoRow> = sqlx::query_as(
        "select page_route, meta_title, meta_description, canonical_url from public.page_seo_settings",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert!(
        records.len() >= 10,
        "the seed has the public pages' records"
    );
    for (route, meta_title, description, canonical_url) in records {
        let (status, html) = page(&app, &route).await;
        assert_eq!(status, 200, "{route}");
        assert_eq!(html.matches("<title>").count(), 1, "{route}");
        let expected_title = meta_title
            .map(|title| title.trim().to_string())
            .filter(|title| !title.is_empty())
            .unwrap_or_else(|| "ClaimBridge".into());
        assert_eq!(title(&html), expected_title, "{route}");
        if let Some(description) = description.filter(|d| !d.trim().is_empty()) {
            assert_eq!(
                meta(&html, "name", "description"),
                description.trim(),
                "{route}"
            );
            assert!(
                !html.contains("The default description."),
                "index.html's description gives way to the page's ({route})"
            );
        }
        let expected_url = match canonical_url.filter(|url| !url.trim().is_empty()) {
            Some(url) => url,
            None => format!("{SITE_URL}{route}"),
        };
        assert_eq!(meta(&html, "property", "og:url"), expected_url, "{route}");
        assert_eq!(meta(&html, "property", "og:site_name"), "ClaimBridge");
        assert_eq!(metas(&html, "name", "twitter:card").len(), 1, "{route}");
        assert!(
            head(&html).contains("data-dynamic-seo=\"\""),
            "the client's applyHead replaces these tags ({route})"
        );
    }

    // A route without a record keeps index.html's defaults, as the client does.
    execute(
        &app,
        "delete from public.page_seo_settings where page_route = '/careers'",
    )
    .await;
    let (status, html) = poll_page(&app, "/careers", Duration::from_secs(1), |_, html| {
        title(html) == "ClaimBridge"
    })
    .await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), "ClaimBridge");
    assert!(
        html.contains("content=\"The default description.\""),
        "index.html's own description stays"
    );
    assert!(metas(&html, "name", "description").is_empty());
    assert!(metas(&html, "property", "og:title").is_empty());
    assert_eq!(canonical(&html), None);
}

#[tokio::test]
async fn a_published_post_gets_the_spec_head_and_hostile_text_stays_text() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    insert_posts(&app).await;
    let (status, html) = poll_page(
        &app,
        "/blog/hostile-post",
        Duration::from_secs(1),
        |status, _| status == 200,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), format!("{HOSTILE} | ClaimBridge"));
    assert!(!html.contains("<script>alert"), "{html}");
    assert_eq!(
        html.matches("</script>").count(),
        3,
        "runtime config, JSON-LD and the module script only"
    );
    let description = "An \"excerpt\" with </script> & <b>tags</b>";
    assert_eq!(meta(&html, "name", "description"), description);
    assert_eq!(meta(&html, "property", "og:type"), "article");
    assert_eq!(meta(&html, "property", "og:title"), HOSTILE);
    assert_eq!(meta(&html, "property", "og:description"), description);
    assert_eq!(
        meta(&html, "property", "og:image"),
        format!("{SITE_URL}/blog-images/hostile.png")
    );
    assert_eq!(
        meta(&html, "property", "og:url"),
        format!("{SITE_URL}/blog/hostile-post")
    );
    assert_eq!(
        meta(&html, "property", "article:published_time"),
        "2026-03-02T09:05:00+00:00"
    );
    assert_eq!(
        metas(&html, "property", "article:tag"),
        ["cpap", "</script><script>alert(2)</script>"]
    );
    assert_eq!(meta(&html, "name", "twitter:title"), HOSTILE);
    assert!(metas(&html, "name", "robots").is_empty());
    assert_eq!(
        canonical(&html).as_deref(),
        Some(format!("{SITE_URL}/blog/hostile-post").as_str())
    );
    let json_ld = json_ld(&html).expect("JSON-LD");
    assert_eq!(json_ld["headline"], HOSTILE);
    assert_eq!(json_ld["description"], description);
    assert_eq!(json_ld["@type"], "BlogPosting");
    assert_eq!(
        json_ld["author"],
        json!({"@type": "Person", "name": "Dana Whitfield"})
    );
    assert_eq!(json_ld["datePublished"], "2026-03-02T09:05:00+00:00");
    assert_eq!(json_ld["dateModified"], "2026-03-04T10:00:00+00:00");
    assert_eq!(
        json_ld["keywords"],
        "cpap, </script><script>alert(2)</script>"
    );
}

#[tokio::test]
async fn hostile_page_seo_fields_are_escaped() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    execute(
        &app,
        &format!(
            "update public.page_seo_settings
                set meta_title = {title}, meta_description = {title}, keywords = array[{title}],
                    og_image = 'javascript:alert(1)\" onerror=\"alert(2)',
                    schema_json = jsonb_build_object('@type', 'Organization', 'name', {title},
                                                     'x', '</script><!--<script>')
              where page_route = '/about'",
            title = cb_db::quote_literal(HOSTILE)
        ),
    )
    .await;
    let (status, html) = poll_page(&app, "/about", Duration::from_secs(1), |_, html| {
        title(html) == HOSTILE
    })
    .await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), HOSTILE);
    assert!(!html.contains("<script>alert") && !html.contains("onerror=\""));
    assert!(!html.contains("<!--"));
    assert_eq!(meta(&html, "name", "description"), HOSTILE);
    assert_eq!(meta(&html, "name", "keywords"), HOSTILE);
    assert_eq!(
        meta(&html, "property", "og:image"),
        "javascript:alert(1)\" onerror=\"alert(2)"
    );
    let json_ld = json_ld(&html).expect("JSON-LD");
    assert_eq!(json_ld["name"], HOSTILE);
    assert_eq!(json_ld["x"], "</script><!--<script>");
}

#[tokio::test]
async fn statuses_are_real_and_misses_still_render_the_app() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    insert_posts(&app).await;
    for (path, status) in [
        ("/", 200),
        ("/about", 200),
        ("/about/", 200),
        ("/blog", 200),
        ("/whitepapers", 200),
        ("/blog/hostile-post", 200),
        ("/blog/draft-post", 404),
        ("/blog/no-such-post", 404),
        ("/blog/a/b", 404),
        ("/no/such/page", 404),
        ("/favicon.png", 404),
        ("/admin", 200),
        ("/admin/pages", 200),
    ] {
        let (actual, html) = poll_page(&app, path, Duration::from_secs(1), |actual, _| {
            actual == status
        })
        .await;
        assert_eq!(actual, status, "{path}");
        assert!(
            html.contains("<div id=\"root\"></div>") && html.contains("runtime-config"),
            "the app renders its own view ({path})"
        );
        if status == 404 {
            assert_eq!(title(&html), "ClaimBridge", "{path}");
            assert!(metas(&html, "property", "og:title").is_empty(), "{path}");
        }
    }
    for file in ["/favicon.svg", "/images/a%20b.svg"] {
        let response = app.get(file).send().await.unwrap();
        assert_eq!(response.status(), 200, "{file}");
        assert_eq!(
            response.headers()["content-type"],
            "image/svg+xml",
            "{file}"
        );
        assert_eq!(
            response.headers()["cache-control"],
            "public, max-age=86400",
            "{file}"
        );
    }
    let asset = app.get("/assets/index-zzz.js").send().await.unwrap();
    assert_eq!(asset.status(), 404);
    assert!(
        !asset.text().await.unwrap().contains("<div id=\"root\">"),
        "a missing asset is not the app"
    );
    let redirect = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(format!("{}/index.html", app.url))
        .send()
        .await
        .unwrap();
    assert_eq!(redirect.status(), 308);
    assert_eq!(redirect.headers()["location"], "/");
}

/// Checks that `xml` is well-formed (balanced elements, valid tokens) and returns its element
/// names in document order.
fn xml_elements(xml: &str) -> Vec<String> {
    let mut open: Vec<String> = Vec::new();
    let mut names = Vec::new();
    for token in xmlparser::Tokenizer::from(xml) {
        match token.expect("well-formed XML") {
            xmlparser::Token::ElementStart { prefix, local, .. } => {
                let name = if prefix.is_empty() {
                    local.to_string()
                } else {
                    format!("{prefix}:{local}")
                };
                names.push(name.clone());
                open.push(name);
            }
            xmlparser::Token::ElementEnd { end, .. } => match end {
                xmlparser::ElementEnd::Open => {}
                xmlparser::ElementEnd::Empty => {
                    open.pop();
                }
                xmlparser::ElementEnd::Close(prefix, local) => {
                    let name = if prefix.is_empty() {
                        local.to_string()
                    } else {
                        format!("{prefix}:{local}")
                    };
                    assert_eq!(open.pop().as_deref(), Some(name.as_str()), "balanced");
                }
            },
            _ => {}
        }
    }
    assert!(open.is_empty(), "every element closed");
    names
}

fn texts_of<'a>(xml: &'a str, element: &str) -> Vec<&'a str> {
    let open = format!("<{element}>");
    let close = format!("</{element}>");
    xml.match_indices(&open)
        .map(|(at, _)| {
            let start = at + open.len();
            &xml[start..start + xml[start..].find(&close).unwrap()]
        })
        .collect()
}

#[tokio::test]
async fn sitemap_robots_and_rss_are_valid() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    insert_posts(&app).await;
    execute(
        &app,
        "update public.page_seo_settings set noindex = true where page_route = '/careers'",
    )
    .await;
    execute(
        &app,
        "insert into public.blog_posts (slug, title, description, category, published, noindex)
         values ('hidden-post', 'Hidden', 'Not indexed', 'News', true, true)",
    )
    .await;

    let response = app.get("/sitemap.xml").send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "application/xml; charset=utf-8"
    );
    let sitemap = response.text().await.unwrap();
    let elements = xml_elements(&sitemap);
    assert_eq!(elements[0], "urlset");
    assert!(sitemap.contains("xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""));
    let locations = texts_of(&sitemap, "loc");
    for expected in [
        "/",
        "/services",
        "/blog",
        "/blog/dme-billing-coding-guide",
        "/blog/hostile-post",
    ] {
        assert!(
            locations.contains(&format!("{SITE_URL}{expected}").as_str()),
            "{expected} in {locations:?}"
        );
    }
    for excluded in [
        "/careers",
        "/blog/draft-post",
        "/blog/hidden-post",
        "/admin",
        "/auth",
    ] {
        assert!(
            !locations.contains(&format!("{SITE_URL}{excluded}").as_str()),
            "{excluded} not in the sitemap"
        );
    }
    assert!(sitemap.contains(&format!(
        "<loc>{SITE_URL}/blog/hostile-post</loc><lastmod>2026-03-04T10:00:00Z</lastmod>"
    )));
    let unique: std::collections::HashSet<_> = locations.iter().collect();
    assert_eq!(unique.len(), locations.len(), "no URL twice");
    assert_eq!(
        app.get("/sitemap-1.xml").send().await.unwrap().status(),
        404,
        "no parts below the limit"
    );

    let robots = app.get("/robots.txt").send().await.unwrap();
    assert_eq!(robots.status(), 200);
    assert_eq!(
        robots.headers()["content-type"],
        "text/plain; charset=utf-8"
    );
    let robots = robots.text().await.unwrap();
    for path in [
        "/admin",
        "/auth",
        "/rest/",
        "/storage/",
        "/functions/",
        "/auth/v1",
    ] {
        assert!(robots.contains(&format!("Disallow: {path}\n")), "{path}");
    }
    assert!(robots.contains(&format!("Sitemap: {SITE_URL}/sitemap.xml")));

    let response = app.get("/rss.xml").send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "application/rss+xml; charset=utf-8"
    );
    let rss = response.text().await.unwrap();
    let elements = xml_elements(&rss);
    assert_eq!(&elements[..2], ["rss", "channel"]);
    assert!(rss.contains("<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">"));
    assert!(rss.contains(&format!(
        "<atom:link href=\"{SITE_URL}/rss.xml\" rel=\"self\" type=\"application/rss+xml\"/>"
    )));
    let links = texts_of(&rss, "link");
    assert_eq!(links[0], format!("{SITE_URL}/blog"));
    assert!(links.contains(&format!("{SITE_URL}/blog/hostile-post").as_str()));
    assert!(!links.contains(&format!("{SITE_URL}/blog/draft-post").as_str()));
    assert!(rss.contains(
        "<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &#39;single&#39;</title>"
    ));
    assert!(rss.contains("<pubDate>Mon, 2 Mar 2026 09:05:00 +0000</pubDate>"));
    // Newest first: the item dates never increase.
    let dates: Vec<i64> = texts_of(&rss, "pubDate")
        .iter()
        .map(|date| httpdate_seconds(date))
        .collect();
    assert!(dates.len() >= 6);
    assert!(dates.windows(2).all(|pair| pair[0] >= pair[1]), "{dates:?}");
}

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

#[tokio::test]
async fn site_responses_carry_the_security_headers() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    for path in [
        "/",
        "/no/such/page",
        "/assets/index-abc123.js",
        "/robots.txt",
        "/favicon.svg",
    ] {
        let response = app.get(path).send().await.unwrap();
        let headers = response.headers();
        let policy = headers["content-security-policy"].to_str().unwrap();
        let script_src = policy
            .split(';')
            .map(str::trim)
            .find(|directive| directive.starts_with("script-src"))
            .expect("script-src");
        assert_eq!(script_src, "script-src 'self'", "{path}");
        for directive in [
            "default-src 'none'",
            "frame-ancestors 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "object-src 'none'",
            "worker-src 'self' blob:",
            "connect-src 'self'",
        ] {
            assert!(policy.contains(directive), "{directive} ({path})");
        }
        assert!(!policy.contains("unsafe-eval"));
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(
            headers["referrer-policy"],
            "strict-origin-when-cross-origin"
        );
        assert!(
            headers["permissions-policy"]
                .to_str()
                .unwrap()
                .contains("camera=()")
        );
        assert_eq!(headers["x-frame-options"], "DENY");
        assert!(
            headers.get("strict-transport-security").is_none(),
            "no HSTS outside production"
        );
    }
    assert_eq!(
        app.get("/rest/v1/").send().await.unwrap().headers()["content-security-policy"],
        "default-src 'none'; frame-ancestors 'none'",
        "the APIs are not the site: their answers allow nothing"
    );

    let production = spawn_site(
        &dist,
        &[
            ("CLAIMBRIDGE_ENV", "production"),
            (
                "JWT_SECRET",
                "a-production-secret-that-is-long-enough-0123456789",
            ),
            ("CLAIMBRIDGE_HOST", "127.0.0.1"),
        ],
    )
    .await;
    let response = production.get("/").send().await.unwrap();
    let hsts = response.headers()["strict-transport-security"]
        .to_str()
        .unwrap();
    let max_age: u64 = hsts
        .split(';')
        .find_map(|part| part.trim().strip_prefix("max-age="))
        .unwrap()
        .parse()
        .unwrap();
    assert!(max_age >= 15_768_000, "{hsts}");
}

#[tokio::test]
async fn pages_revalidate_with_etags_and_come_compressed() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    let first = app.get("/services").send().await.unwrap();
    assert_eq!(first.status(), 200);
    let etag = first.headers()["etag"].to_str().unwrap().to_string();
    assert_eq!(first.headers()["vary"], "Accept-Encoding");
    let revalidated = app
        .get("/services")
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(revalidated.status(), 304);
    assert_eq!(revalidated.headers()["etag"], etag.as_str());
    assert!(revalidated.bytes().await.unwrap().is_empty());
    let other = app
        .get("/about")
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 200, "another page has another ETag");
    let missing = app
        .get("/no/such")
        .header("if-none-match", "*")
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404, "a 404 is never 304");

    for (accept, encoding) in [("gzip, deflate, br", "br"), ("gzip", "gzip")] {
        let response = app
            .get("/services")
            .header("accept-encoding", accept)
            .send()
            .await
            .unwrap();
        assert_eq!(response.headers()["content-encoding"], encoding, "{accept}");
        assert_eq!(response.headers()["etag"], etag.as_str());
    }

    let asset = app
        .get("/assets/index-abc123.js")
        .header("accept-encoding", "gzip, br")
        .send()
        .await
        .unwrap();
    assert_eq!(asset.status(), 200);
    assert_eq!(asset.headers()["content-encoding"], "br");
    assert_eq!(
        asset.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        asset.headers()["vary"]
            .to_str()
            .unwrap()
            .to_ascii_lowercase()
            .contains("accept-encoding")
    );
    assert!(
        asset.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );
    assert_eq!(
        &asset.bytes().await.unwrap()[..],
        APP_JS_BR,
        "the build's brotli copy"
    );
    let plain = app.get("/assets/index-abc123.js").send().await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.text().await.unwrap(), APP_JS);
}

#[tokio::test]
async fn admin_writes_through_rest_show_within_a_second() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    let (_, before) = page(&app, "/about").await;
    assert_ne!(title(&before), "Renamed about page");
    let (status, _) = page(&app, "/blog/fresh-post").await;
    assert_eq!(status, 404);
    let sitemap_before = app
        .get("/sitemap.xml")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(!sitemap_before.contains("/blog/fresh-post"));

    let rest = |method: reqwest::Method, path: &str| {
        app.client
            .request(method, format!("{}/rest/v1/{path}", app.url))
            .header("apikey", DEMO_ANON_KEY)
            .bearer_auth(admin_jwt())
    };
    let updated = rest(
        reqwest::Method::PATCH,
        "page_seo_settings?page_route=eq./about",
    )
    .json(&json!({"meta_title": "Renamed about page"}))
    .send()
    .await
    .unwrap();
    assert!(
        updated.status().is_success(),
        "{}",
        updated.text().await.unwrap()
    );
    let (_, after) = poll_page(&app, "/about", Duration::from_secs(1), |_, html| {
        title(html) == "Renamed about page"
    })
    .await;
    assert_eq!(title(&after), "Renamed about page");

    let created = rest(reqwest::Method::POST, "blog_posts")
        .json(
            &json!({"slug": "fresh-post", "title": "Fresh", "description": "Just published",
                      "category": "News", "published": true}),
        )
        .send()
        .await
        .unwrap();
    assert!(
        created.status().is_success(),
        "{}",
        created.text().await.unwrap()
    );
    let (status, html) = poll_page(
        &app,
        "/blog/fresh-post",
        Duration::from_secs(1),
        |status, _| status == 200,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), "Fresh | ClaimBridge");
    let sitemap = app
        .get("/sitemap.xml")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(sitemap.contains("/blog/fresh-post"));

    let unpublished = rest(reqwest::Method::PATCH, "blog_posts?slug=eq.fresh-post")
        .json(&json!({"published": false}))
        .send()
        .await
        .unwrap();
    assert!(unpublished.status().is_success());
    let (status, _) = poll_page(
        &app,
        "/blog/fresh-post",
        Duration::from_secs(1),
        |status, _| status == 404,
    )
    .await;
    assert_eq!(status, 404, "a post taken back is gone within a second");
}

#[tokio::test]
async fn an_unbuilt_site_says_how_to_build_it() {
    let empty = tempfile::tempdir().unwrap();
    let app = spawn_app_with(&[("CLAIMBRIDGE_FRONTEND_DIR", empty.path().to_str().unwrap())]).await;
    let response = app.get("/").send().await.unwrap();
    assert_eq!(response.status(), 503);
    assert!(response.text().await.unwrap().contains("make run"));
    assert_eq!(
        app.get("/healthz").send().await.unwrap().status(),
        200,
        "the APIs still serve"
    );
    assert_eq!(
        app.get("/robots.txt").send().await.unwrap().status(),
        200,
        "robots.txt needs no build"
    );
}

/// A second instance on the same database: only NOTIFY can tell it about a write.
async fn second_instance(
    app: &TestApp,
    dist: &tempfile::TempDir,
) -> (String, tokio::sync::oneshot::Sender<()>, tempfile::TempDir) {
    let data_dir = tempfile::tempdir().unwrap();
    let passcode_hash = cb_server::passcode::hash("another-instance-passcode").unwrap();
    let dist_dir = dist.path().display().to_string();
    let config = cb_tests::app_config_on(
        &app.db.url(),
        data_dir.path(),
        &[
            ("ADMIN_PASSCODE_HASH", &passcode_hash),
            ("CLAIMBRIDGE_FRONTEND_DIR", &dist_dir),
            ("CLAIMBRIDGE_SITE_URL", SITE_URL),
        ],
    );
    let other = cb_server::App::build(config).await.unwrap();
    let (url, stop) = cb_tests::serve(other);
    (url, stop, data_dir)
}

#[tokio::test]
async fn another_instance_sees_writes_and_survives_a_lost_listener() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    let (other_url, _stop, _other_data) = second_instance(&app, &dist).await;
    let other_title = || async {
        let html = app
            .client
            .get(format!("{other_url}/about"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        title(&html)
    };
    let before = other_title().await;

    // Written on a connection of neither instance (the second one's start recorded its own
    // admin passcode generation, so the first one's admin token would no longer pass RLS).
    execute(
        &app,
        "update public.page_seo_settings set meta_title = 'Seen everywhere' where page_route = '/about'",
    )
    .await;
    let started = Instant::now();
    while other_title().await != "Seen everywhere" && started.elapsed() < Duration::from_secs(1) {
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_ne!(before, "Seen everywhere");
    assert_eq!(other_title().await, "Seen everywhere", "within a second");

    // Every instance's LISTEN connection dies; the listeners reconnect and writes show again.
    execute(
        &app,
        "select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen%'",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    execute(
        &app,
        "update public.page_seo_settings set meta_title = 'After reconnect' where page_route = '/about'",
    )
    .await;
    let started = Instant::now();
    while other_title().await != "After reconnect" && started.elapsed() < Duration::from_secs(3) {
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(other_title().await, "After reconnect");
}

#[tokio::test]
async fn data_pages_preload_their_chunk_and_the_database_client_from_the_build_manifest() {
    let dist = dist();
    std::fs::create_dir(dist.path().join(".vite")).unwrap();
    std::fs::write(
        dist.path().join(".vite/manifest.json"),
        r#"{
          "index.html": {"file": "assets/index-abc123.js", "isEntry": true},
          "_supabase-S1.js": {"file": "assets/supabase-S1.js", "imports": ["index.html"]},
          "src/features/blog/blog-list-page.tsx": {"file": "assets/blog-list-page-L1.js",
            "imports": ["index.html"], "dynamicImports": ["_supabase-S1.js"]},
          "src/features/blog/blog-post-page.tsx": {"file": "assets/blog-post-page-P1.js",
            "imports": ["index.html"], "dynamicImports": ["_supabase-S1.js"]}
        }"#,
    )
    .unwrap();
    let app = spawn_site(&dist, &[]).await;
    insert_posts(&app).await;
    let preload = |file: &str| {
        format!(
            "<link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/assets/{file}\">"
        )
    };

    let (status, blog) = page(&app, "/blog").await;
    assert_eq!(status, 200);
    assert!(
        head(&blog).contains(&preload("blog-list-page-L1.js")),
        "{blog}"
    );
    assert!(head(&blog).contains(&preload("supabase-S1.js")));
    assert!(
        !blog.contains(&preload("index-abc123.js")),
        "the entry loads itself"
    );

    let (status, post) = poll_page(
        &app,
        "/blog/hostile-post",
        Duration::from_secs(1),
        |status, _| status == 200,
    )
    .await;
    assert_eq!(status, 200);
    assert!(head(&post).contains(&preload("blog-post-page-P1.js")));

    // Static pages and the shared not-found page preload nothing.
    for path in ["/about", "/blog/no-such-post", "/no/such/page"] {
        let (_, html) = page(&app, path).await;
        assert!(!html.contains("modulepreload"), "{path}");
    }
}

/// A scheduled post (published, publish_at ahead) is hidden from every public read path until
/// its time, then appears in all of them with no write and no job in between: row-level
/// security compares with now(), and the website's cache expires at the next publish time.
#[tokio::test]
async fn a_scheduled_post_appears_everywhere_at_its_time_and_not_before() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    let admin = admin_jwt();
    let publish_at: String = sqlx::query_scalar(
        "select to_char((now() + interval '3 seconds') at time zone 'utc', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    let created = app
        .with_token(reqwest::Method::POST, "/rest/v1/blog_posts", &admin)
        .json(&json!({"title": "Face-to-face encounter rules for 2027", "slug": "f2f-rules-2027",
                      "description": "What changes for power mobility orders", "category": "Compliance",
                      "published": true, "publish_at": publish_at}))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 201);
    let anon_rows = || async {
        app.anon(
            reqwest::Method::GET,
            "/rest/v1/blog_posts?slug=eq.f2f-rules-2027&published=eq.true&select=slug",
        )
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap()
    };
    let app = &app;
    let body = |path: &'static str| async move { page(app, path).await.1 };

    // Before: nobody but the admin sees it, in any form.
    assert_eq!(anon_rows().await, json!([]));
    assert_eq!(page(app, "/blog/f2f-rules-2027").await.0, 404);
    assert!(!body("/sitemap.xml").await.contains("f2f-rules-2027"));
    assert!(!body("/rss.xml").await.contains("f2f-rules-2027"));
    let admin_rows = app
        .with_token(
            reqwest::Method::GET,
            "/rest/v1/blog_posts?slug=eq.f2f-rules-2027&select=slug",
            &admin,
        )
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(admin_rows, json!([{"slug": "f2f-rules-2027"}]));

    // At its time: everywhere, without any write.
    let (status, html) = poll_page(
        app,
        "/blog/f2f-rules-2027",
        Duration::from_secs(10),
        |s, _| s == 200,
    )
    .await;
    assert_eq!(status, 200, "the post never appeared");
    assert!(title(&html).starts_with("Face-to-face encounter rules for 2027"));
    let live: bool = sqlx::query_scalar(
        "select now() >= publish_at from public.blog_posts where slug = 'f2f-rules-2027'",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert!(live, "shown before its time");
    assert_eq!(anon_rows().await, json!([{"slug": "f2f-rules-2027"}]));
    assert!(body("/sitemap.xml").await.contains("/blog/f2f-rules-2027"));
    assert!(body("/rss.xml").await.contains("/blog/f2f-rules-2027"));
}
