//! The one task that turns committed changes into deliveries, in commit order: it takes every
//! transaction queued while it was busy as one batch (up to `batch_changes` changes), finds
//! the subscriptions each change matches, checks privileges (cached), and asks the database
//! once per batch about row level security and filters (`realtime.visible_keys`).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::catalog::{self, Privilege, TableMeta};
use super::filter::{Event, Filter};
use super::pgoutput::{Cell, OldRow, Relation};
use super::record::{self, ColumnInfo, Shape, View};
use super::{ChangeDelivery, Entry, Shared, Subscriber};

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

const NO_PRIMARY_KEY: &str = "Error 400: Bad Request, no primary key";
const UNAUTHORIZED: &str = "Error 401: Unauthorized";

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

/// What a matching subscription gets for one change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// The row, subject to its bindings' filters.
    Row,
    /// The row if the RLS group sees it (index into the groups), subject to filters.
    Checked(usize),
    /// No row, Supabase's error instead (filters cannot apply).
    Error(&'static str),
}

struct Candidate {
    change: usize,
    subscriber: usize,
    /// Indexes into the entry's bindings.
    bindings: Vec<usize>,
    privilege: Arc<Privilege>,
    verdict: Verdict,
}

/// The keys of one table's checked changes.
struct TableKeys {
    rel: u32,
    changes: Vec<usize>,
}

struct Group {
    table: usize,
    role: String,
    claims: Arc<str>,
    visible: HashSet<usize>,
}

struct FilterCheck {
    rel: u32,
    filter: Filter,
    changes: Vec<usize>,
    passing: HashSet<usize>,
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

    /// Privileges and the kind of check each candidate needs; the RLS groups and the filters.
    fn plan(
        &self,
        changes: &[RowChange],
        entries: &[(Arc<Entry>, Arc<Subscriber>)],
        matched: Vec<(usize, usize, Vec<usize>)>,
    ) -> Plan {
        let mut plan = Plan::default();
        let mut table_index: HashMap<u32, usize> = HashMap::new();
        let mut group_index: HashMap<(u32, String, Arc<str>), usize> = HashMap::new();
        for (c, s, bindings) in matched {
            let change = &changes[c];
            let rel = change.relation.id;
            let subscriber = &entries[s].1;
            let (Some(meta), Some(privilege)) = (
                self.tables.get(&rel).map(|t| Arc::clone(&t.value)),
                self.privileges
                    .get(&(subscriber.role.clone(), rel))
                    .map(|p| Arc::clone(&p.value)),
            ) else {
                continue;
            };
            if !privilege.allowed || privilege.columns.is_empty() {
                continue;
            }
            let verdict = if change.kind == Event::Delete {
                Verdict::Row
            } else if meta.primary_key.is_empty() {
                Verdict::Error(NO_PRIMARY_KEY)
            } else if !meta
                .primary_key
                .iter()
                .all(|column| privilege.columns.contains(column))
            {
                Verdict::Error(UNAUTHORIZED)
            } else if meta.rls && !privilege.bypass {
                if primary_key_json(change, &meta).is_none() {
                    // A key we cannot read back (NULL or unchanged TOAST): nobody is shown it.
                    continue;
                }
                let table = *table_index.entry(rel).or_insert_with(|| {
                    plan.tables.push(TableKeys {
                        rel,
                        changes: Vec::new(),
                    });
                    plan.tables.len() - 1
                });
                if plan.tables[table].changes.last() != Some(&c) {
                    plan.tables[table].changes.push(c);
                }
                let key = (
                    rel,
                    subscriber.role.clone(),
                    Arc::clone(&subscriber.claims_json),
                );
                let group = *group_index.entry(key).or_insert_with(|| {
                    plan.groups.push(Group {
                        table,
                        role: subscriber.role.clone(),
                        claims: Arc::clone(&subscriber.claims_json),
                        visible: HashSet::new(),
                    });
                    plan.groups.len() - 1
                });
                Verdict::Checked(group)
            } else {
                Verdict::Row
            };
            plan.candidates.push(Candidate {
                change: c,
                subscriber: s,
                bindings,
                privilege,
                verdict,
            });
        }

        // The filters the candidates' bindings carry, each evaluated once over its changes.
        let mut filter_index: HashMap<(u32, Filter), usize> = HashMap::new();
        for candidate in &plan.candidates {
            if matches!(candidate.verdict, Verdict::Error(_)) {
                continue;
            }
            let rel = changes[candidate.change].relation.id;
            for b in &candidate.bindings {
                let Some(filter) = &entries[candidate.subscriber].0.bindings[*b].filter else {
                    continue;
                };
                let index = *filter_index
                    .entry((rel, filter.clone()))
                    .or_insert_with(|| {
                        plan.filters.push(FilterCheck {
                            rel,
                            filter: filter.clone(),
                            changes: Vec::new(),
                            passing: HashSet::new(),
                        });
                        plan.filters.len() - 1
                    });
                if plan.filters[index].changes.last() != Some(&candidate.change) {
                    plan.filters[index].changes.push(candidate.change);
                }
            }
        }
        plan
    }

    /// Delivers, change by change in commit order.
    fn deliver_plan(
        &mut self,
        changes: &[RowChange],
        entries: &[(Arc<Entry>, Arc<Subscriber>)],
        plan: &Plan,
    ) {
        let mut by_change: Vec<Vec<&Candidate>> = vec![Vec::new(); changes.len()];
        for candidate in &plan.candidates {
            by_change[candidate.change].push(candidate);
        }
        let filter_of: HashMap<(u32, &Filter), &FilterCheck> = plan
            .filters
            .iter()
            .map(|f| ((f.rel, &f.filter), f))
            .collect();
        for (c, change) in changes.iter().enumerate() {
            if by_change[c].is_empty() {
                continue;
            }
            let Some(meta) = self
                .tables
                .get(&change.relation.id)
                .map(|t| Arc::clone(&t.value))
            else {
                continue;
            };
            let columns: Vec<ColumnInfo> = change
                .relation
                .columns
                .iter()
                .map(|column| ColumnInfo {
                    name: column.name.clone(),
                    typname: self
                        .typnames
                        .get(&column.type_oid)
                        .cloned()
                        .unwrap_or_else(|| Arc::from("unknown")),
                    key: column.key,
                })
                .collect();
            let shape = Shape {
                schema: &change.relation.schema,
                table: &change.relation.name,
                kind: change.kind,
                commit_time: change.commit_time,
                columns: &columns,
                new: change.new.as_deref(),
                old: change.old.as_ref(),
            };
            let primary: Vec<bool> = columns
                .iter()
                .map(|column| meta.primary_key.contains(&column.name))
                .collect();
            let mut rendered: HashMap<(Vec<bool>, bool, &'static str), Arc<str>> = HashMap::new();
            for candidate in &by_change[c] {
                let entry = &entries[candidate.subscriber].0;
                let mut ids = Vec::with_capacity(candidate.bindings.len());
                for b in &candidate.bindings {
                    let binding = &entry.bindings[*b];
                    let passes = match (&binding.filter, candidate.verdict) {
                        (_, Verdict::Error(_)) | (None, _) => true,
                        (Some(filter), _) => filter_of
                            .get(&(change.relation.id, filter))
                            .is_some_and(|check| check.passing.contains(&c)),
                    };
                    if passes && !ids.contains(&binding.id) {
                        ids.push(binding.id);
                    }
                }
                if ids.is_empty() {
                    continue;
                }
                if let Verdict::Checked(group) = candidate.verdict
                    && !plan.groups[group].visible.contains(&c)
                {
                    continue;
                }
                let visible: Vec<bool> = columns
                    .iter()
                    .map(|column| candidate.privilege.columns.contains(&column.name))
                    .collect();
                // A DELETE on a table with row level security: no policy can be asked about a
                // row that is gone, so it shows only the primary key (as Supabase).
                let pk_only =
                    change.kind == Event::Delete && meta.rls && !candidate.privilege.bypass;
                let error = match candidate.verdict {
                    Verdict::Error(error) => error,
                    _ => "",
                };
                let data = rendered
                    .entry((visible, pk_only, error))
                    .or_insert_with_key(|(visible, pk_only, error)| {
                        let text = if error.is_empty() {
                            record::data_json(
                                &shape,
                                View {
                                    visible,
                                    old_only: pk_only.then_some(primary.as_slice()),
                                },
                            )
                        } else {
                            record::error_json(&shape, error)
                        };
                        Arc::from(text)
                    })
                    .clone();
                self.deliver(entry, ChangeDelivery { ids, data });
            }
        }
    }

    fn deliver(&mut self, entry: &Entry, delivery: ChangeDelivery) {
        match entry.sink.try_send(delivery) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => {
                // At most once: a subscriber that does not keep up misses changes.
                self.dropped += 1;
                tracing::debug!(
                    dropped = self.dropped,
                    "realtime: a subscriber's queue is full; a change was dropped for it"
                );
            }
            Err(mpsc::error::TrySendError::Closed(_)) => {}
        }
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

/// A batch's candidates and the checks they wait for.
#[derive(Default)]
struct Plan {
    candidates: Vec<Candidate>,
    tables: Vec<TableKeys>,
    groups: Vec<Group>,
    filters: Vec<FilterCheck>,
}

impl Plan {
    /// The argument of `realtime.visible_keys` (sql/0009 describes it).
    fn request(
        &self,
        changes: &[RowChange],
        metas: &HashMap<u32, Cached<Arc<TableMeta>>>,
    ) -> Value {
        let tables: Vec<Value> = self
            .tables
            .iter()
            .map(|table| {
                let meta = metas.get(&table.rel).map(|t| &t.value);
                let keys: Vec<Value> = table
                    .changes
                    .iter()
                    .map(|c| {
                        meta.and_then(|meta| primary_key_json(&changes[*c], meta))
                            .unwrap_or(Value::Null)
                    })
                    .collect();
                json!({ "rel": table.rel, "keys": keys })
            })
            .collect();
        let groups: Vec<Value> = self
            .groups
            .iter()
            .map(|g| json!({ "table": g.table, "role": g.role, "claims": &*g.claims }))
            .collect();
        let filters: Vec<Value> = self
            .filters
            .iter()
            .map(|f| {
                let cells: Vec<Value> = f
                    .changes
                    .iter()
                    .map(|c| match filtered_cell(&changes[*c], &f.filter.column) {
                        Some(text) => Value::String(text.to_string()),
                        None => Value::Null,
                    })
                    .collect();
                json!({
                    "rel": f.rel, "column": f.filter.column, "op": f.filter.op.as_str(),
                    "values": f.filter.values, "cells": cells,
                })
            })
            .collect();
        // The transactions whose rows the policies are asked about.
        let mut xids: Vec<u32> = self
            .tables
            .iter()
            .flat_map(|table| table.changes.iter().map(|c| changes[*c].xid))
            .collect();
        xids.sort_unstable();
        xids.dedup();
        json!({ "xids": xids, "tables": tables, "groups": groups, "filters": filters })
    }

    /// Reads the answer: which checked changes each group sees, which pass each filter. A
    /// check that failed lets nothing through (at most once, never too much).
    fn apply(&mut self, answer: &Value) {
        let ordinals = |list: Option<&Value>, index: usize| -> Option<Vec<usize>> {
            let items = list?.get(index)?.as_array()?;
            Some(
                items
                    .iter()
                    .filter_map(Value::as_u64)
                    .filter_map(|n| usize::try_from(n).ok()?.checked_sub(1))
                    .collect(),
            )
        };
        for (index, group) in self.groups.iter_mut().enumerate() {
            match ordinals(answer.get("groups"), index) {
                Some(found) => {
                    let table = &self.tables[group.table];
                    group.visible = found
                        .into_iter()
                        .filter_map(|i| table.changes.get(i).copied())
                        .collect();
                }
                None => tracing::warn!(role = %group.role,
                    "realtime: a policy check failed; those changes are not delivered to it"),
            }
        }
        for (index, filter) in self.filters.iter_mut().enumerate() {
            match ordinals(answer.get("filters"), index) {
                Some(found) => {
                    filter.passing = found
                        .into_iter()
                        .filter_map(|i| filter.changes.get(i).copied())
                        .collect();
                }
                None => tracing::warn!(column = %filter.filter.column,
                    "realtime: a filter could not be evaluated; nothing passes it"),
            }
        }
    }
}

/// Which subscriptions each change matches (by event, schema, table): (change, subscriber,
/// binding indexes).
fn match_bindings(
    changes: &[RowChange],
    entries: &[(Arc<Entry>, Arc<Subscriber>)],
) -> Vec<(usize, usize, Vec<usize>)> {
    let mut matched = Vec::new();
    for (c, change) in changes.iter().enumerate() {
        for (s, (entry, _)) in entries.iter().enumerate() {
            let bindings: Vec<usize> = entry
                .bindings
                .iter()
                .enumerate()
                .filter(|(_, b)| {
                    b.matches(change.kind, &change.relation.schema, &change.relation.name)
                })
                .map(|(i, _)| i)
                .collect();
            if !bindings.is_empty() {
                matched.push((c, s, bindings));
            }
        }
    }
    matched
}

/// The change's primary key as `{"column": "text value"}` (from the new row).
fn primary_key_json(change: &RowChange, meta: &TableMeta) -> Option<Value> {
    let new = change.new.as_ref()?;
    let mut key = serde_json::Map::new();
    for name in &meta.primary_key {
        let index = change
            .relation
            .columns
            .iter()
            .position(|c| &c.name == name)?;
        match new.get(index)? {
            Cell::Text(text) => {
                key.insert(name.clone(), Value::String(text.clone()));
            }
            _ => return None,
        }
    }
    Some(Value::Object(key))
}

/// The value a filter compares: the new row's, or for a DELETE the old row's (absent when the
/// replica identity does not carry the column).
fn filtered_cell<'a>(change: &'a RowChange, column: &str) -> Option<&'a str> {
    let index = change
        .relation
        .columns
        .iter()
        .position(|c| c.name == column)?;
    let cells: &[Cell] = match (change.kind, &change.new, &change.old) {
        (Event::Delete, _, Some(OldRow::Full(cells) | OldRow::Key(cells))) => cells,
        (Event::Delete, _, None) => return None,
        (_, Some(new), _) => new,
        _ => return None,
    };
    match cells.get(index)? {
        Cell::Text(text) => Some(text),
        _ => None,
    }
}
