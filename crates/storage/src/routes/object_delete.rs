//! `DELETE /object/{bucket}/{*path}`: deletes one object as the caller.
use axum::Json;
use axum::extract::State;
use http::{HeaderMap, Method, Uri};
use serde_json::{Value, json};

use super::Shared;
use crate::auth;
use crate::backend::delete_quietly;
use crate::changes::{self, Change};
use crate::db::{self, OBJECT_COLUMNS, ObjectRow};
use crate::error::StorageError;
use crate::request::ObjectPath;

pub(super) async fn handler(
    State(state): State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    path: ObjectPath,
) -> Result<Json<Value>, StorageError> {
    let identity = auth::require(&state.verifier, &method, uri.path(), &headers)?;
    let mut tx = db::begin(&state.pool, &identity, "storage.object.delete", false).await?;
    let removed = sqlx::query_as::<_, ObjectRow>(&format!(
        "delete from storage.objects where bucket_id = $1 and name = $2 returning {OBJECT_COLUMNS}"
    ))
    .bind(&path.bucket)
    .bind(&path.key)
    .fetch_optional(&mut *tx)
    .await?;
    let change = Change::Object(&path.bucket, &path.key);
    changes::announce(&mut *tx, change).await?;
    tx.commit().await?;
    changes::forget(&state, change);
    let removed = removed.ok_or(StorageError::NoSuchKey)?;
    delete_quietly(state.store.as_ref(), &[removed.location()]).await;
    Ok(Json(json!({ "message": "Successfully deleted" })))
}
