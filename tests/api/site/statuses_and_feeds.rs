//! Real statuses for real and missing pages, the unbuilt site's answer, and the sitemap, robots.txt
//! and RSS as valid XML.
use super::*;
use cb_tests::Answer as _;

/// GETs `path`, which must answer 200 with exactly `content_type`; its body.
async fn fetch_served(app: &TestApp, path: &str, content_type: &str) -> String {
    let response = app.get(path).answer().await;
    assert_eq!(response.status(), 200, "{path}");
    assert_eq!(response.headers()["content-type"], content_type, "{path}");
    response.text().await.unwrap()
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
        // Unrendered (this build has no server bundle), a page says nothing of its own in its
        // head: only the render says what a page's head is (site_rendering tests it).
        assert_eq!(title(&html), "ClaimBridge", "{path}");
        assert!(metas(&html, "name", "robots").is_empty(), "{path}");
        assert!(metas(&html, "property", "og:title").is_empty(), "{path}");
    }
    for file in ["/favicon.svg", "/images/a%20b.svg"] {
        let response = app.get(file).answer().await;
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
    let asset = app.get("/assets/index-zzz.js").answer().await;
    assert_eq!(asset.status(), 404);
    assert!(
        !asset.text().await.unwrap().contains("<div id=\"root\">"),
        "a missing asset is not the app"
    );
    let redirect = cb_tests::without_redirects()
        .get(format!("{}/index.html", app.url))
        .answer()
        .await;
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
    app.db
        .execute("update public.page_seo_settings set noindex = true where page_route = '/careers'")
        .await;
    app.db
        .execute(
            "insert into public.blog_posts (slug, title, description, category, published, noindex)
         values ('hidden-post', 'Hidden', 'Not indexed', 'News', true, true)",
        )
        .await;

    let sitemap = fetch_served(&app, "/sitemap.xml", "application/xml; charset=utf-8").await;
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
        app.get("/sitemap-1.xml").answer().await.status(),
        404,
        "no parts below the limit"
    );

    let robots = fetch_served(&app, "/robots.txt", "text/plain; charset=utf-8").await;
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

    let rss = fetch_served(&app, "/rss.xml", "application/rss+xml; charset=utf-8").await;
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

#[tokio::test]
async fn an_unbuilt_site_says_how_to_build_it() {
    let empty = tempfile::tempdir().unwrap();
    let app = spawn_app_with(&[("CLAIMBRIDGE_FRONTEND_DIR", empty.path().to_str().unwrap())]).await;
    let response = app.get("/").answer().await;
    assert_eq!(response.status(), 503);
    assert!(response.text().await.unwrap().contains("make run"));
    assert_eq!(
        app.get("/healthz").answer().await.status(),
        200,
        "the APIs still serve"
    );
    assert_eq!(
        app.get("/robots.txt").answer().await.status(),
        200,
        "robots.txt needs no build"
    );
}

#[tokio::test]
async fn a_build_without_its_route_table_is_served_as_not_built() {
    let dist = dist();
    std::fs::remove_file(dist.path().join(".ssr/site-manifest.json")).unwrap();
    let app = spawn_site(&dist, &[]).await;
    for path in ["/", "/about", "/sitemap.xml"] {
        let response = app.get(path).answer().await;
        assert_eq!(response.status(), 503, "{path}");
        assert!(
            response.text().await.unwrap().contains("make run"),
            "{path}"
        );
    }

    // A table the server cannot read (a resource it does not know) is refused the same way.
    let manifest = dist.path().join(".ssr/site-manifest.json");
    let built = cb_tests::workspace_root().join("frontend/dist/.ssr/site-manifest.json");
    let text = std::fs::read_to_string(built).unwrap();
    std::fs::write(&manifest, text.replace("\"blogPosts\"", "\"unknownRows\"")).unwrap();
    let app = spawn_site(&dist, &[]).await;
    assert_eq!(app.get("/about").answer().await.status(), 503);
    std::fs::write(&manifest, text).unwrap();
    let app = spawn_site(&dist, &[]).await;
    assert_eq!(app.get("/about").answer().await.status(), 200);
}
