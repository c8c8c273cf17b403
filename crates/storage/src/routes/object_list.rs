//! `POST /object/list/{bucket}` (list v1): a one-level listing of the folder `prefix`, names
//! relative to it, folders as all-null entries, filtered by a case-insensitive name prefix
//! `search`, under the caller's policies.
use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::{Value, json};

use super::Shared;
use crate::db::{self, timestamp};
use crate::error::StorageError;
use crate::request::{BucketPath, CallerJson};

const MAX_LIMIT: i64 = 1500;

#[derive(Debug, Deserialize)]
pub(super) struct SortBy {
    column: String,
    #[serde(default)]
    order: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(super) struct ListBody {
    prefix: Option<String>,
    #[serde(default)]
    limit: Option<i64>,
    #[serde(default)]
    offset: Option<i64>,
    #[serde(default, rename = "sortBy")]
    sort_by: Option<SortBy>,
    #[serde(default)]
    search: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
struct Entry {
    name: String,
    id: Option<uuid::Uuid>,
    updated_at: Option<DateTime<Utc>>,
    created_at: Option<DateTime<Utc>>,
    last_accessed_at: Option<DateTime<Utc>>,
    metadata: Option<Value>,
}

pub(super) async fn handler(
    State(state): State<Shared>,
    BucketPath(bucket): BucketPath,
    CallerJson { identity, body }: CallerJson<ListBody>,
) -> Result<Json<Value>, StorageError> {
    let mut prefix = body.prefix.ok_or_else(|| {
        StorageError::BadRequest("body must have required property 'prefix'".into())
    })?;
    if !prefix.is_empty() && !prefix.ends_with('/') {
        prefix.push('/');
    }
    let limit = body.limit.unwrap_or(100);
    if limit < 1 {
        return Err(StorageError::BadRequest("body/limit must be >= 1".into()));
    }
    let offset = body.offset.unwrap_or(0);
    if offset < 0 {
        return Err(StorageError::BadRequest("body/offset must be >= 0".into()));
    }
    let (column, descending) = match &body.sort_by {
        None => ("name", false),
        Some(sort) => {
            let column = match sort.column.as_str() {
                "name" => "name",
                "updated_at" => "updated_at",
                "created_at" => "created_at",
                "last_accessed_at" => "last_accessed_at",
                _ => {
                    return Err(StorageError::BadRequest(
                        "body/sortBy/column must be equal to one of the allowed values".into(),
                    ));
                }
            };
            let descending = match sort
                .order
                .as_deref()
                .map(str::to_ascii_lowercase)
                .as_deref()
            {
                None | Some("asc") => false,
                Some("desc") => true,
                Some(_) => {
                    return Err(StorageError::BadRequest(
                        "body/sortBy/order must be equal to one of the allowed values".into(),
                    ));
                }
            };
            (column, descending)
        }
    };
    let direction = if descending { "desc" } else { "asc" };
    let order = if column == "name" {
        format!("sort_key collate \"C\" {direction}, name collate \"C\" {direction}")
    } else {
        format!("is_folder desc, {column} {direction}, sort_key collate \"C\" {direction}")
    };
    let combined = format!("{prefix}{}", body.search.unwrap_or_default()).to_lowercase();
    let sql = format!(
        r#"with matched as (
             select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
                    strpos(substr(o.name, $3 + 1), '/') as slash
               from storage.objects o
              where o.bucket_id = $1
                and lower(o.name) collate "C" >= $2
                and ($7::text is null or lower(o.name) collate "C" < $7)
           ), folders as (
             select distinct on (lower(left(name, $3 + slash)))
                    substr(left(name, $3 + slash - 1), $4 + 1) as name,
                    lower(left(name, $3 + slash)) as sort_key
               from matched
              where slash > 0
              order by lower(left(name, $3 + slash)), name collate "C"
           ), entries as (
             select name, null::uuid as id, null::timestamptz as updated_at,
                    null::timestamptz as created_at, null::timestamptz as last_accessed_at,
                    null::jsonb as metadata, true as is_folder, sort_key
               from folders
             union all
             select substr(name, $4 + 1), id, updated_at, created_at, last_accessed_at, metadata,
                    false, lower(name)
               from matched
              where slash = 0
           )
           select name, id, updated_at, created_at, last_accessed_at, metadata
             from entries
            order by {order}
            limit $5 offset $6"#
    );
    let mut tx = db::begin(&state.pool, &identity, "storage.object.list", true).await?;
    let entries = sqlx::query_as::<_, Entry>(&sql)
        .bind(&bucket)
        .bind(&combined)
        .bind(combined.chars().count() as i32)
        .bind(prefix.chars().count() as i32)
        .bind(limit.min(MAX_LIMIT))
        .bind(offset)
        .bind(db::prefix_upper_bound(&combined))
        .fetch_all(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Json(Value::Array(
        entries
            .into_iter()
            .map(|entry| {
                json!({
                    "name": entry.name,
                    "id": entry.id,
                    "updated_at": timestamp(entry.updated_at),
                    "created_at": timestamp(entry.created_at),
                    "last_accessed_at": timestamp(entry.last_accessed_at),
                    "metadata": entry.metadata,
                })
            })
            .collect(),
    )))
}
