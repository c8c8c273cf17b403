//! Relationships between relations, inferred from foreign keys exactly as PostgREST does:
//! every FK gives a many-to-one (or one-to-one when its columns are unique) and the inverse
//! one-to-many (one-to-one); a table with two FKs whose columns are all part of its primary
//! key is a junction for a many-to-many.
use std::collections::{BTreeSet, HashMap};

use super::{Qi, Table};

/// The cardinality of a relationship, seen from its origin (`relTable`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cardinality {
    /// One-to-many: `columns` are (origin column, foreign column).
    O2M {
        constraint: String,
        columns: Vec<(String, String)>,
    },
    /// Many-to-one.
    M2O {
        constraint: String,
        columns: Vec<(String, String)>,
    },
    /// One-to-one; `is_parent` when the origin is the referenced side.
    O2O {
        constraint: String,
        columns: Vec<(String, String)>,
        is_parent: bool,
    },
    /// Many-to-many through a junction table.
    M2M(Junction),
    /// A computed relationship: `function(origin row)` returns the foreign table's rows (to-one
    /// when not SETOF or declared `ROWS 1`).
    Computed {
        function: Qi,
        to_one: bool,
        /// How the origin row is named where the function is called: the parent's alias, or
        /// its table's name (set by the planner).
        origin_alias: String,
    },
}

/// The junction of a many-to-many relationship.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Junction {
    pub table: Qi,
    pub constraint1: String,
    pub constraint2: String,
    /// (origin column, junction column).
    pub columns_source: Vec<(String, String)>,
    /// (target column, junction column).
    pub columns_target: Vec<(String, String)>,
}

/// A relationship from `table` to `foreign_table`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Relationship {
    pub table: Qi,
    pub foreign_table: Qi,
    pub is_self: bool,
    pub cardinality: Cardinality,
    pub table_is_view: bool,
    pub foreign_table_is_view: bool,
}

impl Relationship {
    pub fn is_to_one(&self) -> bool {
        matches!(
            self.cardinality,
            Cardinality::M2O { .. }
                | Cardinality::O2O { .. }
                | Cardinality::Computed { to_one: true, .. }
        )
    }

    /// The FK constraint name (not for many-to-many).
    pub fn constraint(&self) -> Option<&str> {
        match &self.cardinality {
            Cardinality::O2M { constraint, .. }
            | Cardinality::M2O { constraint, .. }
            | Cardinality::O2O { constraint, .. } => Some(constraint),
            Cardinality::M2M(_) | Cardinality::Computed { .. } => None,
        }
    }

    /// (origin column, foreign column) pairs (not for many-to-many).
    pub fn columns(&self) -> &[(String, String)] {
        match &self.cardinality {
            Cardinality::O2M { columns, .. }
            | Cardinality::M2O { columns, .. }
            | Cardinality::O2O { columns, .. } => columns,
            Cardinality::M2M(_) | Cardinality::Computed { .. } => &[],
        }
    }

    /// The columns of the origin the join needs (PostgREST's `inferColsEmbedNeeds`).
    pub fn origin_columns(&self) -> Vec<&str> {
        match &self.cardinality {
            Cardinality::M2M(j) => j.columns_source.iter().map(|(c, _)| c.as_str()).collect(),
            _ => self.columns().iter().map(|(c, _)| c.as_str()).collect(),
        }
    }
}

/// A foreign key as read from pg_constraint.
#[derive(Debug, Clone)]
pub(crate) struct ForeignKey {
    pub table: Qi,
    pub foreign_table: Qi,
    pub constraint: String,
    pub columns: Vec<(String, String)>,
    pub one_to_one: bool,
}

/// Which side of a key a [`ViewKey`] shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum KeyKind {
    Primary,
    /// The constrained (referencing) columns of a foreign key.
    Foreign,
    /// The referenced columns of a foreign key.
    ForeignReferenced,
}

/// A table's key all of whose columns an exposed view shows (PostgREST's `ViewKeyDependency`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct ViewKey {
    pub table: Qi,
    pub view: Qi,
    pub constraint: String,
    pub kind: KeyKind,
    /// In key order: (table column, the view's columns showing it; one or more).
    pub columns: Vec<(String, Vec<String>)>,
}

impl ViewKey {
    /// Every way of picking one view column per key column (a view may show a column twice).
    fn column_choices(&self) -> Vec<Vec<String>> {
        self.columns
            .iter()
            .fold(vec![Vec::new()], |choices, (_, shown)| {
                choices
                    .iter()
                    .flat_map(|choice| {
                        shown.iter().map(move |column| {
                            let mut next = choice.clone();
                            next.push(column.clone());
                            next
                        })
                    })
                    .collect()
            })
    }
}

/// A view's primary key: the columns showing its tables' primary keys (the first, when a view
/// shows a key column twice), sorted by name as tables' keys are.
pub(crate) fn add_view_primary_keys(tables: &mut HashMap<Qi, Table>, keys: &[ViewKey]) {
    for key in keys.iter().filter(|k| k.kind == KeyKind::Primary) {
        let Some(view) = tables.get_mut(&key.view).filter(|t| t.is_view) else {
            continue;
        };
        for (_, shown) in &key.columns {
            if let Some(first) = shown.first()
                && !view.pk.contains(first)
            {
                view.pk.push(first.clone());
            }
        }
        view.pk.sort();
    }
}

/// The foreign keys seen through views (PostgREST's `addViewM2OAndO2ORels`): for a foreign key
/// from T to F, a view showing its columns of T stands in for T, one showing the referenced
/// columns of F stands in for F, and two such views can stand in for both.
fn view_foreign_keys(fks: &[ForeignKey], keys: &[ViewKey]) -> Vec<ForeignKey> {
    // (view, its columns in key order) for each way a view shows that side of the key.
    fn shown<'k>(
        keys: &'k [ViewKey],
        table: &Qi,
        constraint: &str,
        kind: KeyKind,
    ) -> Vec<(&'k Qi, Vec<String>)> {
        keys.iter()
            .filter(|k| k.kind == kind && &k.table == table && k.constraint == constraint)
            .flat_map(|k| k.column_choices().into_iter().map(move |c| (&k.view, c)))
            .collect()
    }
    let mut through_views = Vec::new();
    for fk in fks {
        let referencing = shown(keys, &fk.table, &fk.constraint, KeyKind::Foreign);
        let referenced = shown(
            keys,
            &fk.foreign_table,
            &fk.constraint,
            KeyKind::ForeignReferenced,
        );
        let with = |table: &Qi, foreign_table: &Qi, columns: Vec<(String, String)>| ForeignKey {
            table: table.clone(),
            foreign_table: foreign_table.clone(),
            constraint: fk.constraint.clone(),
            columns,
            one_to_one: fk.one_to_one,
        };
        for (view, view_columns) in &referencing {
            let columns = view_columns
                .iter()
                .zip(&fk.columns)
                .map(|(v, (_, f))| (v.clone(), f.clone()))
                .collect();
            through_views.push(with(view, &fk.foreign_table, columns));
        }
        for (view, view_columns) in &referenced {
            let columns = fk
                .columns
                .iter()
                .zip(view_columns)
                .map(|((t, _), v)| (t.clone(), v.clone()))
                .collect();
            through_views.push(with(&fk.table, view, columns));
        }
        for (view1, columns1) in &referencing {
            for (view2, columns2) in &referenced {
                let columns = columns1
                    .iter()
                    .cloned()
                    .zip(columns2.iter().cloned())
                    .collect();
                through_views.push(with(view1, view2, columns));
            }
        }
    }
    through_views
}

/// A function taking a row of `table` and returning rows of `foreign_table`.
#[derive(Debug, Clone)]
pub(crate) struct ComputedRel {
    pub function: Qi,
    pub table: Qi,
    pub foreign_table: Qi,
    pub to_one: bool,
}

/// A many-to-one's constraint and (column, foreign column) pairs; None for the other kinds.
fn many_to_one(rel: &Relationship) -> Option<(&str, &[(String, String)])> {
    match &rel.cardinality {
        Cardinality::M2O {
            constraint,
            columns,
        } => Some((constraint, columns)),
        _ => None,
    }
}

/// Builds every relationship (M2O/O2O, through views too, M2M, then the inverses, then the
/// computed ones), grouped by origin and sorted. A computed relationship named like a relation
/// replaces the origin's relationships to that relation, as in PostgREST.
pub(crate) fn build(
    fks: &[ForeignKey],
    view_keys: &[ViewKey],
    computed: &[ComputedRel],
    tables: &HashMap<Qi, Table>,
) -> HashMap<Qi, Vec<Relationship>> {
    let is_view = |qi: &Qi| tables.get(qi).is_some_and(|t| t.is_view);
    let through_views = view_foreign_keys(fks, view_keys);
    let mut rels: Vec<Relationship> = fks
        .iter()
        .chain(&through_views)
        .filter(|fk| tables.contains_key(&fk.table) && tables.contains_key(&fk.foreign_table))
        .map(|fk| Relationship {
            table: fk.table.clone(),
            foreign_table: fk.foreign_table.clone(),
            is_self: fk.table == fk.foreign_table,
            cardinality: if fk.one_to_one {
                Cardinality::O2O {
                    constraint: fk.constraint.clone(),
                    columns: fk.columns.clone(),
                    is_parent: false,
                }
            } else {
                Cardinality::M2O {
                    constraint: fk.constraint.clone(),
                    columns: fk.columns.clone(),
                }
            },
            table_is_view: is_view(&fk.table),
            foreign_table_is_view: is_view(&fk.foreign_table),
        })
        .collect();

    // Many-to-many: junction J with M2O to t (cons1, cols) and M2O to ft (cons2, fcols), both
    // column sets inside J's primary key.
    let mut m2m = Vec::new();
    for r1 in &rels {
        let Some((cons1, cols)) = many_to_one(r1) else {
            continue;
        };
        for r2 in rels.iter().filter(|r| r.table == r1.table) {
            let Some((cons2, fcols)) = many_to_one(r2) else {
                continue;
            };
            if cons1 == cons2 {
                continue;
            }
            let junction_cols: BTreeSet<&str> = cols
                .iter()
                .chain(fcols.iter())
                .map(|(c, _)| c.as_str())
                .collect();
            let pk: BTreeSet<&str> = tables
                .get(&r1.table)
                .map(|t| t.pk.iter().map(String::as_str).collect())
                .unwrap_or_default();
            if junction_cols.is_subset(&pk) {
                m2m.push(Relationship {
                    table: r1.foreign_table.clone(),
                    foreign_table: r2.foreign_table.clone(),
                    is_self: r1.foreign_table == r2.foreign_table,
                    cardinality: Cardinality::M2M(Junction {
                        table: r1.table.clone(),
                        constraint1: cons1.to_owned(),
                        constraint2: cons2.to_owned(),
                        columns_source: cols.iter().map(|(a, b)| (b.clone(), a.clone())).collect(),
                        columns_target: fcols.iter().map(|(a, b)| (b.clone(), a.clone())).collect(),
                    }),
                    table_is_view: r1.foreign_table_is_view,
                    foreign_table_is_view: r2.foreign_table_is_view,
                });
            }
        }
    }
    rels.extend(m2m);

    let inverse: Vec<Relationship> = rels
        .iter()
        .filter_map(|r| {
            let swap = |cols: &[(String, String)]| -> Vec<(String, String)> {
                cols.iter().map(|(a, b)| (b.clone(), a.clone())).collect()
            };
            let cardinality = match &r.cardinality {
                Cardinality::M2O {
                    constraint,
                    columns,
                } => Cardinality::O2M {
                    constraint: constraint.clone(),
                    columns: swap(columns),
                },
                Cardinality::O2O {
                    constraint,
                    columns,
                    is_parent,
                } => Cardinality::O2O {
                    constraint: constraint.clone(),
                    columns: swap(columns),
                    is_parent: !is_parent,
                },
                _ => return None,
            };
            Some(Relationship {
                table: r.foreign_table.clone(),
                foreign_table: r.table.clone(),
                is_self: r.is_self,
                cardinality,
                table_is_view: r.foreign_table_is_view,
                foreign_table_is_view: r.table_is_view,
            })
        })
        .collect();
    rels.extend(inverse);

    let mut map: HashMap<Qi, Vec<Relationship>> = HashMap::new();
    for rel in rels {
        map.entry(rel.table.clone()).or_default().push(rel);
    }
    for c in computed
        .iter()
        .filter(|c| tables.contains_key(&c.table) && tables.contains_key(&c.foreign_table))
    {
        let list = map.entry(c.table.clone()).or_default();
        list.retain(|r| r.foreign_table != c.function);
        list.push(Relationship {
            table: c.table.clone(),
            foreign_table: c.foreign_table.clone(),
            is_self: c.table == c.foreign_table,
            cardinality: Cardinality::Computed {
                function: c.function.clone(),
                to_one: c.to_one,
                origin_alias: c.table.name.clone(),
            },
            table_is_view: is_view(&c.table),
            foreign_table_is_view: is_view(&c.foreign_table),
        });
    }
    for list in map.values_mut() {
        list.sort();
        list.dedup();
    }
    map
}

#[cfg(test)]
mod tests;
