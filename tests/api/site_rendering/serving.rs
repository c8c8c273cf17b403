//! Serving: another instance's next response shows an edit, the build's prerendered pages, a flood
//! of made-up paths.
use super::*;
use cb_tests::eventually;

#[tokio::test]
async fn an_admin_edit_shows_in_the_next_response_of_another_instance() {
    let app = spawn_rendering_site(&[]).await;
    let passcode_hash = cb_server::passcode::hash("another-instance-passcode").unwrap();
    let dist = built_site().display().to_string();
    let (other_url, _stop, _other_data) = cb_tests::second_instance(
        &app.db.url(),
        &[
            ("ADMIN_PASSCODE_HASH", &passcode_hash),
            ("CLAIMBRIDGE_FRONTEND_DIR", &dist),
            ("CLAIMBRIDGE_SITE_URL", SITE_URL),
        ],
    )
    .await;
    let slug = "oxygen-billing-36-month-rental-cap";

    // Both instances have rendered (and keep) the pages before the edit.
    for url in [&app.url, &other_url] {
        let (_, html) = fetch(&app.client, &format!("{url}/blog/{slug}")).await;
        assert!(!text(root(&html)).contains("Edited on one instance"));
        let (_, html) = fetch(&app.client, &format!("{url}/whitepapers")).await;
        assert!(!text(root(&html)).contains("Edited whitepaper"));
    }
    app.db.execute(
        &format!(
            "update public.blog_posts set title = 'Edited on one instance', content = '<p>New body text</p>'
              where slug = '{slug}';
             update public.whitepapers set title = 'Edited whitepaper'
              where id = (select id from public.whitepapers order by created_at limit 1)"
        ),
    )
    .await;
    let shows = |html: &str, wanted: &str| text(root(html)).contains(wanted);
    eventually(WRITE_SHOWS_WITHIN, Duration::from_millis(25), async || {
        let (_, post) = fetch(&app.client, &format!("{other_url}/blog/{slug}")).await;
        let (_, papers) = fetch(&app.client, &format!("{other_url}/whitepapers")).await;
        let (_, list) = fetch(&app.client, &format!("{other_url}/blog")).await;
        if shows(&post, "New body text")
            && shows(&post, "Edited on one instance")
            && shows(&papers, "Edited whitepaper")
            && shows(&list, "Edited on one instance")
        {
            return Ok(());
        }
        Err("the other instance still renders the old data".to_string())
    })
    .await;
}

#[tokio::test]
async fn the_builds_prerendered_pages_are_served_while_they_show_this_configuration() {
    let prerendered: Value = serde_json::from_str(
        &std::fs::read_to_string(built_site().join(".ssr/prerendered.json")).unwrap(),
    )
    .unwrap();
    let built = prerendered["pages"]["/contact"]["html"].as_str().unwrap();

    // The build rendered with the server's defaults (its site URL included), and without SEO
    // records: a page with one is rendered (the record decides its head).
    let app = spawn_rendering_site(&[("CLAIMBRIDGE_SITE_URL", "http://localhost:54321")]).await;
    let (_, html) = app.get("/contact").status_text().await;
    assert_eq!(
        page_data(&html)["resources"]["pageSeo"]["page_route"],
        "/contact"
    );
    assert_ne!(
        crate::site::title(&html),
        "ClaimBridge",
        "the record's head"
    );
    app.db
        .execute("delete from public.page_seo_settings where page_route = '/contact'")
        .await;
    let html = eventually(
        Duration::from_secs(5),
        Duration::from_millis(50),
        async || {
            let (_, html) = app.get("/contact").status_text().await;
            if page_data(&html)["resources"]["pageSeo"].is_null() {
                Ok(html)
            } else {
                Err("the record is still shown".to_string())
            }
        },
    )
    .await;
    assert_eq!(root(&html), built, "served as built");
    assert_eq!(
        page_data(&html)["renderedOn"],
        prerendered["renderedOn"],
        "with the day it was rendered on, which the browser hydrates with"
    );

    // Another company name: rendered by the server, showing it.
    let app = spawn_rendering_site(&[("COMPANY_NAME", "Acme Medical Billing")]).await;
    let (_, html) = app.get("/contact").status_text().await;
    assert_ne!(root(&html), built);
    assert!(text(root(&html)).contains("Acme Medical Billing"));
    // A block page's {company} too.
    let (_, html) = app.get("/about").status_text().await;
    assert_eq!(h1(root(&html)), "About Acme Medical Billing");
    let (_, html) = app.get("/privacy-policy").status_text().await;
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
    let (status, html) = app.get("/blog").status_text().await;
    assert_eq!(status, 200);
    assert!(
        text(root(&html)).contains("Read More"),
        "rendered after the flood"
    );
}

/// When no render finishes (a 1 ms deadline stands in for a busy or failing renderer), pages
/// still go out with their real status and are not kept: a static page as the build rendered
/// it, titled with the company name (its SEO record's head needs a render); a made-up path as
/// the build's not-found page, with that page's own head; a data page unrendered, for the
/// browser to render.
#[tokio::test]
async fn when_no_render_finishes_pages_go_out_as_the_build_made_them() {
    // The site URL the build rendered with, so its renderings show this configuration.
    let app = spawn_rendering_site(&[
        ("CLAIMBRIDGE_RENDER_TIMEOUT_MS", "1"),
        ("CLAIMBRIDGE_SITE_URL", "http://localhost:54321"),
    ])
    .await;
    let title = crate::site::title;
    for _ in 0..2 {
        let (status, html) = fetch(&app.client, &format!("{}/contact", app.url)).await;
        assert_eq!(status, 200);
        assert!(
            text(root(&html)).contains("Talk to a DME billing specialist"),
            "the build's rendering"
        );
        assert_eq!(title(&html), "ClaimBridge", "not the record's head");
        assert!(
            !crate::site::head(&html).contains("data-dynamic-seo"),
            "no tags of its own"
        );

        let (status, html) = fetch(&app.client, &format!("{}/no/such/page", app.url)).await;
        assert_eq!(status, 404);
        assert!(text(root(&html)).contains("Oops! Page not found"));
        assert_eq!(title(&html), "Page not found | ClaimBridge");

        let (status, html) = fetch(&app.client, &format!("{}/blog", app.url)).await;
        assert_eq!(status, 200);
        assert!(html.contains("<div id=\"root\"></div>"), "unrendered");
        assert_eq!(title(&html), "ClaimBridge");
    }
    // Nothing of it was kept: with renders finishing again, the record's head is there.
}
