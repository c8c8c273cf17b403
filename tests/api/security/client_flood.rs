//! One client sending slow requests in parallel must not take /rest/v1 from everybody else.
use cb_tests::{Answer as _, DEMO_ANON_KEY, spawn_app_with};
use reqwest::StatusCode;
use serde_json::Value;

use super::abandoned_statements::{PATHOLOGICAL_FILTER, add_backtracking_bait};

#[tokio::test]
async fn a_flooding_client_gets_429_and_others_keep_their_reads() {
    let app = spawn_app_with(&[("TRUSTED_PROXIES", "127.0.0.1")]).await;
    add_backtracking_bait(&app.db.pool).await;
    let flood_url = format!(
        "{}/rest/v1/blog_posts?select=id&{PATHOLOGICAL_FILTER}",
        app.url
    );
    let mut flood = tokio::task::JoinSet::new();
    for _ in 0..40 {
        let request = app
            .client
            .get(&flood_url)
            .header("apikey", DEMO_ANON_KEY)
            .header("x-forwarded-for", "203.0.113.7");
        flood.spawn(async move {
            let response = request.answer().await;
            let status = response.status();
            let retry_after = response.headers().get("retry-after").cloned();
            let body: Value = response.json().await.unwrap_or(Value::Null);
            (status, retry_after, body)
        });
    }
    // While the flood runs (anon's statements last until its 3 s statement timeout), another
    // client reads as usual.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let mut latencies = Vec::new();
    for _ in 0..20 {
        let started = std::time::Instant::now();
        let response = app
            .get("/rest/v1/blog_posts?select=id,title&limit=5")
            .header("apikey", DEMO_ANON_KEY)
            .header("x-forwarded-for", "198.51.100.20")
            .answer()
            .await;
        assert_eq!(response.status(), StatusCode::OK, "the other client's read");
        latencies.push(started.elapsed());
    }
    latencies.sort();
    eprintln!(
        "other client's reads during the flood: median {:?}, max {:?}",
        latencies[latencies.len() / 2],
        latencies[latencies.len() - 1]
    );

    let mut refused = 0;
    let mut ran = 0;
    while let Some(outcome) = flood.join_next().await {
        let (status, retry_after, body) = outcome.unwrap();
        match status {
            StatusCode::TOO_MANY_REQUESTS => {
                refused += 1;
                assert_eq!(retry_after.unwrap(), "1");
                assert_eq!(body["code"], "CB429");
                assert_eq!(
                    body["message"],
                    "Too many requests from this client at once"
                );
            }
            // Cancelled by anon's statement timeout.
            StatusCode::INTERNAL_SERVER_ERROR => {
                assert_eq!(body["code"], "57014", "{body}");
                ran += 1;
            }
            other => panic!("unexpected {other}: {body}"),
        }
    }
    // 4 run, up to 16 wait (2 s, shorter than the 3 s the running ones take), the rest are
    // refused at once.
    assert!((4..=8).contains(&ran), "ran {ran}");
    assert_eq!(refused + ran, 40);
}
