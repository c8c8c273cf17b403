//! Delivery, change by change in commit order: each subscriber's `data` rendered once per
//! distinct view and handed to its queue (a full queue drops it).
use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::mpsc;

use super::plan::{Candidate, FilterCheck, Plan, Verdict};
use super::{Entry, RowChange, Subscriber, Worker};
use crate::changes::ChangeDelivery;
use crate::changes::filter::{Event, Filter};
use crate::changes::record::{self, ColumnInfo, Shape, View};

impl Worker {
    /// Delivers, change by change in commit order.
    pub(super) fn deliver_plan(
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
}
