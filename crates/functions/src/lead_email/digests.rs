//! The daily digest: at its hour one instance gathers the queued leads into a digest row; any
//! instance then claims a due digest, sends it as one email, and records the outcome on the
//! digest and on each of its leads.
use sqlx::PgPool;
use sqlx::types::Json;
use tokio::sync::watch;
use uuid::Uuid;

use super::delivery::{Claim, Worker, lease, log_outcome, outcome, send};
use super::message::{self, Lead};

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
    id: Uuid,
    attempts: i32,
    age_secs: f64,
}

#[derive(sqlx::FromRow)]
struct DigestLead {
    id: Uuid,
    lead: Option<Json<Lead>>,
}

pub(super) async fn send_digests(worker: &Worker, stopped: &watch::Receiver<bool>) {
    while !*stopped.borrow() {
        let digest = match claim(worker).await {
            Ok(Some(digest)) => digest,
            Ok(None) => return,
            Err(err) => {
                tracing::warn!(%err, "lead emails: could not claim a digest");
                return;
            }
        };
        let claim = Claim::Digest(digest.id, digest.attempts);
        worker.hold(claim);
        send_digest(worker, &digest).await;
        worker.done(claim);
    }
}

/// Claims the next due digest, if any, for the lease.
async fn claim(worker: &Worker) -> Result<Option<ClaimedDigest>, sqlx::Error> {
    sqlx::query_as(
        "with due as (
               select id from private.lead_email_digests
                where status in ('pending', 'sending') and next_attempt_at <= now()
                order by next_attempt_at
                limit 1
                for update skip locked
             )
             update private.lead_email_digests d
                set status = 'sending', attempts = d.attempts + 1, last_attempt_at = now(),
                    next_attempt_at = now() + make_interval(secs => $1)
               from due
              where d.id = due.id
             returning d.id, d.attempts, extract(epoch from now() - d.created_at)::float8 as age_secs",
    )
    .bind(lease(&worker.settings).as_secs_f64())
    .fetch_optional(&worker.pool)
    .await
}

async fn send_digest(worker: &Worker, digest: &ClaimedDigest) {
    let rows: Vec<DigestLead> = match sqlx::query_as(
        "select n.id, private.lead_email_content(n) as lead
           from public.lead_notifications n
          where n.digest_id = $1 and n.status in ('pending', 'sending')
          order by n.created_at",
    )
    .bind(digest.id)
    .fetch_all(&worker.pool)
    .await
    {
        Ok(rows) => rows,
        Err(err) => {
            // The lease runs out and the digest is claimed again.
            tracing::warn!(%err, digest = %digest.id, "lead emails: could not read a digest");
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
    let result = if leads.is_empty() {
        Ok(())
    } else {
        send(worker, message::digest(&worker.settings, digest.id, &leads)).await
    };
    let (status, next_in) = outcome(&worker.settings, &result, digest.attempts, digest.age_secs);
    log_outcome(
        "lead digest",
        digest.id,
        digest.attempts,
        status,
        result.as_ref().err(),
    );
    let error = result.as_ref().err().map(String::as_str);
    let recorded = sqlx::query(
        "with d as (
           update private.lead_email_digests
              set status = $3, last_error = $4,
                  next_attempt_at = case when $5::float8 is null then next_attempt_at
                                         else now() + make_interval(secs => $5::float8) end,
                  sent_at = case when $3 = 'sent' then now() else sent_at end
            where id = $1 and attempts = $2 and status = 'sending'
           returning id
         ), leads as (
           update public.lead_notifications n
              set status = $3, attempts = $2, last_attempt_at = now(), last_error = $4,
                  sent_at = case when $3 = 'sent' then now() else n.sent_at end
             from d
            where n.digest_id = d.id and n.id = any($6)
         ), spam as (
           update public.lead_notifications n
              set status = 'cancelled', last_error = 'marked as spam before it was sent', digest_id = null
             from d
            where n.digest_id = d.id and n.id = any($7)
         )
         select 1",
    )
    .bind(digest.id)
    .bind(digest.attempts)
    .bind(status)
    .bind(error)
    .bind(next_in.map(|delay| delay.as_secs_f64()))
    .bind(&ids)
    .bind(&cancelled)
    .execute(&worker.pool)
    .await;
    if let Err(err) = recorded {
        tracing::error!(%err, digest = %digest.id, "lead emails: could not record a digest");
    }
}
