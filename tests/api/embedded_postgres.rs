//! The embedded PostgreSQL as `claimbridge serve` runs it: first start, clean stop, restart with
//! the data kept, and recovery after kill -9 of the server and of PostgreSQL itself; logical
//! decoding with bounded slot retention on, for Realtime.
use std::path::Path;
use std::process::Child;
use std::time::{Duration, Instant};

use cb_db::sqlx;
use cb_tests::{Answer as _, reachable_tempdir};

use crate::server_process::{free_port, serve_command, wait_ready};
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

fn start(data_dir: &Path, port: u16) -> Child {
    serve_command(data_dir, port)
        .spawn()
        .expect("start claimbridge")
}

fn wait_exit(child: &mut Child) -> std::process::ExitStatus {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(
            Instant::now() < deadline,
            "claimbridge did not stop within 60 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn postmaster_pid(data_dir: &Path) -> Option<i32> {
    let text = std::fs::read_to_string(data_dir.join("postgres/postmaster.pid")).ok()?;
    text.lines().next()?.trim().parse().ok()
}

fn is_alive(pid: i32) -> bool {
    kill(Pid::from_raw(pid), None).is_ok()
}

fn cluster(data_dir: &Path) -> cb_db::LocalPostgres {
    cb_db::LocalPostgres::new(
        cb_db::PgBinaries::discover(None).unwrap(),
        data_dir.join("postgres"),
    )
    .unwrap()
}

async fn marker_count(data_dir: &Path) -> i64 {
    let pool = cb_db::connect(cluster(data_dir).connect_options("postgres"), 1)
        .await
        .unwrap();
    let count =
        sqlx::query_scalar("select count(*) from whitepapers where title = 'Kept across restarts'")
            .fetch_one(&pool)
            .await
            .unwrap();
    pool.close().await;
    count
}

#[tokio::test]
async fn starts_stops_restarts_and_survives_kill_9() {
    let data = reachable_tempdir();
    let data_dir = data.path();
    let port = free_port();

    // First start: initdb, migrate, seed, serve.
    let mut server = start(data_dir, port);
    wait_ready(port, &mut server).await;
    let pool = cb_db::connect(cluster(data_dir).connect_options("postgres"), 1)
        .await
        .unwrap();
    sqlx::query(
        "insert into whitepapers (title, category) values ('Kept across restarts', 'Test')",
    )
    .execute(&pool)
    .await
    .unwrap();
    // Realtime reads the write-ahead log, and a slot may hold at most 1 GB of it.
    for (setting, wanted) in [
        ("wal_level", "logical"),
        ("max_slot_wal_keep_size", "1GB"),
        ("max_replication_slots", "64"),
    ] {
        let value: String = sqlx::query_scalar(&format!("show {setting}"))
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(value, wanted, "{setting}");
    }
    pool.close().await;

    // SIGTERM: graceful stop, PostgreSQL stopped with it.
    kill(Pid::from_raw(server.id() as i32), Signal::SIGTERM).unwrap();
    assert!(wait_exit(&mut server).success(), "a clean stop exits 0");
    assert!(
        !cluster(data_dir).is_running(),
        "PostgreSQL stops with the server"
    );

    // Restart: the same data.
    let mut server = start(data_dir, port);
    wait_ready(port, &mut server).await;
    assert_eq!(marker_count(data_dir).await, 1);

    // kill -9 of the server: PostgreSQL lives on; the next start reuses it.
    server.kill().unwrap();
    server.wait().unwrap();
    let postmaster = postmaster_pid(data_dir).expect("postmaster.pid");
    assert!(is_alive(postmaster));
    let mut server = start(data_dir, port);
    wait_ready(port, &mut server).await;
    assert_eq!(
        postmaster_pid(data_dir),
        Some(postmaster),
        "the running cluster is reused"
    );
    assert_eq!(marker_count(data_dir).await, 1);

    // kill -9 of PostgreSQL itself, then of the server: a stale postmaster.pid stays behind.
    kill(Pid::from_raw(postmaster), Signal::SIGKILL).unwrap();
    server.kill().unwrap();
    server.wait().unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while is_alive(postmaster) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        data_dir.join("postgres/postmaster.pid").exists(),
        "the crash left its pid file"
    );
    let mut server = start(data_dir, port);
    wait_ready(port, &mut server).await;
    assert_ne!(postmaster_pid(data_dir), Some(postmaster));
    assert_eq!(
        marker_count(data_dir).await,
        1,
        "crash recovery keeps committed data"
    );

    kill(Pid::from_raw(server.id() as i32), Signal::SIGINT).unwrap();
    assert!(wait_exit(&mut server).success(), "Ctrl-C stops cleanly too");
    assert!(!cluster(data_dir).is_running());
}

/// A 5xx of the running server is logged as an ERROR line naming its request, at the `warn`
/// filter `serve_command` sets (a quiet production log), where the request span is off.
#[tokio::test]
async fn a_failed_answer_is_logged_with_its_request_id() {
    let data = reachable_tempdir();
    let data_dir = data.path();
    let port = free_port();
    let mut server = serve_command(data_dir, port)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start claimbridge");
    wait_ready(port, &mut server).await;
    let url = format!("http://127.0.0.1:{port}/rest/v1/blog_posts?select=slug&limit=1");
    let client = reqwest::Client::new();
    let read = || {
        client
            .get(&url)
            .header("apikey", cb_tests::DEMO_ANON_KEY)
            .header("x-request-id", "trace-e2e-7")
    };
    assert_eq!(read().answer().await.status(), 200);

    // PostgreSQL goes away under the running server (a fast stop ends every connection).
    let stopping = cluster(data_dir);
    tokio::task::spawn_blocking(move || stopping.stop())
        .await
        .unwrap()
        .unwrap();
    let failed = read().answer().await;
    let status = failed.status();
    let echoed = failed.headers().get("x-request-id").cloned();

    kill(Pid::from_raw(server.id() as i32), Signal::SIGTERM).unwrap();
    let output = server.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);

    assert!(status.is_server_error(), "{status}");
    assert_eq!(echoed.unwrap(), "trace-e2e-7");
    let line = stderr
        .lines()
        .find(|line| line.contains("response failed") && line.contains("trace-e2e-7"))
        .unwrap_or_else(|| panic!("no ERROR line for the {status}: {stderr}"));
    assert!(line.contains("ERROR"), "{line}");
    assert!(line.contains("trace-e2e-7"), "{line}");
    assert!(line.contains("/rest/v1/blog_posts"), "{line}");
    assert!(
        line.contains(&format!("status={}", status.as_u16())),
        "{line}"
    );
}
