//! `POST /object/sign/{bucket}/{*path}`: a signed download URL for an object the caller's
//! policies show, relative to `/storage/v1` and not percent-encoded (the client encodes it).
use axum::Json;
use axum::extract::State;
use http::{HeaderMap, Method, Uri};
use serde::Deserialize;
use serde_json::{Value, json};

use super::Shared;
use crate::auth;
use crate::db;
use crate::error::StorageError;
use crate::request::{JsonBody, ObjectPath};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SignBody {
    expires_in: Option<Value>,
}

/// `expiresIn`: a whole number of seconds, at least 1.
pub(super) fn expires_in(value: Option<&Value>) -> Result<i64, StorageError> {
    let value = value.ok_or_else(|| {
        StorageError::BadRequest("body must have required property 'expiresIn'".into())
    })?;
    value
        .as_i64()
        .or_else(|| {
            value
                .as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 1e15)
                .map(|f| f as i64)
        })
        .filter(|seconds| *seconds >= 1)
        .ok_or_else(|| StorageError::BadRequest("body/expiresIn must be >= 1".into()))
}

pub(super) async fn handler(
    State(state): State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    path: ObjectPath,
    JsonBody(body): JsonBody<SignBody>,
) -> Result<Json<Value>, StorageError> {
    let identity = auth::require(&state.verifier, &method, uri.path(), &headers)?;
    let seconds = expires_in(body.expires_in.as_ref())?;
    db::find_object_as(
        &state.pool,
        &identity,
        "storage.object.sign",
        &path.bucket,
        &path.key,
    )
    .await?
    .ok_or(StorageError::NoSuchKey)?;
    let url = path.full();
    let token = state.signer.sign_download(&url, seconds)?;
    Ok(Json(
        json!({ "signedURL": format!("/object/sign/{url}?token={token}") }),
    ))
}
