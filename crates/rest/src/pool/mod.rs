//! The engine's own connections, spoken by tokio-postgres so that a request's statements go out
//! as one pipeline (one round trip: `BEGIN`, the scope, the statement, `COMMIT`). They are handed
//! out as they are, with no ping on the way out or back in (sqlx's pool pings twice, which for a
//! one-round-trip request would be most of its cost); a connection whose task has ended is
//! replaced when it is next taken.
//!
//! One whose transport failed, or that still has a transaction open when its request stops (the
//! client went away mid-request, or the request timeout gave up on it), is dropped instead of
//! being reused; in the second case its statement is also cancelled, since PostgreSQL would
//! otherwise run it to the end (a backtracking regex, for minutes) before noticing that nobody
//! reads the answer.
mod connect;
mod session;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cb_db::sqlx::postgres::PgConnectOptions;
use tokio::sync::{Semaphore, SemaphorePermit};

pub(crate) use connect::Login;
pub use connect::LoginError;
pub(crate) use session::{Done, RawBytes, Session, Step};

#[derive(Debug)]
pub(crate) struct ConnPool {
    login: Login,
    idle: Mutex<Vec<Session>>,
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

/// Why a statement did not run: the database (or the connection to it), or the pool.
#[derive(Debug)]
pub(crate) enum DbError {
    Pg(tokio_postgres::Error),
    /// No connection within the acquisition timeout.
    PoolTimeout,
    /// The pool is shut down.
    PoolClosed,
}

impl From<tokio_postgres::Error> for DbError {
    fn from(err: tokio_postgres::Error) -> Self {
        DbError::Pg(err)
    }
}

impl DbError {
    /// Whether the connection itself is no longer usable: anything but an error the server
    /// reported for a statement (after which the connection is in a known state) or the pool's.
    pub(crate) fn is_transport(&self) -> bool {
        matches!(self, DbError::Pg(err) if err.as_db_error().is_none())
    }
}

/// A connection on loan; it goes back to the pool when dropped unless marked broken.
pub(crate) struct Conn<'p> {
    pool: &'p ConnPool,
    session: Option<Session>,
    broken: bool,
    /// A transaction was begun and not yet ended: if the request stops here (an error, or the
    /// client went away and the future was dropped), the connection is discarded.
    in_transaction: bool,
    _permit: SemaphorePermit<'p>,
}

impl ConnPool {
    pub(crate) fn new(
        options: &PgConnectOptions,
        size: u32,
        acquire_timeout: Duration,
    ) -> Result<Self, LoginError> {
        Ok(ConnPool {
            login: Login::from_options(options)?,
            idle: Mutex::new(Vec::new()),
            permits: Semaphore::new(size.max(1) as usize),
            acquire_timeout,
            closed: AtomicBool::new(false),
            size: size.max(1) as usize,
            waiting: AtomicUsize::new(0),
        })
    }

    pub(crate) fn stats(&self) -> PoolStats {
        PoolStats {
            size: self.size,
            in_use: self.size.saturating_sub(self.permits.available_permits()),
            idle: self.idle.lock().map(|idle| idle.len()).unwrap_or_default(),
            waiting: self.waiting.load(Ordering::Relaxed),
        }
    }

    pub(crate) async fn acquire(&self) -> Result<Conn<'_>, DbError> {
        if self.closed.load(Ordering::Acquire) {
            return Err(DbError::PoolClosed);
        }
        let started = Instant::now();
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let permit = tokio::time::timeout(self.acquire_timeout, self.permits.acquire()).await;
        self.waiting.fetch_sub(1, Ordering::Relaxed);
        metrics::histogram!("claimbridge_db_pool_acquire_seconds", "pool" => "rest")
            .record(started.elapsed());
        let permit = permit
            .map_err(|_| DbError::PoolTimeout)?
            .map_err(|_| DbError::PoolClosed)?;
        let idle = loop {
            let Some(session) = self.idle.lock().ok().and_then(|mut idle| idle.pop()) else {
                break None;
            };
            // Its connection ended while it waited (the server restarted, or dropped it).
            if !session.is_closed() {
                break Some(session);
            }
        };
        let session = match idle {
            Some(session) => session,
            None => tokio::time::timeout(self.acquire_timeout, Session::open(&self.login))
                .await
                .map_err(|_| DbError::PoolTimeout)??,
        };
        Ok(Conn {
            pool: self,
            session: Some(session),
            broken: false,
            in_transaction: false,
            _permit: permit,
        })
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
    /// The connection.
    pub(crate) fn session(&mut self) -> Result<&mut Session, DbError> {
        self.session.as_mut().ok_or(DbError::PoolClosed)
    }

    /// Marks the connection unusable (its transport failed).
    pub(crate) fn set_broken(&mut self) {
        self.broken = true;
    }

    pub(crate) fn set_in_transaction(&mut self, open: bool) {
        self.in_transaction = open;
    }
}

impl Drop for Conn<'_> {
    fn drop(&mut self) {
        let Some(session) = self.session.take() else {
            return;
        };
        // A broken transport has no statement left to cancel (or no server to ask).
        if self.in_transaction && !self.broken {
            session.cancel(&self.pool.login);
        }
        if self.broken || self.in_transaction || self.pool.closed.load(Ordering::Acquire) {
            return;
        }
        if let Ok(mut idle) = self.pool.idle.lock() {
            idle.push(session);
        }
    }
}
