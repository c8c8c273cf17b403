//! `POST /object/move`: renames an object (optionally into another bucket) as the caller: the
//! source must be visible and deletable, the destination insertable and free.
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};

use super::Shared;
use crate::backend::{Location, delete_quietly};
use crate::changes::{self, Change};
use crate::db;
use crate::error::StorageError;
use crate::request::{CallerJson, Transfer, TransferBody};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct MoveBody {
    #[serde(flatten)]
    transfer: TransferBody,
}

pub(super) async fn handler(
    State(state): State<Shared>,
    CallerJson { identity, body }: CallerJson<MoveBody>,
) -> Result<Json<Value>, StorageError> {
    let Transfer {
        bucket,
        source_key,
        destination_bucket,
        destination_key,
    } = Transfer::checked(&state.pool, body.transfer).await?;

    let mut tx = db::begin(&state.pool, &identity, "storage.object.move", false).await?;
    // Lock both keys in a fixed order so two opposite moves cannot deadlock.
    let mut locks = [
        (&bucket, &source_key),
        (&destination_bucket, &destination_key),
    ];
    locks.sort();
    for (lock_bucket, lock_key) in locks {
        db::lock_key(&mut tx, lock_bucket, lock_key).await?;
    }
    let source = db::find_object(&mut tx, &bucket, &source_key)
        .await?
        .ok_or(StorageError::NoSuchKey)?;
    if bucket == destination_bucket && source_key == destination_key {
        return Ok(Json(json!({
            "message": "Successfully moved", "Id": source.id, "Key": destination_key
        })));
    }
    let version = uuid::Uuid::new_v4().to_string();
    let target = Location::new(&destination_bucket, &destination_key, &version);
    state.store.copy(&source.location(), &target).await?;

    let result: Result<(), StorageError> = async {
        db::move_object(
            &mut tx,
            &source,
            &destination_bucket,
            &destination_key,
            &version,
        )
        .await?;
        changes::announce(&mut *tx, Change::Object(&bucket, &source_key)).await?;
        changes::announce(
            &mut *tx,
            Change::Object(&destination_bucket, &destination_key),
        )
        .await?;
        tx.commit().await?;
        changes::forget(&state, Change::Object(&bucket, &source_key));
        changes::forget(
            &state,
            Change::Object(&destination_bucket, &destination_key),
        );
        Ok(())
    }
    .await;
    if let Err(err) = result {
        delete_quietly(state.store.as_ref(), &[target]).await;
        return Err(err);
    }
    delete_quietly(state.store.as_ref(), &[source.location()]).await;
    Ok(Json(json!({
        "message": "Successfully moved",
        "Id": source.id,
        "Key": destination_key,
    })))
}
