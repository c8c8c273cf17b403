//! The lead email worker: one per instance, stopped with the server. Each round it makes the
//! daily digest when its hour has come (one instance does, the settings row decides which), sends
//! due digests (`digests`), and (one email per lead, `notifications`) sends due notifications;
//! then it waits for NOTIFY `claimbridge_lead_email`, the poll interval, or the stop. What both
//! kinds of send share is in `delivery`.
use std::sync::{Arc, Mutex};
use std::time::Duration;

use cb_db::Heard;
use cb_mail::SmtpSender;
use sqlx::PgPool;
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

use super::LeadEmailSettings;
use super::delivery::{DIGESTS, Held, NOTIFICATIONS, Worker};
use super::digests::{make_digest, send_digests};
use super::notifications::send_notifications;

const CHANNEL: &str = "claimbridge_lead_email";
/// On a stop, sends in flight get this long before their rows are released for a retry.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

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

/// Starts the worker when lead emails are configured.
pub(crate) fn start(pool: PgPool, settings: &LeadEmailSettings) -> Option<LeadEmailHandle> {
    if !settings.enabled() {
        return None;
    }
    let sender = match SmtpSender::new(&settings.smtp) {
        Ok(sender) => sender,
        Err(err) => {
            // The configuration checked this; say so rather than fail silently.
            tracing::error!(%err, "lead emails: no SMTP client, nothing will be sent");
            return None;
        }
    };
    let worker = Worker {
        pool,
        settings: settings.clone(),
        sender,
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
    cb_db::listen_until_closed(&pool, CHANNEL, "lead emails", |event| match event {
        Heard::Listening | Heard::Notified(_) => wake.notify_one(),
        Heard::NotListening => {}
    })
    .await;
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
    let held: Vec<Held> = worker
        .claimed
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .drain()
        .collect();
    for held in held {
        let (queue, claim) = match held {
            Held::Notification(claim) => (NOTIFICATIONS, claim),
            Held::Digest(claim) => (DIGESTS, claim),
        };
        queue.release(&worker.pool, &[claim]).await;
    }
}
