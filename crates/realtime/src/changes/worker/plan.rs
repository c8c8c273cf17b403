//! A batch's plan: which subscriptions each change matches, the privileges and the kind of
//! check each needs, and the one `realtime.visible_keys` request and its answer.
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use serde_json::{Value, json};

use super::{Cached, Entry, RowChange, Subscriber, Worker};
use crate::changes::catalog::{Privilege, TableMeta};
use crate::changes::filter::{Event, Filter};
use crate::changes::pgoutput::{Cell, OldRow};

const NO_PRIMARY_KEY: &str = "Error 400: Bad Request, no primary key";
const UNAUTHORIZED: &str = "Error 401: Unauthorized";

/// What a matching subscription gets for one change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The row, subject to its bindings' filters.
    Row,
    /// The row if the RLS group sees it (index into the groups), subject to filters.
    Checked(usize),
    /// No row, Supabase's error instead (filters cannot apply).
    Error(&'static str),
}

pub(super) struct Candidate {
    pub(super) change: usize,
    pub(super) subscriber: usize,
    /// Indexes into the entry's bindings.
    pub(super) bindings: Vec<usize>,
    pub(super) privilege: Arc<Privilege>,
    pub(super) verdict: Verdict,
}

/// The keys of one table's checked changes.
pub(super) struct TableKeys {
    pub(super) rel: u32,
    pub(super) changes: Vec<usize>,
}

pub(super) struct Group {
    pub(super) table: usize,
    pub(super) role: String,
    pub(super) claims: Arc<str>,
    pub(super) visible: HashSet<usize>,
}

pub(super) struct FilterCheck {
    pub(super) rel: u32,
    pub(super) filter: Filter,
    pub(super) changes: Vec<usize>,
    pub(super) passing: HashSet<usize>,
}

impl Worker {
    /// Privileges and the kind of check each candidate needs; the RLS groups and the filters.
    pub(super) fn plan(
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
}

/// A batch's candidates and the checks they wait for.
#[derive(Default)]
pub(super) struct Plan {
    pub(super) candidates: Vec<Candidate>,
    pub(super) tables: Vec<TableKeys>,
    pub(super) groups: Vec<Group>,
    pub(super) filters: Vec<FilterCheck>,
}

impl Plan {
    /// The argument of `realtime.visible_keys` (sql/0009 describes it).
    pub(super) fn request(
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
    pub(super) fn apply(&mut self, answer: &Value) {
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
pub(super) fn match_bindings(
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
