//! The engine's own connections. sqlx's pool pings a connection when it is handed out and
//! again when it comes back; for a request that is two round trips long (the session scope,
//! the statement) those two extra round trips would be half its cost.
//! These connections are handed out as they are. One whose transport failed, or that still has
//! a transaction open when its request stops (the client went away mid-request, or the request
//! timeout gave up on it), is dropped instead of being reused; in the second case its statement
//! is also cancelled, since PostgreSQL would otherwise run it to the end (a backtracking regex,
//! for minutes) before noticing that nobody reads the answer.
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cb_db::SessionDefaults;
use cb_db::sqlx::postgres::{PgConnectOptions, PgConnection};
use cb_db::sqlx::{self, ConnectOptions as _, Connection as _};

use tokio::sync::{Semaphore, SemaphorePermit};

#[derive(Debug)]
pub(crate) struct ConnPool {
    options: PgConnectOptions,
    idle: Mutex<Vec<Pooled>>,
    permits: Semaphore,
    acquire_timeout: Duration,
    closed: AtomicBool,
    size: usize,
    /// Requests waiting for a connection now.
    waiting: AtomicUsize,
}

/// The pool's state, for the metrics endpoint.
#[derive(Debug, Clone, Copy)]
pub struct PoolStats {
    pub size: usize,
    pub in_use: usize,
    pub idle: usize,
    pub waiting: usize,
}

/// A connection and what its session started with (see `cb_db::set_session_scope`).
#[derive(Debug)]
struct Pooled {
    conn: PgConnection,
    defaults: SessionDefaults,
    backend: Backend,
}

/// The server process behind a connection: its pid, and its start time to tell it from a
/// later process that reuses the pid.
#[derive(Debug, Clone, Copy)]
struct Backend {
    pid: i32,
    started: sqlx::types::chrono::DateTime<sqlx::types::chrono::Utc>,
}

/// A connection on loan; it goes back to the pool when dropped unless marked broken.
pub(crate) struct Conn<'p> {
    pool: &'p ConnPool,
    conn: Option<Pooled>,
    broken: bool,
    /// A transaction was begun and not yet ended: if the request stops here (an error, or the
    /// client went away and the future was dropped), the connection is discarded.
    in_transaction: bool,
    _permit: SemaphorePermit<'p>,
}

impl ConnPool {
    pub(crate) fn new(options: PgConnectOptions, size: u32, acquire_timeout: Duration) -> Self {
        ConnPool {
            options,
            idle: Mutex::new(Vec::new()),
            permits: Semaphore::new(size.max(1) as usize),
            acquire_timeout,
            closed: AtomicBool::new(false),
            size: size.max(1) as usize,
            waiting: AtomicUsize::new(0),
        }
    }

    pub(crate) fn stats(&self) -> PoolStats {
        PoolStats {
            size: self.size,
            in_use: self.size.saturating_sub(self.permits.available_permits()),
            idle: self.idle.lock().map(|idle| idle.len()).unwrap_or_default(),
            waiting: self.waiting.load(Ordering::Relaxed),
        }
    }

    pub(crate) async fn acquire(&self) -> Result<Conn<'_>, sqlx::Error> {
        if self.closed.load(Ordering::Acquire) {
            return Err(sqlx::Error::PoolClosed);
        }
        let started = Instant::now();
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let permit = tokio::time::timeout(self.acquire_timeout, self.permits.acquire()).await;
        self.waiting.fetch_sub(1, Ordering::Relaxed);
        metrics::histogram!("claimbridge_db_pool_acquire_seconds", "pool" => "rest")
            .record(started.elapsed());
        let permit = permit
            .map_err(|_| sqlx::Error::PoolTimedOut)?
            .map_err(|_| sqlx::Error::PoolClosed)?;
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        let pooled = match idle {
            Some(pooled) => pooled,
            None => tokio::time::timeout(self.acquire_timeout, self.open())
                .await
                .map_err(|_| sqlx::Error::PoolTimedOut)??,
        };
        Ok(Conn {
            pool: self,
            conn: Some(pooled),
            broken: false,
            in_transaction: false,
            _permit: permit,
        })
    }

    async fn open(&self) -> Result<Pooled, sqlx::Error> {
        let mut conn = self.options.connect().await?;
        let defaults = SessionDefaults::read(&mut conn).await?;
        let (pid, started) = sqlx::query_as(
            "select pid, backend_start from pg_stat_activity where pid = pg_backend_pid()",
        )
        .fetch_one(&mut conn)
        .await?;
        Ok(Pooled {
            conn,
            defaults,
            backend: Backend { pid, started },
        })
    }

    /// Cancels what `backend` is running, from a connection of its own (PostgreSQL's cancel,
    /// through `pg_cancel_backend`, which the login role may use on its own sessions).
    fn cancel(&self, backend: Backend) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let options = self.options.clone();
        runtime.spawn(async move {
            let outcome = async {
                let mut conn = options.connect().await?;
                sqlx::query(
                    "select pg_cancel_backend(pid) from pg_stat_activity \
                     where pid = $1 and backend_start = $2",
                )
                .bind(backend.pid)
                .bind(backend.started)
                .execute(&mut conn)
                .await?;
                conn.close().await
            }
            .await;
            if let Err(err) = outcome {
                tracing::warn!(%err, pid = backend.pid, "rest: could not cancel an abandoned statement");
            }
        });
    }

    /// Refuses new loans and drops the idle connections.
    pub(crate) fn close(&self) {
        self.closed.store(true, Ordering::Release);
        self.permits.close();
        if let Ok(mut idle) = self.idle.lock() {
            idle.clear();
        }
    }
}

impl Conn<'_> {
    /// The connection and what its session started with.
    pub(crate) fn connection(
        &mut self,
    ) -> Result<(&mut PgConnection, &SessionDefaults), sqlx::Error> {
        let pooled = self.conn.as_mut().ok_or(sqlx::Error::PoolClosed)?;
        Ok((&mut pooled.conn, &pooled.defaults))
    }

    /// Marks the connection unusable (its transport failed).
    pub(crate) fn set_broken(&mut self) {
        self.broken = true;
    }

    pub(crate) fn set_in_transaction(&mut self, open: bool) {
        self.in_transaction = open;
    }
}

/// Whether `err` means the connection itself is no longer usable.
pub(crate) fn is_transport_error(err: &sqlx::Error) -> bool {
    !matches!(
        err,
        sqlx::Error::Database(_)
            | sqlx::Error::RowNotFound
            | sqlx::Error::ColumnDecode { .. }
            | sqlx::Error::ColumnNotFound(_)
            | sqlx::Error::ColumnIndexOutOfBounds { .. }
            | sqlx::Error::TypeNotFound { .. }
            | sqlx::Error::Decode(_)
            | sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
    )
}

impl Drop for Conn<'_> {
    fn drop(&mut self) {
        let Some(conn) = self.conn.take() else { return };
        // A broken transport has no statement left to cancel (or no server to ask).
        if self.in_transaction && !self.broken {
            self.pool.cancel(conn.backend);
        }
        if self.broken || self.in_transaction || self.pool.closed.load(Ordering::Acquire) {
            return;
        }
        if let Ok(mut idle) = self.pool.idle.lock() {
            idle.push(conn);
        }
    }
}
