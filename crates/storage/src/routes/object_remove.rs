//! `DELETE /object/{bucket}` with `{"prefixes": [...]}`: deletes those keys as the caller;
//! missing or hidden ones are skipped; answers with the rows actually deleted.
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;

use super::Shared;
use crate::backend::{Location, delete_quietly};
use crate::changes::{self, Change};
use crate::db::{self, ObjectRow};
use crate::error::StorageError;
use crate::request::{BucketPath, CallerJson, required};

const MAX_KEYS: usize = 1000;

#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub(super) enum Prefix {
    Key(String),
    Versioned {
        path: String,
        #[serde(default, rename = "versionId")]
        _version_id: Option<String>,
    },
}

#[derive(Debug, Deserialize)]
pub(super) struct RemoveBody {
    prefixes: Option<Vec<Prefix>>,
}

pub(super) async fn handler(
    State(state): State<Shared>,
    BucketPath(bucket): BucketPath,
    CallerJson { identity, body }: CallerJson<RemoveBody>,
) -> Result<Json<Value>, StorageError> {
    let prefixes = required(body.prefixes, "prefixes")?;
    if prefixes.is_empty() {
        return Err(StorageError::BadRequest(
            "body/prefixes must NOT have fewer than 1 items".into(),
        ));
    }
    if prefixes.len() > MAX_KEYS {
        return Err(StorageError::BadRequest(format!(
            "body/prefixes must NOT have more than {MAX_KEYS} items"
        )));
    }
    let names: Vec<String> = prefixes
        .into_iter()
        .map(|prefix| match prefix {
            Prefix::Key(key) => key,
            Prefix::Versioned { path, .. } => path,
        })
        .collect();
    let mut tx = db::begin(&state.pool, &identity, "storage.object.delete_many", false).await?;
    let removed = db::delete_objects(&mut tx, &bucket, &names).await?;
    let change = Change::Objects(&bucket, &names);
    changes::announce(&mut *tx, change).await?;
    tx.commit().await?;
    changes::forget(&state, change);
    let locations: Vec<Location> = removed.iter().map(ObjectRow::location).collect();
    delete_quietly(state.store.as_ref(), &locations).await;
    Ok(Json(Value::Array(
        removed.iter().map(ObjectRow::to_json).collect(),
    )))
}
