//! The mutation plan (PostgREST's `mutatePlan`): INSERT (also PUT's single-row upsert),
//! UPDATE and DELETE with their typed payload columns, conflict target, filters and the
//! columns RETURNING must give the representation and the embeds.
use std::collections::BTreeSet;

use cb_postgrest_syntax::{Operation, PreferResolution, PreferReturn, QuantOperator};

use super::read::{ReadContext, resolve_root_logic};
use super::{CoercibleField, LogicTree, ReadPlan};
use crate::api_request::{ApiRequest, Mutation};
use crate::error::ApiError;
use crate::schema_cache::{Cardinality, Qi, SchemaCache, Table};

#[derive(Debug, Clone)]
pub enum MutatePlan {
    Insert {
        qi: Qi,
        columns: Vec<CoercibleField>,
        on_conflict: Option<(PreferResolution, Vec<String>)>,
        /// PUT: the URL's primary-key filters, evaluated against the payload row.
        put_conditions: Vec<LogicTree>,
        returning: Vec<String>,
        pk: Vec<String>,
        apply_defaults: bool,
    },
    Update {
        qi: Qi,
        columns: Vec<CoercibleField>,
        where_: Vec<LogicTree>,
        returning: Vec<String>,
        apply_defaults: bool,
    },
    Delete {
        qi: Qi,
        where_: Vec<LogicTree>,
        returning: Vec<String>,
    },
}

/// The columns an embed after a mutation needs (PostgREST's `inferColsEmbedNeeds`).
pub(crate) fn returning_columns(plan: &ReadPlan, pk: &[String]) -> Vec<String> {
    let names: BTreeSet<String> = plan.select.iter().map(|s| s.field.name.clone()).collect();
    if names.contains("*") {
        return vec!["*".into()];
    }
    let mut out = names;
    for child in &plan.children {
        if let Some(rel) = &child.rel_to_parent {
            match &rel.cardinality {
                Cardinality::M2M(j) => out.extend(j.columns_source.iter().map(|(c, _)| c.clone())),
                // The function is called with the whole row.
                Cardinality::Computed { .. } => return vec!["*".into()],
                _ => out.extend(rel.columns().iter().map(|(c, _)| c.clone())),
            }
        }
    }
    out.extend(pk.iter().cloned());
    out.into_iter().collect()
}

/// The body's columns, typed; a column whose domain has a `json -> domain` representation is
/// read from the body as json and parsed with its cast function.
fn typed_columns(
    cache: &SchemaCache,
    table: &Table,
    req: &ApiRequest,
) -> Result<Vec<CoercibleField>, ApiError> {
    req.columns
        .iter()
        .map(|name| {
            let column = table.column(name).ok_or_else(|| ApiError::ColumnNotFound {
                table: table.qi.name.clone(),
                column: name.clone(),
            })?;
            let transform = cache.representation("json", &column.cast_type);
            Ok(CoercibleField {
                name: name.clone(),
                json_path: Vec::new(),
                to_json: false,
                to_tsvector: None,
                ir_type: Some(match transform {
                    Some(_) => "json".to_owned(),
                    None => column.cast_type.clone(),
                }),
                base_type: Some(column.base_type.clone()),
                full_row: false,
                default: column.default.clone(),
                transform: transform.map(str::to_owned),
            })
        })
        .collect()
}

pub fn mutate_plan(
    ctx: &ReadContext<'_>,
    mutation: Mutation,
    table: &Table,
    req: &ApiRequest,
    read: &ReadPlan,
) -> Result<MutatePlan, ApiError> {
    let qi = table.qi.clone();
    let pk = table.pk.clone();
    let returning = match req.prefs.representation {
        None | Some(PreferReturn::Minimal) => Vec::new(),
        Some(_) => returning_columns(read, &pk),
    };
    let apply_defaults =
        req.prefs.missing == Some(cb_postgrest_syntax::PreferMissing::ApplyDefaults);
    let logic = || resolve_root_logic(ctx, &qi, req);
    Ok(match mutation {
        Mutation::Create => {
            let conflict_cols = req.query.on_conflict.clone().unwrap_or_else(|| pk.clone());
            MutatePlan::Insert {
                columns: typed_columns(ctx.cache, table, req)?,
                on_conflict: req.prefs.resolution.map(|r| (r, conflict_cols)),
                put_conditions: Vec::new(),
                returning,
                pk,
                apply_defaults,
                qi,
            }
        }
        Mutation::Update => MutatePlan::Update {
            columns: typed_columns(ctx.cache, table, req)?,
            where_: logic(),
            returning,
            apply_defaults,
            qi,
        },
        Mutation::SingleUpsert => {
            let pk_set: BTreeSet<String> = pk.iter().cloned().collect();
            let root_filters_ok = req.query.root_filters().all(|f| {
                !f.negated
                    && matches!(
                        f.operation,
                        Operation::Quant {
                            op: QuantOperator::Equal,
                            quantifier: None,
                            ..
                        }
                    )
            });
            if req.query.logic.is_empty()
                && req.query.filter_fields == pk_set
                && !pk_set.is_empty()
                && root_filters_ok
            {
                MutatePlan::Insert {
                    columns: typed_columns(ctx.cache, table, req)?,
                    on_conflict: Some((PreferResolution::MergeDuplicates, pk.clone())),
                    put_conditions: logic(),
                    returning,
                    pk,
                    apply_defaults: false,
                    qi,
                }
            } else {
                return Err(ApiError::InvalidFilters);
            }
        }
        Mutation::Delete => MutatePlan::Delete {
            where_: logic(),
            returning,
            qi,
        },
    })
}
