//! Scenario 2: one sender broadcasting at a fixed rate to N subscribers of one public topic.
//! Each message carries its send time on this process's clock; every subscriber records
//! receipt − send.
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt as _, StreamExt as _};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{Semaphore, watch};

use crate::Args;
use crate::client::{self, HEARTBEAT};
use crate::stats::{cpu_seconds, cpu_used, latency_summary, load_average, now_us, rss_kb};

/// `{type, event, payload:{seq, t}}`, the broadcast as subscribers get it.
#[derive(Deserialize)]
struct Broadcast {
    payload: Tick,
}

#[derive(Deserialize)]
struct Tick {
    t: u64,
}

pub async fn run(args: &Args) -> Value {
    let url = args.required("url");
    let pid = args.required("pid").parse::<u32>().expect("--pid");
    let pg_pid = args.0.get("pg-pid").and_then(|p| p.parse::<u32>().ok());
    let subscribers = args.number("subscribers", 1000) as usize;
    let rate = args.number("rate", 50);
    let seconds = args.number("seconds", 20);
    let drain = Duration::from_secs(args.number("drain", 5));
    let run = args.text("run", "0");
    let token = args.text("token", "");
    let topic = format!("realtime:fanout-{run}");

    let joined = Arc::new(AtomicUsize::new(0));
    let failed = Arc::new(AtomicUsize::new(0));
    let delivered = Arc::new(AtomicU64::new(0));
    let gate = Arc::new(Semaphore::new(200));
    let (stop, stopped) = watch::channel(false);
    let mut tasks = Vec::with_capacity(subscribers);
    for _ in 0..subscribers {
        let (url, topic, payload) = (
            url.clone(),
            topic.clone(),
            client::join_payload(&token, None),
        );
        let (joined, failed, delivered, gate, stopped) = (
            Arc::clone(&joined),
            Arc::clone(&failed),
            Arc::clone(&delivered),
            Arc::clone(&gate),
            stopped.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::with_capacity((rate * seconds) as usize);
            let permit = gate.acquire_owned().await.expect("gate");
            let ws = async {
                let (mut ws, _) = client::connect(&url).await?;
                client::join(&mut ws, &topic, &payload, false, Duration::from_secs(60)).await?;
                Ok::<_, String>(ws)
            }
            .await;
            drop(permit);
            let Ok(ws) = ws else {
                failed.fetch_add(1, Ordering::Relaxed);
                return latencies;
            };
            joined.fetch_add(1, Ordering::Relaxed);
            client::listen(ws, stopped, "broadcast", |payload, received| {
                if let Ok(broadcast) = serde_json::from_str::<Broadcast>(payload) {
                    latencies.push(received.saturating_sub(broadcast.payload.t));
                    delivered.fetch_add(1, Ordering::Relaxed);
                }
            })
            .await;
            latencies
        }));
    }
    while joined.load(Ordering::Relaxed) + failed.load(Ordering::Relaxed) < subscribers {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let listening = joined.load(Ordering::Relaxed) as u64;

    // The sender, on the same topic (self: false, so it does not hear itself).
    let (mut sender, _) = client::connect(&url).await.expect("sender socket");
    client::join(
        &mut sender,
        &topic,
        &client::join_payload(&token, None),
        false,
        Duration::from_secs(30),
    )
    .await
    .expect("sender join");
    let (mut sink, mut replies) = sender.split();
    let reader = tokio::spawn(async move { while let Some(Ok(_)) = replies.next().await {} });
    tokio::time::sleep(Duration::from_millis(500)).await;

    let rss_before = rss_kb(pid);
    let cpu_before = cpu_seconds(pid, pg_pid);
    let total = rate * seconds;
    let mut tick = tokio::time::interval(Duration::from_micros(1_000_000 / rate));
    let started = Instant::now();
    let mut sent = 0u64;
    let mut beat_at = Instant::now() + HEARTBEAT;
    for seq in 0..total {
        tick.tick().await;
        let payload = json!({ "type": "broadcast", "event": "tick", "payload": { "seq": seq, "t": now_us() } });
        let reference = (seq + 2).to_string();
        if sink
            .send(client::text(
                Some("1"),
                Some(&reference),
                &topic,
                "broadcast",
                &payload,
            ))
            .await
            .is_err()
        {
            break;
        }
        sent += 1;
        if Instant::now() >= beat_at {
            beat_at += HEARTBEAT;
            let _ = sink.send(client::heartbeat(1_000_000 + seq)).await;
        }
    }
    let send_s = started.elapsed().as_secs_f64();
    let expected = sent * listening;
    let drained = Instant::now();
    while delivered.load(Ordering::Relaxed) < expected && drained.elapsed() < drain {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let cpu_after = cpu_seconds(pid, pg_pid);
    let load_end = load_average();
    let rss_after = rss_kb(pid);
    stop.send_replace(true);
    let mut latencies = Vec::with_capacity(expected as usize);
    for task in tasks {
        if let Ok(mine) = task.await {
            latencies.extend(mine);
        }
    }
    let _ = sink.close().await;
    reader.abort();
    let got = latencies.len() as u64;
    json!({
        "scenario": "fanout",
        "subscribers": subscribers,
        "joined": listening,
        "failed": failed.load(Ordering::Relaxed),
        "rate": rate,
        "sent": sent,
        "send_s": (send_s * 100.0).round() / 100.0,
        "expected": expected,
        "delivered": got,
        "lost": expected.saturating_sub(got),
        "deliveries_per_s": (got as f64 / send_s).round(),
        "latency": latency_summary(latencies),
        "rss_before_kb": rss_before,
        "rss_after_kb": rss_after,
        "cpu": cpu_used(cpu_before, cpu_after),
        "load_average": load_end,
    })
}
