//! `DELETE /object/{bucket}/{*path}`: deletes one object as the caller.
use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use super::Shared;
use crate::backend::delete_quietly;
use crate::changes::{self, Change};
use crate::db;
use crate::error::StorageError;
use crate::request::{Caller, ObjectPath};

pub(super) async fn handler(
    State(state): State<Shared>,
    path: ObjectPath,
    Caller(identity): Caller,
) -> Result<Json<Value>, StorageError> {
    let mut tx = db::begin(&state.pool, &identity, "storage.object.delete", false).await?;
    let removed = db::delete_object(&mut tx, &path.bucket, &path.key).await?;
    let change = Change::Object(&path.bucket, &path.key);
    changes::announce(&mut *tx, change).await?;
    tx.commit().await?;
    changes::forget(&state, change);
    let removed = removed.ok_or(StorageError::NoSuchKey)?;
    delete_quietly(state.store.as_ref(), &[removed.location()]).await;
    Ok(Json(json!({ "message": "Successfully deleted" })))
}
