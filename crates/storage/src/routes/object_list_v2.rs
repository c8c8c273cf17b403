//! `POST /object/list-v2/{bucket}`: cursor-paginated listing under `prefix` (full names),
//! optionally grouped at `/` into folders, under the caller's policies. The statement is
//! `db::list_keys`; this route reads the body and the cursor and shapes the answer.
use axum::Json;
use axum::extract::State;
use base64::Engine as _;
use chrono::{DateTime, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::Shared;
use super::object_list::SortBy;
use crate::db::{self, KeyEntry, KeyPage, SortColumn};
use crate::error::StorageError;
use crate::request::{BucketPath, CallerJson};

const DEFAULT_LIMIT: i64 = 100;
const MAX_LIMIT: i64 = 1000;

#[derive(Debug, Deserialize)]
pub(super) struct ListBody {
    #[serde(default)]
    prefix: Option<String>,
    #[serde(default)]
    limit: Option<i64>,
    #[serde(default)]
    cursor: Option<String>,
    #[serde(default)]
    with_delimiter: Option<bool>,
    #[serde(default, rename = "sortBy")]
    sort_by: Option<SortBy>,
}

/// The opaque cursor: where the previous page stopped.
#[derive(Debug, Serialize, Deserialize)]
struct Cursor {
    #[serde(rename = "startAfter")]
    start_after: String,
    #[serde(rename = "sortColumn", default)]
    sort_column: Option<String>,
    #[serde(rename = "sortOrder", default)]
    sort_order: Option<String>,
    #[serde(rename = "sortColumnAfter", default)]
    sort_column_after: Option<String>,
}

fn bad(message: &str) -> StorageError {
    StorageError::BadRequest(message.into())
}

fn decode_cursor(text: &str) -> Result<Cursor, StorageError> {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text)
        .or_else(|_| base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(text))
        .map_err(|_| bad("Invalid cursor"))?;
    serde_json::from_slice(&bytes).map_err(|_| bad("Invalid cursor"))
}

/// The sort: the cursor's (a page goes on as the first one began), else the body's.
fn sort(body: &ListBody, cursor: Option<&Cursor>) -> Result<(SortColumn, String), StorageError> {
    let column = cursor
        .and_then(|c| c.sort_column.clone())
        .or_else(|| body.sort_by.as_ref().map(|s| s.column.clone()))
        .unwrap_or_else(|| "name".into());
    let column = match column.as_str() {
        "name" => SortColumn::Name,
        "updated_at" => SortColumn::UpdatedAt,
        "created_at" => SortColumn::CreatedAt,
        _ => {
            return Err(bad(
                "body/sortBy/column must be equal to one of the allowed values",
            ));
        }
    };
    let order = cursor
        .and_then(|c| c.sort_order.clone())
        .or_else(|| body.sort_by.as_ref().and_then(|s| s.order.clone()))
        .unwrap_or_else(|| "asc".into())
        .to_ascii_lowercase();
    if order != "asc" && order != "desc" {
        return Err(bad(
            "body/sortBy/order must be equal to one of the allowed values",
        ));
    }
    Ok((column, order))
}

pub(super) async fn handler(
    State(state): State<Shared>,
    BucketPath(bucket): BucketPath,
    CallerJson { identity, body }: CallerJson<ListBody>,
) -> Result<Json<Value>, StorageError> {
    let limit = body.limit.unwrap_or(DEFAULT_LIMIT);
    if limit < 1 {
        return Err(bad("body/limit must be >= 1"));
    }
    let limit = limit.min(MAX_LIMIT);
    let cursor = body
        .cursor
        .as_deref()
        .filter(|c| !c.is_empty())
        .map(decode_cursor)
        .transpose()?;
    let (column, order) = sort(&body, cursor.as_ref())?;
    let prefix = body.prefix.unwrap_or_default();
    let delimited = body.with_delimiter.unwrap_or(false);
    let page = KeyPage {
        bucket: &bucket,
        prefix: &prefix,
        delimited,
        sort: column,
        descending: order == "desc",
        after_key: cursor.as_ref().map(|c| c.start_after.clone()),
        after_value: cursor
            .as_ref()
            .and_then(|c| c.sort_column_after.as_deref())
            .and_then(|text| DateTime::parse_from_rfc3339(text).ok())
            .map(|at| at.with_timezone(&Utc)),
        // One more than the page: whether there is a next one.
        limit: limit + 1,
    };
    let mut tx = db::begin(&state.pool, &identity, "storage.object.list_v2", true).await?;
    let mut entries = db::list_keys(&mut tx, page).await?;
    tx.commit().await?;

    let has_next = entries.len() as i64 > limit;
    entries.truncate(limit as usize);
    let mut result = Map::new();
    result.insert("hasNext".into(), Value::Bool(has_next));
    if has_next && let Some(last) = entries.last() {
        let cursor = next_cursor(last, column, order);
        let encoded = base64::engine::general_purpose::STANDARD
            .encode(serde_json::to_vec(&cursor).unwrap_or_default());
        result.insert("nextCursor".into(), Value::String(encoded));
        result.insert("nextCursorKey".into(), Value::String(last.key.clone()));
    }
    let (folders, objects) = shape(&bucket, &prefix, delimited, entries);
    result.insert("folders".into(), Value::Array(folders));
    result.insert("objects".into(), Value::Array(objects));
    Ok(Json(Value::Object(result)))
}

/// The cursor of the page after the one ending at `last`.
fn next_cursor(last: &KeyEntry, column: SortColumn, order: String) -> Cursor {
    let sort_column_after = match column {
        SortColumn::UpdatedAt => last.object.updated_at,
        SortColumn::CreatedAt => last.object.created_at,
        _ => None,
    }
    // Microseconds, as stored: a millisecond cursor would repeat or skip rows that share
    // the millisecond.
    .map(|at| at.to_rfc3339_opts(SecondsFormat::Micros, true));
    Cursor {
        start_after: last.key.clone(),
        sort_column: Some(column.sql().to_string()),
        sort_order: Some(order),
        sort_column_after,
    }
}

/// The page's folders and objects as the API shows them.
fn shape(
    bucket: &str,
    prefix: &str,
    delimited: bool,
    entries: Vec<KeyEntry>,
) -> (Vec<Value>, Vec<Value>) {
    // With the delimiter, each entry's `key` is its own segment at the prefix's level (Storage's
    // `split_part(name, '/', levels)`): `docs` for the folder `docs/`, `a.pdf` for `docs/a.pdf`.
    let level = if prefix.is_empty() {
        0
    } else {
        prefix.split('/').count() - 1
    };
    let segment = |name: &str| -> Value {
        Value::String(name.split('/').nth(level).unwrap_or_default().to_string())
    };
    let mut folders = Vec::new();
    let mut objects = Vec::new();
    for entry in entries {
        if entry.is_folder {
            let mut folder = json!({ "id": null, "name": entry.key, "bucket_id": bucket });
            folder["key"] = segment(&entry.key);
            folders.push(folder);
        } else {
            let mut object = Map::new();
            if delimited {
                object.insert("key".into(), segment(&entry.key));
            }
            object.insert("name".into(), Value::String(entry.key));
            object.insert("bucket_id".into(), Value::String(bucket.to_owned()));
            entry.object.add_to(&mut object);
            objects.push(Value::Object(object));
        }
    }
    (folders, objects)
}
