//! The request body (PostgREST's `Payload.getPayload`): JSON (validated unless `columns=` is
//! given), CSV and urlencoded forms turned into JSON, raw bodies for single-parameter RPC.
use std::collections::BTreeSet;

use bytes::Bytes;
use cb_postgrest_syntax::{MediaType, ParsedQuery};
use serde_json::{Map, Value};

use super::{Action, Invoke, Mutation};
use crate::error::ApiError;

#[derive(Debug, Clone, PartialEq)]
pub enum Payload {
    /// A JSON document (object or array), passed to PostgreSQL as text.
    Json(String),
    /// `application/x-www-form-urlencoded` arguments of an RPC call.
    UrlEncoded(Vec<(String, String)>),
    /// The raw body for a function with a single unnamed text/xml/bytea parameter.
    Raw(Bytes),
}

impl Payload {
    pub fn is_json_object(&self) -> bool {
        match self {
            Payload::Json(text) => text
                .trim_start_matches([' ', '\t', '\n', '\r'])
                .starts_with('{'),
            _ => false,
        }
    }
}

pub(super) fn get_payload(
    body: &Bytes,
    content_type: &MediaType,
    query: &ParsedQuery,
    action: &Action,
) -> Result<(Option<Payload>, BTreeSet<String>), ApiError> {
    let is_proc = matches!(action, Action::Routine { .. });
    let should_parse = matches!(
        action,
        Action::RelationMut { mutation, .. } if *mutation != Mutation::Delete
    ) || matches!(
        action,
        Action::Routine {
            invoke: Invoke::Post,
            ..
        }
    );
    if !should_parse {
        return Ok((None, BTreeSet::new()));
    }
    let columns = match action {
        Action::RelationMut {
            mutation: Mutation::Create | Mutation::Update,
            ..
        }
        | Action::Routine {
            invoke: Invoke::Post,
            ..
        } => query.columns.clone(),
        _ => None,
    };
    let invalid = |m: &str| ApiError::InvalidBody(m.to_owned());
    let (payload, keys): (Payload, Option<BTreeSet<String>>) = match content_type {
        MediaType::ApplicationJson => {
            let text = std::str::from_utf8(body).map_err(|_| invalid("Empty or invalid json"))?;
            if columns.is_some() {
                (Payload::Json(text.to_owned()), None)
            } else {
                let value: Value = if text.is_empty() && is_proc {
                    Value::Object(Map::new())
                } else {
                    serde_json::from_str(text).map_err(|_| invalid("Empty or invalid json"))?
                };
                let (raw, keys) = attributes(text, &value)
                    .ok_or_else(|| invalid("All object keys must match"))?;
                (Payload::Json(raw), Some(keys))
            }
        }
        MediaType::TextCsv => {
            let value = csv_to_json(body).map_err(|m| invalid(&m))?;
            let encoded = value.to_string();
            let (raw, keys) = attributes(&encoded, &value)
                .ok_or_else(|| invalid("All lines must have same number of fields"))?;
            (Payload::Json(raw), Some(keys))
        }
        MediaType::UrlEncoded => {
            let params = parse_form(body);
            if is_proc {
                let keys = params.iter().map(|(k, _)| k.clone()).collect();
                (Payload::UrlEncoded(params), Some(keys))
            } else {
                let mut object = Map::new();
                for (k, v) in params {
                    object.insert(k, Value::String(v));
                }
                let keys = object.keys().cloned().collect();
                (Payload::Json(Value::Object(object).to_string()), Some(keys))
            }
        }
        MediaType::TextPlain | MediaType::TextXml | MediaType::OctetStream if is_proc => {
            (Payload::Raw(body.clone()), Some(BTreeSet::new()))
        }
        other => {
            return Err(invalid(&format!(
                "Content-Type not acceptable: {}",
                other.to_mime()
            )));
        }
    };
    let cols = match (keys, columns) {
        (Some(keys), _) => keys,
        (None, Some(columns)) => columns,
        (None, None) => BTreeSet::new(),
    };
    Ok((Some(payload), cols))
}

/// `payloadAttributes`: an array of objects with identical keys, or an object; anything else
/// becomes an empty array.
fn attributes(raw: &str, value: &Value) -> Option<(String, BTreeSet<String>)> {
    match value {
        Value::Array(items) => match items.first() {
            Some(Value::Object(first)) => {
                let keys: BTreeSet<String> = first.keys().cloned().collect();
                let uniform = items.iter().all(|item| match item {
                    Value::Object(o) => o.len() == keys.len() && o.keys().all(|k| keys.contains(k)),
                    _ => false,
                });
                uniform.then(|| (raw.to_owned(), keys))
            }
            Some(_) => None,
            None => Some(("[]".to_owned(), BTreeSet::new())),
        },
        Value::Object(o) => Some((raw.to_owned(), o.keys().cloned().collect())),
        _ => Some(("[]".to_owned(), BTreeSet::new())),
    }
}

fn parse_form(body: &[u8]) -> Vec<(String, String)> {
    let decode = |s: &[u8]| -> String {
        let replaced: Vec<u8> = s
            .iter()
            .map(|&b| if b == b'+' { b' ' } else { b })
            .collect();
        percent_encoding::percent_decode(&replaced)
            .decode_utf8_lossy()
            .into_owned()
    };
    body.split(|&b| b == b'&' || b == b';')
        .filter(|pair| !pair.is_empty())
        .map(|pair| match pair.iter().position(|&b| b == b'=') {
            Some(i) => (decode(&pair[..i]), decode(&pair[i + 1..])),
            None => (decode(pair), String::new()),
        })
        .collect()
}

/// CSV with a header line (RFC 4180 quoting) into an array of objects of strings; `NULL`
/// becomes null.
fn csv_to_json(body: &[u8]) -> Result<Value, String> {
    let text = std::str::from_utf8(body).map_err(|_| "invalid UTF-8 in CSV".to_owned())?;
    let records = parse_csv(text)?;
    let mut iter = records.into_iter();
    let Some(header) = iter.next() else {
        return Ok(Value::Array(Vec::new()));
    };
    let mut rows = Vec::new();
    for record in iter {
        if record.len() != header.len() {
            return Err("All lines must have same number of fields".into());
        }
        let mut object = Map::new();
        for (key, value) in header.iter().zip(record) {
            let v = if value == "NULL" {
                Value::Null
            } else {
                Value::String(value)
            };
            object.insert(key.clone(), v);
        }
        rows.push(Value::Object(object));
    }
    Ok(Value::Array(rows))
}

fn parse_csv(text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut in_quotes = false;
    let mut any = false;
    while let Some(c) = chars.next() {
        any = true;
        if in_quotes {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => in_quotes = false,
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.is_empty() => in_quotes = true,
            ',' => record.push(std::mem::take(&mut field)),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
                any = false;
            }
            _ => field.push(c),
        }
    }
    if in_quotes {
        return Err("parse error (endOfInput)".into());
    }
    if any {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_keys_required() {
        let v: Value = serde_json::from_str(r#"[{"a":1},{"b":2}]"#).unwrap();
        assert!(attributes("", &v).is_none());
        let v: Value = serde_json::from_str(r#"[{"a":1,"b":1},{"b":2,"a":3}]"#).unwrap();
        assert_eq!(
            attributes("x", &v).unwrap().1,
            ["a", "b"].iter().map(|s| s.to_string()).collect()
        );
        assert_eq!(attributes("5", &Value::from(5)).unwrap().0, "[]");
    }

    #[test]
    fn csv_rows() {
        let v = csv_to_json(b"a,b\n1,\"x, \"\"y\"\"\"\n2,NULL\n").unwrap();
        assert_eq!(
            v,
            serde_json::json!([{"a":"1","b":"x, \"y\""},{"a":"2","b":null}])
        );
        assert!(csv_to_json(b"a,b\n1\n").is_err());
    }
}
