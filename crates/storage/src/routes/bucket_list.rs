//! `GET /bucket[?limit=&offset=&search=&sortColumn=&sortOrder=]`: the buckets the caller's
//! policies show.
use axum::Json;
use axum::extract::State;
use http::Uri;
use serde_json::Value;

use super::Shared;
use crate::db::{self, BucketPage, SortColumn};
use crate::error::StorageError;
use crate::request::Caller;
use crate::serve::query_param;

pub(super) async fn handler(
    State(state): State<Shared>,
    Caller(identity): Caller,
    uri: Uri,
) -> Result<Json<Value>, StorageError> {
    let query = uri.query();
    let number = |name: &str| -> Result<Option<i64>, StorageError> {
        match query_param(query, name) {
            None => Ok(None),
            Some(text) => text
                .parse::<i64>()
                .ok()
                .filter(|n| *n >= 0)
                .map(Some)
                .ok_or_else(|| {
                    StorageError::BadRequest(format!("querystring/{name} must be integer"))
                }),
        }
    };
    let limit = number("limit")?;
    let offset = number("offset")?.unwrap_or(0);
    let sort = match query_param(query, "sortColumn").as_deref() {
        None | Some("name") => SortColumn::Name,
        Some("id") => SortColumn::Id,
        Some("created_at") => SortColumn::CreatedAt,
        Some("updated_at") => SortColumn::UpdatedAt,
        Some(_) => {
            return Err(StorageError::BadRequest(
                "querystring/sortColumn must be equal to one of the allowed values".into(),
            ));
        }
    };
    let descending = match query_param(query, "sortOrder").as_deref() {
        None | Some("asc") => false,
        Some("desc") => true,
        Some(_) => {
            return Err(StorageError::BadRequest(
                "querystring/sortOrder must be equal to one of the allowed values".into(),
            ));
        }
    };
    let search = query_param(query, "search").filter(|s| !s.is_empty());
    let mut tx = db::begin(&state.pool, &identity, "storage.bucket.list", true).await?;
    let page = BucketPage {
        search: search.as_deref(),
        sort,
        descending,
        limit,
        offset,
    };
    let rows = db::list_buckets(&mut tx, &page).await?;
    tx.commit().await?;
    Ok(Json(Value::Array(
        rows.iter().map(|row| row.to_json(true)).collect(),
    )))
}
