//! The OpenAPI (Swagger 2.0) description PostgREST serves at the schema root: a definition,
//! row filters and a path per relation the caller may use, a path per callable function, in
//! PostgREST's `follow-privileges` mode (what the caller's role can reach).
use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use crate::schema_cache::{
    Cardinality, Column, Routine, RoutineParam, SchemaCache, Table, Volatility,
};

/// What the caller's role may see, read in its transaction.
pub(crate) struct Visible {
    pub tables: BTreeSet<String>,
    pub routines: BTreeSet<String>,
    pub description: Option<String>,
}

pub(crate) const VISIBLE_SQL: &str = "select
  (select coalesce(json_agg(c.relname), '[]') from pg_class c
    where c.relkind in ('v','r','m','f','p') and c.relnamespace = $1::regnamespace and not c.relispartition
      and (pg_has_role(c.relowner, 'USAGE')
           or has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
           or has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES')))::text,
  (select coalesce(json_agg(distinct p.proname), '[]') from pg_proc p
    where p.pronamespace = $1::regnamespace and p.prokind = 'f' and has_function_privilege(p.oid, 'execute'))::text,
  pg_catalog.obj_description($1::regnamespace, 'pg_namespace')";

fn swagger_type(t: &str) -> Option<&'static str> {
    match t {
        "character varying" | "character" | "text" => Some("string"),
        "boolean" => Some("boolean"),
        "smallint" | "integer" | "bigint" => Some("integer"),
        "numeric" | "real" | "double precision" => Some("number"),
        "json" | "jsonb" => None,
        other if other.ends_with("[]") => Some("array"),
        _ => Some("string"),
    }
}

fn swagger_format(t: &str) -> String {
    match t {
        "smallint" | "integer" => "int32".into(),
        "bigint" => "int64".into(),
        other => other.into(),
    }
}

fn parse_default(col_type: &str, default: &str) -> Option<Value> {
    let text = if swagger_type(col_type) == Some("string") {
        let stripped = default
            .strip_suffix(&format!("::{col_type}"))
            .map_or(default, |d| d.trim_matches('\''));
        format!("\"{stripped}\"")
    } else {
        default.to_owned()
    };
    serde_json::from_str(&text).ok()
}

fn property(table: &Table, cache: &SchemaCache, col: &Column) -> Value {
    let mut s = Map::new();
    if let Some(d) = col
        .default
        .as_deref()
        .and_then(|d| parse_default(&col.data_type, d))
    {
        s.insert("default".into(), d);
    }
    let fk = cache.relationships.get(&table.qi).and_then(|rels| {
        let mut rels: Vec<_> = rels.iter().collect();
        rels.sort_by_key(|r| r.foreign_table_is_view);
        rels.into_iter().find_map(|r| match &r.cardinality {
            Cardinality::M2O { columns, .. }
            | Cardinality::O2O {
                columns,
                is_parent: false,
                ..
            } if columns.len() == 1 && columns[0].0 == col.name => {
                Some((r.foreign_table.name.clone(), columns[0].1.clone()))
            }
            _ => None,
        })
    });
    let mut notes = vec!["Note:".to_owned()];
    if table.pk.contains(&col.name) {
        notes.push("This is a Primary Key.<pk/>".into());
    }
    if let Some((t, c)) = fk {
        notes.push(format!(
            "This is a Foreign Key to `{t}.{c}`.<fk table='{t}' column='{c}'/>"
        ));
    }
    let description = if notes.len() > 1 {
        Some(format!(
            "{}{}",
            col.description
                .as_deref()
                .map(|d| format!("{d}\n\n"))
                .unwrap_or_default(),
            notes.join("\n")
        ))
    } else {
        col.description.clone()
    };
    if let Some(d) = description {
        s.insert("description".into(), Value::String(d));
    }
    if !col.enum_values.is_empty() {
        s.insert("enum".into(), json!(col.enum_values));
    }
    s.insert(
        "format".into(),
        Value::String(swagger_format(&col.data_type)),
    );
    if let Some(max) = col.max_length {
        s.insert("maxLength".into(), json!(max));
    }
    if let Some(t) = swagger_type(&col.data_type) {
        s.insert("type".into(), json!(t));
        if t == "array" {
            let inner = col.data_type.trim_end_matches("[]");
            if let Some(it) = swagger_type(inner) {
                s.insert("items".into(), json!({"type": it}));
            }
        }
    }
    Value::Object(s)
}

fn table_definition(table: &Table, cache: &SchemaCache) -> Value {
    let mut def = Map::new();
    if let Some(d) = &table.description {
        def.insert("description".into(), json!(d));
    }
    let properties: Map<String, Value> = table
        .columns
        .iter()
        .map(|c| (c.name.clone(), property(table, cache, c)))
        .collect();
    def.insert("properties".into(), Value::Object(properties));
    let required: Vec<&str> = table
        .columns
        .iter()
        .filter(|c| !c.nullable)
        .map(|c| c.name.as_str())
        .collect();
    if !required.is_empty() {
        def.insert("required".into(), json!(required));
    }
    def.insert("type".into(), json!("object"));
    Value::Object(def)
}

fn param_ref(name: &str) -> Value {
    json!({"$ref": format!("#/parameters/{name}")})
}

fn split_description(d: Option<&str>) -> (Option<String>, Option<String>) {
    match d {
        None => (None, None),
        Some(d) => match d.split_once('\n') {
            Some((summary, rest)) => {
                let rest = rest.trim_start_matches('\n');
                (
                    Some(summary.to_owned()),
                    (!rest.is_empty()).then(|| rest.to_owned()),
                )
            }
            None => (Some(d.to_owned()), None),
        },
    }
}

fn operation(tags: Value, description: Option<&str>) -> Map<String, Value> {
    let mut op = Map::new();
    op.insert("tags".into(), tags);
    let (summary, desc) = split_description(description);
    if let Some(s) = summary {
        op.insert("summary".into(), json!(s));
    }
    if let Some(d) = desc {
        op.insert("description".into(), json!(d));
    }
    op
}

fn table_path(table: &Table) -> Value {
    let tn = &table.qi.name;
    let filters: Vec<Value> = table
        .columns
        .iter()
        .map(|c| param_ref(&format!("rowFilter.{tn}.{}", c.name)))
        .collect();
    let with = |extra: &[&str]| -> Value {
        let mut v = filters.clone();
        v.extend(extra.iter().map(|p| param_ref(p)));
        Value::Array(v)
    };
    let tags = json!([tn]);
    let mut get = operation(tags.clone(), table.description.as_deref());
    get.insert(
        "parameters".into(),
        with(&[
            "select",
            "order",
            "range",
            "rangeUnit",
            "offset",
            "limit",
            "preferCount",
        ]),
    );
    get.insert(
        "responses".into(),
        json!({"200": {"description": "OK", "schema": {"type": "array", "items": {"$ref": format!("#/definitions/{tn}")}}}, "206": {"description": "Partial Content"}}),
    );
    let mut item = Map::new();
    item.insert("get".into(), Value::Object(get));
    if table.insertable || table.updatable || table.deletable {
        let body = format!("body.{tn}");
        let mut post = operation(tags.clone(), table.description.as_deref());
        post.insert(
            "parameters".into(),
            json!([
                param_ref(&body),
                param_ref("select"),
                param_ref("preferPost")
            ]),
        );
        post.insert(
            "responses".into(),
            json!({"201": {"description": "Created"}}),
        );
        let mut patch = operation(tags.clone(), table.description.as_deref());
        patch.insert("parameters".into(), with(&[&body, "preferReturn"]));
        patch.insert(
            "responses".into(),
            json!({"204": {"description": "No Content"}}),
        );
        let mut delete = operation(tags, table.description.as_deref());
        delete.insert("parameters".into(), with(&["preferReturn"]));
        delete.insert(
            "responses".into(),
            json!({"204": {"description": "No Content"}}),
        );
        item.insert("post".into(), Value::Object(post));
        item.insert("patch".into(), Value::Object(patch));
        item.insert("delete".into(), Value::Object(delete));
    }
    Value::Object(item)
}

fn proc_param_schema(p: &RoutineParam) -> Value {
    let mut s = Map::new();
    if let Some(t) = swagger_type(&p.type_name) {
        s.insert("type".into(), json!(t));
        if t == "array"
            && let Some(it) = swagger_type(p.type_name.trim_end_matches("[]"))
        {
            s.insert("items".into(), json!({"type": it}));
        }
    }
    s.insert("format".into(), json!(swagger_format(&p.type_name)));
    Value::Object(s)
}

fn routine_path(r: &Routine) -> Value {
    let tags = json!([format!("(rpc) {}", r.name)]);
    let produces = json!([
        "application/json",
        "application/vnd.pgrst.object+json;nulls=stripped",
        "application/vnd.pgrst.object+json"
    ]);
    let mut base = operation(tags, r.description.as_deref());
    base.insert("produces".into(), produces);
    base.insert("responses".into(), json!({"200": {"description": "OK"}}));
    let properties: Map<String, Value> = r
        .params
        .iter()
        .map(|p| (p.name.clone(), proc_param_schema(p)))
        .collect();
    let mut schema = Map::new();
    if let Some(d) = &r.description {
        schema.insert("description".into(), json!(d));
    }
    schema.insert("properties".into(), Value::Object(properties));
    let required: Vec<&str> = r
        .params
        .iter()
        .filter(|p| p.required)
        .map(|p| p.name.as_str())
        .collect();
    if !required.is_empty() {
        schema.insert("required".into(), json!(required));
    }
    schema.insert("type".into(), json!("object"));
    let mut post = base.clone();
    post.insert(
        "parameters".into(),
        json!([{"in": "body", "name": "args", "required": true, "schema": Value::Object(schema)}, param_ref("preferParams")]),
    );
    let mut item = Map::new();
    if r.volatility != Volatility::Volatile {
        let params: Vec<Value> = r
            .params
            .iter()
            .map(|p| {
                let ty = swagger_type(&p.type_name);
                if p.variadic {
                    json!({"in": "query", "name": p.name, "required": p.required, "type": ty.unwrap_or("string"),
                           "collectionFormat": "multi",
                           "items": {"type": swagger_type(p.type_name.trim_end_matches("[]")), "format": swagger_format(p.type_name.trim_end_matches("[]"))}})
                } else {
                    let ty = match ty {
                        Some("array") | None => "string",
                        Some(t) => t,
                    };
                    json!({"in": "query", "name": p.name, "required": p.required, "type": ty, "format": swagger_format(&p.type_name)})
                }
            })
            .collect();
        let mut get = base;
        get.insert("parameters".into(), Value::Array(params));
        item.insert("get".into(), Value::Object(get));
    }
    item.insert("post".into(), Value::Object(post));
    Value::Object(item)
}

fn prefer(values: &[&str]) -> Value {
    let mut p = json!({"name": "Prefer", "description": "Preference", "required": false, "in": "header", "type": "string"});
    if !values.is_empty() {
        p["enum"] = json!(values);
    }
    p
}

fn query_param(name: &str, description: &str) -> Value {
    json!({"name": name, "description": description, "required": false, "in": "query", "type": "string"})
}

/// The Swagger document for `schema`, as `host` sees it.
pub(crate) fn document(
    cache: &SchemaCache,
    schema: &str,
    visible: &Visible,
    host: &str,
    scheme: &str,
) -> Value {
    let mut tables: Vec<&Table> = cache
        .relations_in(schema)
        .filter(|t| visible.tables.contains(&t.qi.name))
        .collect();
    tables.sort_by(|a, b| a.qi.name.cmp(&b.qi.name));
    let mut routines: Vec<&Routine> = cache
        .routines
        .iter()
        .filter(|(qi, _)| qi.schema == schema && visible.routines.contains(&qi.name))
        .flat_map(|(_, rs)| rs.iter())
        .collect();
    routines.sort_by(|a, b| a.name.cmp(&b.name));

    let mut parameters = Map::new();
    parameters.insert("preferParams".into(), prefer(&[]));
    parameters.insert(
        "preferReturn".into(),
        prefer(&["return=representation", "return=minimal", "return=none"]),
    );
    parameters.insert("preferCount".into(), prefer(&["count=none"]));
    parameters.insert(
        "preferPost".into(),
        prefer(&[
            "return=representation",
            "return=minimal",
            "return=none",
            "resolution=ignore-duplicates",
            "resolution=merge-duplicates",
        ]),
    );
    parameters.insert("select".into(), query_param("select", "Filtering Columns"));
    parameters.insert(
        "on_conflict".into(),
        query_param("on_conflict", "On Conflict"),
    );
    parameters.insert("order".into(), query_param("order", "Ordering"));
    parameters.insert(
        "range".into(),
        json!({"name": "Range", "description": "Limiting and Pagination", "required": false, "in": "header", "type": "string"}),
    );
    parameters.insert(
        "rangeUnit".into(),
        json!({"name": "Range-Unit", "description": "Limiting and Pagination", "required": false, "in": "header", "type": "string", "default": "items"}),
    );
    parameters.insert(
        "offset".into(),
        query_param("offset", "Limiting and Pagination"),
    );
    parameters.insert(
        "limit".into(),
        query_param("limit", "Limiting and Pagination"),
    );
    let mut definitions = Map::new();
    let mut paths = Map::new();
    paths.insert(
        "/".into(),
        json!({"get": {"tags": ["Introspection"], "summary": "OpenAPI description (this document)",
                        "produces": ["application/openapi+json", "application/json"],
                        "responses": {"200": {"description": "OK"}}}}),
    );
    for table in &tables {
        let tn = &table.qi.name;
        definitions.insert(tn.clone(), table_definition(table, cache));
        parameters.insert(
            format!("body.{tn}"),
            json!({"name": tn, "description": tn, "required": false, "in": "body", "schema": {"$ref": format!("#/definitions/{tn}")}}),
        );
        for col in &table.columns {
            let mut p =
                json!({"name": col.name, "required": false, "in": "query", "type": "string"});
            if let Some(d) = &col.description {
                p["description"] = json!(d);
            }
            parameters.insert(format!("rowFilter.{tn}.{}", col.name), p);
        }
        paths.insert(format!("/{tn}"), table_path(table));
    }
    for r in &routines {
        paths.insert(format!("/rpc/{}", r.name), routine_path(r));
    }
    let (title, description) = split_description(visible.description.as_deref());
    let media = json!([
        "application/json",
        "application/vnd.pgrst.object+json;nulls=stripped",
        "application/vnd.pgrst.object+json",
        "text/csv"
    ]);
    json!({
        "swagger": "2.0",
        "info": {
            "description": description.unwrap_or_else(|| "This is a dynamic API generated by PostgREST".into()),
            "title": title.unwrap_or_else(|| "PostgREST API".into()),
            "version": "14.17 (ClaimBridge)"
        },
        "host": host,
        "basePath": "/",
        "schemes": [scheme],
        "consumes": media,
        "produces": media,
        "paths": Value::Object(paths),
        "definitions": Value::Object(definitions),
        "parameters": Value::Object(parameters),
        "externalDocs": {"description": "PostgREST Documentation", "url": "https://postgrest.org/en/v14/references/api.html"}
    })
}
