//! `POST /bucket`: creates a bucket as the caller (the policies on storage.buckets decide).
use axum::Json;
use axum::extract::State;
use serde_json::{Map, Value, json};

use super::Shared;
use crate::db;
use crate::error::StorageError;
use crate::keys;
use crate::request::{CallerJson, required};

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
    let public = match body.get("public") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(public)) => *public,
        Some(_) => {
            return Err(StorageError::BadRequest(
                "body/public must be boolean".into(),
            ));
        }
    };
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
    let mut tx = db::begin(&state.pool, &identity, "storage.bucket.create", false).await?;
    let created: Result<String, StorageError> = sqlx::query_scalar(
        "insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)
         returning name",
    )
    .bind(id)
    .bind(name)
    .bind(owner.as_deref().and_then(|o| uuid::Uuid::parse_str(o).ok()))
    .bind(owner.as_deref())
    .bind(public)
    .bind(file_size_limit)
    .bind(allowed_mime_types)
    .fetch_one(&mut *tx)
    .await
    .map_err(|err| match StorageError::from_db(&err) {
        StorageError::ResourceAlreadyExists => StorageError::BucketAlreadyExists,
        other => other,
    });
    let name = created?;
    tx.commit().await?;
    Ok(Json(json!({ "name": name })))
}
