//! The replication session: a temporary logical slot on its own connection, streamed with
//! pgoutput, its committed transactions handed to the worker. A temporary slot is dropped by
//! PostgreSQL when the session ends, so an instance that dies leaves nothing behind.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use pgwire_replication::{
    ReplicationClient, ReplicationConfig, ReplicationEvent, SslMode, TlsConfig,
};
use tokio::sync::mpsc;

use super::filter::Event;
use super::pgoutput::{self, Message, Relation};
use super::worker::{RowChange, Transaction};
use super::{ChangeError, ReplicationSource, ReplicationTls, Shared};

/// The publication Supabase projects put their tables in.
pub(crate) const PUBLICATION: &str = "supabase_realtime";
/// A transaction keeps at most this many changes for delivery; the rest are dropped (logged),
/// so one huge transaction cannot exhaust memory.
const MAX_TRANSACTION_CHANGES: usize = 100_000;
/// Connecting, creating the slot and starting the stream (the slot waits for the transactions
/// running when it is created).
const OPEN_TIMEOUT: Duration = Duration::from_secs(60);
/// Session settings that fix how values print: ISO dates, UTC, PostgreSQL's interval style.
const SESSION_OPTIONS: &str =
    "-c datestyle=ISO -c intervalstyle=postgres -c timezone=UTC -c extra_float_digits=1";

/// How a session ended.
#[derive(Debug)]
pub(crate) enum SessionEnd {
    /// Nobody subscribes any more (after the idle delay).
    Idle,
    /// `ChangeFeed::stop`.
    Stopped,
    Failed(String),
}

fn config(source: &ReplicationSource, slot: &str, tls: TlsConfig) -> ReplicationConfig {
    ReplicationConfig::new(
        source.host.clone(),
        source.user.clone(),
        source.password.clone().unwrap_or_default(),
        source.database.clone(),
        slot,
        PUBLICATION,
    )
    .with_port(source.port)
    .with_tls(tls)
    .with_options(SESSION_OPTIONS)
    .with_application_name("claimbridge realtime")
    .with_status_interval(Duration::from_secs(1))
    .with_wakeup_interval(Duration::from_secs(10))
}

fn tls_config(source: &ReplicationSource, mode: SslMode) -> TlsConfig {
    TlsConfig {
        mode,
        ca_pem_path: source.ca_certificate.clone(),
        ..TlsConfig::default()
    }
}

fn failed(err: &pgwire_replication::PgWireError) -> ChangeError {
    ChangeError::Stream(err.to_string())
}

/// Connects, creates the temporary slot and starts streaming; returns once the server has
/// accepted START_REPLICATION (from then on every commit is in the stream).
pub(crate) async fn open(
    source: &ReplicationSource,
    slot: &str,
) -> Result<ReplicationClient, ChangeError> {
    let attempt = async {
        let modes: &[SslMode] = match source.tls {
            _ if source.host.starts_with('/') => &[SslMode::Disable],
            ReplicationTls::Disable => &[SslMode::Disable],
            // libpq's "prefer": TLS when the server has it, else plain.
            ReplicationTls::Prefer => &[SslMode::Require, SslMode::Disable],
            ReplicationTls::Require => &[SslMode::Require],
            ReplicationTls::VerifyCa => &[SslMode::VerifyCa],
            ReplicationTls::VerifyFull => &[SslMode::VerifyFull],
        };
        let mut last = None;
        for (i, mode) in modes.iter().enumerate() {
            match open_with(source, slot, tls_config(source, *mode)).await {
                Ok(client) => return Ok(client),
                Err((err, tls)) if tls && i + 1 < modes.len() => last = Some(err),
                Err((err, _)) => return Err(err),
            }
        }
        Err(last.unwrap_or_else(|| ChangeError::Stream("no connection was attempted".into())))
    };
    tokio::time::timeout(OPEN_TIMEOUT, attempt)
        .await
        .map_err(|_| {
            ChangeError::Stream("the replication connection did not start in time".into())
        })?
}

/// One attempt; the error says whether TLS was what failed.
async fn open_with(
    source: &ReplicationSource,
    slot: &str,
    tls: TlsConfig,
) -> Result<ReplicationClient, (ChangeError, bool)> {
    let fail = |err: pgwire_replication::PgWireError| {
        let tls = err.is_tls();
        (failed(&err), tls)
    };
    let mut client = ReplicationClient::connect_gated(config(source, slot, tls))
        .await
        .map_err(fail)?;
    // The slot name is ours (cb_realtime_ and hex digits): no quoting needed.
    client
        .simple_query(&format!(
            "CREATE_REPLICATION_SLOT {slot} TEMPORARY LOGICAL pgoutput NOEXPORT_SNAPSHOT"
        ))
        .await
        .map_err(fail)?;
    client.start().await.map_err(fail)?;
    client.wait_started().await.map_err(fail)?;
    Ok(client)
}

/// A transaction being read.
struct Open {
    commit_time: i64,
    xid: u32,
    changes: Vec<RowChange>,
    dropped: usize,
}

/// Reads the stream until it fails, the feed goes idle or is stopped; hands each committed
/// transaction to the worker and acknowledges it (nothing is replayed: at most once).
pub(crate) async fn read(
    shared: &Shared,
    mut client: ReplicationClient,
    queue: &mpsc::Sender<Transaction>,
) -> SessionEnd {
    let mut relations: HashMap<u32, Arc<Relation>> = HashMap::new();
    let mut open: Option<Open> = None;
    let mut stop = shared.stop_signal();
    let mut tick = tokio::time::interval(shared.idle_check_every());
    let end = loop {
        tokio::select! {
            event = client.recv() => match event {
                Ok(Some(ReplicationEvent::Begin { commit_time_micros, xid, .. })) => {
                    open = Some(Open { commit_time: commit_time_micros, xid, changes: Vec::new(), dropped: 0 });
                }
                Ok(Some(ReplicationEvent::XLogData { data, .. })) => {
                    match pgoutput::decode(&data) {
                        Ok(message) => {
                            if let Err(err) = take(shared, message, &mut relations, open.as_mut()) {
                                break SessionEnd::Failed(err.to_string());
                            }
                        }
                        Err(err) => break SessionEnd::Failed(err.to_string()),
                    }
                }
                Ok(Some(ReplicationEvent::Commit { end_lsn, .. })) => {
                    if let Some(done) = open.take() {
                        if done.dropped > 0 {
                            tracing::warn!(dropped = done.dropped,
                                "realtime: a transaction had more changes than Postgres Changes delivers; the rest were dropped");
                        }
                        if !done.changes.is_empty()
                            && queue.send(Transaction { changes: done.changes }).await.is_err()
                        {
                            break SessionEnd::Failed("the change worker ended".into());
                        }
                    }
                    client.update_applied_lsn(end_lsn);
                }
                Ok(Some(ReplicationEvent::KeepAlive { wal_end, .. })) => {
                    // Between transactions everything up to wal_end has been read: let the
                    // slot release that WAL.
                    if open.is_none() {
                        client.update_applied_lsn(wal_end);
                    }
                }
                Ok(Some(_)) => {}
                Ok(None) => break SessionEnd::Failed("the server ended the replication stream".into()),
                Err(err) => break SessionEnd::Failed(err.to_string()),
            },
            () = super::shared::stopped(&mut stop) => break SessionEnd::Stopped,
            _ = tick.tick() => {
                if shared.idle_elapsed() {
                    break SessionEnd::Idle;
                }
            }
        }
    };
    client.stop();
    match tokio::time::timeout(Duration::from_secs(5), client.shutdown()).await {
        Ok(_) => {}
        Err(_) => client.abort(),
    }
    end
}

/// One decoded message inside (or between) transactions.
fn take(
    shared: &Shared,
    message: Message,
    relations: &mut HashMap<u32, Arc<Relation>>,
    open: Option<&mut Open>,
) -> Result<(), ChangeError> {
    let (relation, kind, new, old) = match message {
        Message::Relation(relation) => {
            relations.insert(relation.id, Arc::new(relation));
            return Ok(());
        }
        Message::Insert { relation, new } => (relation, Event::Insert, Some(new), None),
        Message::Update { relation, old, new } => (relation, Event::Update, Some(new), old),
        Message::Delete { relation, old } => (relation, Event::Delete, None, Some(old)),
        _ => return Ok(()),
    };
    let relation = relations.get(&relation).ok_or_else(|| {
        ChangeError::Stream(format!(
            "a change for relation {relation}, which was never described"
        ))
    })?;
    let Some(open) = open else {
        return Err(ChangeError::Stream("a change outside a transaction".into()));
    };
    if !shared.is_interested(&relation.schema, &relation.name) {
        return Ok(());
    }
    if open.changes.len() >= MAX_TRANSACTION_CHANGES {
        open.dropped += 1;
        return Ok(());
    }
    open.changes.push(RowChange {
        relation: Arc::clone(relation),
        kind,
        new,
        old,
        commit_time: open.commit_time,
        xid: open.xid,
    });
    Ok(())
}
