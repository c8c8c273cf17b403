//! The webhook outbox worker. It runs inside `serve` (one per instance), claims due rows of
//! `public.lead_deliveries` with `FOR UPDATE SKIP LOCKED` (so instances never take the same row),
//! leases them for a while (a crashed instance's rows come back when the lease ends), POSTs the
//! signed lead, and records the outcome: delivered, retry later with backoff, or failed (after
//! a refusal, or 3 days of failures). It stops with the server.
pub mod schedule;
pub mod signature;

use std::time::{Duration, Instant};

use futures_util::future::join_all;
use secrecy::ExposeSecret as _;
use sqlx::PgPool;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::FunctionsState;
use schedule::Outcome;

/// Rows claimed per round (delivered concurrently).
const BATCH: i64 = 32;
/// How often the abuse-protection tables are pruned.
const PRUNE_EVERY: Duration = Duration::from_secs(600);
/// On shutdown, deliveries in flight get this long before they are released for a retry.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

/// A running worker.
#[derive(Debug)]
pub struct OutboxHandle {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl OutboxHandle {
    /// Stops claiming, lets deliveries in flight finish (briefly), and waits for the worker.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}

// The start lives here, not in `state`, so that the state does not import its workers.
impl FunctionsState {
    /// Starts this instance's webhook outbox worker; stop it with the server.
    pub fn start_outbox(&self) -> OutboxHandle {
        let (stop, stopped) = watch::channel(false);
        let task = tokio::spawn(run(self.clone(), stopped));
        OutboxHandle { stop, task }
    }
}

#[derive(Debug, sqlx::FromRow)]
struct Claimed {
    id: Uuid,
    lead_id: Uuid,
    target_url: String,
    attempts: i32,
    /// Seconds since the lead arrived.
    age_secs: f64,
    payload: String,
}

struct Attempt {
    status: Option<u16>,
    error: Option<String>,
    retry_after: Option<Duration>,
}

async fn run(state: FunctionsState, mut stopped: watch::Receiver<bool>) {
    let settings = state.settings().webhooks.clone();
    let lease = settings.timeout + settings.timeout.max(Duration::from_secs(5));
    let mut last_prune: Option<Instant> = None;
    loop {
        if *stopped.borrow() {
            break;
        }
        // Deliver everything due, batch after batch.
        loop {
            let claimed = match claim(state.pool(), lease).await {
                Ok(claimed) => claimed,
                Err(err) => {
                    tracing::warn!(%err, "outbox: could not claim deliveries");
                    break;
                }
            };
            if claimed.is_empty() {
                break;
            }
            let ids: Vec<(Uuid, i32)> = claimed.iter().map(|row| (row.id, row.attempts)).collect();
            let deliveries = join_all(claimed.into_iter().map(|row| deliver(&state, row)));
            tokio::pin!(deliveries);
            tokio::select! {
                _ = &mut deliveries => {}
                _ = stopped.changed() => {
                    if tokio::time::timeout(SHUTDOWN_GRACE, &mut deliveries).await.is_err() {
                        release(state.pool(), &ids).await;
                    }
                    return;
                }
            }
            if *stopped.borrow() {
                return;
            }
        }
        if last_prune.is_none_or(|at| at.elapsed() >= PRUNE_EVERY) {
            prune(state.pool(), prune_horizon(state.settings())).await;
            last_prune = Some(Instant::now());
        }
        tokio::select! {
            _ = stopped.changed() => break,
            () = state.outbox_wake().notified() => {}
            () = tokio::time::sleep(settings.poll_interval) => {}
        }
    }
}

async fn claim(pool: &PgPool, lease: Duration) -> Result<Vec<Claimed>, sqlx::Error> {
    sqlx::query_as(
        "with due as (
           select id from public.lead_deliveries
            where status in ('pending', 'delivering') and next_attempt_at <= now()
            order by next_attempt_at
            limit $1
            for update skip locked
         )
         update public.lead_deliveries d
            set status = 'delivering', attempts = d.attempts + 1, last_attempt_at = now(),
                next_attempt_at = now() + make_interval(secs => $2)
           from due, public.leads l
          where d.id = due.id and l.id = d.lead_id
         returning d.id, d.lead_id, d.target_url, d.attempts,
                   extract(epoch from now() - l.received_at)::float8 as age_secs,
                   l.payload::text as payload",
    )
    .bind(BATCH)
    .bind(lease.as_secs_f64())
    .fetch_all(pool)
    .await
}

async fn attempt(state: &FunctionsState, row: &Claimed) -> Attempt {
    let settings = &state.settings().webhooks;
    let id = row.lead_id.to_string();
    let timestamp = crate::clock::unix_now();
    let body = row.payload.clone().into_bytes();
    let signature = signature::sign(
        settings.secrets.iter().map(|key| key.expose_secret()),
        &id,
        timestamp,
        &body,
    );
    let mut request = state
        .webhook_client()
        .post(&row.target_url)
        .header(http::header::CONTENT_TYPE, "application/json")
        .header("webhook-id", &id)
        .header("webhook-timestamp", timestamp.to_string())
        .body(body);
    if !signature.is_empty() {
        request = request.header("webhook-signature", signature);
    }
    match request.send().await {
        Ok(response) => {
            let status = response.status().as_u16();
            let retry_after = response
                .headers()
                .get(http::header::RETRY_AFTER)
                .and_then(|value| value.to_str().ok())
                .and_then(|value| value.trim().parse::<u64>().ok())
                .map(Duration::from_secs);
            let error = (!response.status().is_success()).then(|| format!("HTTP {status}"));
            Attempt {
                status: Some(status),
                error,
                retry_after,
            }
        }
        Err(err) => Attempt {
            status: None,
            error: Some(describe(&err)),
            retry_after: None,
        },
    }
}

fn describe(err: &reqwest::Error) -> String {
    let kind = if err.is_timeout() {
        "timed out"
    } else if err.is_connect() {
        "could not connect"
    } else {
        "request failed"
    };
    let mut text = format!("{kind}: {err}");
    text.truncate(500);
    text
}

async fn deliver(state: &FunctionsState, row: Claimed) {
    let settings = &state.settings().webhooks;
    let result = attempt(state, &row).await;
    let outcome = result.status.map_or(Outcome::Retry, schedule::outcome);
    let attempts = u32::try_from(row.attempts).unwrap_or(1).max(1);
    let (status, next_in) = match outcome {
        Outcome::Delivered => ("delivered", None),
        Outcome::Rejected => ("failed", None),
        Outcome::Retry => {
            let delay = schedule::next_delay(
                attempts,
                settings.retry_base,
                settings.retry_max,
                result.retry_after,
            );
            if row.age_secs + delay.as_secs_f64() > settings.max_age.as_secs_f64() {
                ("failed", None)
            } else {
                ("pending", Some(delay))
            }
        }
    };
    match status {
        "delivered" => {
            tracing::info!(delivery = %row.id, lead = %row.lead_id, attempts, "lead delivered")
        }
        "failed" => {
            tracing::error!(delivery = %row.id, lead = %row.lead_id, attempts, error = ?result.error, "lead delivery given up")
        }
        _ => {
            tracing::warn!(delivery = %row.id, lead = %row.lead_id, attempts, error = ?result.error, "lead delivery will be retried")
        }
    }
    let recorded = sqlx::query(
        "update public.lead_deliveries
            set status = $3, last_status = $4, last_error = $5,
                next_attempt_at = case when $6::float8 is null then next_attempt_at
                                       else now() + make_interval(secs => $6::float8) end,
                delivered_at = case when $3 = 'delivered' then now() else delivered_at end
          where id = $1 and attempts = $2 and status = 'delivering'",
    )
    .bind(row.id)
    .bind(row.attempts)
    .bind(status)
    .bind(result.status.map(i32::from))
    .bind(result.error)
    .bind(next_in.map(|delay| delay.as_secs_f64()))
    .execute(state.pool())
    .await;
    if let Err(err) = recorded {
        // The lease runs out and the delivery is tried again: at least once, never lost.
        tracing::error!(%err, delivery = %row.id, "outbox: could not record a delivery");
    }
}

/// Hands claimed rows back (shutdown while their deliveries were still in flight).
async fn release(pool: &PgPool, ids: &[(Uuid, i32)]) {
    for (id, attempts) in ids {
        let released = sqlx::query(
            "update public.lead_deliveries set status = 'pending', next_attempt_at = now()
              where id = $1 and attempts = $2 and status = 'delivering'",
        )
        .bind(id)
        .bind(attempts)
        .execute(pool)
        .await;
        if let Err(err) = released {
            tracing::warn!(%err, delivery = %id, "outbox: could not release a delivery");
        }
    }
}

/// Hits older than the longest window count for nothing.
fn prune_horizon(settings: &crate::Settings) -> Duration {
    [
        settings.antispam_ip_limit,
        settings.antispam_email_limit,
        settings.login_failure_limit,
        settings.lead_relay_ip_limit,
    ]
    .iter()
    .map(|limit| limit.window)
    .max()
    .unwrap_or_default()
        + Duration::from_secs(3600)
}

async fn prune(pool: &PgPool, horizon: Duration) {
    let pruned = sqlx::query(
        "with hits as (
           delete from private.rate_limit_hits where hit_at < now() - make_interval(secs => $1)
         ), tokens as (
           delete from private.used_captcha_tokens where expires_at < now() - interval '1 hour'
         )
         select 1",
    )
    .bind(horizon.as_secs_f64())
    .execute(pool)
    .await;
    if let Err(err) = pruned {
        tracing::warn!(%err, "could not prune rate-limit and captcha rows");
    }
}
