//! Slow and silent sockets: a reader that stops reading holds bounded memory and is dropped,
//! and a silent socket is closed after the idle timeout.
use super::*;

/// The server as a process of its own (`claimbridge serve`), so its memory can be read apart
/// from the test's and every other test's; killed when dropped.
struct ServerProcess {
    url: String,
    child: std::process::Child,
    _db: cb_tests::TestDatabase,
    _data_dir: tempfile::TempDir,
}

impl ServerProcess {
    async fn start(vars: &[(&str, &str)]) -> ServerProcess {
        use crate::server_process::{free_port, serve_command_on, wait_ready};
        let db = cb_tests::fresh_database().await;
        let data_dir = tempfile::tempdir().unwrap();
        let port = free_port();
        let mut child = serve_command_on(&db, data_dir.path(), port)
            .envs(vars.iter().copied())
            .spawn()
            .expect("start claimbridge");
        wait_ready(port, &mut child).await;
        ServerProcess {
            url: format!("http://127.0.0.1:{port}"),
            child,
            _db: db,
            _data_dir: data_dir,
        }
    }

    /// Its resident memory, in bytes.
    fn rss(&self) -> u64 {
        let path = format!("/proc/{}/status", self.child.id());
        let status = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"));
        let line = status
            .lines()
            .find(|line| line.starts_with("VmRSS:"))
            .expect("VmRSS");
        let kb: u64 = line
            .split_whitespace()
            .nth(1)
            .and_then(|n| n.parse().ok())
            .expect("VmRSS in kB");
        kb * 1024
    }

    fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Server for ServerProcess {
    fn http(&self) -> &str {
        &self.url
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Joins `topic` and then never reads again (the TCP connection stays open).
async fn stalled_reader(app: &impl Server, topic: &str) -> Socket {
    let mut socket = Socket::open(app).await;
    socket.joined(topic, join_payload(false, None)).await;
    socket
}

/// A socket that joins a busy topic and never reads again costs the server a bounded outbox
/// (1024 frames), not everything sent to the topic; the clients that read are not slowed.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_reader_that_stops_reading_holds_bounded_memory_and_delays_nobody() {
    let mut server =
        ServerProcess::start(&[("CLAIMBRIDGE_REALTIME_MAX_MESSAGES_PER_SECOND", "1000000")]).await;
    let topic = "realtime:busy";
    let _stalled = stalled_reader(&server, topic).await;
    let mut listener = Socket::open(&server).await;
    listener.joined(topic, join_payload(false, None)).await;
    let mut sender = Socket::open(&server).await;
    let mut quiet = join_payload(false, None);
    quiet["config"]["broadcast"]["ack"] = json!(false);
    sender.joined(topic, quiet).await;

    // The listener reads everything as it comes, counting.
    let heard = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&heard);
    let listening = tokio::spawn(async move {
        let mut received = 0usize;
        let mut last = Instant::now();
        loop {
            match listener.next(Duration::from_secs(60)).await {
                Some(Next::Frame(frame)) if frame.is_broadcast("load") => {
                    received += 1;
                    counter.store(received, Ordering::Relaxed);
                    last = Instant::now();
                }
                Some(Next::Frame(frame)) if frame.is_broadcast("done") => {
                    return (received, last, Instant::now(), listener);
                }
                Some(Next::Frame(_) | Next::Binary(_)) => {}
                other => panic!("the listener's socket: {other:?} after {received} broadcasts"),
            }
        }
    });
    let baseline = server.rss();
    let mut peak = baseline;

    // 20 000 broadcasts of 6 kB: 120 MB the stalled reader never takes, far more than the
    // bound below, so a server queueing them for it fails.
    const COUNT: usize = 20_000;
    let blob = "x".repeat(6_000);
    let started = Instant::now();
    for n in 0..COUNT {
        let frame = json!([
            null,
            null,
            topic,
            "broadcast",
            broadcast("load", json!({"n": n, "blob": blob}))
        ]);
        sender
            .ws
            .feed(Message::text(frame.to_string()))
            .await
            .unwrap();
        if n % 100 == 99 {
            sender.ws.flush().await.unwrap();
            peak = peak.max(server.rss());
            // Paced to the reading client, within half its outbox: on a busy machine the test's
            // own listener may read slower than the server sends, and a reader that far behind
            // is dropped by design. The stalled reader is sent everything all the same. (30 s
            // was too short once, with two test suites sharing the machine's two cores.)
            let paced = Instant::now();
            while heard.load(Ordering::Relaxed) + 512 < n
                && paced.elapsed() < Duration::from_secs(120)
            {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        }
    }
    let sent_at = Instant::now();
    sender
        .ws
        .send(Message::text(
            json!([null, null, topic, "broadcast", broadcast("done", json!({}))]).to_string(),
        ))
        .await
        .unwrap();
    let (received, last_load, done_at, mut listener) =
        tokio::time::timeout(Duration::from_secs(120), listening)
            .await
            .expect("the listener heard the end within 120 s")
            .unwrap();
    peak = peak.max(server.rss());
    let growth = peak.saturating_sub(baseline);
    eprintln!(
        "slow reader: {COUNT} broadcasts sent in {:?}; the listener got {received}, the last \
         {:?} and the end {:?} after the last was sent; the server's RSS grew by at most {} MB \
         (from {} MB)",
        sent_at - started,
        last_load.saturating_duration_since(sent_at),
        done_at.saturating_duration_since(sent_at),
        growth / 1_000_000,
        baseline / 1_000_000,
    );
    assert!(server.running(), "the server died");
    assert!(
        growth < 64_000_000,
        "the server's RSS grew by {} MB while a socket did not read",
        growth / 1_000_000
    );
    // The reading client kept up: it missed (almost) nothing and heard the end promptly.
    assert!(
        received >= COUNT * 99 / 100,
        "the listener got {received} of {COUNT}"
    );
    assert!(
        done_at.saturating_duration_since(sent_at) < Duration::from_secs(10),
        "the listener heard the end {:?} after it was sent",
        done_at.saturating_duration_since(sent_at)
    );
    // And everybody is still served at once.
    let started = Instant::now();
    listener.heartbeat().await;
    sender.heartbeat().await;
    still_serving(&server).await;
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
}

/// A socket that joins a busy topic and stops reading (but still sends its heartbeats, so the
/// idle timeout does not apply) must not hold its place for as long as its TCP connection
/// lives: once its writer gives up (the 10 s write timeout), the socket must end.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_reader_that_stops_reading_is_dropped_and_gives_its_place_back() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REALTIME_MAX_CONNECTIONS", "2")]).await;
    let topic = "realtime:busy";
    let mut stalled = stalled_reader(&app, topic).await;
    // It writes a heartbeat every second and never reads; it stops when the server is gone.
    let beating = tokio::spawn(async move {
        let mut sent = 0;
        while sent < 60 {
            let frame = json!([null, "hb", "phoenix", "heartbeat", {}]).to_string();
            if stalled.send_text(frame).await.is_err() {
                return true;
            }
            sent += 1;
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        false
    });
    let mut other = Socket::open(&app).await;
    // 42 MB over the HTTP API: more than the socket buffers and the outbox hold.
    let blob = "x".repeat(6_000);
    for batch in 0..70 {
        let messages: Vec<Value> = (0..100)
            .map(|n| json!({"topic": "busy", "event": "load", "payload": {"n": batch * 100 + n, "blob": blob}}))
            .collect();
        let response = app
            .anon(reqwest::Method::POST, "/realtime/v1/api/broadcast")
            .json(&json!({"messages": messages}))
            .answer()
            .await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
    }
    let flooded = Instant::now();
    // Within the write timeout (10 s), a bounded close and a tick (5 s), two sockets fit again.
    let url = ws_url(&app, Some(DEMO_ANON_KEY), Some("2.0.0"));
    let within = Duration::from_secs(40);
    loop {
        match tokio_tungstenite::connect_async(&url).await {
            Ok(_) => break,
            Err(tungstenite::Error::Http(response)) if response.status() == 429 => {
                assert!(
                    flooded.elapsed() < within,
                    "the stalled reader still holds its place {within:?} after the flood"
                );
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(err) => panic!("{err}"),
        }
    }
    eprintln!(
        "the stalled reader's place came back {:?} after the flood",
        flooded.elapsed()
    );
    other.heartbeat().await;
    beating.abort();
}

#[tokio::test]
async fn a_silent_socket_is_closed_after_the_idle_timeout() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REALTIME_IDLE_SECS", "2")]).await;
    let mut silent = Socket::open(&app).await;
    silent
        .joined("realtime:room", join_payload(false, None))
        .await;
    let mut beating = Socket::open(&app).await;
    beating
        .joined("realtime:room", join_payload(false, None))
        .await;
    let started = Instant::now();
    // The beating socket sends a heartbeat every second, as realtime-js does (every 25 s).
    let beats = tokio::spawn(async move {
        for _ in 0..9 {
            beating.heartbeat().await;
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        beating
    });
    let (code, _) = silent
        .closed_within(Duration::from_secs(8), "the silent socket")
        .await;
    let after = started.elapsed();
    eprintln!("silent socket closed after {after:?} with {code:?}");
    assert!(
        after >= Duration::from_secs(2),
        "closed after {after:?}, before the idle timeout"
    );
    let mut beating = beats.await.unwrap();
    beating.heartbeat().await;
    let ack = beating.broadcast("realtime:room", "alive", json!({})).await;
    assert_eq!(ack.payload["status"], "ok");
}
