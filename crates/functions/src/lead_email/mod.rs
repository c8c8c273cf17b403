//! Lead notifications by email. Every accepted lead (a contact inquiry the lead relay stored, a
//! whitepaper submission inserted over REST) is queued in `public.lead_notifications` by a
//! trigger in the transaction that stores it (migration 20261127000300_lead_notifications.sql),
//! when the server recorded at start that the feature is on (`LEAD_EMAIL_TO` set). This
//! module's worker, one per instance, sends the queued rows through the server's SMTP sender
//! (cb_mail: STARTTLS, implicit TLS, or plain for a local relay): one email per lead with a
//! plain-text and an HTML part, or a daily digest of them. Both are leased job queues (cb_queue),
//! like the webhook outbox's, so instances never send the same row at once and a crashed
//! instance's rows are sent by another once the lease ends; failures are retried with the same
//! exponential backoff until `max_age`. NOTIFY `claimbridge_lead_email` wakes the worker as soon
//! as a lead is committed; a poll covers a notification missed while not listening.
mod delivery;
mod digests;
mod message;
mod notifications;
mod worker;

use std::time::Duration;

use cb_mail::{Mailbox, SmtpSettings};
use sqlx::PgPool;

pub use worker::LeadEmailHandle;
pub(crate) use worker::start;

/// Lead notification emails. Off while `to` is empty.
#[derive(Debug, Clone)]
pub struct LeadEmailSettings {
    /// Who gets them (`LEAD_EMAIL_TO`); empty: the feature is off and nothing is queued.
    pub to: Vec<Mailbox>,
    /// The sender (`LEAD_EMAIL_FROM`).
    pub from: Option<Mailbox>,
    /// The SMTP server (`SMTP_*`).
    pub smtp: SmtpSettings,
    /// `LEAD_EMAIL_DIGEST=daily`: one email a day at this UTC hour instead of one per lead.
    pub digest_hour: Option<u8>,
    pub retry_base: Duration,
    pub retry_max: Duration,
    /// A lead email still failing this long after it was queued is given up (status failed).
    pub max_age: Duration,
    /// How often queued emails are looked for without a notification.
    pub poll_interval: Duration,
    /// The admin inbox's address, linked from every email.
    pub inbox_url: Option<String>,
}

impl Default for LeadEmailSettings {
    /// Off, with the documented defaults for everything else.
    fn default() -> Self {
        Self {
            to: Vec::new(),
            from: None,
            smtp: SmtpSettings::new("localhost"),
            digest_hour: None,
            retry_base: Duration::from_secs(5),
            retry_max: Duration::from_secs(3600),
            max_age: Duration::from_secs(72 * 3600),
            poll_interval: Duration::from_secs(5),
            inbox_url: None,
        }
    }
}

impl LeadEmailSettings {
    pub fn enabled(&self) -> bool {
        !self.to.is_empty()
    }
}

/// Records at start whether leads are queued for email, and the digest hour, where the
/// triggers (and every instance) read it.
pub async fn record_settings(pool: &PgPool, settings: &LeadEmailSettings) -> sqlx::Result<()> {
    sqlx::query(
        "insert into private.lead_email_settings (singleton, enabled, digest_hour) values (true, $1, $2)
         on conflict (singleton) do update
           set enabled = excluded.enabled, digest_hour = excluded.digest_hour, updated_at = now()
         where (private.lead_email_settings.enabled, private.lead_email_settings.digest_hour)
               is distinct from (excluded.enabled, excluded.digest_hour)",
    )
    .bind(settings.enabled())
    .bind(settings.digest_hour.map(i16::from))
    .execute(pool)
    .await
    .map(drop)
}
