//! One email per lead: claims due notifications in batches, sends them a few at a time, and
//! records each outcome on its row.
use cb_queue::{Attempt, Claim, ClaimQuery};
use futures_util::StreamExt as _;
use futures_util::stream;
use sqlx::types::Json;
use tokio::sync::watch;

use super::delivery::{Held, NOTIFICATIONS, Worker, lease, retry_policy, send};
use super::message::{self, Lead};

/// Notifications claimed per round.
const BATCH: i64 = 16;
/// SMTP connections open at once (one per email).
const CONCURRENT_SENDS: usize = 4;

/// Notifications sent one by one (not gathered into a digest), with their lead.
const DUE_NOTIFICATIONS: ClaimQuery = ClaimQuery {
    due_also: "and j.digest_id is null",
    join: "",
    join_on: "",
    since: "j.created_at",
    returning: ", private.lead_email_content(j) as lead",
};

#[derive(sqlx::FromRow)]
struct Claimed {
    #[sqlx(flatten)]
    claim: Claim,
    age_secs: f64,
    lead: Option<Json<Lead>>,
}

pub(super) async fn send_notifications(worker: &Worker, stopped: &watch::Receiver<bool>) {
    while !*stopped.borrow() {
        let claimed: Vec<Claimed> = match NOTIFICATIONS
            .claim(
                &worker.pool,
                &DUE_NOTIFICATIONS,
                BATCH,
                lease(&worker.settings),
            )
            .await
        {
            Ok(claimed) if !claimed.is_empty() => claimed,
            Ok(_) => return,
            Err(err) => {
                tracing::warn!(%err, "lead emails: could not claim notifications");
                return;
            }
        };
        for row in &claimed {
            worker.hold(Held::Notification(row.claim));
        }
        stream::iter(claimed)
            .map(|row| notify_one(worker, row))
            .buffer_unordered(CONCURRENT_SENDS)
            .collect::<Vec<()>>()
            .await;
    }
}

async fn notify_one(worker: &Worker, row: Claimed) {
    let held = Held::Notification(row.claim);
    notify(worker, row).await;
    worker.done(held);
}

async fn notify(worker: &Worker, row: Claimed) {
    let Some(Json(lead)) = row.lead else {
        // The lead was deleted after the claim (its row cascades away with it).
        return;
    };
    let attempt = if lead.is_spam() {
        Attempt::Cancelled {
            reason: "marked as spam before it was sent".into(),
        }
    } else {
        send(
            worker,
            message::single(&worker.settings, row.claim.id, &lead),
        )
        .await
    };
    let verdict = retry_policy(&worker.settings).verdict(attempt, row.claim.attempts, row.age_secs);
    NOTIFICATIONS.log(row.claim, &verdict);
    if let Err(err) = NOTIFICATIONS
        .finish(&worker.pool, row.claim, &verdict)
        .await
    {
        // The lease runs out and the email is sent again: at least once, never lost.
        tracing::error!(%err, notification = %row.claim.id, "lead emails: could not record a send");
    }
}
