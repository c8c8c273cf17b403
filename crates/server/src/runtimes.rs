//! The server's tokio runtimes: the main one (startup, the accept loop, background work) and the
//! connection threads, each running a single-threaded runtime of its own that serves the
//! connections handed to it, as nginx runs one single-threaded worker per core. A connection's
//! reads, its service and its writes then stay on one thread, with no work stealing and no
//! wakeups across threads between them: on the kept pages the multi-threaded runtime's own
//! scheduling cost about a tenth of the throughput (tests/bench/site/README.md).
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::runtime::{Builder, Handle, Runtime};
use tokio::sync::watch;

/// Threads for blocking work (the filesystem storage backend's file operations), shared out
/// among the runtimes. Tokio's default of 512 lets a burst of concurrent downloads start
/// hundreds of threads, each keeping its own allocator heap (see cb_allocator): 200 concurrent
/// downloads on 2 cores are served as fast with 16, at a fraction of the memory.
const MAX_BLOCKING_THREADS: usize = 16;

/// The runtime the process starts on.
pub(crate) fn main_runtime() -> std::io::Result<Runtime> {
    Builder::new_multi_thread()
        .max_blocking_threads(MAX_BLOCKING_THREADS)
        .enable_all()
        .build()
}

/// Threads that serve connections, each with a single-threaded runtime. They stop when this is
/// dropped; what still runs on them then (a request, a task a request spawned) is dropped.
#[derive(Debug)]
pub(crate) struct ConnectionThreads {
    runtimes: Vec<Handle>,
    /// The runtime the next connection goes to.
    next: AtomicUsize,
    /// Dropped with this, which tells every thread to stop.
    _stop: watch::Sender<()>,
}

impl ConnectionThreads {
    /// `count` threads, or none for 0 (connections are then served on the caller's runtime).
    pub(crate) fn start(count: usize) -> std::io::Result<Option<Self>> {
        if count == 0 {
            return Ok(None);
        }
        let (stop, stopped) = watch::channel(());
        let mut runtimes = Vec::with_capacity(count);
        for index in 0..count {
            let runtime = Builder::new_current_thread()
                .max_blocking_threads(MAX_BLOCKING_THREADS.div_ceil(count))
                .enable_all()
                .build()?;
            runtimes.push(runtime.handle().clone());
            let mut stopped = stopped.clone();
            std::thread::Builder::new()
                .name(format!("connections-{index}"))
                .spawn(move || {
                    runtime.block_on(async move {
                        // Ends when the sender is dropped: nothing is ever sent.
                        let _ = stopped.changed().await;
                    });
                })?;
        }
        Ok(Some(Self {
            runtimes,
            next: AtomicUsize::new(0),
            _stop: stop,
        }))
    }

    /// Runs `task` on the next thread in turn.
    pub(crate) fn spawn(&self, task: impl Future<Output = ()> + Send + 'static) {
        let turn = self.next.fetch_add(1, Ordering::Relaxed) % self.runtimes.len();
        drop(self.runtimes[turn].spawn(task));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn thread_name() -> String {
        std::thread::current()
            .name()
            .unwrap_or_default()
            .to_string()
    }

    #[tokio::test]
    async fn tasks_go_to_each_thread_in_turn() {
        let threads = ConnectionThreads::start(2).unwrap().expect("two threads");
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        for _ in 0..4 {
            let tx = tx.clone();
            threads.spawn(async move {
                // Served by a runtime of the thread's own: a timer and a blocking task work.
                tokio::time::sleep(std::time::Duration::from_millis(1)).await;
                let blocking = tokio::task::spawn_blocking(|| 2).await.unwrap();
                tx.send((thread_name(), blocking)).unwrap();
            });
        }
        let mut names = Vec::new();
        for _ in 0..4 {
            let (name, blocking) = rx.recv().await.unwrap();
            assert_eq!(blocking, 2);
            names.push(name);
        }
        names.sort();
        assert_eq!(
            names,
            [
                "connections-0",
                "connections-0",
                "connections-1",
                "connections-1"
            ]
        );
    }

    #[tokio::test]
    async fn no_threads_for_zero_and_the_threads_stop_when_dropped() {
        assert!(ConnectionThreads::start(0).unwrap().is_none());
        let threads = ConnectionThreads::start(1).unwrap().expect("a thread");
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        threads.spawn(async move {
            std::future::pending::<()>().await;
            drop(tx);
        });
        drop(threads);
        // The runtime stopped and dropped the task, and with it the sender.
        tokio::time::timeout(std::time::Duration::from_secs(5), rx)
            .await
            .expect("the thread's runtime stopped")
            .unwrap_err();
    }
}
