//! Only staff read site_health(), its summary and the tables behind them, over SQL and over
//! /rest/v1; nobody writes those tables through the API.
use super::*;

#[tokio::test]
async fn only_staff_read_site_health() {
    let health = spawn_checking_links(&[]).await;
    let app = &health.app;
    add_post(
        app,
        "health-private",
        "A post",
        "<p><a href=\"/nowhere\">x</a></p>",
    )
    .await;
    eventually(
        Duration::from_secs(10),
        Duration::from_millis(100),
        async || match app
            .db
            .count("select count(*) from public.content_links where url = '/nowhere'")
            .await
        {
            0 => Err("the post is not scanned yet".to_string()),
            _ => Ok(()),
        },
    )
    .await;

    let author = add_staff(&app.db, "author", "Avery Author").await.caller();
    assert!(
        site_health(app, &author)
            .await
            .iter()
            .any(|row| row["title"] == "Broken link: /nowhere")
    );
    for table in ["link_checks", "content_links"] {
        let rows = author
            .query(
                &app.db.pool,
                &format!("select * from public.{table} where url = '/nowhere'"),
            )
            .await;
        assert_eq!(rows.map(|rows| rows.len()), Ok(1), "{table}");
    }

    let anon = Caller::new("anon", json!({"role": "anon"}));
    let someone = add_account(&app.db, None, "Sam Someone").await;
    for caller in [&anon, &someone.caller()] {
        for function in ["site_health()", "site_health_summary()"] {
            assert_eq!(
                caller
                    .query(&app.db.pool, &format!("select * from public.{function}"))
                    .await,
                Err("42501".to_string()),
                "{} {function}",
                caller.role
            );
        }
    }
    for table in ["link_checks", "content_links", "content_images_without_alt"] {
        let sql = format!("select * from public.{table}");
        assert_eq!(
            anon.query(&app.db.pool, &sql).await,
            Err("42501".to_string()),
            "{table}"
        );
        assert_eq!(
            someone.caller().query(&app.db.pool, &sql).await,
            Ok(vec![]),
            "{table}"
        );
        // Nobody writes through the API: the server writes as the database owner.
        for write in [
            format!("delete from public.{table}"),
            format!(
                "insert into public.{table} ({}) values ('/x')",
                if table == "content_images_without_alt" {
                    "src"
                } else {
                    "url"
                }
            ),
        ] {
            assert_eq!(
                author.execute(&app.db.pool, &write).await,
                Err("42501".to_string()),
                "{write}"
            );
        }
    }
    // Over /rest/v1 as supabase-js calls it.
    let (status, _) = app
        .anon(reqwest::Method::POST, "/rest/v1/rpc/site_health")
        .json(&json!({}))
        .status_json()
        .await;
    assert_eq!(status, 401);
    let (status, body) = app
        .with_token(
            reqwest::Method::POST,
            "/rest/v1/rpc/site_health",
            &someone.jwt(),
        )
        .json(&json!({}))
        .status_json()
        .await;
    assert_eq!(status, 403);
    assert_eq!(body["message"], "Only staff can see the site health checks");
}
