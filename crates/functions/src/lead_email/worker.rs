//! The lead email worker: one per instance, stopped with the server. Each round it makes the
//! daily digest when its hour has come (one instance does, the settings row decides which), sends
//! due digests, and (one email per lead) sends due notifications; then it waits for NOTIFY
//! `claimbridge_lead_email`, the poll interval, or the stop.
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt as _;
use futures_util::stream;
use lettre::{AsyncSmtpTransport, AsyncTransport as _, Message, Tokio1Executor};
use sqlx::PgPool;
use sqlx::types::Json;
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;
use uuid::Uuid;

use super::LeadEmailSettings;
use super::message::{self, Lead};
use crate::outbox::schedule;

const CHANNEL: &str = "claimbridge_lead_email";
/// Notifications claimed per round.
const BATCH: i64 = 16;
/// SMTP connections open at once (one per email).
const CONCURRENT_SENDS: usize = 4;
/// On a stop, sends in flight get this long before their rows are released for a retry.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);
const MAX_LISTEN_BACKOFF: Duration = Duration::from_secs(32);

/// A running worker.
#[derive(Debug)]
pub struct LeadEmailHandle {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
    listener: JoinHandle<()>,
}

impl LeadEmailHandle {
    /// Stops claiming, lets sends in flight finish (briefly), and waits for the worker.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
        self.listener.abort();
    }
}

struct Worker {
    pool: PgPool,
    settings: LeadEmailSettings,
    transport: AsyncSmtpTransport<Tokio1Executor>,
    wake: Arc<Notify>,
    /// Rows this instance has claimed and not yet recorded (released on a stop).
    claimed: Mutex<HashSet<Claim>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Claim {
    Notification(Uuid, i32),
    Digest(Uuid, i32),
}

impl Worker {
    fn hold(&self, claim: Claim) {
        self.claimed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(claim);
    }

    fn done(&self, claim: Claim) {
        self.claimed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&claim);
    }
}

/// Starts the worker when lead emails are configured.
pub(crate) fn start(pool: PgPool, settings: &LeadEmailSettings) -> Option<LeadEmailHandle> {
    if !settings.enabled() {
        return None;
    }
    let transport = match settings.transport() {
        Ok(transport) => transport,
        Err(err) => {
            // The configuration checked this; say so rather than fail silently.
            tracing::error!(%err, "lead emails: no SMTP client, nothing will be sent");
            return None;
        }
    };
    let worker = Worker {
        pool,
        settings: settings.clone(),
        transport,
        wake: Arc::new(Notify::new()),
        claimed: Mutex::default(),
    };
    let (stop, stopped) = watch::channel(false);
    let listener = tokio::spawn(listen(worker.pool.clone(), worker.wake.clone()));
    let task = tokio::spawn(run(worker, stopped));
    Some(LeadEmailHandle {
        stop,
        task,
        listener,
    })
}

/// Wakes the worker on every NOTIFY, and on every (re)connect (one may have been missed).
async fn listen(pool: PgPool, wake: Arc<Notify>) {
    let mut backoff = Duration::from_millis(250);
    loop {
        if pool.is_closed() {
            return;
        }
        if let Some(mut listener) = cb_db::listen_on(&pool, CHANNEL, "lead emails").await {
            backoff = Duration::from_millis(250);
            wake.notify_one();
            loop {
                match listener.try_recv().await {
                    Ok(Some(_)) => wake.notify_one(),
                    Ok(None) => break,
                    Err(sqlx::Error::PoolClosed) => return,
                    Err(err) => {
                        tracing::warn!(%err, "lead emails: listener lost, reconnecting");
                        break;
                    }
                }
            }
        }
        tokio::select! {
            () = tokio::time::sleep(backoff) => {}
            () = pool.close_event() => return,
        }
        backoff = (backoff * 2).min(MAX_LISTEN_BACKOFF);
    }
}

async fn run(worker: Worker, mut stopped: watch::Receiver<bool>) {
    loop {
        if *stopped.borrow() {
            return;
        }
        if let Some(hour) = worker.settings.digest_hour {
            make_digest(&worker.pool, hour).await;
        }
        let stopping = {
            let round = async {
                send_digests(&worker, &stopped).await;
                if worker.settings.digest_hour.is_none() {
                    send_notifications(&worker, &stopped).await;
                }
            };
            tokio::pin!(round);
            let mut stop = stopped.clone();
            tokio::select! {
                () = &mut round => false,
                _ = stop.changed() => {
                    // Sends in flight get a moment; what is still unrecorded then goes back.
                    let _ = tokio::time::timeout(SHUTDOWN_GRACE, &mut round).await;
                    true
                }
            }
        };
        if stopping {
            release(&worker).await;
            return;
        }
        tokio::select! {
            _ = stopped.changed() => return,
            () = worker.wake.notified() => {}
            () = tokio::time::sleep(worker.settings.poll_interval) => {}
        }
    }
}

/// Hands claimed rows back at once (the worker stopped while sending them), so another
/// instance or the next start sends them without waiting for the lease.
async fn release(worker: &Worker) {
    let claims: Vec<Claim> = worker
        .claimed
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .drain()
        .collect();
    for claim in claims {
        let (sql, id, attempts) = match claim {
            Claim::Notification(id, attempts) => (
                "update public.lead_notifications set status = 'pending', next_attempt_at = now()
                  where id = $1 and attempts = $2 and status = 'sending'",
                id,
                attempts,
            ),
            Claim::Digest(id, attempts) => (
                "update private.lead_email_digests set status = 'pending', next_attempt_at = now()
                  where id = $1 and attempts = $2 and status = 'sending'",
                id,
                attempts,
            ),
        };
        let released = sqlx::query(sql)
            .bind(id)
            .bind(attempts)
            .execute(&worker.pool)
            .await;
        if let Err(err) = released {
            tracing::warn!(%err, ?claim, "lead emails: could not release a claimed email");
        }
    }
}

/// How long a claimed row is ours before another instance may take it.
fn lease(settings: &LeadEmailSettings) -> Duration {
    settings.timeout * 2 + Duration::from_secs(5)
}

fn describe(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    if text.chars().count() > 500 {
        text = text.chars().take(500).collect();
    }
    text
}

async fn send(worker: &Worker, message: Result<Message, String>) -> Result<(), String> {
    let message = message?;
    worker
        .transport
        .send(message)
        .await
        .map(drop)
        .map_err(|err| describe(&err))
}

/// Where a failed attempt goes next: pending after a backoff, or failed when too old.
fn after_failure(settings: &LeadEmailSettings, attempts: i32, age_secs: f64) -> Option<Duration> {
    let attempts = u32::try_from(attempts).unwrap_or(1).max(1);
    let delay = schedule::next_delay(attempts, settings.retry_base, settings.retry_max, None);
    (age_secs + delay.as_secs_f64() <= settings.max_age.as_secs_f64()).then_some(delay)
}

// ---- one email per lead ---------------------------------------------------------------------

#[derive(sqlx::FromRow)]
struct Claimed {
    id: Uuid,
    attempts: i32,
    age_secs: f64,
    lead: Option<Json<Lead>>,
}

async fn send_notifications(worker: &Worker, stopped: &watch::Receiver<bool>) {
    loop {
        if *stopped.borrow() {
            return;
        }
        let claimed: Vec<Claimed> = match sqlx::query_as(
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
        {
            Ok(claimed) => claimed,
            Err(err) => {
                tracing::warn!(%err, "lead emails: could not claim notifications");
                return;
            }
        };
        if claimed.is_empty() {
            return;
        }
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
    let (status, next_in) = match &result {
        Ok(()) => ("sent", None),
        Err(_) => match after_failure(&worker.settings, row.attempts, row.age_secs) {
            Some(delay) => ("pending", Some(delay)),
            None => ("failed", None),
        },
    };
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

fn log_outcome(what: &str, id: Uuid, attempts: i32, status: &str, error: Option<&String>) {
    match status {
        "sent" => tracing::info!(notification = %id, attempts, "{what} sent"),
        "failed" => {
            tracing::error!(notification = %id, attempts, error = ?error, "{what} given up")
        }
        _ => tracing::warn!(notification = %id, attempts, error = ?error, "{what} will be retried"),
    }
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

// ---- the daily digest -----------------------------------------------------------------------

/// At the digest hour (UTC), one instance gathers every queued lead into a digest row: the
/// update of the settings row to this hour's slot succeeds for one of them only.
async fn make_digest(pool: &PgPool, hour: u8) {
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

async fn send_digests(worker: &Worker, stopped: &watch::Receiver<bool>) {
    loop {
        if *stopped.borrow() {
            return;
        }
        let claimed: Option<ClaimedDigest> = match sqlx::query_as(
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
        {
            Ok(claimed) => claimed,
            Err(err) => {
                tracing::warn!(%err, "lead emails: could not claim a digest");
                return;
            }
        };
        let Some(digest) = claimed else {
            return;
        };
        let claim = Claim::Digest(digest.id, digest.attempts);
        worker.hold(claim);
        send_digest(worker, &digest).await;
        worker.done(claim);
    }
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
    let (status, next_in) = match &result {
        Ok(()) => ("sent", None),
        Err(_) => match after_failure(&worker.settings, digest.attempts, digest.age_secs) {
            Some(delay) => ("pending", Some(delay)),
            None => ("failed", None),
        },
    };
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
