//! `POST /bucket/{id}/empty` (service_role only, as on current Storage): deletes every object of
//! the bucket, rows first (in batches), then their bytes.
use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use super::Shared;
use crate::backend::{Location, delete_quietly};
use crate::changes::{self, Change};
use crate::db;
use crate::error::StorageError;
use crate::request::{BucketPath, Caller};

const BATCH: i64 = 1000;

pub(super) async fn handler(
    State(state): State<Shared>,
    BucketPath(id): BucketPath,
    Caller(identity): Caller,
) -> Result<Json<Value>, StorageError> {
    if !identity.is_service_role() {
        return Err(StorageError::InvalidRole);
    }
    db::require_bucket(&state.pool, &id).await?;
    loop {
        let removed: Vec<(String, String, Option<String>)> = sqlx::query_as(
            "delete from storage.objects
              where id in (select id from storage.objects where bucket_id = $1 limit $2)
              returning bucket_id, name, version",
        )
        .bind(&id)
        .bind(BATCH)
        .fetch_all(&state.pool)
        .await?;
        let locations: Vec<Location> = removed
            .iter()
            .map(|(bucket, name, version)| {
                Location::new(bucket, name, version.as_deref().unwrap_or_default())
            })
            .collect();
        changes::announce(&state.pool, Change::Bucket(&id)).await?;
        changes::forget(&state, Change::Bucket(&id));
        delete_quietly(state.store.as_ref(), &locations).await;
        if (removed.len() as i64) < BATCH {
            break;
        }
    }
    Ok(Json(json!({
        "message": "Empty bucket has been queued. Completion may take up to an hour."
    })))
}
