//! `POST /object/{bucket}/{*path}`: uploads a new object (`x-upsert: true` overwrites).
use axum::Json;
use axum::body::Body;
use axum::extract::State;
use http::HeaderMap;
use serde_json::{Value, json};

use super::Shared;
use crate::error::StorageError;
use crate::request::{Caller, ObjectPath, Upsert};
use crate::upload::{self, UploadTarget};

pub(super) async fn handler(
    State(state): State<Shared>,
    path: ObjectPath,
    Caller(identity): Caller,
    Upsert(upsert): Upsert,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Value>, StorageError> {
    let target = UploadTarget {
        identity: &identity,
        bucket: &path.bucket,
        key: &path.key,
        upsert,
        owner: identity.owner(),
        operation: "storage.object.upload",
    };
    let row = upload::upload(&state, &target, &headers, body).await?;
    Ok(Json(json!({ "Id": row.id, "Key": path.full() })))
}
