//! A request the server gives up on (the request timeout) must not leave its statement running
//! in PostgreSQL, holding a backend and a core for minutes.
use std::time::{Duration, Instant};

use cb_tests::{Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, anon_get, spawn_app_with};
use reqwest::StatusCode;

/// A filter whose backtracking takes far longer than any timeout on this content.
pub(crate) const PATHOLOGICAL_FILTER: &str = "content=match.(.*)*%5C1x";

pub(crate) async fn add_backtracking_bait(pool: &cb_db::sqlx::PgPool) {
    cb_db::sqlx::query(
        "insert into blog_posts (title, slug, description, category, content, published)
         values ('Bait', 'bait', 'Bait', 'Billing', repeat('a', 40), true)",
    )
    .execute(pool)
    .await
    .unwrap();
}

async fn running_matches(pool: &cb_db::sqlx::PgPool) -> i64 {
    cb_db::sqlx::query_scalar(
        "select count(*) from pg_stat_activity
          where state = 'active' and query like '%~%' and pid <> pg_backend_pid()
            and datname = current_database()",
    )
    .fetch_one(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_timed_out_request_cancels_its_statement() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REQUEST_TIMEOUT_SECS", "1")]).await;
    add_backtracking_bait(&app.db.pool).await;
    let started = Instant::now();
    // service_role has no statement timeout of its own: only the request timeout stops it.
    let response = app
        .client
        .get(format!(
            "{}/rest/v1/blog_posts?select=id&{PATHOLOGICAL_FILTER}",
            app.url
        ))
        .header("apikey", DEMO_ANON_KEY)
        .bearer_auth(DEMO_SERVICE_ROLE_KEY)
        .answer()
        .await;
    assert_eq!(response.status(), StatusCode::GATEWAY_TIMEOUT);
    assert!(started.elapsed() < Duration::from_secs(3));

    let deadline = Instant::now() + Duration::from_secs(3);
    while running_matches(&app.db.pool).await > 0 {
        assert!(
            Instant::now() < deadline,
            "the statement still runs 3 s after its request timed out"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The engine still answers (its connection was replaced, not lost).
    let after = anon_get(&app, "/rest/v1/blog_posts?select=id&limit=1").await;
    assert_eq!(after.status(), StatusCode::OK);
}
