//! The webhook outbox worker. It runs inside `serve` (one per instance) and works the leased
//! queue `public.lead_deliveries` (cb_queue: claimed so instances never take the same row, a
//! crashed instance's rows come back when the lease ends): it POSTs the signed lead and records
//! the outcome: delivered, retry later with backoff, or failed (after a refusal, or 3 days of
//! failures). It stops with the server.
pub mod signature;
mod status;

use std::time::{Duration, Instant};

use cb_queue::{Attempt, Claim, ClaimQuery, Queue, RetryPolicy};
use futures_util::future::join_all;
use secrecy::ExposeSecret as _;
use sqlx::PgPool;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::FunctionsState;
use status::Outcome;

/// The webhook deliveries, one row per lead and receiver.
const DELIVERIES: Queue = Queue {
    table: "public.lead_deliveries",
    running: "delivering",
    done: "delivered",
    done_at: "delivered_at",
    job: "lead delivery",
};

/// A delivery comes with its lead's payload; its age counts from the lead's arrival.
const DUE_DELIVERIES: ClaimQuery = ClaimQuery {
    due_also: "",
    join: ", public.leads l",
    join_on: "and l.id = j.lead_id",
    since: "l.received_at",
    returning: ", j.lead_id, j.target_url, l.payload::text as payload",
};

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
    #[sqlx(flatten)]
    claim: Claim,
    /// Seconds since the lead arrived.
    age_secs: f64,
    lead_id: Uuid,
    target_url: String,
    payload: String,
}

/// What the receiver answered.
struct Response {
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
            let claims: Vec<Claim> = claimed.iter().map(|row| row.claim).collect();
            let deliveries = join_all(claimed.into_iter().map(|row| deliver(&state, row)));
            tokio::pin!(deliveries);
            tokio::select! {
                _ = &mut deliveries => {}
                _ = stopped.changed() => {
                    if tokio::time::timeout(SHUTDOWN_GRACE, &mut deliveries).await.is_err() {
                        DELIVERIES.release(state.pool(), &claims).await;
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
    DELIVERIES.claim(pool, &DUE_DELIVERIES, BATCH, lease).await
}

async fn post(state: &FunctionsState, row: &Claimed) -> Response {
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
            Response {
                status: Some(status),
                error,
                retry_after,
            }
        }
        Err(err) => Response {
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
    let response = post(state, &row).await;
    let error = response.error.unwrap_or_default();
    let attempt = match response.status.map_or(Outcome::Retry, status::outcome) {
        Outcome::Delivered => Attempt::Succeeded,
        Outcome::Rejected => Attempt::Refused { error },
        Outcome::Retry => Attempt::Failed {
            error,
            retry_after: response.retry_after,
        },
    };
    let policy = RetryPolicy {
        base: settings.retry_base,
        max: settings.retry_max,
        max_age: settings.max_age,
    };
    let verdict = policy.verdict(attempt, row.claim.attempts, row.age_secs);
    DELIVERIES.log(row.claim, &verdict);
    // The receiver's status goes with the verdict, in one transaction.
    let recorded = async {
        let mut tx = state.pool().begin().await?;
        if DELIVERIES.finish(&mut *tx, row.claim, &verdict).await? {
            sqlx::query("update public.lead_deliveries set last_status = $2 where id = $1")
                .bind(row.claim.id)
                .bind(response.status.map(i32::from))
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }
    .await;
    if let Err(err) = recorded {
        // The lease runs out and the delivery is tried again: at least once, never lost.
        tracing::error!(%err, delivery = %row.claim.id, lead = %row.lead_id, "outbox: could not record a delivery");
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
