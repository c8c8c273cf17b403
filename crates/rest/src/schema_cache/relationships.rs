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
            Cardinality::M2O { .. } | Cardinality::O2O { .. }
        )
    }

    /// The FK constraint name (not for many-to-many).
    pub fn constraint(&self) -> Option<&str> {
        match &self.cardinality {
            Cardinality::O2M { constraint, .. }
            | Cardinality::M2O { constraint, .. }
            | Cardinality::O2O { constraint, .. } => Some(constraint),
            Cardinality::M2M(_) => None,
        }
    }

    /// (origin column, foreign column) pairs (not for many-to-many).
    pub fn columns(&self) -> &[(String, String)] {
        match &self.cardinality {
            Cardinality::O2M { columns, .. }
            | Cardinality::M2O { columns, .. }
            | Cardinality::O2O { columns, .. } => columns,
            Cardinality::M2M(_) => &[],
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

/// Builds every relationship (M2O/O2O, M2M, then the inverses), grouped by origin and sorted.
pub(crate) fn build(
    fks: &[ForeignKey],
    tables: &HashMap<Qi, Table>,
) -> HashMap<Qi, Vec<Relationship>> {
    let is_view = |qi: &Qi| tables.get(qi).is_some_and(|t| t.is_view);
    let mut rels: Vec<Relationship> = fks
        .iter()
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
        let Cardinality::M2O {
            constraint: cons1,
            columns: cols,
        } = &r1.cardinality
        else {
            continue;
        };
        for r2 in rels.iter().filter(|r| r.table == r1.table) {
            let Cardinality::M2O {
                constraint: cons2,
                columns: fcols,
            } = &r2.cardinality
            else {
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
                        constraint1: cons1.clone(),
                        constraint2: cons2.clone(),
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
    for list in map.values_mut() {
        list.sort();
        list.dedup();
    }
    map
}
