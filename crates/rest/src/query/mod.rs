//! One SQL statement per request, shaped exactly as PostgREST's `QueryBuilder` and
//! `Statements` shape it, with the JSON (or CSV) body rendered by PostgreSQL.
//!
//! Why this file stays long: it is PostgREST's `QueryBuilder` and `Statements` side by side
//! (read, count, mutate, call, and the main statement around each), kept in one place so each
//! function can be read against its Haskell counterpart of the same name; the shared pieces
//! are in [`builder`] (fragments) and `sql` (text and parameters).
pub mod builder;
mod sql;

use cb_db::quote_ident;
use cb_postgrest_syntax::{AggregateFunction, JoinType, PreferResolution};

pub use builder::{Param, Separator, Sql};
use builder::{
    column_sql, current_setting, field, join_condition, limit_offset, logic_tree, order, qi_sql,
    qualifier_sql,
};

use crate::api_request::Payload;
use crate::plan::call::RpcValue;
use crate::plan::{
    CallArgs, CallParams, CallPlan, CoercibleField, LogicTree, MutatePlan, QualifierRef, ReadPlan,
    RelSelectField, SelectField, Spread, SpreadSelectField,
};
use crate::schema_cache::{HandlerKind, MediaHandler, Qi, Routine};

/// The first row as JSON. PostgREST writes `json_agg(_postgrest_t)->0`, which renders every row
/// into one JSON array and then parses that text again to cut out the first element; rendering
/// the rows one by one gives the same text (json_agg renders its elements as `to_json` does)
/// without the second pass: ~12% more single-object reads per second in PostgreSQL for a blog
/// post (tests/bench/rest).
const FIRST_ROW: &str = "(array_agg(to_json(_postgrest_t)))[1]";
/// [`FIRST_ROW`] for functions returning a scalar.
const FIRST_SCALAR: &str = "(array_agg(to_json(_postgrest_t.pgrst_scalar)))[1]";

/// How the body column is built (PostgREST's media handlers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Handler {
    /// A handler defined in SQL: an aggregate over the rows, or a function's media type.
    Custom(MediaHandler),
    /// `coalesce(json_agg(...), '[]')`.
    Json {
        strip_nulls: bool,
    },
    /// The first row as JSON, or `null` (see [`FIRST_ROW`]).
    Singular {
        strip_nulls: bool,
    },
    Csv,
    GeoJson,
    /// No aggregation (HEAD, mutations without representation).
    NoAgg,
}

fn select_item(sql: &mut Sql, q: &QualifierRef, s: &SelectField) {
    let column = |sql: &mut Sql| {
        if s.cast.is_some() {
            sql.push("CAST( ");
        }
        match &s.field.transform {
            // A domain representation formats the column (`pgFmtTableCoerce`).
            Some(format) => {
                sql.push(format).push("(");
                field(sql, q, &s.field);
                sql.push(")");
            }
            None => field(sql, q, &s.field),
        }
        if let Some(cast) = &s.cast {
            sql.push(" AS ").push(cast).push(" )");
        }
    };
    // The formatted column keeps the column's name (`pgFmtCoerceNamed`).
    let alias = match (&s.alias, &s.field.transform) {
        (None, Some(_)) if s.aggregate.is_none() => Some(s.field.name.as_str()),
        _ => s.alias.as_deref(),
    };
    aggregated_item(sql, s.aggregate, &s.aggregate_cast, alias, column);
}

fn spread_item(sql: &mut Sql, agg_alias: &str, s: &SpreadSelectField) {
    let column = |sql: &mut Sql| {
        if s.name == "*" {
            sql.ident(agg_alias).push(".*");
        } else {
            sql.ident(agg_alias).push(".").ident(&s.name);
        }
    };
    aggregated_item(
        sql,
        s.aggregate,
        &s.aggregate_cast,
        s.alias.as_deref(),
        column,
    );
}

/// `[CAST( ]agg(<column>)[ AS <aggregate_cast> )][ AS <alias>]`: a select item in the aggregate
/// it asks for, if any, and under its alias.
fn aggregated_item(
    sql: &mut Sql,
    aggregate: Option<AggregateFunction>,
    aggregate_cast: &Option<String>,
    alias: Option<&str>,
    column: impl FnOnce(&mut Sql),
) {
    if let Some(agg) = aggregate {
        if aggregate_cast.is_some() {
            sql.push("CAST( ");
        }
        sql.push(agg.sql_name()).push("(");
    }
    column(sql);
    if aggregate.is_some() {
        sql.push(")");
        if let Some(cast) = aggregate_cast {
            sql.push(" AS ").push(cast).push(" )");
        }
    }
    if let Some(alias) = alias {
        sql.push(" AS ").ident(alias);
    }
}

/// Writes one item of a select list.
type SelectWriter<'a> = Box<dyn Fn(&mut Sql) + 'a>;

/// `readPlanToQuery`.
pub fn read_query(sql: &mut Sql, node: &ReadPlan) {
    let q = node.qualifier();
    let default_select = [SelectField {
        field: CoercibleField::unknown("*", Vec::new()),
        aggregate: None,
        aggregate_cast: None,
        cast: None,
        alias: None,
    }];
    let mut items: Vec<SelectWriter<'_>> = Vec::new();
    let selects: &[SelectField] = if node.select.is_empty() && node.children.is_empty() {
        &default_select
    } else {
        &node.select
    };
    for s in selects {
        let q = q.clone();
        items.push(Box::new(move |sql: &mut Sql| select_item(sql, &q, s)));
    }
    if let Some(Spread::ToMany { extra_selects, .. }) = &node.rel_spread {
        for (rel, s) in extra_selects {
            let q = match rel {
                Some(r) => QualifierRef::Alias(r.clone()),
                None => q.clone(),
            };
            items.push(Box::new(move |sql: &mut Sql| select_item(sql, &q, s)));
        }
    }
    for rel in &node.rel_select {
        match rel {
            RelSelectField::JsonEmbed { empty: true, .. } => {}
            RelSelectField::JsonEmbed {
                sel_name,
                agg_alias,
                to_one: true,
                ..
            } => items.push(Box::new(move |sql: &mut Sql| {
                sql.push("row_to_json(")
                    .ident(agg_alias)
                    .push(".*)::jsonb AS ")
                    .ident(sel_name);
            })),
            RelSelectField::JsonEmbed {
                sel_name,
                agg_alias,
                ..
            } => items.push(Box::new(move |sql: &mut Sql| {
                sql.push("COALESCE( ")
                    .ident(agg_alias)
                    .push(".")
                    .ident(agg_alias)
                    .push(", '[]') AS ")
                    .ident(sel_name);
            })),
            RelSelectField::Spread { fields, agg_alias } => {
                for f in fields {
                    items.push(Box::new(move |sql: &mut Sql| {
                        spread_item(sql, agg_alias, f)
                    }));
                }
            }
        }
    }
    sql.push("SELECT ");
    sql.separated(", ", items.iter(), |sql, item| {
        item(sql);
    });
    from_clause(sql, node);
    for rel in &node.rel_select {
        if let Some(child) = node
            .children
            .iter()
            .find(|c| c.rel_agg_alias == rel.agg_alias())
        {
            join(sql, rel, child);
        }
    }
    if !node.where_.is_empty() || !node.rel_join_conds.is_empty() {
        sql.push(" WHERE ");
        let mut and = Separator::new(" AND ");
        for tree in &node.where_ {
            sql.push(and.before_next());
            logic_tree(sql, &q, tree, &mut |sql, negated, agg| {
                sql.ident(agg).push(" IS ");
                if !negated {
                    sql.push("NOT ");
                }
                sql.push("DISTINCT FROM NULL");
            });
        }
        for jc in &node.rel_join_conds {
            sql.push(and.before_next());
            join_condition(sql, jc);
        }
    }
    sql.push(" ");
    group_by(sql, &q, node);
    sql.push(" ");
    order(sql, &q, &node.order);
    sql.push(" ");
    limit_offset(sql, &node.range);
}

fn from_clause(sql: &mut Sql, node: &ReadPlan) {
    sql.push(" FROM ");
    // A computed relationship reads the function called with the origin row, cast to its
    // table's type (the function may be overloaded).
    if let Some(rel) = &node.rel_to_parent
        && let crate::schema_cache::Cardinality::Computed {
            function,
            origin_alias,
            ..
        } = &rel.cardinality
    {
        sql.push(&qi_sql(function))
            .push("(")
            .ident(origin_alias)
            .push("::")
            .push(&qi_sql(&rel.table))
            .push(")");
    } else {
        sql.push(&qi_sql(&node.from));
    }
    if let Some(alias) = &node.from_alias {
        sql.push(" AS ").ident(alias);
    }
    if let Some(rel) = &node.rel_to_parent
        && let crate::schema_cache::Cardinality::M2M(j) = &rel.cardinality
    {
        sql.push(", ").push(&qi_sql(&j.table));
    }
}

fn join(sql: &mut Sql, rel: &RelSelectField, child: &ReadPlan) {
    let inner = child.rel_join_type == Some(JoinType::Inner);
    let agg = quote_ident(&child.rel_agg_alias);
    let condition = if inner {
        format!("{agg} IS NOT NULL")
    } else {
        "TRUE".to_owned()
    };
    sql.push(if inner { " INNER" } else { " LEFT" })
        .push(" JOIN LATERAL ( ");
    let to_many_agg = |sql: &mut Sql| {
        sql.push("SELECT json_agg(")
            .push(&agg)
            .push(")::jsonb AS ")
            .push(&agg);
    };
    match (rel, &child.rel_spread) {
        (RelSelectField::JsonEmbed { to_one: true, .. }, _)
        | (RelSelectField::Spread { .. }, Some(Spread::ToOne) | None) => {
            read_query(sql, child);
            sql.push(" ) AS ").push(&agg).push(" ON TRUE");
        }
        (
            RelSelectField::Spread { fields, .. },
            Some(Spread::ToMany {
                order: sp_order, ..
            }),
        ) => {
            to_many_agg(sql);
            for f in fields {
                sql.push(", COALESCE(json_agg(")
                    .push(&agg)
                    .push(".")
                    .ident(&f.name)
                    .push(" ");
                order(
                    sql,
                    &QualifierRef::Alias(child.rel_agg_alias.clone()),
                    sp_order,
                );
                sql.push("),'[]')::jsonb AS ")
                    .ident(f.alias.as_deref().unwrap_or(&f.name));
            }
            sql.push(" FROM (");
            read_query(sql, child);
            sql.push(" ) AS ").push(&agg);
            sql.push(" ) AS ").push(&agg).push(" ON ").push(&condition);
        }
        (RelSelectField::JsonEmbed { .. }, _) => {
            to_many_agg(sql);
            sql.push(" FROM (");
            read_query(sql, child);
            sql.push(" ) AS ").push(&agg);
            sql.push(" ) AS ").push(&agg).push(" ON ").push(&condition);
        }
    }
}

fn group_by(sql: &mut Sql, q: &QualifierRef, node: &ReadPlan) {
    let selects_agg = node.select.iter().any(|s| s.aggregate.is_some());
    let rel_agg = node.rel_select.iter().any(|r| {
        matches!(r, RelSelectField::Spread { fields, .. } if fields.iter().any(|f| f.aggregate.is_some()))
    });
    if !selects_agg && !rel_agg {
        return;
    }
    let mut terms: Vec<Sql> = Vec::new();
    for s in node.select.iter().filter(|s| s.aggregate.is_none()) {
        let mut t = Sql::new();
        match &s.alias {
            Some(alias) => {
                t.ident(alias);
            }
            None => field(&mut t, q, &s.field),
        }
        terms.push(t);
    }
    for rel in &node.rel_select {
        match rel {
            RelSelectField::JsonEmbed { sel_name, .. } => {
                let mut t = Sql::new();
                t.ident(sel_name);
                terms.push(t);
            }
            RelSelectField::Spread { fields, agg_alias } => {
                for f in fields.iter().filter(|f| f.aggregate.is_none()) {
                    let mut t = Sql::new();
                    t.ident(agg_alias)
                        .push(".")
                        .ident(f.alias.as_deref().unwrap_or(&f.name));
                    terms.push(t);
                }
            }
        }
    }
    if terms.is_empty() {
        return;
    }
    sql.push(" GROUP BY ");
    sql.separated(", ", terms, |sql, t| {
        sql.append(t);
    });
}

/// `readPlanToCountQuery`.
pub fn count_query(sql: &mut Sql, node: &ReadPlan) {
    let q = node.qualifier();
    sql.push("SELECT 1");
    from_clause(sql, node);
    let inner_children: Vec<&ReadPlan> = node
        .children
        .iter()
        .filter(|c| c.rel_join_type == Some(JoinType::Inner))
        .collect();
    if node.where_.is_empty() && node.rel_join_conds.is_empty() && inner_children.is_empty() {
        return;
    }
    sql.push(" WHERE ");
    let mut and = Separator::new(" AND ");
    for tree in &node.where_ {
        sql.push(and.before_next());
        logic_tree(sql, &q, tree, &mut |sql, negated, agg| {
            if let Some(child) = node.children.iter().find(|c| c.rel_agg_alias == agg) {
                if !negated {
                    sql.push("NOT ");
                }
                sql.push("EXISTS (");
                count_query(sql, child);
                sql.push(")");
            }
        });
    }
    for jc in &node.rel_join_conds {
        sql.push(and.before_next());
        join_condition(sql, jc);
    }
    for child in inner_children {
        sql.push(and.before_next());
        sql.push("EXISTS (");
        count_query(sql, child);
        sql.push(" )");
    }
}

/// The body expression for a media handler (`handlerF`).
fn body_expr(handler: &Handler, routine: Option<&Routine>) -> String {
    let strip = |strip: bool, inner: &str| {
        if strip {
            format!("json_strip_nulls({inner})")
        } else {
            inner.to_owned()
        }
    };
    let scalar = routine.is_some_and(Routine::returns_scalar);
    let set_of_scalar = routine.is_some_and(Routine::returns_set_of_scalar);
    let single_composite = routine.is_some_and(Routine::returns_single_composite);
    match handler {
        Handler::Custom(custom) => custom_body(custom),
        Handler::NoAgg => "''::text".to_owned(),
        &Handler::Singular { strip_nulls } => {
            if scalar {
                format!(
                    "coalesce({}, 'null')::text",
                    strip(strip_nulls, FIRST_SCALAR)
                )
            } else {
                format!(
                    "coalesce({}, 'null')::text",
                    strip(strip_nulls, FIRST_ROW)
                )
            }
        }
        &Handler::Json { strip_nulls } => {
            if single_composite {
                format!("coalesce({}, 'null')::text", strip(strip_nulls, FIRST_ROW))
            } else if scalar {
                format!(
                    "coalesce({}, 'null')::text",
                    strip(strip_nulls, FIRST_SCALAR)
                )
            } else if set_of_scalar {
                format!(
                    "coalesce({}, '[]')::text",
                    strip(strip_nulls, "json_agg(_postgrest_t.pgrst_scalar)")
                )
            } else {
                format!("coalesce({}, '[]')::text", strip(strip_nulls, "json_agg(_postgrest_t)"))
            }
        }
        Handler::Csv => "((SELECT coalesce(string_agg(a.k, ','), '') FROM (SELECT json_object_keys(r)::text as k FROM ( SELECT row_to_json(hh) as r from pgrst_source as hh limit 1) s) a) || '\n' || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), '\n'), ''))".to_owned(),
        Handler::GeoJson => "json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(_postgrest_t)::json), '[]'))::text".to_owned(),
    }
}

/// A handler defined in SQL (`customFuncF`): the aggregate over the rows (cast to its
/// relation's row type), or a function's scalar cast to its media type's domain (the first
/// one, kept an aggregate beside the page count). Text unless the domain is bytea: the body
/// is sent as the bytes the column holds.
fn custom_body(handler: &MediaHandler) -> String {
    let value = match (handler.kind, &handler.target) {
        (HandlerKind::DomainCast, _) => format!(
            "(array_agg(CAST(_postgrest_t.pgrst_scalar AS {})))[1]",
            qi_sql(&handler.function)
        ),
        (HandlerKind::Aggregate, Some(relation)) => format!(
            "{}(_postgrest_t::{})",
            qi_sql(&handler.function),
            qi_sql(relation)
        ),
        (HandlerKind::Aggregate, None) => format!("{}(_postgrest_t)", qi_sql(&handler.function)),
    };
    if handler.binary {
        value
    } else {
        format!("({value})::text")
    }
}

/// Count preference as it shapes the statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountMode {
    None,
    Exact,
    /// Exact with `LIMIT max_rows + 1`.
    Limited(i64),
}

/// The count CTE `mode` asks for, if any, then the main `SELECT` up to its first column,
/// `total_result_set` (null when not counted).
fn count_cte_and_total(sql: &mut Sql, node: &ReadPlan, mode: CountMode) {
    let total = match mode {
        CountMode::None => "null::bigint",
        CountMode::Exact | CountMode::Limited(_) => {
            sql.push(", pgrst_source_count AS (");
            count_query(sql, node);
            if let CountMode::Limited(max) = mode {
                sql.push(" LIMIT ").push(&max.saturating_add(1).to_string());
            }
            sql.push(")");
            "(SELECT pg_catalog.count(*) FROM pgrst_source_count)"
        }
    };
    sql.push(" SELECT ")
        .push(total)
        .push(" AS total_result_set, ");
}

fn response_columns(sql: &mut Sql) {
    sql.push(&current_setting("response.headers"))
        .push(" AS response_headers, ")
        .push(&current_setting("response.status"))
        .push(" AS response_status, ");
}

/// `mainRead`.
pub fn main_read(plan: &ReadPlan, count: CountMode, handler: &Handler) -> Sql {
    let mut sql = Sql::new();
    sql.push("WITH pgrst_source AS ( ");
    read_query(&mut sql, plan);
    sql.push(" ) ");
    count_cte_and_total(&mut sql, plan, count);
    sql.push("pg_catalog.count(_postgrest_t) AS page_total, array[]::text[] AS header, ");
    sql.push(&body_expr(handler, None)).push(" AS body, ");
    response_columns(&mut sql);
    sql.push("null::int AS response_inserted FROM ( SELECT * FROM pgrst_source ) _postgrest_t");
    sql
}

/// The count query alone, for `EXPLAIN` (planned counts).
pub fn explain_count(plan: &ReadPlan) -> Sql {
    let mut sql = Sql::new();
    sql.push("EXPLAIN (FORMAT JSON) ");
    count_query(&mut sql, plan);
    sql
}

fn inserted_config(add: bool) -> String {
    let (symbol, num) = if add { ("+", "0") } else { ("-", "-1") };
    format!(
        "set_config('pgrst.inserted', (coalesce({}::int, 0) {symbol} 1)::text, true) <> '{num}'",
        current_setting("pgrst.inserted")
    )
}

fn returning(sql: &mut Sql, qi: &Qi, cols: &[String]) {
    if cols.is_empty() {
        sql.push("RETURNING 1");
        return;
    }
    sql.push("RETURNING ");
    let q = QualifierRef::Qualified(qi.clone());
    sql.separated(", ", cols.iter(), |sql, c| {
        sql.push(&column_sql(&q, c));
    });
}

/// `fromJsonBodyF`.
fn from_json_body(
    sql: &mut Sql,
    body: Option<&str>,
    is_object: bool,
    fields: &[CoercibleField],
    include_select: bool,
    limit_one: bool,
    defaults: bool,
) {
    if include_select {
        sql.push("SELECT ");
        sql.separated(", ", fields.iter(), |sql, f| {
            body_field(sql, f);
        });
        sql.push(" ");
    }
    sql.push("FROM (SELECT CAST(");
    sql.param(Param::Text(body.map(|b| b.replace('\0', ""))));
    sql.push(if defaults { " AS jsonb)" } else { " AS json)" })
        .push(" AS json_data) pgrst_payload, ");
    if defaults {
        let mut defs = String::from("jsonb_build_object(");
        let mut comma = Separator::new(",");
        for f in fields {
            if let Some(default) = &f.default {
                defs.push_str(comma.before_next());
                defs.push_str(&cb_db::quote_literal(&f.name));
                defs.push_str(", ");
                defs.push_str(default);
            }
        }
        defs.push(')');
        if is_object {
            sql.push("LATERAL (SELECT ")
                .push(&defs)
                .push(" || pgrst_payload.json_data AS val) pgrst_json_defs, ");
        } else {
            sql.push("LATERAL (SELECT jsonb_agg(")
                .push(&defs)
                .push(" || elem) AS val from jsonb_array_elements(pgrst_payload.json_data) elem) pgrst_json_defs, ");
        }
    }
    let (final_body, elements_fn, record_fn) = if defaults {
        (
            "pgrst_json_defs.val",
            "jsonb_array_elements",
            if is_object {
                "jsonb_to_record"
            } else {
                "jsonb_to_recordset"
            },
        )
    } else {
        (
            "pgrst_payload.json_data",
            "json_array_elements",
            if is_object {
                "json_to_record"
            } else {
                "json_to_recordset"
            },
        )
    };
    sql.push("LATERAL (SELECT ");
    sql.separated(", ", fields.iter(), |sql, f| {
        sql.ident(&f.name);
    });
    sql.push(" FROM ");
    if fields.is_empty() {
        if is_object {
            sql.push("(values(1)) _ ");
        } else {
            sql.push(elements_fn)
                .push("(")
                .push(final_body)
                .push(") _ ");
        }
    } else {
        sql.push(record_fn)
            .push("(")
            .push(final_body)
            .push(") AS _(");
        sql.separated(", ", fields.iter(), |sql, f| {
            sql.ident(&f.name)
                .push(" ")
                .push(f.ir_type.as_deref().unwrap_or("text"));
        });
        sql.push(") ");
        if limit_one {
            sql.push("LIMIT 1");
        }
    }
    sql.push(") pgrst_body ");
}

/// A field of the request body, parsed by its domain representation if it has one.
fn body_field(sql: &mut Sql, f: &CoercibleField) {
    match &f.transform {
        Some(parse) => {
            sql.push(parse)
                .push("(\"pgrst_body\".")
                .ident(&f.name)
                .push(")");
        }
        None => {
            sql.push("\"pgrst_body\".").ident(&f.name);
        }
    }
}

fn body_text(payload: Option<&Payload>) -> (Option<String>, bool) {
    match payload {
        Some(p @ Payload::Json(text)) => (Some(text.clone()), p.is_json_object()),
        _ => (None, false),
    }
}

/// `mutatePlanToQuery`.
fn mutate_query(sql: &mut Sql, plan: &MutatePlan, payload: Option<&Payload>) {
    let (body, is_object) = body_text(payload);
    match plan {
        MutatePlan::Insert {
            qi,
            columns,
            on_conflict,
            put_conditions,
            returning: ret,
            apply_defaults,
            ..
        } => {
            sql.push("INSERT INTO ").push(&qi_sql(qi));
            if columns.is_empty() {
                sql.push(" ");
            } else {
                sql.push("(");
                sql.separated(", ", columns.iter(), |sql, c| {
                    sql.ident(&c.name);
                });
                sql.push(") ");
            }
            from_json_body(
                sql,
                body.as_deref(),
                is_object,
                columns,
                true,
                false,
                *apply_defaults,
            );
            let merge = matches!(on_conflict, Some((PreferResolution::MergeDuplicates, _)));
            if !put_conditions.is_empty() {
                sql.push("WHERE ")
                    .push(&inserted_config(true))
                    .push(" AND ");
                let q = QualifierRef::Alias("pgrst_body".into());
                sql.separated(" AND ", put_conditions.iter(), |sql, tree| {
                    logic_tree(sql, &q, tree, &mut |_, _, _| {});
                });
            } else if merge {
                sql.push("WHERE ").push(&inserted_config(true));
            }
            if let Some((resolution, cols)) = on_conflict
                && !cols.is_empty()
            {
                sql.push(" ON CONFLICT(");
                sql.separated(", ", cols.iter(), |sql, c| {
                    sql.ident(c);
                });
                sql.push(") ");
                match resolution {
                    PreferResolution::IgnoreDuplicates => {
                        sql.push("DO NOTHING");
                    }
                    PreferResolution::MergeDuplicates => {
                        if columns.is_empty() {
                            sql.push("DO NOTHING");
                        } else {
                            sql.push("DO UPDATE SET ");
                            sql.separated(", ", columns.iter(), |sql, c| {
                                sql.ident(&c.name).push(" = EXCLUDED.").ident(&c.name);
                            });
                            sql.push(" WHERE ").push(&inserted_config(false));
                        }
                    }
                }
            }
            sql.push(" ");
            returning(sql, qi, ret);
        }
        MutatePlan::Update {
            qi,
            columns,
            where_,
            returning: ret,
            apply_defaults,
        } => {
            if columns.is_empty() {
                sql.push("SELECT ");
                if ret.is_empty() {
                    sql.push("NULL");
                } else {
                    let q = QualifierRef::Alias(qi.name.clone());
                    sql.separated(", ", ret.iter(), |sql, c| {
                        sql.push(&column_sql(&q, c));
                    });
                }
                sql.push(" FROM ").push(&qi_sql(qi)).push(" WHERE false");
                return;
            }
            sql.push("UPDATE ").push(&qi_sql(qi)).push(" SET ");
            sql.separated(", ", columns.iter(), |sql, c| {
                sql.ident(&c.name).push(" = ");
                body_field(sql, c);
            });
            sql.push(" ");
            from_json_body(
                sql,
                body.as_deref(),
                is_object,
                columns,
                false,
                false,
                *apply_defaults,
            );
            where_clause(sql, qi, where_);
            sql.push(" ");
            returning(sql, qi, ret);
        }
        MutatePlan::Delete {
            qi,
            where_,
            returning: ret,
        } => {
            sql.push("DELETE FROM ").push(&qi_sql(qi)).push(" ");
            where_clause(sql, qi, where_);
            sql.push(" ");
            returning(sql, qi, ret);
        }
    }
}

fn where_clause(sql: &mut Sql, qi: &Qi, trees: &[LogicTree]) {
    if trees.is_empty() {
        return;
    }
    sql.push(" WHERE ");
    let q = QualifierRef::Qualified(qi.clone());
    sql.separated(" AND ", trees.iter(), |sql, tree| {
        logic_tree(sql, &q, tree, &mut |_, _, _| {});
    });
}

/// `mainWrite`.
pub fn main_write(
    read: &ReadPlan,
    plan: &MutatePlan,
    payload: Option<&Payload>,
    handler: &Handler,
    headers_only: bool,
) -> Sql {
    let mut sql = Sql::new();
    sql.push("WITH pgrst_source AS (");
    mutate_query(&mut sql, plan, payload);
    sql.push(
        ") SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, ",
    );
    match plan {
        MutatePlan::Insert { pk, .. } if headers_only => {
            let keys: Vec<String> = pk.iter().map(|k| cb_db::quote_literal(k)).collect();
            sql.push("CASE WHEN pg_catalog.count(_postgrest_t) = 1 THEN coalesce((WITH data AS (SELECT row_to_json(_) AS row FROM pgrst_source AS _ LIMIT 1) SELECT array_agg(json_data.key || '=' || coalesce('eq.' || json_data.value, 'is.null')) FROM data CROSS JOIN json_each_text(data.row) AS json_data WHERE json_data.key IN (")
                .push(&if keys.is_empty() { "NULL".to_owned() } else { keys.join(",") })
                .push(")), array[]::text[]) ELSE array[]::text[] END");
        }
        _ => {
            sql.push("array[]::text[]");
        }
    }
    sql.push(" AS header, ");
    sql.push(&body_expr(handler, None)).push(" AS body, ");
    response_columns(&mut sql);
    let upsert = matches!(
        plan,
        MutatePlan::Insert {
            on_conflict: Some((PreferResolution::MergeDuplicates, _)),
            ..
        }
    ) || matches!(plan, MutatePlan::Insert { put_conditions, .. } if !put_conditions.is_empty());
    if upsert {
        sql.push(&current_setting("pgrst.inserted")).push("::int");
    } else {
        sql.push("null::int");
    }
    sql.push(" AS response_inserted FROM (");
    if *handler == Handler::NoAgg {
        sql.push("SELECT * FROM pgrst_source");
    } else {
        read_query(&mut sql, read);
    }
    sql.push(") _postgrest_t");
    sql
}

/// `callPlanToQuery`.
fn call_query(sql: &mut Sql, plan: &CallPlan) {
    let scalar = plan.scalar || plan.set_of_scalar;
    sql.push("SELECT ");
    if scalar {
        sql.push("pgrst_call.pgrst_scalar");
    } else {
        match plan.returning.as_slice() {
            [] => {
                sql.push("*");
            }
            [star] if star == "*" => {
                sql.push("\"pgrst_call\".*");
            }
            cols => {
                let mut all: std::collections::BTreeSet<&str> =
                    cols.iter().map(String::as_str).collect();
                all.extend(plan.filter_fields.iter().map(String::as_str));
                sql.separated(", ", all.iter(), |sql, c| {
                    sql.push("\"pgrst_call\".").ident(c);
                });
            }
        }
    }
    sql.push(" ");
    let call_it = |sql: &mut Sql, args: &dyn Fn(&mut Sql)| {
        if scalar {
            sql.push("(SELECT ").push(&qi_sql(&plan.qi)).push("(");
            args(sql);
            sql.push(") pgrst_scalar) pgrst_call");
        } else {
            sql.push(&qi_sql(&plan.qi)).push("(");
            args(sql);
            sql.push(") pgrst_call");
        }
    };
    match (&plan.params, &plan.args) {
        (CallParams::OnePos(param), args) => {
            sql.push("FROM ");
            let value = match args {
                CallArgs::Json(body) => Param::Text(body.clone()),
                CallArgs::Raw(bytes) if param.type_name == "bytea" => Param::Bytes(bytes.to_vec()),
                CallArgs::Raw(bytes) => {
                    Param::Text(Some(String::from_utf8_lossy(bytes).into_owned()))
                }
                CallArgs::Direct(map) => {
                    let object: serde_json::Map<String, serde_json::Value> = map
                        .iter()
                        .map(|(k, v)| {
                            let value = match v {
                                RpcValue::Fixed(s) => serde_json::Value::String(s.clone()),
                                RpcValue::Variadic(vs) => serde_json::Value::Array(
                                    vs.iter().cloned().map(serde_json::Value::String).collect(),
                                ),
                            };
                            (k.clone(), value)
                        })
                        .collect();
                    Param::Text(Some(serde_json::Value::Object(object).to_string()))
                }
            };
            let is_bytea = matches!(value, Param::Bytes(_));
            let ty = param.type_name.clone();
            call_it(sql, &move |sql: &mut Sql| {
                if is_bytea {
                    sql.param(value.clone());
                } else {
                    sql.push("CAST(")
                        .param(value.clone())
                        .push(" AS ")
                        .push(&ty)
                        .push(")");
                }
            });
        }
        (CallParams::Key(params), _) if params.is_empty() => {
            sql.push("FROM ");
            call_it(sql, &|_| {});
        }
        (CallParams::Key(params), CallArgs::Direct(map)) => {
            sql.push("FROM ");
            call_it(sql, &|sql: &mut Sql| {
                sql.separated(", ", params.iter(), |sql, p| {
                    if p.variadic {
                        sql.push("VARIADIC ");
                    }
                    sql.ident(&p.name).push(" := ");
                    match map.get(&p.name) {
                        Some(RpcValue::Fixed(v)) => {
                            sql.value(v, Some(&p.type_name));
                        }
                        Some(RpcValue::Variadic(vs)) => {
                            sql.value(&builder::array_literal(vs), Some(&p.type_name));
                        }
                        None => {
                            sql.push("NULL");
                        }
                    }
                });
            });
        }
        (CallParams::Key(params), args) => {
            let body = match args {
                CallArgs::Json(b) => b.clone(),
                _ => None,
            };
            let is_object = body.as_deref().is_some_and(|b| {
                b.trim_start_matches([' ', '\t', '\n', '\r'])
                    .starts_with('{')
            });
            let fields: Vec<CoercibleField> = params
                .iter()
                .map(|p| {
                    let mut f = CoercibleField::unknown(&p.name, Vec::new());
                    f.ir_type = Some(p.type_name.clone());
                    f
                })
                .collect();
            from_json_body(sql, body.as_deref(), is_object, &fields, false, true, false);
            sql.push(", LATERAL ");
            call_it(sql, &|sql: &mut Sql| {
                sql.separated(", ", params.iter(), |sql, p| {
                    if p.variadic {
                        sql.push("VARIADIC ");
                    }
                    sql.ident(&p.name).push(" := pgrst_body.").ident(&p.name);
                });
            });
        }
    }
}

/// `mainCall`.
pub fn main_call(
    routine: &Routine,
    call: &CallPlan,
    read: &ReadPlan,
    count: CountMode,
    handler: &Handler,
) -> Sql {
    let mut sql = Sql::new();
    sql.push("WITH pgrst_source AS (");
    call_query(&mut sql, call);
    sql.push(") ");
    count_cte_and_total(&mut sql, read, count);
    if routine.returns_single() {
        sql.push("1::bigint");
    } else {
        sql.push("pg_catalog.count(_postgrest_t)");
    }
    sql.push(" AS page_total, array[]::text[] AS header, ");
    sql.push(&body_expr(handler, Some(routine)))
        .push(" AS body, ");
    response_columns(&mut sql);
    sql.push("null::int AS response_inserted FROM (");
    read_query(&mut sql, read);
    sql.push(") _postgrest_t");
    sql
}

/// Renders a qualifier (used by the response for `Content-Location`).
pub fn render_qualifier(q: &QualifierRef) -> String {
    qualifier_sql(q)
}

#[cfg(test)]
mod snapshots;
