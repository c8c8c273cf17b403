//! `PUT /bucket/{id}`: changes `public`, `file_size_limit` and `allowed_mime_types` as the
//! caller (at least one of them).
use axum::Json;
use axum::extract::State;
use serde_json::{Map, Value, json};

use super::Shared;
use crate::changes::{self, Change};
use crate::db;
use crate::error::StorageError;
use crate::request::{BucketPath, CallerJson};

pub(super) async fn handler(
    State(state): State<Shared>,
    BucketPath(id): BucketPath,
    CallerJson { identity, body }: CallerJson<Map<String, Value>>,
) -> Result<Json<Value>, StorageError> {
    let public = match body.get("public") {
        None | Some(Value::Null) => None,
        Some(Value::Bool(public)) => Some(*public),
        Some(_) => {
            return Err(StorageError::BadRequest(
                "body/public must be boolean".into(),
            ));
        }
    };
    let size_given = body.contains_key("file_size_limit");
    let file_size_limit =
        db::parse_file_size_limit(body.get("file_size_limit").unwrap_or(&Value::Null))?;
    let types_given = body.contains_key("allowed_mime_types");
    let allowed_mime_types =
        db::parse_mime_types(body.get("allowed_mime_types").unwrap_or(&Value::Null))?;
    if public.is_none() && !size_given && !types_given {
        return Err(StorageError::BadRequest(
            "body must have at least one of public, file_size_limit, allowed_mime_types".into(),
        ));
    }
    let mut tx = db::begin(&state.pool, &identity, "storage.bucket.update", false).await?;
    let updated: Option<String> = sqlx::query_scalar(
        "update storage.buckets set
            public = coalesce($2, public),
            file_size_limit = case when $3 then $4 else file_size_limit end,
            allowed_mime_types = case when $5 then $6 else allowed_mime_types end,
            updated_at = now()
          where id = $1
          returning id",
    )
    .bind(&id)
    .bind(public)
    .bind(size_given)
    .bind(file_size_limit)
    .bind(types_given)
    .bind(allowed_mime_types)
    .fetch_optional(&mut *tx)
    .await?;
    changes::announce(&mut *tx, Change::Bucket(&id)).await?;
    tx.commit().await?;
    changes::forget(&state, Change::Bucket(&id));
    updated.ok_or(StorageError::NoSuchBucket)?;
    Ok(Json(json!({ "message": "Successfully updated" })))
}
