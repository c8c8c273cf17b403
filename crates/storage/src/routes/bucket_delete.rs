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
    let visible: Option<String> =
        sqlx::query_scalar("select id from storage.buckets where id = $1")
            .bind(&id)
            .fetch_optional(&mut *tx)
            .await?;
    if visible.is_none() {
        return Err(StorageError::NoSuchBucket);
    }
    // Emptiness is a fact about the bucket, not about what the caller may see of it.
    let has_objects: bool =
        sqlx::query_scalar("select exists (select 1 from storage.objects where bucket_id = $1)")
            .bind(&id)
            .fetch_one(&state.pool)
            .await?;
    if has_objects {
        return Err(StorageError::BucketNotEmpty);
    }
    let deleted = sqlx::query("delete from storage.buckets where id = $1")
        .bind(&id)
        .execute(&mut *tx)
        .await
        .map_err(|err| match StorageError::from_db(&err) {
            StorageError::NoSuchBucket => StorageError::BucketNotEmpty,
            other => other,
        })?
        .rows_affected();
    changes::announce(&mut *tx, Change::Bucket(&id)).await?;
    tx.commit().await?;
    changes::forget(&state, Change::Bucket(&id));
    if deleted == 0 {
        return Err(StorageError::NoSuchBucket);
    }
    Ok(Json(json!({ "message": "Successfully deleted" })))
}
