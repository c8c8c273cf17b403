//! `POST /object/list/{bucket}` (list v1): a one-level listing of the folder `prefix`, names
//! relative to it, folders as all-null entries, filtered by a case-insensitive name prefix
//! `search`, under the caller's policies.
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::Shared;
use crate::db::{self, FolderPage, SortColumn};
use crate::error::StorageError;
use crate::request::{BucketPath, CallerJson, required};

const MAX_LIMIT: i64 = 1500;

/// `sortBy` of both listings.
#[derive(Debug, Deserialize)]
pub(super) struct SortBy {
    pub(super) column: String,
    #[serde(default)]
    pub(super) order: Option<String>,
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

pub(super) async fn handler(
    State(state): State<Shared>,
    BucketPath(bucket): BucketPath,
    CallerJson { identity, body }: CallerJson<ListBody>,
) -> Result<Json<Value>, StorageError> {
    let mut prefix = required(body.prefix, "prefix")?;
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
    let (sort, descending) = match &body.sort_by {
        None => (SortColumn::Name, false),
        Some(sort) => {
            let column = match sort.column.as_str() {
                "name" => SortColumn::Name,
                "updated_at" => SortColumn::UpdatedAt,
                "created_at" => SortColumn::CreatedAt,
                "last_accessed_at" => SortColumn::LastAccessedAt,
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
    let starts_with = format!("{prefix}{}", body.search.unwrap_or_default()).to_lowercase();
    let page = FolderPage {
        bucket: &bucket,
        prefix: &prefix,
        starts_with: &starts_with,
        sort,
        descending,
        limit: limit.min(MAX_LIMIT),
        offset,
    };
    let mut tx = db::begin(&state.pool, &identity, "storage.object.list", true).await?;
    let entries = db::list_folder(&mut tx, &page).await?;
    tx.commit().await?;
    Ok(Json(Value::Array(
        entries
            .into_iter()
            .map(|entry| {
                let mut answer = Map::new();
                answer.insert("name".into(), Value::String(entry.name));
                entry.object.add_to(&mut answer);
                Value::Object(answer)
            })
            .collect(),
    )))
}
