//! The `data` of a `postgres_changes` push, as JSON text, from a decoded change: what
//! realtime-js reads (`RT/lib/transformers.ts` casts the rest by column type). Pure.

use std::fmt::Write as _;
use std::sync::Arc;

use super::filter::Event;
use super::pgoutput::{Cell, OldRow};

/// Supabase's `max_record_bytes`: a larger record keeps only its small fields.
pub(crate) const MAX_RECORD_BYTES: usize = 1024 * 1024;
/// The largest field (its JSON text) an oversized record keeps.
pub(crate) const MAX_KEPT_FIELD_BYTES: usize = 64;

/// A column of the changed table, as the stream announced it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ColumnInfo {
    pub name: String,
    /// pg_type.typname (`int4`, `_text`, ...).
    pub typname: Arc<str>,
    /// Part of the replica identity (all columns when it is FULL).
    pub key: bool,
}

/// One change, borrowed from the decoded stream.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shape<'a> {
    pub schema: &'a str,
    pub table: &'a str,
    pub kind: Event,
    /// Microseconds since 2000-01-01 UTC.
    pub commit_time: i64,
    pub columns: &'a [ColumnInfo],
    pub new: Option<&'a [Cell]>,
    pub old: Option<&'a OldRow>,
}

/// Which columns a subscriber gets.
#[derive(Debug, Clone, Copy)]
pub(crate) struct View<'a> {
    /// The columns the role may select (same order as the relation's).
    pub visible: &'a [bool],
    /// When set, `old_record` keeps only these columns: a DELETE on a table with row level
    /// security, whose old row no policy can be asked about any more (Supabase sends its
    /// primary key only).
    pub old_only: Option<&'a [bool]>,
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ` (milliseconds truncated, as Supabase's `to_char(.. MS)`).
pub(crate) fn commit_timestamp(micros_since_2000: i64) -> String {
    // 2000-01-01T00:00:00Z in Unix microseconds.
    const PG_EPOCH_MICROS: i64 = 946_684_800_000_000;
    let unix = micros_since_2000.saturating_add(PG_EPOCH_MICROS);
    match chrono::DateTime::from_timestamp_micros(unix) {
        Some(time) => time.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string(),
        None => "1970-01-01T00:00:00.000Z".to_string(),
    }
}

/// The whole `data` object for a subscriber who sees `view` of the change.
pub(crate) fn data_json(shape: &Shape<'_>, view: View<'_>) -> String {
    let mut out = String::with_capacity(256);
    write_head(&mut out, shape);
    out.push_str(",\"columns\":[");
    let mut first = true;
    for (column, _) in shape
        .columns
        .iter()
        .zip(view.visible)
        .filter(|(_, visible)| **visible)
    {
        if !first {
            out.push(',');
        }
        first = false;
        out.push_str("{\"name\":");
        push_json_string(&mut out, &column.name);
        out.push_str(",\"type\":");
        push_json_string(&mut out, &column.typname);
        out.push('}');
    }
    out.push(']');

    out.push_str(",\"record\":");
    match (shape.kind, shape.new) {
        (Event::Insert | Event::Update, Some(new)) => {
            let fields = shape.columns.iter().zip(new).zip(view.visible);
            let fields =
                fields.filter_map(|((column, cell), visible)| visible.then_some((column, cell)));
            push_record(&mut out, fields);
        }
        _ => out.push_str("{}"),
    }

    out.push_str(",\"old_record\":");
    let keep = |index: usize| {
        view.visible.get(index).copied().unwrap_or(false)
            && view
                .old_only
                .is_none_or(|only| only.get(index).copied().unwrap_or(false))
    };
    let key_cells = |cells: &'_ [Cell]| -> Vec<(usize, Cell)> {
        shape
            .columns
            .iter()
            .zip(cells)
            .enumerate()
            .filter(|(_, (column, _))| column.key)
            .map(|(index, (_, cell))| (index, cell.clone()))
            .collect()
    };
    let old: Vec<(usize, Cell)> = match (shape.kind, shape.old, shape.new) {
        (Event::Insert, _, _) => Vec::new(),
        (_, Some(OldRow::Full(cells)), _) => cells.iter().cloned().enumerate().collect(),
        (_, Some(OldRow::Key(cells)), _) => key_cells(cells),
        // An UPDATE that kept its key: the key is the new row's (wal2json's `identity`).
        (Event::Update, None, Some(new)) => key_cells(new),
        _ => Vec::new(),
    };
    let fields = old
        .iter()
        .filter(|(index, _)| keep(*index))
        .filter_map(|(index, cell)| Some((shape.columns.get(*index)?, cell)));
    push_record(&mut out, fields);

    out.push_str(",\"errors\":null}");
    out
}

/// The `data` Supabase sends instead of the row when it cannot be checked (no primary key, or
/// a primary key the role may not read).
pub(crate) fn error_json(shape: &Shape<'_>, error: &str) -> String {
    let mut out = String::with_capacity(160);
    write_head(&mut out, shape);
    out.push_str(",\"columns\":[],\"record\":{},");
    if shape.kind != Event::Insert {
        out.push_str("\"old_record\":{},");
    }
    out.push_str("\"errors\":[");
    push_json_string(&mut out, error);
    out.push_str("]}");
    out
}

fn write_head(out: &mut String, shape: &Shape<'_>) {
    out.push_str("{\"schema\":");
    push_json_string(out, shape.schema);
    out.push_str(",\"table\":");
    push_json_string(out, shape.table);
    out.push_str(",\"commit_timestamp\":");
    push_json_string(out, &commit_timestamp(shape.commit_time));
    out.push_str(",\"type\":");
    push_json_string(out, shape.kind.as_str());
}

/// A record object; unchanged TOASTed values are left out, and a record over
/// [`MAX_RECORD_BYTES`] keeps only fields of at most [`MAX_KEPT_FIELD_BYTES`].
fn push_record<'a>(out: &mut String, fields: impl Iterator<Item = (&'a ColumnInfo, &'a Cell)>) {
    // (name, JSON text, the value's own size as Supabase measures it)
    let fields: Vec<(&str, String, usize)> = fields
        .filter_map(|(column, cell)| {
            let value = match cell {
                Cell::Unchanged => return None,
                Cell::Null => ("null".to_string(), 0),
                Cell::Text(text) => {
                    let mut value = String::with_capacity(text.len() + 2);
                    push_value(&mut value, &column.typname, text);
                    (value, text.len())
                }
                // Never asked for; shown as PostgreSQL's bytea hex text.
                Cell::Binary(bytes) => {
                    let mut value = String::from("\"\\\\x");
                    for byte in bytes {
                        let _ = write!(value, "{byte:02x}");
                    }
                    value.push('"');
                    (value, 2 + 2 * bytes.len())
                }
            };
            Some((column.name.as_str(), value.0, value.1))
        })
        .collect();
    let total: usize = fields
        .iter()
        .map(|(name, value, _)| name.len() + value.len() + 4)
        .sum();
    let oversized = total > MAX_RECORD_BYTES;
    out.push('{');
    let mut first = true;
    for (name, value, size) in &fields {
        if oversized && *size > MAX_KEPT_FIELD_BYTES {
            continue;
        }
        if !first {
            out.push(',');
        }
        first = false;
        push_json_string(out, name);
        out.push(':');
        out.push_str(value);
    }
    out.push('}');
}

/// One value as Supabase sends it: booleans and numbers as JSON, json/jsonb as the JSON
/// itself, everything else as PostgreSQL's text form in a string (realtime-js casts arrays,
/// timestamps and the rest by the column's type).
pub(crate) fn push_value(out: &mut String, typname: &str, text: &str) {
    match typname {
        "bool" => match text {
            "t" => out.push_str("true"),
            "f" => out.push_str("false"),
            other => push_json_string(out, other),
        },
        // numeric keeps every digit: its text is already a JSON number (no exponent, no
        // leading zeros); NaN and the infinities are not and stay strings.
        "int2" | "int4" | "int8" | "oid" | "float4" | "float8" | "numeric"
            if is_json_number(text) =>
        {
            out.push_str(text);
        }
        "json" | "jsonb" if serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok() => {
            out.push_str(text);
        }
        _ => push_json_string(out, text),
    }
}

/// Whether `text` is a number in JSON's grammar.
pub(crate) fn is_json_number(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < bytes.len() && bytes[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > start
    };
    if bytes.get(i) == Some(&b'-') {
        i += 1;
    }
    match bytes.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == bytes.len()
}

/// A JSON string literal, escaped by serde_json (the one JSON writer here).
pub(crate) fn push_json_string(out: &mut String, text: &str) {
    out.push_str(&serde_json::Value::from(text).to_string());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(typname: &str, text: &str) -> String {
        let mut out = String::new();
        push_value(&mut out, typname, text);
        out
    }

    fn column(name: &str, typname: &str, key: bool) -> ColumnInfo {
        ColumnInfo {
            name: name.into(),
            typname: typname.into(),
            key,
        }
    }

    fn text(s: &str) -> Cell {
        Cell::Text(s.into())
    }

    #[test]
    fn values_become_json_as_supabase_sends_them() {
        let cases = [
            ("bool", "t"),
            ("bool", "f"),
            ("int2", "-7"),
            ("int4", "42"),
            ("int8", "9007199254740993"),
            ("oid", "16384"),
            ("float4", "1.5"),
            ("float8", "1e+20"),
            ("float8", "-1.5e-07"),
            ("float8", "NaN"),
            ("float8", "-Infinity"),
            ("numeric", "12345678901234567890.123456789"),
            ("numeric", "NaN"),
            ("json", "{\"a\": [1, 2]}"),
            ("jsonb", "[{\"b\": null}]"),
            ("jsonb", "not json"),
            ("text", "line \"one\"\nline\ttwo\u{1}"),
            ("uuid", "7c9e6679-7425-40de-944b-e07fc1f90ae7"),
            ("timestamptz", "2026-01-02 03:04:05.678+00"),
            ("_text", "{a,\"b c\"}"),
            ("_int4", "{1,2,3}"),
            ("int4range", "[1,5)"),
        ];
        let rendered: Vec<String> = cases
            .iter()
            .map(|(typname, text)| format!("{typname} {text:?} -> {}", value(typname, text)))
            .collect();
        insta::assert_debug_snapshot!(rendered);
        for line in &rendered {
            let json = line.split(" -> ").nth(1).unwrap();
            serde_json::from_str::<serde_json::Value>(json).expect("valid JSON");
        }
    }

    #[test]
    fn json_numbers() {
        for ok in ["0", "-0", "1", "10.25", "1e5", "1E+5", "-1.5e-7"] {
            assert!(is_json_number(ok), "{ok}");
        }
        for bad in [
            "", "-", "01", ".5", "5.", "1e", "+1", "NaN", "Infinity", "1 ", "0x10",
        ] {
            assert!(!is_json_number(bad), "{bad}");
        }
    }

    #[test]
    fn commit_timestamps_are_utc_milliseconds() {
        assert_eq!(commit_timestamp(0), "2000-01-01T00:00:00.000Z");
        assert_eq!(
            commit_timestamp(820_000_000_123_999),
            "2025-12-25T17:46:40.123Z"
        );
        assert_eq!(commit_timestamp(-1), "1999-12-31T23:59:59.999Z");
    }

    fn pretty(json: &str) -> serde_json::Value {
        serde_json::from_str(json).expect("valid JSON")
    }

    #[test]
    fn inserts_updates_and_deletes() {
        let columns = [
            column("id", "int4", true),
            column("title", "text", false),
            column("body", "text", false),
            column("published", "bool", false),
        ];
        let all = [true; 4];
        let new = [text("1"), text("Hello"), Cell::Unchanged, text("t")];
        let shape = |kind, new, old| Shape {
            schema: "public",
            table: "posts",
            kind,
            commit_time: 820_000_000_000_000,
            columns: &columns,
            new,
            old,
        };
        let view = View {
            visible: &all,
            old_only: None,
        };
        let full_old = OldRow::Full(vec![text("1"), text("Old"), text("body"), text("f")]);
        let key_old = OldRow::Key(vec![text("1"), Cell::Null, Cell::Null, Cell::Null]);
        let no_title = [true, false, true, true];
        let pk_only = [true, false, false, false];
        let all_cases = serde_json::json!({
            "insert": pretty(&data_json(&shape(Event::Insert, Some(&new), None), view)),
            "update_default_identity": pretty(&data_json(&shape(Event::Update, Some(&new), None), view)),
            "update_full_identity": pretty(&data_json(&shape(Event::Update, Some(&new), Some(&full_old)), view)),
            "delete_by_key": pretty(&data_json(&shape(Event::Delete, None, Some(&key_old)), view)),
            "delete_full_without_title_privilege": pretty(&data_json(
                &shape(Event::Delete, None, Some(&full_old)),
                View { visible: &no_title, old_only: None })),
            "delete_on_rls_table": pretty(&data_json(
                &shape(Event::Delete, None, Some(&full_old)),
                View { visible: &all, old_only: Some(&pk_only) })),
            "no_primary_key": pretty(&error_json(
                &shape(Event::Insert, Some(&new), None), "Error 400: Bad Request, no primary key")),
        });
        insta::assert_snapshot!(serde_json::to_string_pretty(&all_cases).unwrap());
    }

    #[test]
    fn oversized_records_keep_only_small_fields() {
        let columns = [
            column("id", "int8", true),
            column("big", "text", false),
            column("medium", "text", false),
        ];
        let big = "x".repeat(MAX_RECORD_BYTES);
        let medium = "y".repeat(MAX_KEPT_FIELD_BYTES);
        let new = [text("7"), text(&big), text(&medium)];
        let all = [true; 3];
        let data = data_json(
            &Shape {
                schema: "public",
                table: "files",
                kind: Event::Insert,
                commit_time: 0,
                columns: &columns,
                new: Some(&new),
                old: None,
            },
            View {
                visible: &all,
                old_only: None,
            },
        );
        let data = pretty(&data);
        let record = data["record"].as_object().unwrap();
        assert_eq!(record.len(), 2, "{record:?}");
        assert_eq!(record["id"], 7);
        assert_eq!(record["medium"], medium.as_str());
        // The columns still say what the table has.
        assert_eq!(data["columns"].as_array().unwrap().len(), 3);
    }
}
