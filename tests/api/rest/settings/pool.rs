//! `db-pool` and `db-pool-acquisition-timeout` (PGRST_DB_POOL, PGRST_DB_POOL_ACQUISITION_TIMEOUT):
//! how many connections /rest/v1 runs statements on, and how long a request waits for one before
//! PostgREST's 504 PGRST003.
use std::time::{Duration, Instant};

use cb_tests::{DEMO_ANON_KEY, TestApp};
use serde_json::json;
use tokio::task::JoinHandle;

use super::super::get;
use super::settings_app;

/// `count` calls of `st_nap(ms)` at once, each on its own HTTP connection; their statuses.
fn naps(app: &TestApp, count: usize, ms: u32) -> Vec<JoinHandle<u16>> {
    (0..count)
        .map(|_| {
            let url = format!("{}/rest/v1/rpc/st_nap?ms={ms}", app.url);
            tokio::spawn(async move {
                let reply = reqwest::Client::new()
                    .get(url)
                    .header("apikey", DEMO_ANON_KEY)
                    .send()
                    .await
                    .expect("the nap's request");
                reply.status().as_u16()
            })
        })
        .collect()
}

/// Statements of `st_nap` running now in the app's database.
async fn naps_running(app: &TestApp) -> i64 {
    app.db
        .scalar(
            "select count(*) from pg_stat_activity where datname = current_database() \
             and state = 'active' and query like '%st_nap%' and pid <> pg_backend_pid()",
        )
        .await
}

#[tokio::test]
async fn a_request_waits_for_the_pools_connections_then_times_out_as_postgrest() {
    let app = settings_app(&[
        ("PGRST_DB_POOL", "2"),
        ("PGRST_DB_POOL_ACQUISITION_TIMEOUT", "1"),
        // One test client holds both connections: the per-client limit would refuse it first.
        ("REST_CLIENT_CONCURRENCY", "0"),
    ])
    .await;
    // Under 3 s: anon's statement_timeout.
    let held = naps(&app, 2, 2500);
    cb_tests::eventually(
        Duration::from_secs(4),
        Duration::from_millis(50),
        async || match naps_running(&app).await {
            2 => Ok(()),
            running => Err(format!("{running} naps hold a connection, not 2")),
        },
    )
    .await;
    let asked = Instant::now();
    get(&app, "/st_notes?select=id").await.assert_error_with(
        504,
        "PGRST003",
        &json!({
            "message": "Timed out acquiring connection from connection pool.",
            "details": null,
            "hint": null
        }),
    );
    let waited = asked.elapsed();
    assert!(
        waited >= Duration::from_millis(900),
        "refused after {waited:?}: the timeout is 1 s"
    );
    // The naps were not disturbed, and once they are done the pool serves again.
    for nap in held {
        assert_eq!(nap.await.unwrap(), 200);
    }
    let reply = get(&app, "/st_notes?select=id").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
}

#[tokio::test]
async fn the_pool_runs_as_many_statements_at_once_as_it_has_connections() {
    let app = settings_app(&[("PGRST_DB_POOL", "3"), ("REST_CLIENT_CONCURRENCY", "0")]).await;
    // Five naps: three run, two wait for a connection (PostgREST's default 10 would run all).
    let started = naps(&app, 5, 2000);
    let mut most = 0;
    let watch = Instant::now();
    while watch.elapsed() < Duration::from_millis(1500) {
        most = most.max(naps_running(&app).await);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(most, 3, "naps running at once");
    for nap in started {
        assert_eq!(nap.await.unwrap(), 200);
    }
}
