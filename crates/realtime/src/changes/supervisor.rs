//! The supervisor: runs the stream while anybody subscribes, reconnecting with backoff after a
//! failure, and waits for the temporary slot to go when a session ends.
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::shared::stopped;
use super::{FeedState, Shared, catalog, stream, worker};

/// The first wait after a failure; doubled up to [`BACKOFF_MAX`].
const BACKOFF_FIRST: Duration = Duration::from_millis(250);
const BACKOFF_MAX: Duration = Duration::from_secs(30);
/// Transactions waiting for the worker (the stream waits when it is full).
const QUEUE_TRANSACTIONS: usize = 256;

/// Runs the stream while anybody subscribes: connects, streams, reconnects with backoff after
/// a failure (what was committed in between is lost, as on Supabase), and ends when the feed
/// is idle or stopped.
pub(super) async fn supervise(shared: Arc<Shared>) {
    let (queue, receiver) = mpsc::channel(QUEUE_TRANSACTIONS);
    let worker = tokio::spawn(worker::Worker::new(Arc::clone(&shared)).run(receiver));
    let mut backoff = BACKOFF_FIRST;
    let mut broken_since: Option<Instant> = None;
    let mut stop = shared.stop_signal();
    while !shared.supervisor_should_end() {
        shared.publish(FeedState::Connecting { error: None });
        let source = shared.resolved_source().await;
        let opened = tokio::select! {
            opened = stream::open(&source, &shared.slot) => Some(opened),
            () = stopped(&mut stop) => None,
        };
        let failure = match opened {
            None => {
                wait_until_slot_gone(&shared).await;
                continue;
            }
            Some(Ok(client)) => {
                if let Some(since) = broken_since.take() {
                    tracing::warn!(gap = ?since.elapsed(), slot = %shared.slot,
                        "realtime: the change stream is back; changes committed while it was down were not delivered");
                } else {
                    tracing::info!(slot = %shared.slot, "realtime: change stream started");
                }
                backoff = BACKOFF_FIRST;
                shared.publish(FeedState::Streaming);
                let end = stream::read(&shared, client, &queue).await;
                shared.publish(FeedState::Connecting { error: None });
                wait_until_slot_gone(&shared).await;
                match end {
                    stream::SessionEnd::Failed(error) => error,
                    stream::SessionEnd::Idle => {
                        tracing::info!(slot = %shared.slot, "realtime: change stream stopped (no subscribers)");
                        continue;
                    }
                    stream::SessionEnd::Stopped => continue,
                }
            }
            Some(Err(err)) => err.to_string(),
        };
        tracing::warn!(error = %failure, retry_in = ?backoff, slot = %shared.slot,
            "realtime: the change stream failed; reconnecting with a new slot (changes until then are lost)");
        broken_since.get_or_insert_with(Instant::now);
        shared.publish(FeedState::Connecting {
            error: Some(failure),
        });
        tokio::select! {
            () = tokio::time::sleep(backoff) => {}
            () = stopped(&mut stop) => {}
        }
        backoff = (backoff * 2).min(BACKOFF_MAX);
    }
    // (No state published from here on: stop() publishes Stopped, and an idle end published
    // Idle under the lock, after which another supervisor may already be running.)
    drop(queue);
    if let Err(err) = worker.await {
        tracing::warn!(%err, "realtime: the change worker ended abnormally");
    }
}

/// A temporary slot is dropped when its session's backend exits, a moment after the
/// connection closes: waiting for that lets the next session reuse the name and `stop` promise
/// the slot is gone.
async fn wait_until_slot_gone(shared: &Shared) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match catalog::slot_exists(&shared.pool, &shared.slot).await {
            Ok(false) => return,
            Ok(true) if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Ok(true) => {
                tracing::warn!(slot = %shared.slot, "realtime: the replication slot is still there 10 s after its session ended");
                return;
            }
            Err(err) => {
                tracing::debug!(%err, "realtime: could not look for the replication slot");
                return;
            }
        }
    }
}
