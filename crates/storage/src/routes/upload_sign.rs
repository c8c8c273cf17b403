//! `POST /object/upload/sign/{bucket}/{*path}`: a signed upload URL. The caller's right to
//! write the key (insert, or upsert with `x-upsert: true`) is checked now, as Storage does.
use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use super::Shared;
use crate::db::{self, NewObject};
use crate::error::StorageError;
use crate::keys;
use crate::request::{Caller, ObjectPath, Upsert};

pub(super) async fn handler(
    State(state): State<Shared>,
    path: ObjectPath,
    Caller(identity): Caller,
    Upsert(upsert): Upsert,
) -> Result<Json<Value>, StorageError> {
    db::require_bucket(&state.pool, &path.bucket).await?;
    keys::validate_key(&path.key)?;
    let owner = identity.owner();
    let metadata = json!({});
    let probe = NewObject {
        bucket: &path.bucket,
        name: &path.key,
        owner: owner.as_deref(),
        version: "1",
        metadata: &metadata,
        user_metadata: None,
    };
    db::test_write(
        &state.pool,
        &identity,
        "storage.object.upload_sign",
        &probe,
        upsert,
    )
    .await?;
    let url = path.full();
    let expiry = state.config.signed_upload_expiry.as_secs() as i64;
    let token = state.signer.sign_upload(&url, owner, upsert, expiry)?;
    Ok(Json(json!({
        "url": format!("/object/upload/sign/{url}?token={token}"),
        "token": token,
    })))
}
