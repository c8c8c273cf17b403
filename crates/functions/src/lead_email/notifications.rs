//! One email per lead: claims due notifications in batches, sends them a few at a time, and
//! records each outcome on its row.
use std::time::Duration;

use futures_util::StreamExt as _;
use futures_util::stream;
use sqlx::PgPool;
use sqlx::types::Json;
use tokio::sync::watch;
use uuid::Uuid;

use super::delivery::{Claim, Worker, lease, log_outcome, outcome, send};
use super::message::{self, Lead};

/// Notifications claimed per round.
const BATCH: i64 = 16;
/// SMTP connections open at once (one per email).
const CONCURRENT_SENDS: usize = 4;

#[derive(sqlx::FromRow)]
struct Claimed {
    id: Uuid,
    attempts: i32,
    age_secs: f64,
    lead: Option<Json<Lead>>,
}

pub(super) async fn send_notifications(worker: &Worker, stopped: &watch::Receiver<bool>) {
    while !*stopped.borrow() {
        let claimed = match claim(worker).await {
            Ok(claimed) if !claimed.is_empty() => claimed,
            Ok(_) => return,
            Err(err) => {
                tracing::warn!(%err, "lead emails: could not claim notifications");
                return;
            }
        };
        for row in &claimed {
            worker.hold(Claim::Notification(row.id, row.attempts));
        }
        stream::iter(claimed)
            .map(|row| notify_one(worker, row))
            .buffer_unordered(CONCURRENT_SENDS)
            .collect::<Vec<()>>()
            .await;
    }
}

/// Claims up to [`BATCH`] due notifications for the lease.
async fn claim(worker: &Worker) -> Result<Vec<Claimed>, sqlx::Error> {
    sqlx::query_as(
        "with due as (
               select id from public.lead_notifications
                where status in ('pending', 'sending') and digest_id is null and next_attempt_at <= now()
                order by next_attempt_at
                limit $1
                for update skip locked
             )
             update public.lead_notifications n
                set status = 'sending', attempts = n.attempts + 1, last_attempt_at = now(),
                    next_attempt_at = now() + make_interval(secs => $2)
               from due
              where n.id = due.id
             returning n.id, n.attempts, extract(epoch from now() - n.created_at)::float8 as age_secs,
                       private.lead_email_content(n) as lead",
    )
    .bind(BATCH)
    .bind(lease(&worker.settings).as_secs_f64())
    .fetch_all(&worker.pool)
    .await
}

async fn notify_one(worker: &Worker, row: Claimed) {
    let claim = Claim::Notification(row.id, row.attempts);
    notify(worker, row).await;
    worker.done(claim);
}

async fn notify(worker: &Worker, row: Claimed) {
    let Some(Json(lead)) = row.lead else {
        // The lead was deleted after the claim (its row cascades away with it).
        return;
    };
    if lead.is_spam() {
        record(
            &worker.pool,
            row.id,
            row.attempts,
            "cancelled",
            Some("marked as spam before it was sent"),
            None,
        )
        .await;
        return;
    }
    let result = send(worker, message::single(&worker.settings, row.id, &lead)).await;
    let (status, next_in) = outcome(&worker.settings, &result, row.attempts, row.age_secs);
    log_outcome(
        "lead email",
        row.id,
        row.attempts,
        status,
        result.as_ref().err(),
    );
    record(
        &worker.pool,
        row.id,
        row.attempts,
        status,
        result.as_ref().err().map(String::as_str),
        next_in,
    )
    .await;
}

async fn record(
    pool: &PgPool,
    id: Uuid,
    attempts: i32,
    status: &str,
    error: Option<&str>,
    next_in: Option<Duration>,
) {
    let recorded = sqlx::query(
        "update public.lead_notifications
            set status = $3, last_error = $4,
                next_attempt_at = case when $5::float8 is null then next_attempt_at
                                       else now() + make_interval(secs => $5::float8) end,
                sent_at = case when $3 = 'sent' then now() else sent_at end
          where id = $1 and attempts = $2 and status = 'sending'",
    )
    .bind(id)
    .bind(attempts)
    .bind(status)
    .bind(error)
    .bind(next_in.map(|delay| delay.as_secs_f64()))
    .execute(pool)
    .await;
    if let Err(err) = recorded {
        // The lease runs out and the email is sent again: at least once, never lost.
        tracing::error!(%err, notification = %id, "lead emails: could not record a send");
    }
}
