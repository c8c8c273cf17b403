//! `PUT /bucket/{id}`: changes `public`, `file_size_limit` and `allowed_mime_types` as the
//! caller (at least one of them).
use axum::Json;
use axum::extract::State;
use serde_json::{Map, Value, json};

use super::Shared;
use crate::changes::{self, Change};
use crate::db::{self, BucketChange};
use crate::error::StorageError;
use crate::request::{BucketPath, CallerJson, optional_bool};

pub(super) async fn handler(
    State(state): State<Shared>,
    BucketPath(id): BucketPath,
    CallerJson { identity, body }: CallerJson<Map<String, Value>>,
) -> Result<Json<Value>, StorageError> {
    let public = optional_bool(&body, "public")?;
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
    let change = BucketChange {
        public,
        file_size_limit: size_given.then_some(file_size_limit),
        allowed_mime_types: types_given.then_some(allowed_mime_types),
    };
    let mut tx = db::begin(&state.pool, &identity, "storage.bucket.update", false).await?;
    let updated = db::update_bucket(&mut tx, &id, change).await?;
    changes::announce(&mut *tx, Change::Bucket(&id)).await?;
    tx.commit().await?;
    changes::forget(&state, Change::Bucket(&id));
    if !updated {
        return Err(StorageError::NoSuchBucket);
    }
    Ok(Json(json!({ "message": "Successfully updated" })))
}
