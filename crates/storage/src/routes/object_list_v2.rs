//! `POST /object/list-v2/{bucket}`: cursor-paginated listing under `prefix` (full names),
//! optionally grouped at `/` into folders, under the caller's policies.
use axum::Json;
use axum::extract::State;
use base64::Engine as _;
use chrono::{DateTime, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::Shared;
use crate::db::{self, timestamp};
use crate::error::StorageError;
use crate::request::{BucketPath, CallerJson};

const DEFAULT_LIMIT: i64 = 100;
const MAX_LIMIT: i64 = 1000;

#[derive(Debug, Deserialize)]
pub(super) struct SortBy {
    column: String,
    #[serde(default)]
    order: Option<String>,
}

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

#[derive(Debug, sqlx::FromRow)]
struct Entry {
    key: String,
    is_folder: bool,
    id: Option<uuid::Uuid>,
    updated_at: Option<DateTime<Utc>>,
    created_at: Option<DateTime<Utc>>,
    last_accessed_at: Option<DateTime<Utc>>,
    metadata: Option<Value>,
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

pub(super) async fn handler(
    State(state): State<Shared>,
    BucketPath(bucket): BucketPath,
    CallerJson { identity, body }: CallerJson<ListBody>,
) -> Result<Json<Value>, StorageError> {
    let prefix = body.prefix.unwrap_or_default();
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
    let column = cursor
        .as_ref()
        .and_then(|c| c.sort_column.clone())
        .or_else(|| body.sort_by.as_ref().map(|s| s.column.clone()))
        .unwrap_or_else(|| "name".into());
    let column = match column.as_str() {
        "name" => "name",
        "updated_at" => "updated_at",
        "created_at" => "created_at",
        _ => {
            return Err(bad(
                "body/sortBy/column must be equal to one of the allowed values",
            ));
        }
    };
    let order = cursor
        .as_ref()
        .and_then(|c| c.sort_order.clone())
        .or_else(|| body.sort_by.as_ref().and_then(|s| s.order.clone()))
        .unwrap_or_else(|| "asc".into())
        .to_ascii_lowercase();
    let descending = match order.as_str() {
        "asc" => false,
        "desc" => true,
        _ => {
            return Err(bad(
                "body/sortBy/order must be equal to one of the allowed values",
            ));
        }
    };
    let delimited = body.with_delimiter.unwrap_or(false);
    let direction = if descending { "desc" } else { "asc" };
    let comparison = if descending { "<" } else { ">" };
    let after_key = cursor.as_ref().map(|c| c.start_after.clone());
    let after_value: Option<DateTime<Utc>> = cursor
        .as_ref()
        .and_then(|c| c.sort_column_after.as_deref())
        .and_then(|text| DateTime::parse_from_rfc3339(text).ok())
        .map(|at| at.with_timezone(&Utc));

    // Entries: with the delimiter, keys below a further `/` fold into `prefix/segment/`.
    let entry_key = if delimited {
        "case when strpos(substr(o.name, $3 + 1), '/') > 0
              then left(o.name, $3 + strpos(substr(o.name, $3 + 1), '/'))
              else o.name end"
    } else {
        "o.name"
    };
    let (filter, order_by) = if column == "name" {
        (
            format!("($4::text is null or key collate \"C\" {comparison} $4)"),
            format!("key collate \"C\" {direction}"),
        )
    } else {
        (
            format!(
                "($4::text is null or (not is_folder and ({column}, key collate \"C\") {comparison} ($5, $4)))"
            ),
            format!("is_folder desc, {column} {direction}, key collate \"C\" {direction}"),
        )
    };
    let sql = format!(
        r#"with entries as (
             select distinct on (key) key, is_folder, id, updated_at, created_at, last_accessed_at, metadata
               from (select {entry_key} as key,
                            ({entry_key}) <> o.name as is_folder,
                            o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata, o.name
                       from storage.objects o
                      where o.bucket_id = $1
                        and o.name collate "C" >= $2
                        and ($7::text is null or o.name collate "C" < $7)) e
              order by key, name collate "C"
           )
           select key, is_folder,
                  case when is_folder then null else id end as id,
                  case when is_folder then null else updated_at end as updated_at,
                  case when is_folder then null else created_at end as created_at,
                  case when is_folder then null else last_accessed_at end as last_accessed_at,
                  case when is_folder then null else metadata end as metadata
             from entries
            where {filter}
            order by {order_by}
            limit $6"#
    );
    let mut tx = db::begin(&state.pool, &identity, "storage.object.list_v2", true).await?;
    let mut entries = sqlx::query_as::<_, Entry>(&sql)
        .bind(&bucket)
        .bind(&prefix)
        .bind(prefix.chars().count() as i32)
        .bind(after_key)
        .bind(after_value)
        .bind(limit + 1)
        .bind(db::prefix_upper_bound(&prefix))
        .fetch_all(&mut *tx)
        .await?;
    tx.commit().await?;

    let has_next = entries.len() as i64 > limit;
    entries.truncate(limit as usize);
    let mut result = Map::new();
    result.insert("hasNext".into(), Value::Bool(has_next));
    if has_next && let Some(last) = entries.last() {
        let sort_column_after = match column {
            "updated_at" => last.updated_at,
            "created_at" => last.created_at,
            _ => None,
        }
        // Microseconds, as stored: a millisecond cursor would repeat or skip rows that share
        // the millisecond.
        .map(|at| at.to_rfc3339_opts(SecondsFormat::Micros, true));
        let cursor = Cursor {
            start_after: last.key.clone(),
            sort_column: Some(column.to_string()),
            sort_order: Some(order.clone()),
            sort_column_after,
        };
        let encoded = base64::engine::general_purpose::STANDARD
            .encode(serde_json::to_vec(&cursor).unwrap_or_default());
        result.insert("nextCursor".into(), Value::String(encoded));
        result.insert("nextCursorKey".into(), Value::String(last.key.clone()));
    }
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
            let key = delimited.then(|| segment(&entry.key));
            let mut object = json!({
                "id": entry.id,
                "name": entry.key,
                "bucket_id": bucket,
                "updated_at": timestamp(entry.updated_at),
                "created_at": timestamp(entry.created_at),
                "last_accessed_at": timestamp(entry.last_accessed_at),
                "metadata": entry.metadata,
            });
            if let Some(key) = key {
                object["key"] = key;
            }
            objects.push(object);
        }
    }
    result.insert("folders".into(), Value::Array(folders));
    result.insert("objects".into(), Value::Array(objects));
    Ok(Json(Value::Object(result)))
}
