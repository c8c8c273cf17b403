//! The document head: the runtime configuration on every app route, each route's SEO record and
//! each post as the server render reports them, stored text kept text, and the preloads of data
//! pages.
use super::*;
use crate::site_rendering::spawn_rendering_site;
use cb_tests::Answer as _;

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
        let response = app.get(path).answer().await;
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

#[tokio::test]
async fn every_public_route_gets_the_head_of_its_seo_record() {
    let app = spawn_rendering_site(&[]).await;
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
            assert_eq!(
                metas(&html, "name", "description").len(),
                1,
                "one description ({route})"
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

    // A route without a record has the company name for its title and no tags of its own.
    app.db
        .execute("delete from public.page_seo_settings where page_route = '/careers'")
        .await;
    let (status, html) = poll_page(&app, "/careers", Duration::from_secs(1), |_, html| {
        title(html) == "ClaimBridge"
    })
    .await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), "ClaimBridge");
    assert!(metas(&html, "name", "description").is_empty());
    assert!(metas(&html, "property", "og:title").is_empty());
    assert_eq!(canonical(&html), None);
}

#[tokio::test]
async fn a_published_post_gets_the_spec_head_and_hostile_text_stays_text() {
    let app = spawn_rendering_site(&[]).await;
    insert_posts(&app).await;
    let html = served_page(&app, "/blog/hostile-post").await;
    assert_eq!(title(&html), format!("{HOSTILE} | ClaimBridge"));
    assert!(!html.contains("<script>alert"), "{html}");
    assert_eq!(
        html.matches("</script>").count(),
        html.matches("<script").count(),
        "no stored text closes a script early"
    );
    assert_eq!(head(&html).matches("application/ld+json").count(), 1);
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
    let app = spawn_rendering_site(&[]).await;
    app.db
        .execute(&format!(
            "update public.page_seo_settings
                set meta_title = {title}, meta_description = {title}, keywords = array[{title}],
                    og_image = 'javascript:alert(1)\" onerror=\"alert(2)',
                    schema_json = jsonb_build_object('@type', 'Organization', 'name', {title},
                                                     'x', '</script><!--<script>')
              where page_route = '/about'",
            title = cb_db::quote_literal(HOSTILE)
        ))
        .await;
    let (status, html) = poll_page(&app, "/about", Duration::from_secs(1), |_, html| {
        title(html) == HOSTILE
    })
    .await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), HOSTILE);
    assert!(!html.contains("<script>alert") && !html.contains("onerror=\""));
    // React separates text with comments in the body; none may start in the head.
    assert!(!head(&html).contains("<!--"));
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

    let post = served_page(&app, "/blog/hostile-post").await;
    assert!(head(&post).contains(&preload("blog-post-page-P1.js")));

    // Static pages and the shared not-found page preload nothing.
    for path in ["/about", "/blog/no-such-post", "/no/such/page"] {
        let (_, html) = page(&app, path).await;
        assert!(!html.contains("modulepreload"), "{path}");
    }
}
