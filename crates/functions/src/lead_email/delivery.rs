//! What both kinds of lead email send share: the worker's state (the claims it holds), the
//! lease, the SMTP send, the retry schedule and the log line. `notifications` and `digests` use
//! it; `worker` runs them.
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cb_mail::SmtpSender;
use lettre::Message;
use sqlx::PgPool;
use tokio::sync::Notify;
use uuid::Uuid;

use super::LeadEmailSettings;
use crate::outbox::schedule;

pub(super) struct Worker {
    pub(super) pool: PgPool,
    pub(super) settings: LeadEmailSettings,
    pub(super) sender: SmtpSender,
    pub(super) wake: Arc<Notify>,
    /// Rows this instance has claimed and not yet recorded (released on a stop).
    pub(super) claimed: Mutex<HashSet<Claim>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Claim {
    Notification(Uuid, i32),
    Digest(Uuid, i32),
}

impl Worker {
    pub(super) fn hold(&self, claim: Claim) {
        self.claimed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(claim);
    }

    pub(super) fn done(&self, claim: Claim) {
        self.claimed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&claim);
    }
}

/// How long a claimed row is ours before another instance may take it.
pub(super) fn lease(settings: &LeadEmailSettings) -> Duration {
    settings.smtp.timeout * 2 + Duration::from_secs(5)
}

pub(super) async fn send(worker: &Worker, message: Result<Message, String>) -> Result<(), String> {
    let message = message?;
    worker
        .sender
        .send(message)
        .await
        .map_err(|err| err.to_string())
}

/// The status an attempt leaves its row in, and when a retry is due: sent; pending again after
/// a backoff; or failed when the retry would come after `max_age`.
pub(super) fn outcome(
    settings: &LeadEmailSettings,
    result: &Result<(), String>,
    attempts: i32,
    age_secs: f64,
) -> (&'static str, Option<Duration>) {
    if result.is_ok() {
        return ("sent", None);
    }
    let attempts = u32::try_from(attempts).unwrap_or(1).max(1);
    let delay = schedule::next_delay(attempts, settings.retry_base, settings.retry_max, None);
    if age_secs + delay.as_secs_f64() <= settings.max_age.as_secs_f64() {
        ("pending", Some(delay))
    } else {
        ("failed", None)
    }
}

/// One line per attempt: info when sent, error when given up, warn when it will be retried.
pub(super) fn log_outcome(
    what: &str,
    id: Uuid,
    attempts: i32,
    status: &str,
    error: Option<&String>,
) {
    match status {
        "sent" => tracing::info!(notification = %id, attempts, "{what} sent"),
        "failed" => {
            tracing::error!(notification = %id, attempts, error = ?error, "{what} given up")
        }
        _ => tracing::warn!(notification = %id, attempts, error = ?error, "{what} will be retried"),
    }
}
