//! `POST /bucket/{id}/empty` (service_role only, as on current Storage): deletes every object of
//! the bucket, rows first (in batches), then their bytes.
use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use super::Shared;
use crate::backend::delete_quietly;
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
        let locations = db::delete_bucket_objects(&state.pool, &id, BATCH).await?;
        changes::announce(&state.pool, Change::Bucket(&id)).await?;
        changes::forget(&state, Change::Bucket(&id));
        delete_quietly(state.store.as_ref(), &locations).await;
        if (locations.len() as i64) < BATCH {
            break;
        }
    }
    Ok(Json(json!({
        "message": "Empty bucket has been queued. Completion may take up to an hour."
    })))
}
