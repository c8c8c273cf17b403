//! `POST /object/copy`: copies an object (optionally into another bucket) as the caller: the
//! source must be visible, the destination insertable (`x-upsert: true` overwrites).
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};

use super::Shared;
use crate::backend::{Location, delete_quietly};
use crate::changes::{self, Change};
use crate::db::{self, NewObject};
use crate::error::StorageError;
use crate::request::{CallerJson, Transfer, TransferBody, Upsert};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct CopyBody {
    #[serde(flatten)]
    transfer: TransferBody,
    #[serde(default)]
    copy_metadata: Option<bool>,
    #[serde(default)]
    metadata: Option<Value>,
}

pub(super) async fn handler(
    State(state): State<Shared>,
    Upsert(upsert): Upsert,
    CallerJson { identity, body }: CallerJson<CopyBody>,
) -> Result<Json<Value>, StorageError> {
    let Transfer {
        bucket,
        source_key,
        destination_bucket,
        destination_key,
    } = Transfer::checked(&state.pool, body.transfer).await?;

    let mut tx = db::begin(&state.pool, &identity, "storage.object.copy", false).await?;
    db::lock_key(&mut tx, &destination_bucket, &destination_key).await?;
    let source = db::find_object(&mut tx, &bucket, &source_key)
        .await?
        .ok_or(StorageError::NoSuchKey)?;
    let previous = db::find_object(&mut tx, &destination_bucket, &destination_key).await?;
    if previous.is_some() && !upsert {
        return Err(StorageError::KeyAlreadyExists);
    }

    let copy_metadata = body.copy_metadata.unwrap_or(true);
    let mut metadata = source.metadata.clone().unwrap_or_else(|| json!({}));
    if let Some(object) = metadata.as_object_mut() {
        object.insert(
            "lastModified".into(),
            db::timestamp(Some(chrono::Utc::now())),
        );
        if let Some(Value::Object(overrides)) = &body.metadata {
            for (from, to) in [
                ("cacheControl", "cacheControl"),
                ("mimetype", "mimetype"),
                ("contentType", "mimetype"),
                ("contentEncoding", "contentEncoding"),
            ] {
                if let Some(value) = overrides.get(from).filter(|v| v.is_string()) {
                    object.insert(to.into(), value.clone());
                }
            }
        }
    }
    let user_metadata = if copy_metadata {
        source.user_metadata.clone()
    } else {
        None
    };
    let version = uuid::Uuid::new_v4().to_string();
    let target = Location::new(&destination_bucket, &destination_key, &version);
    state.store.copy(&source.location(), &target).await?;

    let owner = identity.owner();
    let object = NewObject {
        bucket: &destination_bucket,
        name: &destination_key,
        owner: owner.as_deref(),
        version: &version,
        metadata: &metadata,
        user_metadata: user_metadata.as_ref(),
    };
    let written = async {
        let row = db::write_object(&mut tx, &object, upsert).await?;
        let change = Change::Object(&destination_bucket, &destination_key);
        changes::announce(&mut *tx, change).await?;
        tx.commit().await?;
        changes::forget(&state, change);
        Ok::<_, StorageError>(row)
    }
    .await;
    let row = match written {
        Ok(row) => row,
        Err(err) => {
            delete_quietly(state.store.as_ref(), &[target]).await;
            return Err(err);
        }
    };
    if let Some(previous) = previous {
        delete_quietly(state.store.as_ref(), &[previous.location()]).await;
    }
    let mut answer = row.to_json();
    if let Some(object) = answer.as_object_mut() {
        object.insert("Id".into(), json!(row.id));
        object.insert(
            "Key".into(),
            Value::String(format!("{destination_bucket}/{destination_key}")),
        );
    }
    Ok(Json(answer))
}
