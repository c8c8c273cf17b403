//! The server applies the redirect rules before rendering (exact, prefix, 302, 410, a renamed
//! post's automatic 301), on every instance as soon as a rule changes; counts their hits; and
//! logs 404s with bots and probes told apart, in batches.
use super::*;
use cb_tests::{Answer as _, eventually};

/// Stats are written every 100 ms in these tests (10 s by default).
const FAST_STATS: (&str, &str) = ("CLAIMBRIDGE_SITE_STATS_FLUSH_MS", "100");
const BROWSER: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/// The status and Location of `path` on `base`.
async fn answer_of(base: &str, path: &str) -> (u16, Option<String>) {
    let response = cb_tests::without_redirects()
        .get(format!("{base}{path}"))
        .header("user-agent", BROWSER)
        .answer()
        .await;
    let location = response
        .headers()
        .get("location")
        .map(|value| value.to_str().unwrap().to_string());
    (response.status().as_u16(), location)
}

async fn add_rule(app: &TestApp, source: &str, kind: &str, target: Option<&str>, status: u16) {
    app.db
        .execute(&format!(
            "insert into public.redirects (source_path, match_type, target, status_code)
             values ({}, '{kind}', {}, {status})",
            cb_db::quote_literal(source),
            target.map_or("null".into(), cb_db::quote_literal),
        ))
        .await;
}

/// Waits (at most a second) until `path` answers `status` with `location`.
async fn answers(base: &str, path: &str, status: u16, location: Option<&str>) {
    eventually(
        Duration::from_secs(1),
        Duration::from_millis(20),
        async || {
            let got = answer_of(base, path).await;
            if got == (status, location.map(String::from)) {
                Ok(())
            } else {
                Err(format!("{path}: {got:?}, wanted {status} {location:?}"))
            }
        },
    )
    .await;
}

#[tokio::test]
async fn rules_answer_before_the_pages_and_keep_the_query() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    insert_posts(&app).await;
    add_rule(&app, "/old-services", "exact", Some("/services"), 301).await;
    add_rule(&app, "/promo", "exact", Some("/contact?from=promo"), 302).await;
    add_rule(&app, "/retired-offer", "exact", None, 410).await;
    add_rule(&app, "/resources/", "prefix", Some("/whitepapers/"), 301).await;
    // A rule shadows a page that exists.
    add_rule(&app, "/about", "exact", Some("/services"), 302).await;

    answers(&app.url, "/old-services", 301, Some("/services")).await;
    answers(&app.url, "/Old-Services/", 301, Some("/services")).await;
    answers(
        &app.url,
        "/old-services?utm_source=li",
        301,
        Some("/services?utm_source=li"),
    )
    .await;
    answers(&app.url, "/promo?x=1", 302, Some("/contact?from=promo")).await;
    answers(
        &app.url,
        "/resources/guide/part-1",
        301,
        Some("/whitepapers/guide/part-1"),
    )
    .await;
    answers(&app.url, "/resources", 301, Some("/whitepapers/")).await;
    answers(&app.url, "/about", 302, Some("/services")).await;
    answers(&app.url, "/blog/hostile-post", 200, None).await;

    let gone = app.get("/retired-offer").answer().await;
    assert_eq!(gone.status(), 410);
    let html = gone.text().await.unwrap();
    assert!(
        html.contains("<div id=\"root\">"),
        "the app renders its not-found view"
    );

    let permanent = cb_tests::without_redirects()
        .get(format!("{}/old-services", app.url))
        .answer()
        .await;
    assert_eq!(permanent.headers()["cache-control"], "public, max-age=3600");
    let temporary = cb_tests::without_redirects()
        .get(format!("{}/promo", app.url))
        .answer()
        .await;
    assert_eq!(temporary.headers()["cache-control"], "no-store");
}

#[tokio::test]
async fn a_prefix_rules_remainder_cannot_leave_the_site() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    add_rule(&app, "/go/", "prefix", Some("/"), 301).await;
    answers(&app.url, "/go/services", 301, Some("/services")).await;
    for hostile in [
        "/go//evil.example",
        "/go/%2F%2Fevil.example",
        "/go/%5Cevil.example",
    ] {
        let (status, location) = answer_of(&app.url, hostile).await;
        assert_eq!(status, 301, "{hostile}");
        let location = location.unwrap();
        // Where a browser on the site goes: still the site.
        let landed = reqwest::Url::parse(SITE_URL)
            .unwrap()
            .join(&location)
            .unwrap();
        assert!(
            location.starts_with('/') && landed.host_str() == Some("www.example.test"),
            "{hostile} -> {location}"
        );
    }
}

#[tokio::test]
async fn a_rule_made_on_one_instance_applies_on_another_at_once() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    let dist_dir = dist.path().display().to_string();
    let (other, _stop, _data) = cb_tests::second_instance(
        &app.db.url(),
        &[
            ("CLAIMBRIDGE_FRONTEND_DIR", &dist_dir),
            ("CLAIMBRIDGE_SITE_URL", SITE_URL),
        ],
    )
    .await;
    // Both instances have loaded their (empty) rules.
    answers(&other, "/moved", 404, None).await;
    answers(&app.url, "/moved", 404, None).await;
    add_rule(&app, "/moved", "exact", Some("/contact"), 301).await;
    answers(&other, "/moved", 301, Some("/contact")).await;
    app.db
        .execute("update public.redirects set target = '/about' where source_path = '/moved'")
        .await;
    answers(&other, "/moved", 301, Some("/about")).await;
    app.db
        .execute("delete from public.redirects where source_path = '/moved'")
        .await;
    answers(&other, "/moved", 404, None).await;
}

#[tokio::test]
async fn a_renamed_posts_old_address_lands_on_the_new_one() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    insert_posts(&app).await;
    served_page(&app, "/blog/hostile-post").await;
    app.db
        .execute("update public.blog_posts set slug = 'renamed-post' where slug = 'hostile-post'")
        .await;
    answers(
        &app.url,
        "/blog/hostile-post",
        301,
        Some("/blog/renamed-post"),
    )
    .await;
    served_page(&app, "/blog/renamed-post").await;
    // And back: the rule follows, nothing loops.
    app.db
        .execute("update public.blog_posts set slug = 'hostile-post' where slug = 'renamed-post'")
        .await;
    answers(
        &app.url,
        "/blog/renamed-post",
        301,
        Some("/blog/hostile-post"),
    )
    .await;
    answers(&app.url, "/blog/hostile-post", 200, None).await;
}

#[tokio::test]
async fn hits_are_counted_and_written_in_batches() {
    let dist = dist();
    let app = spawn_site(&dist, &[FAST_STATS]).await;
    add_rule(&app, "/counted", "exact", Some("/contact"), 301).await;
    answers(&app.url, "/counted", 301, Some("/contact")).await;
    for _ in 0..9 {
        answer_of(&app.url, "/counted").await;
    }
    eventually(
        Duration::from_secs(3),
        Duration::from_millis(50),
        async || {
            let hits: i64 = app
                .db
                .scalar("select hits from public.redirects where source_path = '/counted'")
                .await;
            if hits == 10 {
                Ok(())
            } else {
                Err(format!("{hits} hits"))
            }
        },
    )
    .await;
    let last_hit: bool = app
        .db
        .scalar("select last_hit_at > now() - interval '1 minute' from public.redirects where source_path = '/counted'")
        .await;
    assert!(last_hit);
}

#[tokio::test]
async fn missing_paths_are_logged_with_bots_and_probes_marked() {
    let dist = dist();
    let app = spawn_site(&dist, &[FAST_STATS]).await;
    let client = reqwest::Client::new();
    for _ in 0..3 {
        let response = client
            .get(format!("{}/old-pricing-page", app.url))
            .header("user-agent", BROWSER)
            .header("referer", "https://partner.example/list?token=secret#top")
            .answer()
            .await;
        assert_eq!(response.status(), 404);
    }
    for (path, agent) in [
        ("/wp-login.php", BROWSER),
        ("/old-pricing-page-2", "curl/8.5.0"),
        ("/blog/no-such-post", BROWSER),
    ] {
        let response = client
            .get(format!("{}{path}", app.url))
            .header("user-agent", agent)
            .answer()
            .await;
        assert_eq!(response.status(), 404, "{path}");
    }
    // Real pages and redirected paths are not in the log.
    served_page(&app, "/about").await;
    let rows = eventually(Duration::from_secs(3), Duration::from_millis(50), async || {
        let rows = app
            .db
            .json_rows("select path, hits, kind, last_referrer from public.not_found_log order by path")
            .await;
        if rows.len() == 4 { Ok(rows) } else { Err(format!("{rows:?}")) }
    })
    .await;
    assert_eq!(
        rows,
        vec![
            json!({"path": "/blog/no-such-post", "hits": 1, "kind": "page", "last_referrer": null}),
            json!({"path": "/old-pricing-page", "hits": 3, "kind": "page",
                   "last_referrer": "https://partner.example/list"}),
            json!({"path": "/old-pricing-page-2", "hits": 1, "kind": "bot", "last_referrer": null}),
            json!({"path": "/wp-login.php", "hits": 1, "kind": "probe", "last_referrer": null}),
        ]
    );
}
