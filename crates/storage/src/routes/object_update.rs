//! `PUT /object/{bucket}/{*path}`: uploads over an object (PUT always upserts).
use axum::Json;
use axum::body::Body;
use axum::extract::State;
use http::HeaderMap;
use serde_json::{Value, json};

use super::Shared;
use crate::error::StorageError;
use crate::request::{Caller, ObjectPath};
use crate::upload::{self, UploadTarget};

pub(super) async fn handler(
    State(state): State<Shared>,
    path: ObjectPath,
    Caller(identity): Caller,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Value>, StorageError> {
    let target = UploadTarget {
        identity: &identity,
        bucket: &path.bucket,
        key: &path.key,
        upsert: true,
        owner: identity.owner(),
        operation: "storage.object.upload_update",
    };
    let row = upload::upload(&state, &target, &headers, body).await?;
    Ok(Json(json!({ "Id": row.id, "Key": path.full() })))
}
