//! Function calls (PostgREST's `findProc` and `callPlan`): overloads are told apart by the set
//! of argument names; a single unnamed json/jsonb/text/xml/bytea parameter is the fallback.
use std::collections::{BTreeMap, BTreeSet};

use bytes::Bytes;
use cb_postgrest_syntax::MediaType;

use super::{LogicTree, ReadPlan, fuzzy, mutate::returning_columns};
use crate::error::ApiError;
use crate::plan::CoercibleFilter;
use crate::schema_cache::{Qi, Routine, RoutineParam, SchemaCache};

#[derive(Debug, Clone)]
pub enum CallParams {
    /// `f(a := …, b := …)` with the parameters that were given.
    Key(Vec<RoutineParam>),
    /// `f($1)` for a single unnamed parameter.
    OnePos(RoutineParam),
}

/// A GET/form argument: one value, or the repeated values of a variadic parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RpcValue {
    Fixed(String),
    Variadic(Vec<String>),
}

#[derive(Debug, Clone)]
pub enum CallArgs {
    Direct(BTreeMap<String, RpcValue>),
    Json(Option<String>),
    Raw(Bytes),
}

#[derive(Debug, Clone)]
pub struct CallPlan {
    pub qi: Qi,
    pub params: CallParams,
    pub args: CallArgs,
    pub scalar: bool,
    pub set_of_scalar: bool,
    pub filter_fields: BTreeSet<String>,
    pub returning: Vec<String>,
}

fn has_single_unnamed_param(routine: &Routine, content: &MediaType, is_post: bool) -> bool {
    match routine.params.as_slice() {
        [p] if is_post && p.name.is_empty() => matches!(
            (content, p.type_name.as_str()),
            (MediaType::ApplicationJson, "json" | "jsonb")
                | (MediaType::TextPlain, "text")
                | (MediaType::TextXml, "xml")
                | (MediaType::OctetStream, "bytea")
        ),
        _ => false,
    }
}

fn matches_params(
    routine: &Routine,
    keys: &BTreeSet<String>,
    content: &MediaType,
    is_post: bool,
) -> bool {
    if routine.params.is_empty() {
        return keys.is_empty()
            && !(is_post
                && matches!(
                    content,
                    MediaType::OctetStream | MediaType::TextPlain | MediaType::TextXml
                ));
    }
    let required: BTreeSet<String> = routine
        .params
        .iter()
        .filter(|p| p.required)
        .map(|p| p.name.clone())
        .collect();
    let optional: BTreeSet<String> = routine
        .params
        .iter()
        .filter(|p| !p.required)
        .map(|p| p.name.clone())
        .collect();
    if optional.is_empty() {
        *keys == required
    } else if required.is_empty() {
        keys.is_subset(&optional)
    } else {
        keys.difference(&optional).cloned().collect::<BTreeSet<_>>() == required
    }
}

/// PostgREST's `findProc`, with its PGRST202/PGRST203 errors.
pub fn find_routine<'c>(
    cache: &'c SchemaCache,
    qi: &Qi,
    keys: &BTreeSet<String>,
    content: &MediaType,
    is_post: bool,
) -> Result<&'c Routine, ApiError> {
    let overloads: &[Routine] = cache.routines.get(qi).map_or(&[], Vec::as_slice);
    let matched: Vec<&Routine> = overloads
        .iter()
        .filter(|r| matches_params(r, keys, content, is_post))
        .collect();
    let fallback: Vec<&Routine> = overloads
        .iter()
        .filter(|r| {
            !matches_params(r, keys, content, is_post)
                && has_single_unnamed_param(r, content, is_post)
        })
        .collect();
    match (matched.as_slice(), fallback.as_slice()) {
        ([one], _) => Ok(one),
        ([], [one]) => Ok(one),
        ([], []) => Err(no_function(cache, qi, keys, content, is_post, overloads)),
        ([], many) | (many, _) => Err(ApiError::AmbiguousFunction(format!(
            "Could not choose the best candidate function between: {}",
            many.iter()
                .map(|r| format!(
                    "{}.{}({})",
                    r.schema,
                    r.name,
                    r.params
                        .iter()
                        .map(|p| format!("{} => {}", p.name, p.type_name))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

fn no_function(
    cache: &SchemaCache,
    qi: &Qi,
    keys: &BTreeSet<String>,
    content: &MediaType,
    is_post: bool,
    overloads: &[Routine],
) -> ApiError {
    let only_single = is_post
        && matches!(
            content,
            MediaType::TextPlain | MediaType::TextXml | MediaType::OctetStream
        );
    let func = format!("{}.{}", qi.schema, qi.name);
    let key_list: Vec<&str> = keys.iter().map(String::as_str).collect();
    let params_text = if key_list.is_empty() {
        " without parameters".to_owned()
    } else {
        format!("({})", key_list.join(", "))
    };
    let message = format!(
        "Could not find the function {func}{} in the schema cache",
        if only_single { "" } else { &params_text }
    );
    let with_params = if key_list.is_empty() {
        " without parameters".to_owned()
    } else {
        format!(
            " with parameter{} {}",
            if key_list.len() > 1 { "s" } else { "" },
            key_list.join(", ")
        )
    };
    let middle = match (is_post, content) {
        (true, MediaType::TextPlain) => " with a single unnamed text parameter".to_owned(),
        (true, MediaType::TextXml) => " with a single unnamed xml parameter".to_owned(),
        (true, MediaType::OctetStream) => " with a single unnamed bytea parameter".to_owned(),
        (true, MediaType::ApplicationJson) => {
            format!("{with_params} or with a single unnamed json/jsonb parameter")
        }
        _ => with_params,
    };
    let details = format!(
        "Searched for the function {func}{middle}, but no matches were found in the schema cache."
    );
    let hint = if only_single {
        None
    } else if overloads.is_empty() {
        let names: Vec<&str> = cache
            .routines
            .keys()
            .filter(|k| k.schema == qi.schema)
            .map(|k| k.name.as_str())
            .collect();
        fuzzy::get_one(&names, &qi.name, 0.75)
            .map(|n| format!("Perhaps you meant to call the function {}.{n}", qi.schema))
    } else {
        let as_text = |names: Vec<&str>| {
            let mut names = names;
            names.sort_unstable();
            format!("({})", names.join(", "))
        };
        let lists: Vec<String> = overloads
            .iter()
            .map(|r| as_text(r.params.iter().map(|p| p.name.as_str()).collect()))
            .collect();
        let list_refs: Vec<&str> = lists.iter().map(String::as_str).collect();
        fuzzy::get_one(&list_refs, &as_text(key_list.clone()), 0.33).map(|best| {
            format!(
                "Perhaps you meant to call the function {}.{}{best}",
                qi.schema, qi.name
            )
        })
    };
    ApiError::NoFunction {
        message,
        details,
        hint,
    }
}

/// GET/form arguments (`toRpcParams`): the last value of a key wins, except variadic
/// parameters, which collect every value.
pub fn direct_args(routine: &Routine, pairs: &[(String, String)]) -> BTreeMap<String, RpcValue> {
    let mut out: BTreeMap<String, RpcValue> = BTreeMap::new();
    for (k, v) in pairs {
        let variadic = routine.params.iter().any(|p| p.name == *k && p.variadic);
        if variadic {
            match out.get_mut(k) {
                Some(RpcValue::Variadic(values)) => values.push(v.clone()),
                _ => {
                    out.insert(k.clone(), RpcValue::Variadic(vec![v.clone()]));
                }
            }
        } else {
            out.insert(k.clone(), RpcValue::Fixed(v.clone()));
        }
    }
    out
}

fn filter_field_names(plan: &ReadPlan, out: &mut BTreeSet<String>) {
    fn walk(tree: &LogicTree, out: &mut BTreeSet<String>) {
        match tree {
            LogicTree::Expr { children, .. } => children.iter().for_each(|c| walk(c, out)),
            LogicTree::Stmnt(CoercibleFilter::Filter { field, .. }) => {
                out.insert(field.name.clone());
            }
            LogicTree::Stmnt(CoercibleFilter::NullEmbed { agg_alias, .. }) => {
                out.insert(agg_alias.clone());
            }
        }
    }
    for tree in &plan.where_ {
        walk(tree, out);
    }
    for child in &plan.children {
        filter_field_names(child, out);
    }
}

pub fn call_plan(
    routine: &Routine,
    keys: &BTreeSet<String>,
    args: CallArgs,
    read: &ReadPlan,
) -> CallPlan {
    let params = match routine.params.as_slice() {
        [p] if p.name.is_empty() => CallParams::OnePos(p.clone()),
        params => CallParams::Key(
            params
                .iter()
                .filter(|p| keys.contains(&p.name))
                .cloned()
                .collect(),
        ),
    };
    let mut filter_fields = BTreeSet::new();
    filter_field_names(read, &mut filter_fields);
    CallPlan {
        qi: Qi::new(routine.schema.clone(), routine.name.clone()),
        params,
        args,
        scalar: routine.returns_scalar(),
        set_of_scalar: routine.returns_set_of_scalar(),
        filter_fields,
        returning: returning_columns(read, &[]),
    }
}
