//! `POST /bucket`: creates a bucket as the caller (the policies on storage.buckets decide).
use axum::Json;
use axum::extract::State;
use serde_json::{Map, Value, json};

use super::Shared;
use crate::db::{self, NewBucket};
use crate::error::StorageError;
use crate::keys;
use crate::request::{CallerJson, optional_bool, required};

fn text<'a>(body: &'a Map<String, Value>, field: &str) -> Result<Option<&'a str>, StorageError> {
    match body.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => Ok(Some(text)),
        Some(_) => Err(StorageError::BadRequest(format!(
            "body/{field} must be string"
        ))),
    }
}

pub(super) async fn handler(
    State(state): State<Shared>,
    CallerJson { identity, body }: CallerJson<Map<String, Value>>,
) -> Result<Json<Value>, StorageError> {
    let name = required(text(&body, "name")?, "name")?;
    let id = text(&body, "id")?.unwrap_or(name);
    keys::validate_bucket_name(id)?;
    keys::validate_bucket_name(name)?;
    let public = optional_bool(&body, "public")?.unwrap_or(false);
    let file_size_limit =
        db::parse_file_size_limit(body.get("file_size_limit").unwrap_or(&Value::Null))?;
    let allowed_mime_types =
        db::parse_mime_types(body.get("allowed_mime_types").unwrap_or(&Value::Null))?;
    match text(&body, "type")? {
        None | Some("STANDARD") => {}
        Some(_) => {
            return Err(StorageError::BadRequest(
                "body/type must be equal to one of the allowed values".into(),
            ));
        }
    }
    let owner = identity.owner();
    let bucket = NewBucket {
        id,
        name,
        owner: owner.as_deref(),
        public,
        file_size_limit,
        allowed_mime_types,
    };
    let mut tx = db::begin(&state.pool, &identity, "storage.bucket.create", false).await?;
    let name = db::create_bucket(&mut tx, bucket).await?;
    tx.commit().await?;
    Ok(Json(json!({ "name": name })))
}
