//! Scenario 3: N subscribers, each with its own signed-in user's access token (HS256, role
//! authenticated), on Postgres Changes INSERT of `public.<table>` (RLS on, every row visible to
//! every subscriber); rows inserted at a fixed rate, each in its own transaction, carrying in
//! `body` the time the insert was sent on this process's clock. Latency = receipt − that time,
//! so it includes the insert's own round trip (reported apart as `insert`).
use std::borrow::Cow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use hmac::{Hmac, Mac as _};
use serde::Deserialize;
use serde_json::{Value, json};
use sha2::Sha256;
use tokio::sync::{Mutex, Semaphore, watch};

use crate::Args;
use crate::client;
use crate::stats::{cpu_seconds, cpu_used, latency_summary, load_average, now_us, rss_kb};

/// The Supabase CLI's local JWT secret, the server's default.
const LOCAL_SECRET: &str = "super-secret-jwt-token-with-at-least-32-characters-long";
/// Connections the inserts are spread over (each insert its own transaction; a connection
/// pipelines the inserts sent on it while earlier ones are in flight).
const INSERT_CONNECTIONS: usize = 4;

#[derive(Deserialize)]
struct Change<'a> {
    #[serde(borrow)]
    data: ChangeData<'a>,
}

#[derive(Deserialize)]
struct ChangeData<'a> {
    #[serde(borrow)]
    record: Record<'a>,
    #[serde(default)]
    errors: Option<Value>,
}

#[derive(Deserialize)]
struct Record<'a> {
    #[serde(borrow)]
    body: Cow<'a, str>,
}

/// A GoTrue-like access token: HS256 with `secret`, role authenticated, its own `sub`.
fn access_token(secret: &str) -> String {
    let b64 = |bytes: &[u8]| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("clock")
        .as_secs();
    let claims = json!({
        "aud": "authenticated",
        "exp": now + 7200,
        "iat": now,
        "sub": uuid::Uuid::new_v4().to_string(),
        "role": "authenticated",
        "aal": "aal1",
        "session_id": uuid::Uuid::new_v4().to_string(),
        "is_anonymous": false,
    });
    let input = format!(
        "{}.{}",
        b64(br#"{"alg":"HS256","typ":"JWT"}"#),
        b64(claims.to_string().as_bytes())
    );
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("hmac key");
    mac.update(input.as_bytes());
    format!("{input}.{}", b64(&mac.finalize().into_bytes()))
}

pub async fn run(args: &Args) -> Value {
    let url = args.required("url");
    let pid = args.required("pid").parse::<u32>().expect("--pid");
    let pg_pid = args.0.get("pg-pid").and_then(|p| p.parse::<u32>().ok());
    let pg_host = args.required("pg-host");
    let pg_user = args.text("pg-user", "postgres");
    let table = args.text("table", "bench_events");
    let subscribers = args.number("subscribers", 100) as usize;
    let rate = args.number("rate", 500);
    let seconds = args.number("seconds", 20);
    let drain = Duration::from_secs(args.number("drain", 15));
    let secret = args.text("jwt-secret", LOCAL_SECRET);
    let run = args.text("run", "0");
    let topic = format!("realtime:changes-{run}");

    let subscribed = Arc::new(AtomicUsize::new(0));
    let failed = Arc::new(AtomicUsize::new(0));
    let delivered = Arc::new(AtomicU64::new(0));
    let with_errors = Arc::new(AtomicU64::new(0));
    let first_error: Arc<Mutex<Option<String>>> = Arc::default();
    let join_times: Arc<Mutex<Vec<u64>>> = Arc::default();
    let gate = Arc::new(Semaphore::new(50));
    let (stop, stopped) = watch::channel(false);
    let mut tasks = Vec::with_capacity(subscribers);
    for _ in 0..subscribers {
        let (url, topic) = (url.clone(), topic.clone());
        let payload = client::join_payload(&access_token(&secret), Some(&table));
        let (subscribed, failed, delivered, with_errors, first_error, join_times, gate, stopped) = (
            Arc::clone(&subscribed),
            Arc::clone(&failed),
            Arc::clone(&delivered),
            Arc::clone(&with_errors),
            Arc::clone(&first_error),
            Arc::clone(&join_times),
            Arc::clone(&gate),
            stopped.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::with_capacity((rate * seconds) as usize);
            let permit = gate.acquire_owned().await.expect("gate");
            let asked = now_us();
            let ws = async {
                let (mut ws, _) = client::connect(&url).await?;
                client::join(&mut ws, &topic, &payload, true, Duration::from_secs(30)).await?;
                Ok::<_, String>(ws)
            }
            .await;
            drop(permit);
            let ws = match ws {
                Ok(ws) => ws,
                Err(err) => {
                    failed.fetch_add(1, Ordering::Relaxed);
                    first_error.lock().await.get_or_insert(err);
                    return latencies;
                }
            };
            join_times.lock().await.push(now_us() - asked);
            subscribed.fetch_add(1, Ordering::Relaxed);
            client::listen(ws, stopped, "postgres_changes", |payload, received| {
                let Ok(change) = serde_json::from_str::<Change>(payload) else {
                    return;
                };
                if change.data.errors.as_ref().is_some_and(|e| !e.is_null()) {
                    with_errors.fetch_add(1, Ordering::Relaxed);
                }
                if let Ok(sent) = change.data.record.body.parse::<u64>() {
                    latencies.push(received.saturating_sub(sent));
                    delivered.fetch_add(1, Ordering::Relaxed);
                }
            })
            .await;
            latencies
        }));
    }
    while subscribed.load(Ordering::Relaxed) + failed.load(Ordering::Relaxed) < subscribers {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let listening = subscribed.load(Ordering::Relaxed) as u64;
    let mut join_summary = join_times.lock().await.clone();
    join_summary.sort_unstable();

    let mut inserters = Vec::new();
    for _ in 0..INSERT_CONNECTIONS {
        let config = format!("host={pg_host} user={pg_user} dbname=postgres");
        let (db, connection) = tokio_postgres::connect(&config, tokio_postgres::NoTls)
            .await
            .expect("connecting to PostgreSQL for the inserts");
        tokio::spawn(connection);
        let statement = db
            .prepare(&format!("insert into public.{table} (body) values ($1)"))
            .await
            .expect("preparing the insert");
        inserters.push((Arc::new(db), statement));
    }
    tokio::time::sleep(Duration::from_secs(1)).await;

    let rss_before = rss_kb(pid);
    let cpu_before = cpu_seconds(pid, pg_pid);
    let total = if listening > 0 { rate * seconds } else { 0 };
    let inserted = Arc::new(AtomicU64::new(0));
    let insert_errors = Arc::new(AtomicU64::new(0));
    let round_trips: Arc<Mutex<Vec<u64>>> = Arc::default();
    let mut tick = tokio::time::interval(Duration::from_micros(1_000_000 / rate.max(1)));
    let started = Instant::now();
    let mut pending = Vec::with_capacity(total as usize);
    for n in 0..total {
        tick.tick().await;
        let (db, statement) = inserters[n as usize % INSERT_CONNECTIONS].clone();
        let (inserted, insert_errors, round_trips) = (
            Arc::clone(&inserted),
            Arc::clone(&insert_errors),
            Arc::clone(&round_trips),
        );
        pending.push(tokio::spawn(async move {
            let sent = now_us();
            match db.execute(&statement, &[&sent.to_string()]).await {
                Ok(_) => {
                    inserted.fetch_add(1, Ordering::Relaxed);
                    round_trips.lock().await.push(now_us() - sent);
                }
                Err(err) => {
                    if insert_errors.fetch_add(1, Ordering::Relaxed) == 0 {
                        eprintln!("insert failed: {err}");
                    }
                }
            }
        }));
    }
    for insert in pending {
        let _ = insert.await;
    }
    let insert_s = started.elapsed().as_secs_f64();
    let rows = inserted.load(Ordering::Relaxed);
    let expected = rows * listening;
    let drained = Instant::now();
    while delivered.load(Ordering::Relaxed) < expected && drained.elapsed() < drain {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let drain_s = drained.elapsed().as_secs_f64();
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
    let got = latencies.len() as u64;
    let round_trips = std::mem::take(&mut *round_trips.lock().await);
    json!({
        "scenario": "changes",
        "subscribers": subscribers,
        "subscribed": listening,
        "failed": failed.load(Ordering::Relaxed),
        "first_error": first_error.lock().await.clone(),
        "subscribe_ms_p50": join_summary.get(join_summary.len() / 2).map(|us| *us as f64 / 1000.0),
        "subscribe_ms_max": join_summary.last().map(|us| *us as f64 / 1000.0),
        "rate": rate,
        "rows": rows,
        "insert_errors": insert_errors.load(Ordering::Relaxed),
        "insert_s": (insert_s * 100.0).round() / 100.0,
        "drain_s": (drain_s * 100.0).round() / 100.0,
        "expected": expected,
        "delivered": got,
        "lost": expected.saturating_sub(got),
        "with_errors": with_errors.load(Ordering::Relaxed),
        "deliveries_per_s": (got as f64 / insert_s).round(),
        "latency": latency_summary(latencies),
        "insert": latency_summary(round_trips),
        "rss_before_kb": rss_before,
        "rss_after_kb": rss_after,
        "cpu": cpu_used(cpu_before, cpu_after),
        "load_average": load_end,
    })
}
