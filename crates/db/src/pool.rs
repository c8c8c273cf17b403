//! The connection pool.
use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};

#[derive(Debug, thiserror::Error)]
#[error("cannot connect to the database at {target}: {reason}")]
pub struct ConnectError {
    pub target: String,
    pub reason: String,
}

/// Whether `err` means the database cannot be reached or is going away (as opposed to a query it
/// refused): refused connections, broken sockets, a pool that cannot get a connection in time,
/// and PostgreSQL's own connection-exception and shutdown errors. The services answer these 503
/// with Retry-After, so that a load balancer can tell an outage from a bug.
pub fn is_unavailable(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| {
            code.starts_with("08") || matches!(code.as_ref(), "57P01" | "57P02" | "57P03" | "53300")
        }),
        _ => false,
    }
}

/// Opens a pool and proves the database answers, within a few seconds.
pub async fn connect(
    options: PgConnectOptions,
    max_connections: u32,
) -> Result<PgPool, ConnectError> {
    let target = describe(&options);
    let pool = PgPoolOptions::new()
        .max_connections(max_connections)
        .min_connections(0)
        .acquire_timeout(Duration::from_secs(5))
        // No ping before every loan: it is a round trip per query, which for the short queries
        // of this app (a storage lookup, a lead insert) is about half their cost. A connection
        // the database dropped fails its next query instead, and sqlx then discards it.
        .test_before_acquire(false)
        .connect_with(options)
        .await
        .map_err(|err| ConnectError {
            target: target.clone(),
            reason: reason(&err),
        })?;
    Ok(pool)
}

fn describe(options: &PgConnectOptions) -> String {
    match options.get_socket() {
        Some(socket) => format!("{} (Unix socket)", socket.display()),
        None => format!(
            "{}:{}/{}",
            options.get_host(),
            options.get_port(),
            options.get_database().unwrap_or("")
        ),
    }
}

fn reason(err: &sqlx::Error) -> String {
    match err {
        sqlx::Error::Io(io) => io.to_string(),
        sqlx::Error::PoolTimedOut => "timed out".into(),
        sqlx::Error::Database(db) => db.message().to_string(),
        sqlx::Error::Tls(tls) => format!("TLS: {tls}"),
        other => other.to_string(),
    }
}

/// A dedicated connection LISTENing on `channel` (the schema cache, the site cache), or `None`
/// when there is none to be had right now; `what` names the listener in the warning. A closed
/// pool is not worth a warning: it means shutdown.
pub async fn listen_on(pool: &PgPool, channel: &str, what: &str) -> Option<PgListener> {
    let mut listener = match PgListener::connect_with(pool).await {
        Ok(listener) => listener,
        Err(err) => {
            if !pool.is_closed() {
                tracing::warn!(%err, "{what}: no connection for LISTEN");
            }
            return None;
        }
    };
    match listener.listen(channel).await {
        Ok(()) => Some(listener),
        Err(err) => {
            tracing::warn!(%err, "{what}: LISTEN failed");
            None
        }
    }
}

/// What [`listen_until_closed`] tells its listener.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heard<'a> {
    /// LISTENing (again): whatever was notified while not listening was missed.
    Listening,
    /// One notification, by its payload.
    Notified(&'a str),
    /// Not listening: the connection was lost (or the pool closed), or none could be had.
    /// Nothing is heard until the next `Listening`.
    NotListening,
}

/// The first pause before LISTEN is tried again; it doubles up to [`MAX_LISTEN_BACKOFF`], and
/// starts over once listening.
const FIRST_LISTEN_BACKOFF: Duration = Duration::from_millis(250);
const MAX_LISTEN_BACKOFF: Duration = Duration::from_secs(32);

/// LISTENs on `channel` until the pool closes, on a dedicated connection ([`listen_on`]), and
/// tells `hear` what it hears; a lost connection is made again after a pause that doubles while
/// it fails. `what` names the listener in the warnings.
pub async fn listen_until_closed(
    pool: &PgPool,
    channel: &str,
    what: &str,
    mut hear: impl FnMut(Heard<'_>),
) {
    let mut backoff = FIRST_LISTEN_BACKOFF;
    loop {
        if pool.is_closed() {
            return;
        }
        if let Some(mut listener) = listen_on(pool, channel, what).await {
            backoff = FIRST_LISTEN_BACKOFF;
            hear(Heard::Listening);
            loop {
                // try_recv, not recv: recv reconnects by itself and hides the gap; try_recv
                // says so (None), and the listener hears NotListening, then Listening once back.
                match listener.try_recv().await {
                    Ok(Some(notification)) => hear(Heard::Notified(notification.payload())),
                    Ok(None) => {
                        tracing::warn!("{what}: listener lost, reconnecting");
                        break;
                    }
                    Err(sqlx::Error::PoolClosed) => {
                        hear(Heard::NotListening);
                        return;
                    }
                    Err(err) => {
                        tracing::warn!(%err, "{what}: listener lost, reconnecting");
                        break;
                    }
                }
            }
        }
        hear(Heard::NotListening);
        tokio::select! {
            () = tokio::time::sleep(backoff) => {}
            () = pool.close_event() => return,
        }
        backoff = (backoff * 2).min(MAX_LISTEN_BACKOFF);
    }
}
