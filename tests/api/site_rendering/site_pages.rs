//! Pages built from blocks (public.block_pages), served like every public page: the site's own
//! marketing pages at their fixed routes and the pages staff create at new ones, rendered on the
//! server with their blocks embedded, cached until a save, listed in the sitemap and the search,
//! live at their scheduled time, and never broken by a block kind the build no longer knows.
use super::*;
use crate::site::{metas, title};
use cb_tests::eventually;
use serde_json::json;

/// A campaign page of four blocks (hero, FAQ, call to action, lead form).
fn webinar_blocks() -> Value {
    json!([
        {"id": "hero", "kind": "hero", "data": {
            "eyebrow": "Free webinar, January 14",
            "heading": "Oxygen billing after the 2027 fee schedule",
            "text": "What changes for concentrators, portable systems and contents billing, and how {company} suppliers keep their cash flow.",
            "actions": [{"label": "Save my seat", "href": "#register"}]}},
        {"id": "faq", "kind": "faq", "data": {
            "title": "Questions suppliers ask",
            "items": [{"question": "Will there be a recording?",
                       "answer": "Yes. Everyone who registers gets the recording and the slides."}]}},
        {"id": "cta", "kind": "cta-band", "data": {
            "title": "Bring your own claims",
            "actions": [{"label": "Talk to a specialist", "href": "/contact"}]}},
        {"id": "register", "kind": "lead-form", "data": {
            "anchor": "register", "title": "Register for the webinar"}}
    ])
}

async fn insert_page(app: &TestApp, route: &str, blocks: &Value, live: &str) {
    app.db
        .execute(&format!(
            "insert into public.block_pages (route, name, blocks, published, publish_at)
             values ('{route}', 'Oxygen webinar', '{}'::jsonb, {live})",
            blocks.to_string().replace('\'', "''")
        ))
        .await;
}

/// Waits until the site search finds `path` for `q` (the server indexes pages in the background).
async fn eventually_found(app: &TestApp, q: &str, path: &str) {
    eventually(
        Duration::from_secs(10),
        Duration::from_millis(100),
        async || {
            let found: Value = app
                .anon(reqwest::Method::POST, "/rest/v1/rpc/search_site")
                .json(&json!({ "q": q }))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let paths = found["results"].to_string();
            paths.contains(path).then_some(()).ok_or(paths)
        },
    )
    .await;
}

#[tokio::test]
async fn the_marketing_pages_render_from_their_blocks_and_follow_an_edit() {
    let app = spawn_rendering_site(&[]).await;
    for path in [
        "/",
        "/services",
        "/rcm-services",
        "/about",
        "/careers",
        "/api-integrations",
    ] {
        let (status, html) = app.get(path).status_text().await;
        assert_eq!(status, 200, "{path}");
        let data = page_data(&html);
        let blocks = data["resources"]["sitePage"]["blocks"].as_array().cloned();
        assert!(
            blocks.is_some_and(|blocks| blocks.len() >= 3),
            "{path}: {data}"
        );
        assert_eq!(root(&html).matches("<h1").count(), 1, "{path} has one h1");
        // No whitepaper block on these pages: the list is not embedded.
        assert!(data["resources"].get("whitepapers").is_none(), "{path}");
    }
    let (_, html) = app.get("/").status_text().await;
    assert_eq!(
        h1(root(&html)),
        "Get paid for every piece of equipment you deliver."
    );

    app.db
        .execute(
            "update public.block_pages
                set blocks = jsonb_set(blocks, '{0,data,heading}', '\"Every delivery, paid in full.\"')
              where route = '/'",
        )
        .await;
    let (_, html) = app.get("/").status_text().await;
    let html = if h1(root(&html)) == "Every delivery, paid in full." {
        html
    } else {
        eventually(
            Duration::from_secs(5),
            Duration::from_millis(25),
            async || {
                let (_, html) = app.get("/").status_text().await;
                let heading = h1(root(&html));
                (heading == "Every delivery, paid in full.")
                    .then_some(html)
                    .ok_or(heading)
            },
        )
        .await
    };
    assert_eq!(
        page_data(&html)["resources"]["sitePage"]["blocks"][0]["data"]["heading"],
        "Every delivery, paid in full."
    );
}

#[tokio::test]
async fn a_page_created_at_a_new_route_is_a_page_of_the_site() {
    let app = spawn_rendering_site(&[]).await;
    let blocks = webinar_blocks();
    // Created as staff create it, through /rest/v1 (its SEO record comes with it).
    let admin = cb_tests::admin_jwt();
    let created = app
        .with_token(reqwest::Method::POST, "/rest/v1/block_pages", &admin)
        .json(&json!({"route": "/oxygen-webinar", "name": "Oxygen webinar", "blocks": blocks, "published": true}))
        .answer()
        .await;
    assert_eq!(created.status(), 201);
    let seo = app
        .with_token(
            reqwest::Method::PATCH,
            "/rest/v1/page_seo_settings?page_route=eq./oxygen-webinar",
            &admin,
        )
        .json(&json!({"meta_title": "Oxygen billing webinar",
                      "meta_description": "A free hour on the 2027 oxygen fee schedule."}))
        .answer()
        .await;
    assert_eq!(seo.status(), 204);

    let (status, html) = eventually(
        Duration::from_secs(5),
        Duration::from_millis(25),
        async || {
            let (status, html) = app.get("/oxygen-webinar").status_text().await;
            (status == 200 && title(&html).starts_with("Oxygen billing webinar"))
                .then_some((status, html.clone()))
                .ok_or(format!("{status} {}", title(&html)))
        },
    )
    .await;
    assert_eq!(status, 200);
    let shown = text(root(&html));
    assert!(
        shown.contains("Oxygen billing after the 2027 fee schedule"),
        "{shown}"
    );
    assert!(
        shown.contains("ClaimBridge suppliers keep their cash flow"),
        "{{company}}: {shown}"
    );
    assert!(
        shown.contains("Will there be a recording?") && shown.contains("Register for the webinar")
    );
    assert_eq!(page_data(&html)["resources"]["sitePage"]["blocks"], blocks);
    assert_eq!(
        metas(&html, "name", "description"),
        ["A free hour on the 2027 oxygen fee schedule."]
    );
    // FAQPage structured data rides in the FAQ block.
    assert!(html.contains("\"@type\":\"FAQPage\""), "no FAQ JSON-LD");

    // One spelling; the sitemap lists it; a trailing slash goes to the one URL.
    let no_redirects = cb_tests::without_redirects();
    let moved = no_redirects
        .get(format!("{}/Oxygen-Webinar/", app.url))
        .send()
        .await
        .unwrap();
    assert_eq!(moved.status(), 308);
    assert_eq!(moved.headers()["location"], "/oxygen-webinar");
    let (_, sitemap) = app.get("/sitemap.xml").status_text().await;
    assert!(
        sitemap.contains("<loc>https://www.example.test/oxygen-webinar</loc>"),
        "{sitemap}"
    );

    // Searchable once indexed (the server reads block pages again after a change).
    eventually_found(&app, "concentrators portable contents", "/oxygen-webinar").await;

    // Unpublished: gone from the page, the sitemap and anon reads.
    app.db
        .execute("update public.block_pages set published = false where route = '/oxygen-webinar'")
        .await;
    eventually(
        Duration::from_secs(5),
        Duration::from_millis(25),
        async || {
            let (status, _) = app.get("/oxygen-webinar").status_text().await;
            (status == 404).then_some(()).ok_or(status.to_string())
        },
    )
    .await;
    let (_, sitemap) = app.get("/sitemap.xml").status_text().await;
    assert!(!sitemap.contains("oxygen-webinar"));
}

#[tokio::test]
async fn a_scheduled_page_goes_live_at_its_time_without_a_write() {
    let app = spawn_rendering_site(&[]).await;
    insert_page(
        &app,
        "/spring-promo",
        &webinar_blocks(),
        "true, now() + interval '2 seconds'",
    )
    .await;
    let (status, _) = app.get("/spring-promo").status_text().await;
    assert_eq!(status, 404, "shown before its time");
    let (status, html) = eventually(
        Duration::from_secs(10),
        Duration::from_millis(50),
        async || {
            let (status, html) = app.get("/spring-promo").status_text().await;
            (status == 200)
                .then_some((status, html))
                .ok_or(status.to_string())
        },
    )
    .await;
    assert_eq!(status, 200);
    assert!(
        text(root(&html)).contains("Oxygen billing after the 2027 fee schedule"),
        "{html}"
    );
    // And in the search: the server indexes the pages again at each scheduled time.
    eventually_found(&app, "concentrators portable contents", "/spring-promo").await;
}

#[tokio::test]
async fn a_block_the_build_does_not_know_is_skipped_and_a_missing_site_page_is_not_found() {
    let app = spawn_rendering_site(&[]).await;
    // A kind retired since the page was saved: the database no longer checks stored rows, so it
    // is written here with the triggers off, as an old row would be.
    let mut blocks = webinar_blocks();
    blocks.as_array_mut().unwrap().insert(
        1,
        json!({"id": "old", "kind": "countdown-timer", "data": {"until": "2027-01-14"}}),
    );
    app.db
        .execute(&format!(
            "set session_replication_role = replica;
             insert into public.block_pages (route, name, blocks, published)
             values ('/retired-block', 'Retired block', '{}'::jsonb, true);
             delete from public.block_pages where route = '/careers';
             set session_replication_role = origin;
             notify claimbridge_site, 'block_pages';",
            blocks.to_string().replace('\'', "''")
        ))
        .await;
    let (status, html) = eventually(
        Duration::from_secs(5),
        Duration::from_millis(25),
        async || {
            let (status, html) = app.get("/retired-block").status_text().await;
            (status == 200)
                .then_some((status, html))
                .ok_or(status.to_string())
        },
    )
    .await;
    assert_eq!(status, 200);
    let shown = text(root(&html));
    assert!(
        shown.contains("Oxygen billing after the 2027 fee schedule")
            && shown.contains("Bring your own claims")
    );
    assert!(!shown.contains("2027-01-14"));

    let (status, html) = app.get("/careers").status_text().await;
    assert_eq!(status, 404);
    assert!(
        title(&html).starts_with("Page not found"),
        "{}",
        title(&html)
    );
}

#[tokio::test]
async fn only_the_block_editors_preview_frame_may_be_framed_and_only_by_the_site() {
    let app = spawn_rendering_site(&[]).await;
    let framed = app.get("/admin/site-pages/preview-frame").answer().await;
    assert_eq!(framed.status(), 200);
    let policy = framed.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(policy.contains("frame-ancestors 'self'"), "{policy}");
    assert_eq!(framed.headers()["x-frame-options"], "SAMEORIGIN");
    for path in [
        "/admin/site-pages",
        "/admin",
        "/",
        "/admin/site-pages/preview-frame/x",
    ] {
        let other = app.get(path).answer().await;
        let policy = other.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(
            policy.contains("frame-ancestors 'none'"),
            "{path}: {policy}"
        );
        assert_eq!(other.headers()["x-frame-options"], "DENY", "{path}");
    }
}
