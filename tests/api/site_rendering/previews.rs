//! Preview links: a draft until revoked or expired, a page's unsaved content.
use super::*;
use cb_tests::Answer as _;

/// A preview link renders a draft post on the server for someone without the passcode, never
/// indexed or cached; a tampered, revoked or expired token shows nothing, with the reason.
#[tokio::test]
async fn a_preview_link_shows_the_draft_until_revoked_or_expired() {
    let app = spawn_rendering_site(&[]).await;
    app.db.execute(
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

    let response = app.client.get(&url).answer().await;
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
        app.get("/blog/draft-cmn-changes").status_text().await.0,
        404
    );

    // One character off is another token.
    let mut tampered = token.clone().into_bytes();
    tampered[10] = if tampered[10] == b'a' { b'b' } else { b'a' };
    let tampered = String::from_utf8(tampered).unwrap();
    let (status, html) = app.get(&format!("/preview/{tampered}")).status_text().await;
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
        .answer()
        .await;
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
    app.db.execute(
        "update public.preview_links set expires_at = now() - interval '1 second' where revoked_at is null",
    )
    .await;
    let (status, html) = app.get(&format!("/preview/{token}")).status_text().await;
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
    let (status, html) = app.get(&format!("/preview/{token}")).status_text().await;
    assert_eq!(status, 200);
    let markup = root(&html);
    assert_eq!(h1(markup), "About ClaimBridge");
    assert_eq!(
        text(prose(markup)),
        "Now billing for complex rehab in 48 states."
    );
    let (_, about) = app.get("/about").status_text().await;
    assert!(!about.contains("complex rehab in 48 states"));
    // Only an admin makes links; nobody else reads them.
    let refused = app
        .anon(reqwest::Method::POST, "/rest/v1/rpc/create_preview_link")
        .json(&serde_json::json!({"kind": "page", "page_route": "/about", "content": "x"}))
        .answer()
        .await;
    assert_eq!(refused.status(), 401);
    let listed = app
        .anon(reqwest::Method::GET, "/rest/v1/preview_links?select=id")
        .answer()
        .await;
    assert_eq!(listed.status(), 401);
}
