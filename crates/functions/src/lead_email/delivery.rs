//! What both kinds of lead email share: their queues, the worker's state (the claims it holds),
//! the lease, the retry policy and the SMTP send. `notifications` and `digests` use it; `worker`
//! runs them.
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cb_mail::SmtpSender;
use cb_queue::{Attempt, Claim, Queue, RetryPolicy};
use lettre::Message;
use sqlx::PgPool;
use tokio::sync::Notify;

use super::LeadEmailSettings;

/// One email per lead (the admin reads these rows).
pub(super) const NOTIFICATIONS: Queue = Queue {
    table: "public.lead_notifications",
    running: "sending",
    done: "sent",
    done_at: "sent_at",
    job: "lead email",
};

/// The daily digests.
pub(super) const DIGESTS: Queue = Queue {
    table: "private.lead_email_digests",
    running: "sending",
    done: "sent",
    done_at: "sent_at",
    job: "lead digest",
};

pub(super) struct Worker {
    pub(super) pool: PgPool,
    pub(super) settings: LeadEmailSettings,
    pub(super) sender: SmtpSender,
    pub(super) wake: Arc<Notify>,
    /// Rows this instance has claimed and not yet recorded (released on a stop).
    pub(super) claimed: Mutex<HashSet<Held>>,
}

/// A claim this instance holds, by queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Held {
    Notification(Claim),
    Digest(Claim),
}

impl Worker {
    pub(super) fn hold(&self, claim: Held) {
        self.claimed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(claim);
    }

    pub(super) fn done(&self, claim: Held) {
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

/// Failures are retried with the settings' backoff until `max_age`.
pub(super) fn retry_policy(settings: &LeadEmailSettings) -> RetryPolicy {
    RetryPolicy {
        base: settings.retry_base,
        max: settings.retry_max,
        max_age: settings.max_age,
    }
}

/// Sends `message` (or fails with why it could not be made).
pub(super) async fn send(worker: &Worker, message: Result<Message, String>) -> Attempt {
    let sent = match message {
        Ok(message) => worker
            .sender
            .send(message)
            .await
            .map_err(|err| err.to_string()),
        Err(error) => Err(error),
    };
    match sent {
        Ok(()) => Attempt::Succeeded,
        Err(error) => Attempt::Failed {
            error,
            retry_after: None,
        },
    }
}
