use std::time::Duration;

use cb_tests::{Answer as _, eventually, spawn_app};

#[tokio::test]
async fn healthz_and_readyz_answer_200_with_a_request_id() {
    let app = spawn_app().await;
    let health = app.get("/healthz").answer().await;
    assert_eq!(health.status(), 200);
    assert!(health.headers().contains_key("x-request-id"));
    assert_eq!(
        health.json::<serde_json::Value>().await.unwrap()["status"],
        "ok"
    );
    // Ready once the monitor has checked the database and the schema cache has loaded.
    eventually(
        Duration::from_secs(10),
        Duration::from_millis(20),
        async || {
            let ready = app.get("/readyz").answer().await;
            if ready.status() == 200 {
                assert_eq!(
                    ready.json::<serde_json::Value>().await.unwrap()["status"],
                    "ready"
                );
                return Ok(());
            }
            let reason = ready.json::<serde_json::Value>().await.unwrap()["reason"].clone();
            assert!(
                reason == "starting" || reason == "schema cache loading",
                "{reason}"
            );
            Err(format!("never ready: {reason}"))
        },
    )
    .await;
}

#[tokio::test]
async fn readyz_is_503_while_a_migration_is_pending() {
    let app = spawn_app().await;
    app.db
        .execute("delete from claimbridge.schema_migrations where source = 'website'")
        .await;
    // The monitor sees it within its half-second interval.
    eventually(
        Duration::from_secs(5),
        Duration::from_millis(50),
        async || {
            let ready = app.get("/readyz").answer().await;
            let status = ready.status();
            let reason = ready.json::<serde_json::Value>().await.unwrap()["reason"].clone();
            if reason == "migrations pending" {
                assert_eq!(status, 503);
                return Ok(());
            }
            Err("readiness never noticed".to_string())
        },
    )
    .await;
}

/// SIGTERM starts the drain: /readyz is 503 at once, requests are still served for
/// CLAIMBRIDGE_DRAIN_SECS, then the process exits (a load balancer has taken it out by then).
#[tokio::test]
async fn sigterm_drains_readiness_first_and_keeps_serving_until_the_drain_ends() {
    use std::time::Instant;

    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;

    use crate::server_process::{free_port, serve_command_on, wait_ready};

    let db = cb_tests::fresh_database().await;
    let data_dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut child = serve_command_on(&db, data_dir.path(), port)
        .env("CLAIMBRIDGE_DRAIN_SECS", "2")
        .spawn()
        .unwrap();
    wait_ready(port, &mut child).await;
    let base = format!("http://127.0.0.1:{port}");
    // A client with a connection open before the signal, as a balancer keeps them.
    let client = reqwest::Client::new();
    assert_eq!(
        client
            .get(format!("{base}/healthz"))
            .answer()
            .await
            .status(),
        200
    );

    let signalled = Instant::now();
    kill(Pid::from_raw(child.id() as i32), Signal::SIGTERM).unwrap();
    eventually(
        Duration::from_secs(1),
        Duration::from_millis(20),
        async || {
            let ready = client.get(format!("{base}/readyz")).answer().await;
            if ready.status() == 503 {
                let body: serde_json::Value = ready.json().await.unwrap();
                assert_eq!(body["reason"], "shutting down");
                return Ok(());
            }
            Err("readiness never turned 503".to_string())
        },
    )
    .await;
    // Still serving during the drain.
    let page = client.get(format!("{base}/healthz")).answer().await;
    assert_eq!(page.status(), 200);
    assert!(signalled.elapsed() < Duration::from_secs(2));
    // Then it exits, not long after the drain.
    let exited = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            signalled.elapsed() < Duration::from_secs(15),
            "the server did not stop after its drain"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(exited.success(), "{exited}");
    assert!(signalled.elapsed() >= Duration::from_secs(2));
}
