//! Server rendering (crates/render, crates/site/src/ssr.rs): every public page's content is in
//! the HTML the server sends, rendered by the build's server bundle from the database, with the
//! data it used embedded; stored HTML is sanitised on the server; an admin's write shows in the
//! next response of any instance. These tests use the real frontend build (`make frontend`).
use std::path::PathBuf;
use std::time::{Duration, Instant};

use cb_db::sqlx;
use cb_tests::{TestApp, spawn_app_with, workspace_root};
use serde_json::Value;

const SITE_URL: &str = "https://www.example.test";

fn built_site() -> PathBuf {
    let dist = workspace_root().join("frontend/dist");
    assert!(
        dist.join(".ssr/server.js").is_file() && dist.join(".ssr/prerendered.json").is_file(),
        "the frontend build with its server bundle is missing: run `make frontend`"
    );
    dist
}

async fn spawn_rendering_site(extra: &[(&str, &str)]) -> TestApp {
    let dist = built_site();
    let dist = dist.display().to_string();
    let mut vars = vec![
        ("CLAIMBRIDGE_FRONTEND_DIR", dist.as_str()),
        ("CLAIMBRIDGE_SITE_URL", SITE_URL),
    ];
    vars.extend_from_slice(extra);
    spawn_app_with(&vars).await
}

async fn execute(app: &TestApp, sql: &str) {
    sqlx::raw_sql(sql).execute(&app.db.pool).await.unwrap();
}

async fn fetch(client: &reqwest::Client, url: &str) -> (u16, String) {
    let response = client.get(url).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

/// The markup React rendered into #root.
fn root(html: &str) -> &str {
    let open = "<div id=\"root\">";
    let start = html.find(open).expect("a #root element") + open.len();
    let end = html
        .find("</div><script id=\"page-data\"")
        .expect("the page's data after #root");
    &html[start..end]
}

/// The data the page embeds for the browser.
fn page_data(html: &str) -> Value {
    let open = "<script id=\"page-data\" type=\"application/json\">";
    let start = html.find(open).expect("embedded page data") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// The text a reader sees in `markup`: tags dropped, entities decoded, spaces collapsed.
fn text(markup: &str) -> String {
    let mut out = String::with_capacity(markup.len());
    let mut in_tag = false;
    for ch in markup.chars() {
        match ch {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(ch),
            _ => {}
        }
    }
    let decoded = out
        .replace("&amp;", "&")
        .replace("&#x27;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", " ");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The stored HTML as the page shows it: the last `prose` block (a post's body, a page's body
/// content, which comes after the page itself).
fn prose(markup: &str) -> &str {
    let start = markup.rfind("<div class=\"prose").expect("a prose block");
    let end = start + markup[start..].find("</div>").expect("its end");
    &markup[start..end]
}

/// The text of the page's first `<h1>`.
fn h1(markup: &str) -> String {
    let start = markup.find("<h1").expect("an h1");
    let end = start + markup[start..].find("</h1>").unwrap();
    text(&markup[start..end])
}

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
        let (status, html) = fetch(&app.client, &format!("{}{path}", app.url)).await;
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
    let (_, admin) = fetch(&app.client, &format!("{}/admin/blog", app.url)).await;
    assert!(admin.contains("<div id=\"root\"></div>") && !admin.contains("id=\"page-data\""));
}

#[tokio::test]
async fn the_blog_lists_published_posts_newest_first_and_a_post_page_holds_its_body() {
    let app = spawn_rendering_site(&[]).await;
    execute(
        &app,
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

    let (status, html) = fetch(&app.client, &format!("{}/blog", app.url)).await;
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

    let (status, html) = fetch(&app.client, &format!("{}/blog/newer-post", app.url)).await;
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
        let (status, html) = fetch(&app.client, &format!("{}{missing}", app.url)).await;
        assert_eq!(status, 404, "{missing}");
        let shown = text(root(&html));
        assert!(shown.contains("Blog Post Not Found"), "{missing}: {shown}");
        assert!(!shown.contains("Unpublished."), "{missing}");
        assert_eq!(page_data(&html)["resources"]["blogPost"], Value::Null);
    }
    let (status, html) = fetch(&app.client, &format!("{}/no/such/page", app.url)).await;
    assert_eq!(status, 404);
    assert!(text(root(&html)).contains("Oops! Page not found"));
}

#[tokio::test]
async fn whitepapers_and_downloads_show_their_cards_and_each_files_state() {
    let app = spawn_rendering_site(&[]).await;
    let upload = app
        .client
        .post(format!(
            "{}/storage/v1/object/whitepapers/denial-playbook.pdf",
            app.url
        ))
        .bearer_auth(cb_tests::DEMO_SERVICE_ROLE_KEY)
        .header("content-type", "application/pdf")
        .body("%PDF-1.4\n% a denial playbook\n%%EOF\n")
        .send()
        .await
        .unwrap();
    assert_eq!(upload.status(), 200, "{}", upload.text().await.unwrap());
    execute(
        &app,
        "delete from public.whitepapers;
         insert into public.whitepapers (title, description, category, pages, featured, file_path, created_at)
         values ('Denial playbook', 'Work denials by reason code', 'Billing', 12, true,
                 'denial-playbook.pdf', '2026-01-01'),
                ('Audit guide', 'Get ready for TPE', 'Compliance', 1, false, 'missing-file.pdf', '2026-02-01'),
                ('Payer mix study', 'Coming later', 'Analytics', null, false, null, '2026-03-01')",
    )
    .await;
    let (status, html) = fetch(&app.client, &format!("{}/whitepapers", app.url)).await;
    assert_eq!(status, 200);
    let shown = text(root(&html));
    let featured = shown.find("Denial playbook").unwrap();
    let newest = shown.find("Payer mix study").unwrap();
    assert!(featured < newest, "featured first: {shown}");
    assert!(shown.contains("Featured") && shown.contains("12 pages") && shown.contains("1 page"));
    assert!(shown.contains("Download PDF") && shown.contains("Coming Soon"));

    let (status, html) = fetch(&app.client, &format!("{}/downloads", app.url)).await;
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
    execute(
        &app,
        &format!(
            "insert into public.blog_posts (slug, title, description, category, published, content)
             values ('hostile-body', 'Hostile body', 'd', 'News', true, {html});
             update public.page_seo_settings set content = {html} where page_route = '/about'",
            html = cb_db::quote_literal(hostile)
        ),
    )
    .await;
    // A preview shows stored or unsaved HTML too: a draft post's, a page's unsaved content.
    execute(
        &app,
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
        let started = Instant::now();
        let (status, html) = loop {
            let (status, html) = fetch(&app.client, &format!("{}{path}", app.url)).await;
            if html.contains("Safe words") || started.elapsed() > Duration::from_secs(2) {
                break (status, html);
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        };
        assert_eq!(status, 200, "{path}");
        let markup = prose(root(&html));
        assert!(
            markup.contains("Safe words"),
            "{path}: the content is shown"
        );
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
        let (status, html) = fetch(&app.client, &format!("{}/preview/{token}", app.url)).await;
        assert_eq!(status, 404, "{token}");
        assert!(text(root(&html)).contains("This preview link is not valid"));
    }
}

#[tokio::test]
async fn an_admin_edit_shows_in_the_next_response_of_another_instance() {
    let app = spawn_rendering_site(&[]).await;
    let data_dir = tempfile::tempdir().unwrap();
    let passcode_hash = cb_server::passcode::hash("another-instance-passcode").unwrap();
    let dist = built_site().display().to_string();
    let config = cb_tests::app_config_on(
        &app.db.url(),
        data_dir.path(),
        &[
            ("ADMIN_PASSCODE_HASH", &passcode_hash),
            ("CLAIMBRIDGE_FRONTEND_DIR", &dist),
            ("CLAIMBRIDGE_SITE_URL", SITE_URL),
        ],
    );
    let other = cb_server::App::build(config).await.unwrap();
    let (other_url, _stop) = cb_tests::serve(other);
    let slug = "oxygen-billing-36-month-rental-cap";

    // Both instances have rendered (and keep) the pages before the edit.
    for url in [&app.url, &other_url] {
        let (_, html) = fetch(&app.client, &format!("{url}/blog/{slug}")).await;
        assert!(!text(root(&html)).contains("Edited on one instance"));
        let (_, html) = fetch(&app.client, &format!("{url}/whitepapers")).await;
        assert!(!text(root(&html)).contains("Edited whitepaper"));
    }
    execute(
        &app,
        &format!(
            "update public.blog_posts set title = 'Edited on one instance', content = '<p>New body text</p>'
              where slug = '{slug}';
             update public.whitepapers set title = 'Edited whitepaper'
              where id = (select id from public.whitepapers order by created_at limit 1)"
        ),
    )
    .await;
    let started = Instant::now();
    let shows = |html: &str, wanted: &str| text(root(html)).contains(wanted);
    loop {
        let (_, post) = fetch(&app.client, &format!("{other_url}/blog/{slug}")).await;
        let (_, papers) = fetch(&app.client, &format!("{other_url}/whitepapers")).await;
        let (_, list) = fetch(&app.client, &format!("{other_url}/blog")).await;
        if shows(&post, "New body text")
            && shows(&post, "Edited on one instance")
            && shows(&papers, "Edited whitepaper")
            && shows(&list, "Edited on one instance")
        {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "the other instance still renders the old data"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

#[tokio::test]
async fn the_builds_prerendered_pages_are_served_while_they_show_this_configuration() {
    let prerendered: Value = serde_json::from_str(
        &std::fs::read_to_string(built_site().join(".ssr/prerendered.json")).unwrap(),
    )
    .unwrap();
    let built = prerendered["pages"]["/services"]["html"].as_str().unwrap();

    // The build rendered with the server's defaults (its site URL included).
    let app = spawn_rendering_site(&[("CLAIMBRIDGE_SITE_URL", "http://localhost:54321")]).await;
    let (_, html) = fetch(&app.client, &format!("{}/services", app.url)).await;
    assert_eq!(root(&html), built, "served as built");
    assert_eq!(
        page_data(&html)["renderedOn"],
        prerendered["renderedOn"],
        "with the day it was rendered on, which the browser hydrates with"
    );

    // Another company name: rendered by the server, showing it.
    let app = spawn_rendering_site(&[("COMPANY_NAME", "Acme Medical Billing")]).await;
    let (_, html) = fetch(&app.client, &format!("{}/services", app.url)).await;
    assert_ne!(root(&html), built);
    assert!(text(root(&html)).contains("Acme Medical Billing"));
    let (_, html) = fetch(&app.client, &format!("{}/privacy-policy", app.url)).await;
    let today = chrono::Utc::now()
        .date_naive()
        .format("%B %-d, %Y")
        .to_string();
    assert!(
        text(root(&html)).contains(&today),
        "the privacy policy shows the day it is served on ({today})"
    );
}

#[tokio::test]
async fn a_flood_of_made_up_paths_is_answered_and_real_pages_still_render() {
    let app = spawn_rendering_site(&[("CLAIMBRIDGE_RENDER_WORKERS", "1")]).await;
    // Made-up paths are rendered per request and never kept: past the renderer's queue they go
    // out unrendered (for the browser to render), still with their 404.
    let mut requests = Vec::new();
    for index in 0..300 {
        let client = app.client.clone();
        let path = if index % 2 == 0 {
            format!("{}/made-up-{index}", app.url)
        } else {
            format!("{}/blog/made-up-{index}", app.url)
        };
        requests.push(tokio::spawn(async move { fetch(&client, &path).await }));
    }
    let mut rendered = 0;
    for request in requests {
        let (status, html) = request.await.unwrap();
        assert_eq!(status, 404);
        assert!(html.contains("runtime-config"), "the app's page");
        if html.contains("id=\"page-data\"") {
            rendered += 1;
            let shown = text(root(&html));
            assert!(
                shown.contains("Oops! Page not found") || shown.contains("Blog Post Not Found"),
                "{shown}"
            );
        } else {
            assert!(
                html.contains("<div id=\"root\"></div>"),
                "unrendered, not broken"
            );
        }
    }
    assert!(rendered > 0, "the renderer kept working through the flood");
    let (status, html) = fetch(&app.client, &format!("{}/blog", app.url)).await;
    assert_eq!(status, 200);
    assert!(
        text(root(&html)).contains("Read More"),
        "rendered after the flood"
    );
}

async fn create_preview(app: &TestApp, body: serde_json::Value) -> String {
    let reply = app
        .with_token(
            reqwest::Method::POST,
            "/rest/v1/rpc/create_preview_link",
            &cb_tests::admin_jwt(),
        )
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status(), 200);
    let link: Value = reply.json().await.unwrap();
    let token = link["token"].as_str().unwrap().to_owned();
    assert!(token.len() >= 64, "{token}");
    token
}

/// A preview link renders a draft post on the server for someone without the passcode, never
/// indexed or cached; a tampered, revoked or expired token shows nothing, with the reason.
#[tokio::test]
async fn a_preview_link_shows_the_draft_until_revoked_or_expired() {
    let app = spawn_rendering_site(&[]).await;
    execute(
        &app,
        "insert into public.blog_posts (id, slug, title, description, category, published, content)
         values ('7d4c1c52-51f8-4c7e-8f0e-3a1d0c5b9e11', 'draft-cmn-changes', 'CMN changes for oxygen',
                 'Draft', 'Compliance', false, '<p>Certificates of medical necessity are retired.</p>')",
    )
    .await;
    let token = create_preview(
        &app,
        serde_json::json!({"kind": "post", "post_id": "7d4c1c52-51f8-4c7e-8f0e-3a1d0c5b9e11"}),
    )
    .await;
    let url = format!("{}/preview/{token}", app.url);

    let response = app.client.get(&url).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert_eq!(headers["x-robots-tag"], "noindex, nofollow");
    assert_eq!(headers["cache-control"], "no-store");
    assert_eq!(headers["referrer-policy"], "no-referrer");
    let html = response.text().await.unwrap();
    assert!(html.contains(r#"<meta name="robots" content="noindex, nofollow""#));
    let shown = text(root(&html));
    assert!(shown.contains("CMN changes for oxygen"), "{shown}");
    assert!(
        shown.contains("Certificates of medical necessity are retired."),
        "{shown}"
    );
    assert!(shown.contains("Preview"), "{shown}");
    assert_eq!(
        page_data(&html)["resources"]["preview"]["post"]["slug"],
        "draft-cmn-changes"
    );
    // Still a draft for everyone else.
    assert_eq!(
        fetch(&app.client, &format!("{}/blog/draft-cmn-changes", app.url))
            .await
            .0,
        404
    );

    // One character off is another token.
    let mut tampered = token.clone().into_bytes();
    tampered[10] = if tampered[10] == b'a' { b'b' } else { b'a' };
    let tampered = String::from_utf8(tampered).unwrap();
    let (status, html) = fetch(&app.client, &format!("{}/preview/{tampered}", app.url)).await;
    assert_eq!(status, 404);
    assert!(text(root(&html)).contains("This preview link is not valid"));
    assert!(!html.contains("Certificates of medical necessity"));

    // Revoked: at once (nothing cached).
    let revoked = app
        .with_token(
            reqwest::Method::PATCH,
            "/rest/v1/preview_links?post_id=eq.7d4c1c52-51f8-4c7e-8f0e-3a1d0c5b9e11",
            &cb_tests::admin_jwt(),
        )
        .json(&serde_json::json!({"revoked_at": "now()"}))
        .send()
        .await
        .unwrap();
    assert_eq!(revoked.status(), 204);
    let (status, html) = fetch(&app.client, &url).await;
    assert_eq!(status, 404);
    assert!(text(root(&html)).contains("This preview link was revoked"));

    // Expired.
    let token = create_preview(
        &app,
        serde_json::json!({"kind": "post", "post_id": "7d4c1c52-51f8-4c7e-8f0e-3a1d0c5b9e11", "expires_in_days": 1}),
    )
    .await;
    execute(
        &app,
        "update public.preview_links set expires_at = now() - interval '1 second' where revoked_at is null",
    )
    .await;
    let (status, html) = fetch(&app.client, &format!("{}/preview/{token}", app.url)).await;
    assert_eq!(status, 404);
    assert!(text(root(&html)).contains("This preview link has expired"));
}

/// A page preview shows the page with content that is not saved, and saves nothing.
#[tokio::test]
async fn a_page_preview_shows_unsaved_content_on_the_page() {
    let app = spawn_rendering_site(&[]).await;
    let token = create_preview(
        &app,
        serde_json::json!({"kind": "page", "page_route": "/about",
                           "content": "<p>Now billing for complex rehab in 48 states.</p>"}),
    )
    .await;
    let (status, html) = fetch(&app.client, &format!("{}/preview/{token}", app.url)).await;
    assert_eq!(status, 200);
    let markup = root(&html);
    assert_eq!(h1(markup), "About ClaimBridge");
    assert_eq!(
        text(prose(markup)),
        "Now billing for complex rehab in 48 states."
    );
    let (_, about) = fetch(&app.client, &format!("{}/about", app.url)).await;
    assert!(!about.contains("complex rehab in 48 states"));
    // Only an admin makes links; nobody else reads them.
    let refused = app
        .anon(reqwest::Method::POST, "/rest/v1/rpc/create_preview_link")
        .json(&serde_json::json!({"kind": "page", "page_route": "/about", "content": "x"}))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 401);
    let listed = app
        .anon(reqwest::Method::GET, "/rest/v1/preview_links?select=id")
        .send()
        .await
        .unwrap();
    assert_eq!(listed.status(), 401);
}
