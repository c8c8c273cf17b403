//! `GET /bucket/{id}`: one bucket, if the caller's policies show it.
use axum::Json;
use axum::extract::State;
use serde_json::Value;

use super::Shared;
use crate::db;
use crate::error::StorageError;
use crate::request::{BucketPath, Caller};

pub(super) async fn handler(
    State(state): State<Shared>,
    BucketPath(id): BucketPath,
    Caller(identity): Caller,
) -> Result<Json<Value>, StorageError> {
    let mut tx = db::begin(&state.pool, &identity, "storage.bucket.get", true).await?;
    let row = db::get_bucket(&mut tx, &id).await?;
    tx.commit().await?;
    let row = row.ok_or(StorageError::NoSuchBucket)?;
    Ok(Json(row.to_json(false)))
}
