//! `DELETE /bucket/{id}`: deletes an empty bucket as the caller.
use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use super::Shared;
use crate::changes::{self, Change};
use crate::db;
use crate::error::StorageError;
use crate::request::{BucketPath, Caller};

pub(super) async fn handler(
    State(state): State<Shared>,
    BucketPath(id): BucketPath,
    Caller(identity): Caller,
) -> Result<Json<Value>, StorageError> {
    let mut tx = db::begin(&state.pool, &identity, "storage.bucket.delete", false).await?;
    if !db::bucket_visible(&mut tx, &id).await? {
        return Err(StorageError::NoSuchBucket);
    }
    // Emptiness is a fact about the bucket, not about what the caller may see of it.
    if db::bucket_has_objects(&state.pool, &id).await? {
        return Err(StorageError::BucketNotEmpty);
    }
    let deleted = db::delete_bucket(&mut tx, &id).await?;
    changes::announce(&mut *tx, Change::Bucket(&id)).await?;
    tx.commit().await?;
    changes::forget(&state, Change::Bucket(&id));
    if deleted == 0 {
        return Err(StorageError::NoSuchBucket);
    }
    Ok(Json(json!({ "message": "Successfully deleted" })))
}
