//! `POST /object/sign/{bucket}` with `{"expiresIn", "paths"}`: signed download URLs for many
//! objects; the ones the caller cannot see get an error entry instead.
use std::collections::HashSet;

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};

use super::Shared;
use super::object_sign::expires_in;
use crate::db;
use crate::error::StorageError;
use crate::request::{BucketPath, CallerJson, required};

const MAX_PATHS: usize = 1000;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SignManyBody {
    expires_in: Option<Value>,
    paths: Option<Vec<String>>,
}

pub(super) async fn handler(
    State(state): State<Shared>,
    BucketPath(bucket): BucketPath,
    CallerJson { identity, body }: CallerJson<SignManyBody>,
) -> Result<Json<Value>, StorageError> {
    let seconds = expires_in(body.expires_in.as_ref())?;
    let paths = required(body.paths, "paths")?;
    if paths.is_empty() || paths.len() > MAX_PATHS {
        return Err(StorageError::BadRequest(format!(
            "body/paths must have between 1 and {MAX_PATHS} items"
        )));
    }
    let mut tx = db::begin(&state.pool, &identity, "storage.object.sign", true).await?;
    let visible = db::visible_names(&mut tx, &bucket, &paths).await?;
    tx.commit().await?;
    let visible: HashSet<String> = visible.into_iter().collect();
    let mut answer = Vec::with_capacity(paths.len());
    for path in paths {
        if visible.contains(&path) {
            let url = format!("{bucket}/{path}");
            let token = state.signer.sign_download(&url, seconds)?;
            answer.push(json!({
                "error": null,
                "path": path,
                "signedURL": format!("/object/sign/{url}?token={token}"),
            }));
        } else {
            answer.push(json!({
                "error": "Either the object does not exist or you do not have access to it",
                "path": path,
                "signedURL": null,
            }));
        }
    }
    Ok(Json(Value::Array(answer)))
}
