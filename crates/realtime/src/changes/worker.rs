//! The one task that turns committed changes into deliveries, in commit order: it takes every
//! transaction queued while it was busy as one batch (up to `batch_changes` changes), finds
//! the subscriptions each change matches, checks privileges (cached), and asks the database
//! once per batch about row level security and filters (`realtime.visible_keys`).

mod delivery;
mod plan;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::catalog::{self, Privilege, TableMeta};
use super::filter::Event;
use super::pgoutput::{Cell, OldRow, Relation};
use super::{Entry, Shared, Subscriber};
use plan::match_bindings;

/// One row change, as decoded, with the relation it belongs to.
#[derive(Debug, Clone)]
pub(crate) struct RowChange {
    pub relation: Arc<Relation>,
    pub kind: Event,
    pub new: Option<Vec<Cell>>,
    pub old: Option<OldRow>,
    /// Microseconds since 2000-01-01 UTC.
    pub commit_time: i64,
    /// The transaction's id (32 bits, as the stream gives it).
    pub xid: u32,
}

/// A committed transaction's changes (those some subscription may want).
#[derive(Debug, Default)]
pub(crate) struct Transaction {
    pub changes: Vec<RowChange>,
}

struct Cached<T> {
    at: Instant,
    value: T,
}

pub(crate) struct Worker {
    shared: Arc<Shared>,
    tables: HashMap<u32, Cached<Arc<TableMeta>>>,
    privileges: HashMap<(String, u32), Cached<Arc<Privilege>>>,
    typnames: HashMap<u32, Arc<str>>,
    dropped: u64,
}

impl Worker {
    pub(crate) fn new(shared: Arc<Shared>) -> Self {
        Self {
            shared,
            tables: HashMap::new(),
            privileges: HashMap::new(),
            typnames: HashMap::new(),
            dropped: 0,
        }
    }

    pub(crate) async fn run(mut self, mut queue: mpsc::Receiver<Transaction>) {
        let cap = self.shared.options.batch_changes.max(1);
        while let Some(first) = queue.recv().await {
            let mut changes = first.changes;
            while changes.len() < cap {
                match queue.try_recv() {
                    Ok(next) => changes.extend(next.changes),
                    Err(_) => break,
                }
            }
            for batch in changes.chunks(cap) {
                self.process(batch).await;
            }
        }
    }

    async fn process(&mut self, changes: &[RowChange]) {
        let entries = self.shared.snapshot();
        if entries.is_empty() || changes.is_empty() {
            return;
        }
        let matched = match_bindings(changes, &entries);
        if matched.is_empty() {
            return;
        }
        let wanted = self.wanted(changes, &entries, &matched);
        let mut attempt = 0;
        while let Err(err) = self.load(&wanted).await {
            if !retry(&err, &mut attempt).await {
                tracing::warn!(%err, changes = changes.len(),
                    "realtime: the catalog could not be read; this batch of changes is not delivered");
                return;
            }
        }
        let mut plan = self.plan(changes, &entries, matched);
        if !plan.groups.is_empty() || !plan.filters.is_empty() {
            let request = plan.request(changes, &self.tables);
            let mut attempt = 0;
            let answer = loop {
                let answer = catalog::visible_keys(
                    &self.shared.pool,
                    request.clone(),
                    self.shared.options.check_timeout,
                )
                .await;
                match answer {
                    Err(err) if retry(&err, &mut attempt).await => {}
                    answer => break answer,
                }
            };
            match answer {
                Ok(answer) => {
                    tracing::debug!(
                        changes = changes.len(),
                        queries = plan.groups.len() + plan.filters.len(),
                        "realtime: checked a batch"
                    );
                    plan.apply(&answer);
                }
                Err(err) => {
                    tracing::warn!(%err, groups = plan.groups.len(), filters = plan.filters.len(),
                    "realtime: the policy and filter checks failed; the checked changes of this batch are not delivered")
                }
            }
        }
        self.deliver_plan(changes, &entries, &plan);
    }

    /// What the caches lack for this batch: type names, tables, (role, table) privileges.
    fn wanted(
        &self,
        changes: &[RowChange],
        entries: &[(Arc<Entry>, Arc<Subscriber>)],
        matched: &[(usize, usize, Vec<usize>)],
    ) -> Wanted {
        let ttl = self.shared.options.catalog_ttl;
        let mut types: Vec<u32> = changes
            .iter()
            .flat_map(|change| change.relation.columns.iter().map(|c| c.type_oid))
            .filter(|oid| !self.typnames.contains_key(oid))
            .collect();
        types.sort_unstable();
        types.dedup();
        let mut rels: Vec<u32> = matched
            .iter()
            .map(|(c, _, _)| changes[*c].relation.id)
            .filter(|rel| {
                self.tables
                    .get(rel)
                    .is_none_or(|cached| cached.at.elapsed() >= ttl)
            })
            .collect();
        rels.sort_unstable();
        rels.dedup();
        let mut pairs: Vec<(String, u32)> = matched
            .iter()
            .map(|(c, s, _)| (entries[*s].1.role.clone(), changes[*c].relation.id))
            .filter(|pair| {
                self.privileges
                    .get(pair)
                    .is_none_or(|cached| cached.at.elapsed() >= ttl)
            })
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        Wanted { types, rels, pairs }
    }

    /// Fills the caches (at most three queries, none when they are warm).
    async fn load(&mut self, wanted: &Wanted) -> Result<(), sqlx::Error> {
        let pool = self.shared.pool.clone();
        if !wanted.types.is_empty() {
            for (oid, name) in catalog::type_names(&pool, &wanted.types).await? {
                self.typnames.insert(oid, Arc::from(name));
            }
        }
        if !wanted.rels.is_empty() {
            let now = Instant::now();
            for rel in &wanted.rels {
                self.tables.remove(rel);
            }
            for (oid, meta) in catalog::table_metas(&pool, &wanted.rels).await? {
                let value = Arc::new(meta);
                self.tables.insert(oid, Cached { at: now, value });
            }
        }
        if !wanted.pairs.is_empty() {
            let now = Instant::now();
            for (role, rel, privilege) in catalog::privileges(&pool, &wanted.pairs).await? {
                let value = Arc::new(privilege);
                self.privileges
                    .insert((role, rel), Cached { at: now, value });
            }
        }
        // Bounded: roles come from tokens.
        if self.privileges.len() > 10_000 {
            let ttl = self.shared.options.catalog_ttl;
            self.privileges
                .retain(|_, cached| cached.at.elapsed() < ttl);
        }
        Ok(())
    }
}

/// The waits before retrying a database call that failed for want of a connection (a pool
/// timing out under load, a restart): then the batch is given up (at most once).
const RETRY_WAITS: [Duration; 3] = [
    Duration::from_millis(100),
    Duration::from_millis(500),
    Duration::from_secs(2),
];

/// Whether to try `err`'s call again (after waiting): only for an unavailable database.
async fn retry(err: &sqlx::Error, attempt: &mut usize) -> bool {
    let Some(wait) = RETRY_WAITS.get(*attempt) else {
        return false;
    };
    if !cb_db::is_unavailable(err) {
        return false;
    }
    *attempt += 1;
    tokio::time::sleep(*wait).await;
    true
}

/// What the caches must fetch for a batch.
struct Wanted {
    types: Vec<u32>,
    rels: Vec<u32>,
    pairs: Vec<(String, u32)>,
}
