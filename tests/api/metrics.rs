//! Prometheus metrics on their own listen address: requests by service, class and status with
//! latency histograms, the pools, the caches, the outbox, rate-limit refusals and captcha
//! failures; nothing on the public port.
use cb_tests::{Answer as _, DEMO_ANON_KEY, HeaderText as _, TestApp, anon_get, spawn_app_with};
use serde_json::json;

use crate::server_process::free_port;

async fn scrape(port: u16) -> String {
    let response = reqwest::get(format!("http://127.0.0.1:{port}/metrics"))
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(
        response
            .header_text("content-type")
            .starts_with("text/plain; version=0.0.4")
    );
    response.text().await.unwrap()
}

/// The value of the first sample of `metric` whose labels contain every one of `labels`.
fn sample(text: &str, metric: &str, labels: &[&str]) -> Option<f64> {
    text.lines()
        .filter(|line| line.starts_with(metric))
        .filter(|line| labels.iter().all(|label| line.contains(label)))
        .find_map(|line| line.rsplit(' ').next()?.parse().ok())
}

async fn traffic(app: &TestApp) {
    for _ in 0..3 {
        let read = anon_get(app, "/rest/v1/blog_posts?select=id&limit=1").await;
        assert_eq!(read.status(), 200);
        assert_eq!(app.get("/blog").answer().await.status(), 200);
    }
    // A function without its JWT, a bad captcha, and a client over the antispam limit.
    let refused = app
        .post("/functions/v1/simple-auth")
        .json(&json!({"action": "validate", "token": "x"}))
        .answer()
        .await;
    assert_eq!(refused.status(), 401);
    for _ in 0..3 {
        app.post("/functions/v1/antispam-check")
            .bearer_auth(DEMO_ANON_KEY)
            .json(&json!({"email": "m@example.com", "recaptchaToken": "forged"}))
            .answer()
            .await;
    }
}

#[tokio::test]
async fn metrics_are_served_on_their_own_address_only() {
    let port = free_port();
    let app = spawn_app_with(&[
        ("CLAIMBRIDGE_METRICS_ADDR", &format!("127.0.0.1:{port}")),
        ("ANTISPAM_IP_RATE_LIMIT", "1/1h"),
    ])
    .await;
    traffic(&app).await;
    // A Realtime socket, held open while the metrics are read.
    let mut socket = crate::realtime::client::Socket::open(&app).await;
    socket.heartbeat().await;
    let text = scrape(port).await;
    assert!(
        sample(&text, "claimbridge_realtime_connections", &[]).unwrap_or(0.0) >= 1.0,
        "{text}"
    );

    let requests = "claimbridge_http_requests_total";
    for labels in [
        &["service=\"rest\"", "class=\"read\"", "status=\"200\""][..],
        &["service=\"site\"", "class=\"page\"", "status=\"200\""],
        &["service=\"realtime\"", "class=\"socket\"", "status=\"101\""],
        &[
            "service=\"functions\"",
            "class=\"simple-auth\"",
            "status=\"401\"",
        ],
        &[
            "service=\"functions\"",
            "class=\"antispam-check\"",
            "status=\"429\"",
        ],
    ] {
        assert!(
            sample(&text, requests, labels).unwrap_or(0.0) >= 1.0,
            "{labels:?}\n{text}"
        );
    }
    assert!(
        sample(
            &text,
            "claimbridge_http_request_duration_seconds_bucket",
            &["service=\"rest\"", "le=\"+Inf\""]
        )
        .unwrap_or(0.0)
            >= 3.0,
        "{text}"
    );
    assert_eq!(
        sample(
            &text,
            "claimbridge_db_pool_connections",
            &["pool=\"rest\"", "state=\"size\""]
        ),
        Some(10.0)
    );
    assert!(
        sample(
            &text,
            "claimbridge_db_pool_connections",
            &["pool=\"shared\"", "state=\"open\""]
        )
        .unwrap()
            >= 1.0
    );
    assert!(
        sample(
            &text,
            "claimbridge_db_pool_acquire_seconds_count",
            &["pool=\"rest\""]
        )
        .unwrap()
            >= 3.0
    );
    assert!(
        sample(&text, "claimbridge_page_cache_total", &["result=\"hit\""]).unwrap_or(0.0) >= 1.0,
        "{text}"
    );
    // Cached bodies sent by sendfile (crates/zero-copy): counted, whatever this test's pages weigh.
    assert!(
        sample(&text, "claimbridge_sendfile_bytes_total", &[]).is_some(),
        "{text}"
    );
    assert!(
        sample(
            &text,
            "claimbridge_rest_compiled_reads_total",
            &["result=\"hit\""]
        )
        .unwrap_or(0.0)
            >= 1.0
    );
    assert!(
        sample(
            &text,
            "claimbridge_rate_limit_refusals_total",
            &["limit=\"antispam-check\""]
        )
        .unwrap_or(0.0)
            >= 1.0
    );
    assert!(sample(&text, "claimbridge_captcha_failures_total", &[]).unwrap_or(0.0) >= 1.0);
    assert!(
        sample(&text, "claimbridge_outbox_backlog", &[]).is_some(),
        "{text}"
    );
    assert!(sample(&text, "claimbridge_outbox_oldest_due_seconds", &[]).is_some());

    // Not on the public port: there /metrics is just a page that does not exist.
    let public = app.get("/metrics").answer().await;
    assert_eq!(public.status(), 404);
    assert!(
        !public
            .text()
            .await
            .unwrap()
            .contains("claimbridge_http_requests_total")
    );
}
