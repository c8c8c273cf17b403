//! Fresh pages: admin writes, writes seen by another instance, and scheduled posts show within a
//! second, in the pages the server renders.
use super::*;
use crate::site_rendering::{built_site, spawn_rendering_site};
use cb_tests::{Answer as _, Exchange as _, eventually};

#[tokio::test]
async fn admin_writes_through_rest_show_within_a_second() {
    let app = spawn_rendering_site(&[]).await;
    let (_, before) = page(&app, "/about").await;
    assert_ne!(title(&before), "Renamed about page");
    let (status, _) = page(&app, "/blog/fresh-post").await;
    assert_eq!(status, 404);
    let sitemap_before = app.get("/sitemap.xml").answer().await.text().await.unwrap();
    assert!(!sitemap_before.contains("/blog/fresh-post"));

    // An admin write through /rest/v1, which must succeed (its answer shown when not).
    let write = async |method: reqwest::Method, path: &str, body: Value| {
        let (status, text) = app
            .client
            .request(method, format!("{}/rest/v1/{path}", app.url))
            .header("apikey", DEMO_ANON_KEY)
            .bearer_auth(admin_jwt())
            .json(&body)
            .status_text()
            .await;
        assert!((200..300).contains(&status), "{path}: {status} {text}");
    };
    write(
        reqwest::Method::PATCH,
        "page_seo_settings?page_route=eq./about",
        json!({"meta_title": "Renamed about page"}),
    )
    .await;
    let (_, after) = poll_page(&app, "/about", Duration::from_secs(1), |_, html| {
        title(html) == "Renamed about page"
    })
    .await;
    assert_eq!(title(&after), "Renamed about page");

    write(
        reqwest::Method::POST,
        "blog_posts",
        json!({"slug": "fresh-post", "title": "Fresh", "description": "Just published",
               "category": "News", "published": true}),
    )
    .await;
    let html = served_page(&app, "/blog/fresh-post").await;
    assert_eq!(title(&html), "Fresh | ClaimBridge");
    let sitemap = app.get("/sitemap.xml").answer().await.text().await.unwrap();
    assert!(sitemap.contains("/blog/fresh-post"));

    write(
        reqwest::Method::PATCH,
        "blog_posts?slug=eq.fresh-post",
        json!({"published": false}),
    )
    .await;
    let (status, _) = poll_page(
        &app,
        "/blog/fresh-post",
        Duration::from_secs(1),
        |status, _| status == 404,
    )
    .await;
    assert_eq!(status, 404, "a post taken back is gone within a second");
}

/// A second instance on the same database: only NOTIFY can tell it about a write.
async fn second_instance(
    app: &TestApp,
) -> (String, tokio::sync::oneshot::Sender<()>, tempfile::TempDir) {
    let passcode_hash = cb_server::passcode::hash("another-instance-passcode").unwrap();
    let dist_dir = built_site().display().to_string();
    cb_tests::second_instance(
        &app.db.url(),
        &[
            ("ADMIN_PASSCODE_HASH", &passcode_hash),
            ("CLAIMBRIDGE_FRONTEND_DIR", &dist_dir),
            ("CLAIMBRIDGE_SITE_URL", SITE_URL),
        ],
    )
    .await
}

#[tokio::test]
async fn another_instance_sees_writes_and_survives_a_lost_listener() {
    let app = spawn_rendering_site(&[]).await;
    let (other_url, _stop, _other_data) = second_instance(&app).await;
    let other_title = || async {
        let (_, html) = app
            .client
            .get(format!("{other_url}/about"))
            .status_text()
            .await;
        title(&html)
    };
    let other_title_becomes = async |wanted: &str, within: Duration| {
        eventually(within, Duration::from_millis(25), async || {
            let shown = other_title().await;
            if shown == wanted {
                return Ok(());
            }
            Err(format!(
                "the other instance shows {shown:?}, not {wanted:?}, after {within:?}"
            ))
        })
        .await
    };
    let before = other_title().await;

    // Written on a connection of neither instance (the second one's start recorded its own
    // admin passcode generation, so the first one's admin token would no longer pass RLS).
    app.db.execute(
        "update public.page_seo_settings set meta_title = 'Seen everywhere' where page_route = '/about'",
    )
    .await;
    assert_ne!(before, "Seen everywhere");
    other_title_becomes("Seen everywhere", Duration::from_secs(1)).await;

    // Every instance's LISTEN connection dies; the listeners reconnect and writes show again.
    app.db
        .execute(
            "select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen%'",
        )
        .await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    app.db.execute(
        "update public.page_seo_settings set meta_title = 'After reconnect' where page_route = '/about'",
    )
    .await;
    other_title_becomes("After reconnect", Duration::from_secs(3)).await;
}

/// A scheduled post (published, publish_at ahead) is hidden from every public read path until
/// its time, then appears in all of them with no write and no job in between: row-level
/// security compares with now(), and the website's cache expires at the next publish time.
#[tokio::test]
async fn a_scheduled_post_appears_everywhere_at_its_time_and_not_before() {
    let app = spawn_rendering_site(&[]).await;
    let admin = admin_jwt();
    let publish_at: String = app.db.scalar("select to_char((now() + interval '3 seconds') at time zone 'utc', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')").await;
    let created = app
        .with_token(reqwest::Method::POST, "/rest/v1/blog_posts", &admin)
        .json(&json!({"title": "Face-to-face encounter rules for 2027", "slug": "f2f-rules-2027",
                      "description": "What changes for power mobility orders", "category": "Compliance",
                      "published": true, "publish_at": publish_at})).answer().await;
    assert_eq!(created.status(), 201);
    let anon_rows = || async {
        app.anon(
            reqwest::Method::GET,
            "/rest/v1/blog_posts?slug=eq.f2f-rules-2027&published=eq.true&select=slug",
        )
        .answer()
        .await
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
        .answer()
        .await
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
    let live: bool = app
        .db
        .scalar("select now() >= publish_at from public.blog_posts where slug = 'f2f-rules-2027'")
        .await;
    assert!(live, "shown before its time");
    assert_eq!(anon_rows().await, json!([{"slug": "f2f-rules-2027"}]));
    assert!(body("/sitemap.xml").await.contains("/blog/f2f-rules-2027"));
    assert!(body("/rss.xml").await.contains("/blog/f2f-rules-2027"));
}
