//! kill -9 of the server during 200 concurrent lead posts: every lead that got a 2xx is in the
//! database, and after a restart every stored lead is delivered exactly once.
use std::collections::HashMap;
use std::process::Child;
use std::time::Duration;

use cb_db::sqlx;
use cb_tests::fresh_database;
use serde_json::Value;

use super::support::{Receiver, WEBHOOK_SECRET, lead_payload, wait_until};
use crate::server_process::{free_port, serve_command, wait_ready};

fn start(database_url: &str, port: u16, webhook: &str, data_dir: &std::path::Path) -> Child {
    let hash = cb_server::passcode::hash(cb_tests::TEST_PASSCODE).unwrap();
    serve_command(data_dir, port)
        .env("DATABASE_URL", database_url)
        .env("CLAIMBRIDGE_LOG", "error")
        .env("ADMIN_PASSCODE_HASH", hash)
        .env("LEAD_WEBHOOK_URLS", webhook)
        .env("LEAD_WEBHOOK_SECRET", WEBHOOK_SECRET)
        .env("LEAD_WEBHOOK_TIMEOUT_SECS", "2")
        .env("LEAD_WEBHOOK_RETRY_BASE_MS", "100")
        .env("LEAD_WEBHOOK_RETRY_MAX_SECS", "1")
        .env("LEAD_WEBHOOK_POLL_MS", "100")
        .env("LEAD_RELAY_REQUIRE_CAPTCHA", "false")
        .env("LEAD_RELAY_IP_RATE_LIMIT", "off")
        .spawn()
        .expect("start claimbridge")
}

#[tokio::test]
async fn kill_9_during_200_concurrent_posts_loses_no_acknowledged_lead() {
    let db = fresh_database().await;
    let data_dir = tempfile::tempdir().unwrap();
    // The receiver is down while the leads arrive, so nothing can be half-delivered at the kill.
    let receiver = Receiver::start(200, "{}").await;
    receiver.go_down().await;
    let port = free_port();
    let mut server = start(&db.url(), port, &receiver.url, data_dir.path());
    wait_ready(port, &mut server).await;

    let client = reqwest::Client::new();
    let (acked_tx, mut acked_rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    let mut posts = tokio::task::JoinSet::new();
    for n in 0..200 {
        let request = client
            .post(format!("http://127.0.0.1:{port}/functions/v1/lead-relay"))
            .header("content-type", "text/plain;charset=UTF-8")
            .body(lead_payload(&format!("crash{n}@acme.test"), "").to_string());
        let acked = acked_tx.clone();
        posts.spawn(async move {
            if let Ok(response) = request.send().await
                && response.status().is_success()
                && let Ok(body) = response.json::<Value>().await
                && let Some(id) = body["id"].as_str()
            {
                let _ = acked.send(id.to_string());
            }
        });
    }
    drop(acked_tx);
    // Kill in the middle of the burst.
    let mut acked = Vec::new();
    while acked.len() < 40 {
        match tokio::time::timeout(Duration::from_secs(30), acked_rx.recv()).await {
            Ok(Some(id)) => acked.push(id),
            _ => break,
        }
    }
    server.kill().expect("kill -9");
    server.wait().unwrap();
    posts.join_all().await;
    while let Ok(id) = acked_rx.try_recv() {
        acked.push(id);
    }
    assert!(
        acked.len() >= 40,
        "only {} posts were acknowledged before the kill",
        acked.len()
    );

    let stored: Vec<String> = sqlx::query_scalar("select id::text from public.leads")
        .fetch_all(&db.pool)
        .await
        .unwrap();
    for id in &acked {
        assert!(
            stored.contains(id),
            "acknowledged lead {id} is in the database"
        );
    }
    let queued: i64 = db
        .count("select count(*) from public.lead_deliveries")
        .await;
    assert_eq!(
        queued as usize,
        stored.len(),
        "every stored lead has its delivery queued"
    );

    receiver.resume();
    let port = free_port();
    let mut restarted = start(&db.url(), port, &receiver.url, data_dir.path());
    wait_ready(port, &mut restarted).await;
    wait_until(
        &db.pool,
        "select count(*) filter (where status <> 'delivered') = 0 from public.lead_deliveries",
        Duration::from_secs(60),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut per_lead: HashMap<String, usize> = HashMap::new();
    for request in receiver.received() {
        *per_lead
            .entry(request.header("webhook-id").unwrap().to_string())
            .or_default() += 1;
    }
    assert_eq!(
        per_lead.len(),
        stored.len(),
        "every stored lead was delivered"
    );
    assert!(
        per_lead.values().all(|count| *count == 1),
        "exactly once: {per_lead:?}"
    );
    restarted.kill().ok();
    restarted.wait().ok();
}
