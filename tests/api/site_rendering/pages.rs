//! Each public page, the blog, whitepapers and downloads in the server's HTML, hostile stored HTML
//! neutralised.
use super::*;
use cb_tests::Answer as _;

#[tokio::test]
async fn every_public_page_is_in_the_html_with_its_heading_and_main_text() {
    let app = spawn_rendering_site(&[]).await;
    let pages = [
        (
            "/",
            "Get paid for every piece of equipment you deliver.",
            "500+",
        ),
        (
            "/services",
            "Software and billing services for HME/DME suppliers",
            "Complex Rehab",
        ),
        ("/rcm-services", "RCM Services", "Small HME/DME Startups"),
        ("/about", "About ClaimBridge", "2016"),
        (
            "/contact",
            "Talk to a DME billing specialist",
            "within 24 hours",
        ),
        (
            "/careers",
            "Help equipment suppliers get paid for the care they deliver",
            "No Open Positions at This Time",
        ),
        (
            "/api-integrations",
            "Connect ClaimBridge to the systems you already use",
            "EHR",
        ),
        ("/privacy-policy", "Privacy Policy", "AES-256"),
        ("/cookie-policy", "Cookie Policy", "January 30, 2025"),
        (
            "/blog/dme-billing-coding-guide",
            "DME Billing and Coding Guide",
            "Duplicate claims",
        ),
        (
            "/blog/compliance-best-practices-dme-providers",
            "Compliance Best Practices for DME Providers",
            "7 min",
        ),
        ("/blog", "Insights for HME/DME billing teams", "Read More"),
        ("/whitepapers", "Whitepapers", "Request Custom Research"),
        (
            "/downloads",
            "Your downloads",
            "Thank you for your interest!",
        ),
    ];
    for (path, heading, body) in pages {
        let (status, html) = app.get(path).status_text().await;
        assert_eq!(status, 200, "{path}");
        let markup = root(&html);
        assert!(h1(markup).contains(heading), "{path}: h1 {:?}", h1(markup));
        let shown = text(markup);
        assert!(shown.contains(body), "{path}: no {body:?} in {shown}");
        // The shared header and footer, as the browser renders them.
        assert!(markup.contains("<header class=\"site-header\""), "{path}");
        assert!(markup.contains("<footer class=\"site-footer\""), "{path}");
        assert!(
            !html.contains("app-noscript"),
            "{path}: a rendered page needs no JavaScript note"
        );
        let data = page_data(&html);
        assert_eq!(data["path"], path);
        assert_eq!(
            data["renderedOn"].as_str().unwrap().len(),
            10,
            "{path}: a calendar day"
        );
        assert!(
            data["resources"]["pageSeo"].is_object(),
            "{path}: its SEO record goes with it"
        );
    }
    // The admin screens are the browser's alone.
    let (_, admin) = app.get("/admin/blog").status_text().await;
    assert!(admin.contains("<div id=\"root\"></div>") && !admin.contains("id=\"page-data\""));
}

#[tokio::test]
async fn the_blog_lists_published_posts_newest_first_and_a_post_page_holds_its_body() {
    let app = spawn_rendering_site(&[]).await;
    app.db.execute(
        "delete from public.blog_posts;
         insert into public.blog_posts (slug, title, description, category, read_time, published,
                content, author_name, tags, created_at, updated_at)
         values ('older-post', 'Older post on CMN renewals', 'About CMNs', 'Compliance', '4', true,
                 '<p>Certificates of medical necessity expire.</p>', 'Dana Whitfield',
                 array['cmn'], '2026-01-05 10:00:00+00', '2026-01-06 10:00:00+00'),
                ('newer-post', 'Newer post on KX modifiers', 'About KX', 'Billing', '6', true,
                 '<h2>When KX applies</h2><p>The KX modifier attests that documentation is on file.</p>',
                 'Maria Delgado', array['modifiers', 'kx'], '2026-02-10 23:30:00+00',
                 '2026-02-11 08:00:00+00'),
                ('draft-post', 'Draft on oxygen audits', 'Not yet', 'Compliance', '5', false,
                 '<p>Unpublished.</p>', null, '{}', '2026-03-01 10:00:00+00', now())",
    )
    .await;

    let (status, html) = page_showing(&app, "/blog", "the inserted posts", |_, html| {
        html.contains("Newer post on KX modifiers")
    })
    .await;
    assert_eq!(status, 200);
    let shown = text(root(&html));
    let newer = shown
        .find("Newer post on KX modifiers")
        .expect("the newer post");
    let older = shown
        .find("Older post on CMN renewals")
        .expect("the older post");
    assert!(newer < older, "newest first");
    assert!(!shown.contains("Draft on oxygen audits"), "drafts stay out");
    assert!(shown.contains("6 min read") && shown.contains("February 10, 2026"));
    assert!(root(&html).contains("href=\"/blog/newer-post\""));
    let data = page_data(&html);
    let listed: Vec<&str> = data["resources"]["blogPosts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|post| post["slug"].as_str().unwrap())
        .collect();
    assert_eq!(listed, ["newer-post", "older-post"]);

    let (status, html) = app.get("/blog/newer-post").status_text().await;
    assert_eq!(status, 200);
    let markup = root(&html);
    assert_eq!(h1(markup), "Newer post on KX modifiers");
    let shown = text(markup);
    assert!(shown.contains("When KX applies"), "{shown}");
    assert!(shown.contains("The KX modifier attests that documentation is on file."));
    assert!(shown.contains("By Maria Delgado") && shown.contains("Published on February 10, 2026"));
    assert_eq!(
        page_data(&html)["resources"]["blogPost"]["slug"],
        "newer-post"
    );

    for missing in ["/blog/draft-post", "/blog/no-such-post"] {
        let (status, html) = app.get(missing).status_text().await;
        assert_eq!(status, 404, "{missing}");
        let shown = text(root(&html));
        assert!(shown.contains("Blog Post Not Found"), "{missing}: {shown}");
        assert!(!shown.contains("Unpublished."), "{missing}");
        assert_eq!(page_data(&html)["resources"]["blogPost"], Value::Null);
    }
    let (status, html) = app.get("/no/such/page").status_text().await;
    assert_eq!(status, 404);
    assert!(text(root(&html)).contains("Oops! Page not found"));
}

#[tokio::test]
async fn whitepapers_and_downloads_show_their_cards_and_each_files_state() {
    let app = spawn_rendering_site(&[]).await;
    let upload = app
        .post("/storage/v1/object/whitepapers/denial-playbook.pdf")
        .bearer_auth(cb_tests::DEMO_SERVICE_ROLE_KEY)
        .header("content-type", "application/pdf")
        .body("%PDF-1.4\n% a denial playbook\n%%EOF\n")
        .answer()
        .await;
    assert_eq!(upload.status(), 200, "{}", upload.text().await.unwrap());
    app.db.execute(
        "delete from public.whitepapers;
         insert into public.whitepapers (title, description, category, pages, featured, file_path, created_at)
         values ('Denial playbook', 'Work denials by reason code', 'Billing', 12, true,
                 'denial-playbook.pdf', '2026-01-01'),
                ('Audit guide', 'Get ready for TPE', 'Compliance', 1, false, 'missing-file.pdf', '2026-02-01'),
                ('Payer mix study', 'Coming later', 'Analytics', null, false, null, '2026-03-01')",
    )
    .await;
    let (status, html) = page_showing(
        &app,
        "/whitepapers",
        "the inserted whitepapers",
        |_, html| html.contains("Payer mix study"),
    )
    .await;
    assert_eq!(status, 200);
    let shown = text(root(&html));
    let featured = shown.find("Denial playbook").unwrap();
    let newest = shown.find("Payer mix study").unwrap();
    assert!(featured < newest, "featured first: {shown}");
    assert!(shown.contains("Featured") && shown.contains("12 pages") && shown.contains("1 page"));
    assert!(shown.contains("Download PDF") && shown.contains("Coming Soon"));

    let (status, html) = app.get("/downloads").status_text().await;
    assert_eq!(status, 200);
    let shown = text(root(&html));
    assert!(
        shown.contains("Download PDF"),
        "the uploaded file exists: {shown}"
    );
    assert!(shown.contains("File Not Available"), "{shown}");
    assert!(shown.contains("No File Specified"), "{shown}");
    let files = &page_data(&html)["resources"]["whitepaperFiles"];
    assert_eq!(files["denial-playbook.pdf"], true);
    assert_eq!(files["missing-file.pdf"], false);
}

#[tokio::test]
async fn hostile_stored_html_is_neutralised_in_the_servers_output() {
    let app = spawn_rendering_site(&[]).await;
    let hostile = r#"<p onclick="steal()">Safe words</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">click</a><iframe src="https://evil.example/x"></iframe><iframe src="https://www.youtube.com/embed/abc"></iframe><svg onload="alert(4)"></svg><style>body{display:none}</style><a href="https://ok.example">fine</a>"#;
    app.db
        .execute(&format!(
            "insert into public.blog_posts (slug, title, description, category, published, content)
             values ('hostile-body', 'Hostile body', 'd', 'News', true, {html});
             update public.page_seo_settings set content = {html} where page_route = '/about'",
            html = cb_db::quote_literal(hostile)
        ))
        .await;
    // A preview shows stored or unsaved HTML too: a draft post's, a page's unsaved content.
    app.db.execute(
        &format!(
            "insert into public.blog_posts (id, slug, title, description, category, published, content)
             values ('0b8a4c8e-6f0e-4d55-9a51-2f1f6c3c2a77', 'hostile-draft', 'Hostile draft', 'd', 'News',
                     false, {html})",
            html = cb_db::quote_literal(hostile)
        ),
    )
    .await;
    let post_preview = create_preview(
        &app,
        serde_json::json!({"kind": "post", "post_id": "0b8a4c8e-6f0e-4d55-9a51-2f1f6c3c2a77"}),
    )
    .await;
    let page_preview = create_preview(
        &app,
        serde_json::json!({"kind": "page", "page_route": "/services", "content": hostile}),
    )
    .await;
    let post_preview = format!("/preview/{post_preview}");
    let page_preview = format!("/preview/{page_preview}");
    for path in ["/blog/hostile-body", "/about", &post_preview, &page_preview] {
        let (status, html) = page_showing(&app, path, "the stored content", |_, html| {
            prose(root(html)).contains("Safe words")
        })
        .await;
        assert_eq!(status, 200, "{path}");
        let markup = prose(root(&html));
        for forbidden in [
            "onclick",
            "onerror",
            "onload",
            "<script",
            "javascript:",
            "evil.example",
            "<svg",
            "<style",
            "display:none",
        ] {
            assert!(
                !markup.contains(forbidden),
                "{path}: {forbidden} in {markup}"
            );
        }
        assert!(markup.contains(
            r#"<iframe src="https://www.youtube.com/embed/abc" title="Embedded video" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>"#
        ), "{path}");
        assert!(markup.contains(r#"<a href="https://ok.example" rel="noopener">fine</a>"#));
        // The raw row goes to the browser as data (escaped for the script element), where
        // DOMPurify sanitises it with the same policy before it is shown.
        assert!(!html.contains("<script>alert(1)</script>"), "{path}");
    }
    // A made-up token of any length or content is a plain refusal.
    for token in [
        "x".repeat(4000),
        "%00%27%22%3Cscript%3E".into(),
        "..%2f..%2fetc".into(),
    ] {
        let (status, html) = app.get(&format!("/preview/{token}")).status_text().await;
        assert_eq!(status, 404, "{token}");
        assert!(text(root(&html)).contains("This preview link is not valid"));
    }
}
