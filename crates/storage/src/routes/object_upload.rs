//! Uploads as the caller: `POST /object/{bucket}/{*path}` makes a new object (`x-upsert: true`
//! overwrites), `PUT` uploads over one (PUT always upserts).
use axum::Json;
use axum::body::Body;
use axum::extract::State;
use http::HeaderMap;
use serde_json::{Value, json};

use super::Shared;
use crate::auth::Identity;
use crate::error::StorageError;
use crate::request::{Caller, ObjectPath, Upsert};
use crate::upload::{self, UploadTarget};

/// `POST`.
pub(super) async fn handler(
    State(state): State<Shared>,
    path: ObjectPath,
    Caller(identity): Caller,
    Upsert(upsert): Upsert,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Value>, StorageError> {
    let operation = "storage.object.upload";
    upload_as(&state, &identity, &path, upsert, operation, &headers, body).await
}

/// `PUT`.
pub(super) async fn update_handler(
    State(state): State<Shared>,
    path: ObjectPath,
    Caller(identity): Caller,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Value>, StorageError> {
    let operation = "storage.object.upload_update";
    upload_as(&state, &identity, &path, true, operation, &headers, body).await
}

/// Uploads as the caller, the owner of the new row (`operation`: the name the policies see).
async fn upload_as(
    state: &Shared,
    identity: &Identity,
    path: &ObjectPath,
    upsert: bool,
    operation: &str,
    headers: &HeaderMap,
    body: Body,
) -> Result<Json<Value>, StorageError> {
    let target = UploadTarget {
        identity,
        bucket: &path.bucket,
        key: &path.key,
        upsert,
        owner: identity.owner(),
        operation,
    };
    let row = upload::upload(state, &target, headers, body).await?;
    Ok(Json(json!({ "Id": row.id, "Key": path.full() })))
}
