//! Scenario 1: N idle sockets, each joined to its own public channel (broadcast config), held
//! for a while with realtime-js's heartbeats; the target's resident memory before, once all
//! are joined, at its peak while held, at the end, and 5 s after they closed.
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use tokio::sync::{Mutex, Semaphore, watch};
use tokio_tungstenite::tungstenite::Message;

use crate::Args;
use crate::client::{self, Frame, HEARTBEAT};
use crate::stats::{cpu_seconds, cpu_used, load_average, rss_kb};

#[derive(Default)]
struct Counts {
    joined: AtomicUsize,
    failed: AtomicUsize,
    /// Sockets the server closed (or that failed) before the end of the hold.
    lost: AtomicUsize,
    retries: AtomicU64,
    heartbeats_sent: AtomicU64,
    heartbeats_ok: AtomicU64,
    first_error: Mutex<Option<String>>,
}

pub async fn run(args: &Args) -> Value {
    let url = args.required("url");
    let pid = args.required("pid").parse::<u32>().expect("--pid");
    let pg_pid = args.0.get("pg-pid").and_then(|p| p.parse::<u32>().ok());
    let sockets = args.number("sockets", 10_000) as usize;
    let hold = Duration::from_secs(args.number("hold", 30));
    let concurrency = args.number("concurrency", 200) as usize;
    let run = args.text("run", "0");
    let token = args.text("token", "");

    let rss_before = rss_kb(pid);
    let cpu_before = cpu_seconds(pid, pg_pid);
    let counts = Arc::new(Counts::default());
    let gate = Arc::new(Semaphore::new(concurrency));
    let (stop, stopped) = watch::channel(false);
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(sockets);
    for i in 0..sockets {
        let (url, counts, gate, mut stopped) = (
            url.clone(),
            Arc::clone(&counts),
            Arc::clone(&gate),
            stopped.clone(),
        );
        let topic = format!("realtime:idle-{run}-{i}");
        let payload = client::join_payload(&token, None);
        tasks.push(tokio::spawn(async move {
            let permit = gate.acquire_owned().await.expect("gate");
            let joined = async {
                let (mut ws, retries) = client::connect(&url).await?;
                counts.retries.fetch_add(u64::from(retries), Ordering::Relaxed);
                client::join(&mut ws, &topic, &payload, false, Duration::from_secs(60)).await?;
                Ok::<_, String>(ws)
            }
            .await;
            drop(permit);
            let mut ws = match joined {
                Ok(ws) => ws,
                Err(err) => {
                    counts.failed.fetch_add(1, Ordering::Relaxed);
                    counts.first_error.lock().await.get_or_insert(err);
                    return;
                }
            };
            counts.joined.fetch_add(1, Ordering::Relaxed);
            let mut beat = tokio::time::interval_at(tokio::time::Instant::now() + HEARTBEAT, HEARTBEAT);
            let mut reference = 1u64;
            loop {
                tokio::select! {
                    message = ws.next() => match message {
                        Some(Ok(Message::Text(body))) => {
                            if Frame::parse(body.as_str()).is_some_and(|f| f.event() == "phx_reply" && f.2 == "phoenix") {
                                counts.heartbeats_ok.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        Some(Ok(Message::Close(_))) | Some(Err(_)) | None => {
                            if !*stopped.borrow() {
                                counts.lost.fetch_add(1, Ordering::Relaxed);
                            }
                            return;
                        }
                        Some(Ok(_)) => {}
                    },
                    _ = beat.tick() => {
                        reference += 1;
                        counts.heartbeats_sent.fetch_add(1, Ordering::Relaxed);
                        if ws.send(client::heartbeat(reference)).await.is_err() {
                            counts.lost.fetch_add(1, Ordering::Relaxed);
                            return;
                        }
                    }
                    _ = stopped.changed() => break,
                }
            }
            let _ = tokio::time::timeout(Duration::from_secs(5), ws.close(None)).await;
        }));
    }
    // All joined (or given up on).
    while counts.joined.load(Ordering::Relaxed) + counts.failed.load(Ordering::Relaxed) < sockets {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let connect_s = started.elapsed().as_secs_f64();
    let rss_joined = rss_kb(pid);
    let cpu_joined = cpu_seconds(pid, pg_pid);
    let held = Instant::now();
    let mut rss_peak = rss_joined;
    while held.elapsed() < hold {
        tokio::time::sleep(Duration::from_secs(1)).await;
        rss_peak = rss_peak.max(rss_kb(pid));
    }
    let rss_end = rss_kb(pid);
    let cpu_after = cpu_seconds(pid, pg_pid);
    let load_end = load_average();
    let open_at_end = counts.joined.load(Ordering::Relaxed) - counts.lost.load(Ordering::Relaxed);
    let own_rss = rss_kb(std::process::id());
    stop.send_replace(true);
    for task in tasks {
        let _ = task.await;
    }
    tokio::time::sleep(Duration::from_secs(5)).await;
    let rss_closed = rss_kb(pid);
    let joined = counts.joined.load(Ordering::Relaxed);
    json!({
        "scenario": "idle",
        "sockets": sockets,
        "joined": joined,
        "failed": counts.failed.load(Ordering::Relaxed),
        "first_error": counts.first_error.lock().await.clone(),
        "connect_retries": counts.retries.load(Ordering::Relaxed),
        "connect_s": (connect_s * 100.0).round() / 100.0,
        "joins_per_s": (joined as f64 / connect_s).round(),
        "open_at_end": open_at_end,
        "hold_s": hold.as_secs(),
        "heartbeats_sent": counts.heartbeats_sent.load(Ordering::Relaxed),
        "heartbeats_ok": counts.heartbeats_ok.load(Ordering::Relaxed),
        "rss_before_kb": rss_before,
        "rss_joined_kb": rss_joined,
        "rss_peak_kb": rss_peak,
        "rss_end_kb": rss_end,
        "rss_after_close_kb": rss_closed,
        "bytes_per_socket": if joined > 0 { (rss_end.saturating_sub(rss_before) * 1024) / joined as u64 } else { 0 },
        "cpu": cpu_used(cpu_before, cpu_after),
        "cpu_joining": cpu_used(cpu_before, cpu_joined),
        "cpu_holding": cpu_used(cpu_joined, cpu_after),
        "load_average": load_end,
        "loadgen_rss_kb": own_rss,
    })
}
