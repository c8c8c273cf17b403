//! The daily digest: at its hour one instance gathers the queued leads into a digest row; any
//! instance then claims a due digest, sends it as one email, and records the outcome on the
//! digest and on each of its leads.
use cb_queue::{Attempt, Claim, ClaimQuery, Verdict};
use sqlx::PgPool;
use sqlx::types::Json;
use tokio::sync::watch;
use uuid::Uuid;

use super::delivery::{DIGESTS, Held, NOTIFICATIONS, Worker, lease, retry_policy, send};
use super::message::{self, Lead};

const DUE_DIGESTS: ClaimQuery = ClaimQuery {
    due_also: "",
    join: "",
    join_on: "",
    since: "j.created_at",
    returning: "",
};

/// At the digest hour (UTC), one instance gathers every queued lead into a digest row: the
/// update of the settings row to this hour's slot succeeds for one of them only.
pub(super) async fn make_digest(pool: &PgPool, hour: u8) {
    let made: Result<Option<(Uuid, i64)>, sqlx::Error> = sqlx::query_as(
        "with slot as (
           select case when today <= now() then today else today - interval '1 day' end as at
             from (select (date_trunc('day', now() at time zone 'UTC') + make_interval(hours => $1))
                            at time zone 'UTC' as today) as t
         ), mark as (
           update private.lead_email_settings s set last_digest_at = slot.at
             from slot
            where s.singleton and (s.last_digest_at is null or s.last_digest_at < slot.at)
           returning slot.at
         ), digest as (
           insert into private.lead_email_digests (slot)
           select at from mark
            where exists (select 1 from public.lead_notifications
                           where status = 'pending' and digest_id is null)
           returning id
         ), attached as (
           update public.lead_notifications n set digest_id = digest.id
             from digest
            where n.status = 'pending' and n.digest_id is null
           returning 1
         )
         select id, (select count(*) from attached) from digest",
    )
    .bind(i32::from(hour))
    .fetch_optional(pool)
    .await;
    match made {
        Ok(Some((id, leads))) => tracing::info!(digest = %id, leads, "lead digest made"),
        Ok(None) => {}
        Err(err) => tracing::warn!(%err, "lead emails: could not make the digest"),
    }
}

#[derive(sqlx::FromRow)]
struct ClaimedDigest {
    #[sqlx(flatten)]
    claim: Claim,
    age_secs: f64,
}

#[derive(sqlx::FromRow)]
struct DigestLead {
    id: Uuid,
    lead: Option<Json<Lead>>,
}

pub(super) async fn send_digests(worker: &Worker, stopped: &watch::Receiver<bool>) {
    while !*stopped.borrow() {
        let claimed: sqlx::Result<Vec<ClaimedDigest>> = DIGESTS
            .claim(&worker.pool, &DUE_DIGESTS, 1, lease(&worker.settings))
            .await;
        let digest = match claimed {
            Ok(mut claimed) if !claimed.is_empty() => claimed.swap_remove(0),
            Ok(_) => return,
            Err(err) => {
                tracing::warn!(%err, "lead emails: could not claim a digest");
                return;
            }
        };
        let held = Held::Digest(digest.claim);
        worker.hold(held);
        send_digest(worker, &digest).await;
        worker.done(held);
    }
}

async fn send_digest(worker: &Worker, digest: &ClaimedDigest) {
    let rows: Vec<DigestLead> = match sqlx::query_as(
        "select n.id, private.lead_email_content(n) as lead
           from public.lead_notifications n
          where n.digest_id = $1 and n.status in ('pending', 'sending')
          order by n.created_at",
    )
    .bind(digest.claim.id)
    .fetch_all(&worker.pool)
    .await
    {
        Ok(rows) => rows,
        Err(err) => {
            // The lease runs out and the digest is claimed again.
            tracing::warn!(%err, digest = %digest.claim.id, "lead emails: could not read a digest");
            return;
        }
    };
    let mut ids = Vec::new();
    let mut cancelled = Vec::new();
    let mut leads = Vec::new();
    for row in rows {
        match row.lead {
            Some(Json(lead)) if lead.is_spam() => cancelled.push(row.id),
            Some(Json(lead)) => {
                ids.push(row.id);
                leads.push(lead);
            }
            None => {}
        }
    }
    let attempt = if leads.is_empty() {
        Attempt::Succeeded
    } else {
        send(
            worker,
            message::digest(&worker.settings, digest.claim.id, &leads),
        )
        .await
    };
    let verdict =
        retry_policy(&worker.settings).verdict(attempt, digest.claim.attempts, digest.age_secs);
    DIGESTS.log(digest.claim, &verdict);
    if let Err(err) = record(&worker.pool, digest.claim, &verdict, &ids, &cancelled).await {
        tracing::error!(%err, digest = %digest.claim.id, "lead emails: could not record a digest");
    }
}

/// Records the verdict on the digest and, in the same transaction, on each of its leads (the
/// spam among them cancelled and let go of), if the claim still holds the digest.
async fn record(
    pool: &PgPool,
    claim: Claim,
    verdict: &Verdict,
    ids: &[Uuid],
    cancelled: &[Uuid],
) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    if DIGESTS.finish(&mut *tx, claim, verdict).await? {
        sqlx::query(
            "with leads as (
               update public.lead_notifications n
                  set status = $3, attempts = $2, last_attempt_at = now(), last_error = $4,
                      sent_at = case when $3 = 'sent' then now() else n.sent_at end
                where n.digest_id = $1 and n.id = any($5)
             ), spam as (
               update public.lead_notifications n
                  set status = 'cancelled', last_error = 'marked as spam before it was sent', digest_id = null
                where n.digest_id = $1 and n.id = any($6)
             )
             select 1",
        )
        .bind(claim.id)
        .bind(claim.attempts)
        .bind(NOTIFICATIONS.word(verdict.state))
        .bind(verdict.error.as_deref())
        .bind(ids)
        .bind(cancelled)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}
