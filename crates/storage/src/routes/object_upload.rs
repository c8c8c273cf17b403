//! `POST /object/{bucket}/{*path}`: uploads a new object (`x-upsert: true` overwrites).
use axum::Json;
use axum::body::Body;
use axum::extract::State;
use http::{HeaderMap, Method, Uri};
use serde_json::{Value, json};

use super::Shared;
use crate::auth;
use crate::error::StorageError;
use crate::request::ObjectPath;
use crate::upload::{self, UploadTarget};

pub(super) async fn handler(
    State(state): State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    path: ObjectPath,
    body: Body,
) -> Result<Json<Value>, StorageError> {
    let identity = auth::require(&state.verifier, &method, uri.path(), &headers)?;
    let upsert = headers
        .get("x-upsert")
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.trim().eq_ignore_ascii_case("true"));
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
