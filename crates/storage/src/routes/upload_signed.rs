//! `PUT /object/upload/sign/{bucket}/{*path}?token=`: one upload with a signed upload token,
//! no JWT; it runs as the server with the owner and upsert flag the token carries.
use axum::Json;
use axum::body::Body;
use axum::extract::State;
use serde_json::{Value, json};

use super::Shared;
use crate::auth;
use crate::error::StorageError;
use crate::request::{ObjectRequest, TokenQuery};
use crate::signing::Scope;
use crate::upload::{self, UploadTarget};

pub(super) async fn handler(
    State(state): State<Shared>,
    request: ObjectRequest,
    TokenQuery(token): TokenQuery,
    body: Body,
) -> Result<Json<Value>, StorageError> {
    let path = &request.path;
    let claims = state.signer.verify(&token, &path.full(), Scope::Upload)?;
    let identity = auth::server(&request.method, request.uri.path(), &request.headers);
    let target = UploadTarget {
        identity: &identity,
        bucket: &path.bucket,
        key: &path.key,
        upsert: claims.upsert.unwrap_or(false),
        owner: claims.owner,
        operation: "storage.object.upload_signed",
    };
    upload::upload(&state, &target, &request.headers, body).await?;
    Ok(Json(json!({ "Key": path.full() })))
}
