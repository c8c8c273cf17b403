//! TypeScript types of the exposed schemas, in the shape `supabase gen types typescript` prints
//! (`Database[schema]` with `Tables`, `Views`, `Functions`, `Enums`, `CompositeTypes`, and the
//! `Tables<>`, `TablesInsert<>`, `TablesUpdate<>`, `Enums<>` helpers), so
//! `createClient<Database>()` types every query. Read from the schema cache: what /rest/v1
//! serves is what the types say.
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

mod helpers;

use helpers::{helpers, key, string};

use crate::schema_cache::{Cardinality, Column, ReturnKind, Routine, SchemaCache, Table};

/// The PostgREST version the types are for (postgrest-js picks spread and embed typing by it).
const POSTGREST_VERSION: &str = "14.1";

/// The types of `schemas` (every exposed schema when empty), in the order given.
pub fn typescript(cache: &SchemaCache, schemas: &[String]) -> String {
    let schemas: Vec<&str> = if schemas.is_empty() {
        cache.schemas.iter().map(String::as_str).collect()
    } else {
        schemas.iter().map(String::as_str).collect()
    };
    let enums = enums_of(cache);
    let mut out = String::new();
    out.push_str(
        "export type Json =\n  | string\n  | number\n  | boolean\n  | null\n  | { [key: string]: Json | undefined }\n  | Json[]\n\n",
    );
    out.push_str("export type Database = {\n");
    out.push_str(
        "  // Allows to automatically instantiate createClient with right options\n  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)\n",
    );
    let _ = writeln!(
        out,
        "  __InternalSupabase: {{\n    PostgrestVersion: \"{POSTGREST_VERSION}\"\n  }}"
    );
    let mut sorted = schemas.clone();
    sorted.sort_unstable();
    sorted.dedup();
    for schema in &sorted {
        let types = Types {
            cache,
            enums: &enums,
        };
        let _ = writeln!(out, "  {}: {{", key(schema));
        types.tables(&mut out, schema, false);
        types.tables(&mut out, schema, true);
        types.functions(&mut out, schema);
        types.enums(&mut out, schema);
        out.push_str("    CompositeTypes: {\n      [_ in never]: never\n    }\n");
        out.push_str("  }\n");
    }
    out.push_str("}\n");
    out.push_str(&helpers(
        schemas.first().copied().unwrap_or("public"),
        &sorted,
        &enums,
    ));
    out
}

/// Enum types by (schema, name), with their labels, from every column that uses one.
fn enums_of(cache: &SchemaCache) -> BTreeMap<(String, String), Vec<String>> {
    let mut enums = BTreeMap::new();
    let columns = cache
        .tables
        .values()
        .flat_map(|table| table.columns.iter())
        .chain(
            cache
                .routines
                .values()
                .flatten()
                .flat_map(|routine| match &routine.returns {
                    ReturnKind::Composite { columns, .. } => columns.as_slice(),
                    ReturnKind::Scalar(_) => &[],
                }),
        );
    for column in columns {
        if column.enum_values.is_empty() {
            continue;
        }
        if let Some((schema, name)) = qualified(column.cast_type.trim_end_matches("[]")) {
            enums
                .entry((schema, name))
                .or_insert_with(|| column.enum_values.clone());
        }
    }
    enums
}

/// `schema.name` (quotes removed); None for unqualified names (pg_catalog's).
fn qualified(type_name: &str) -> Option<(String, String)> {
    let (schema, name) = type_name.split_once('.')?;
    Some((
        schema.trim_matches('"').into(),
        name.trim_matches('"').into(),
    ))
}

struct Types<'a> {
    cache: &'a SchemaCache,
    enums: &'a BTreeMap<(String, String), Vec<String>>,
}

impl Types<'_> {
    fn tables(&self, out: &mut String, schema: &str, views: bool) {
        let mut tables: Vec<&Table> = self
            .cache
            .relations_in(schema)
            .filter(|table| table.is_view == views)
            .collect();
        tables.sort_by(|a, b| a.qi.name.cmp(&b.qi.name));
        out.push_str(if views {
            "    Views: {\n"
        } else {
            "    Tables: {\n"
        });
        if tables.is_empty() {
            out.push_str("      [_ in never]: never\n");
        }
        for table in tables {
            let _ = writeln!(out, "      {}: {{", key(&table.qi.name));
            let mut columns: Vec<&Column> = table.columns.iter().collect();
            columns.sort_by(|a, b| a.name.cmp(&b.name));
            self.row_shape(out, "Row", &columns, |_| false);
            let writable = !views || table.insertable || table.updatable;
            if writable {
                self.row_shape(out, "Insert", &columns, |column| {
                    views || column.nullable || column.default.is_some()
                });
                self.row_shape(out, "Update", &columns, |_| true);
            }
            self.relationships(out, table);
            out.push_str("      }\n");
        }
        out.push_str("    }\n");
    }

    /// A relation's `Row`, `Insert` or `Update` type: a line per column, `?` after the optional
    /// ones.
    fn row_shape(
        &self,
        out: &mut String,
        name: &str,
        columns: &[&Column],
        optional: impl Fn(&Column) -> bool,
    ) {
        let _ = writeln!(out, "        {name}: {{");
        for column in columns {
            let _ = writeln!(
                out,
                "          {}{}: {}",
                key(&column.name),
                if optional(column) { "?" } else { "" },
                self.column(column)
            );
        }
        out.push_str("        }\n");
    }

    /// The foreign keys this relation holds (also through views), as postgrest-js reads them.
    fn relationships(&self, out: &mut String, table: &Table) {
        let mut lines = BTreeSet::new();
        for relationship in self
            .cache
            .relationships
            .get(&table.qi)
            .into_iter()
            .flatten()
        {
            let (constraint, columns, one_to_one) = match &relationship.cardinality {
                Cardinality::M2O {
                    constraint,
                    columns,
                } => (constraint, columns, false),
                Cardinality::O2O {
                    constraint,
                    columns,
                    is_parent: false,
                } => (constraint, columns, true),
                _ => continue,
            };
            let list = |pick: fn(&(String, String)) -> &String| {
                columns
                    .iter()
                    .map(|pair| string(pick(pair)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            lines.insert((
                constraint.clone(),
                relationship.foreign_table.name.clone(),
                format!(
                    "          {{\n            foreignKeyName: {}\n            columns: [{}]\n            isOneToOne: {one_to_one}\n            referencedRelation: {}\n            referencedColumns: [{}]\n          }}",
                    string(constraint),
                    list(|pair| &pair.0),
                    string(&relationship.foreign_table.name),
                    list(|pair| &pair.1),
                ),
            ));
        }
        if lines.is_empty() {
            out.push_str("        Relationships: []\n");
            return;
        }
        out.push_str("        Relationships: [\n");
        let entries: Vec<String> = lines.into_iter().map(|(_, _, text)| text).collect();
        out.push_str(&entries.join(",\n"));
        out.push_str("\n        ]\n");
    }

    fn functions(&self, out: &mut String, schema: &str) {
        let mut names: Vec<(&String, &Vec<Routine>)> = self
            .cache
            .routines
            .iter()
            .filter(|(qi, _)| qi.schema == schema)
            .map(|(qi, routines)| (&qi.name, routines))
            .collect();
        names.sort_by(|a, b| a.0.cmp(b.0));
        out.push_str("    Functions: {\n");
        if names.is_empty() {
            out.push_str("      [_ in never]: never\n");
        }
        for (name, overloads) in names {
            let _ = writeln!(out, "      {}:", key(name));
            let variants: Vec<String> = overloads
                .iter()
                .map(|routine| self.function(routine))
                .collect();
            if variants.len() == 1 {
                let _ = writeln!(out, "        {}", variants[0]);
            } else {
                for variant in variants {
                    let _ = writeln!(out, "        | {variant}");
                }
            }
        }
        out.push_str("    }\n");
    }

    fn function(&self, routine: &Routine) -> String {
        let named: Vec<_> = routine
            .params
            .iter()
            .filter(|p| !p.name.is_empty())
            .collect();
        let args = if named.is_empty() {
            "never".to_string()
        } else {
            let fields: Vec<String> = named
                .iter()
                .map(|param| {
                    format!(
                        "{}{}: {}",
                        key(&param.name),
                        if param.required { "" } else { "?" },
                        self.type_name(&param.type_name)
                    )
                })
                .collect();
            format!("{{ {} }}", fields.join("; "))
        };
        let one = match &routine.returns {
            ReturnKind::Scalar(type_name) => self.type_name(type_name),
            ReturnKind::Composite { qi, columns } => match self.cache.tables.get(qi) {
                // A relation's row type: its Row, as the CLI refers to it.
                Some(table) if self.cache.schemas.contains(&qi.schema) => format!(
                    "Database[{}][{}][{}][\"Row\"]",
                    string(&qi.schema),
                    string(if table.is_view { "Views" } else { "Tables" }),
                    string(&qi.name)
                ),
                _ => {
                    let mut fields: Vec<&Column> = columns.iter().collect();
                    fields.sort_by(|a, b| a.name.cmp(&b.name));
                    let fields: Vec<String> = fields
                        .iter()
                        .map(|column| format!("{}: {}", key(&column.name), self.column(column)))
                        .collect();
                    if fields.is_empty() {
                        "Record<string, unknown>".to_string()
                    } else {
                        format!("{{ {} }}", fields.join("; "))
                    }
                }
            },
        };
        let returns = if routine.returns_set {
            format!("({one})[]")
        } else {
            one
        };
        format!("{{ Args: {args}; Returns: {returns} }}")
    }

    fn enums(&self, out: &mut String, schema: &str) {
        out.push_str("    Enums: {\n");
        let mut any = false;
        for ((enum_schema, name), labels) in self.enums {
            if enum_schema != schema {
                continue;
            }
            any = true;
            let labels: Vec<String> = labels.iter().map(|label| string(label)).collect();
            let _ = writeln!(out, "      {}: {}", key(name), labels.join(" | "));
        }
        if !any {
            out.push_str("      [_ in never]: never\n");
        }
        out.push_str("    }\n");
    }

    /// A column's type, `| null` when it may be null. A domain is typed as its base type, or as
    /// `Json` when a `domain -> json` representation formats it.
    fn column(&self, column: &Column) -> String {
        let base = if self
            .cache
            .representation(&column.cast_type, "json")
            .is_some()
        {
            "Json".to_owned()
        } else {
            match self.type_name(&column.cast_type) {
                unknown if unknown == "unknown" && !column.base_type.is_empty() => {
                    self.type_name(&column.base_type)
                }
                known => known,
            }
        };
        if column.nullable {
            format!("{base} | null")
        } else {
            base
        }
    }

    /// A PostgreSQL type (cast-ready name) as TypeScript, the mapping `supabase gen types`
    /// uses.
    fn type_name(&self, type_name: &str) -> String {
        if let Some(element) = type_name.strip_suffix("[]") {
            let inner = self.type_name(element);
            return if inner.contains(' ') {
                format!("({inner})[]")
            } else {
                format!("{inner}[]")
            };
        }
        if let Some((schema, name)) = qualified(type_name) {
            if self.enums.contains_key(&(schema.clone(), name.clone())) {
                return format!(
                    "Database[{}][\"Enums\"][{}]",
                    string(&schema),
                    string(&name)
                );
            }
            return "unknown".into();
        }
        let bare = type_name.split('(').next().unwrap_or(type_name).trim();
        match bare {
            "boolean" | "bool" => "boolean",
            "smallint" | "integer" | "bigint" | "int2" | "int4" | "int8" | "real"
            | "double precision" | "float4" | "float8" | "numeric" | "oid" => "number",
            "json" | "jsonb" => "Json",
            "void" => "undefined",
            "record" => "Record<string, unknown>",
            "text"
            | "character varying"
            | "varchar"
            | "character"
            | "bpchar"
            | "char"
            | "\"char\""
            | "name"
            | "uuid"
            | "date"
            | "time without time zone"
            | "time with time zone"
            | "timestamp without time zone"
            | "timestamp with time zone"
            | "time"
            | "timetz"
            | "timestamp"
            | "timestamptz"
            | "interval"
            | "inet"
            | "cidr"
            | "macaddr"
            | "macaddr8"
            | "money"
            | "bytea"
            | "citext"
            | "tsvector"
            | "tsquery"
            | "bit"
            | "bit varying"
            | "xml" => "string",
            _ => "unknown",
        }
        .to_string()
    }
}
