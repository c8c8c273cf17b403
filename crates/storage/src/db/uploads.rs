//! Writing object rows: an upload's (or a copy's) insert or upsert as the caller, the dry run
//! that checks permission before an upload's body is read, the system metadata Storage keeps,
//! and the seed files' rows.
use chrono::{SecondsFormat, Utc};
use serde_json::{Value, json};
use sqlx::{PgConnection, PgPool};

use super::{OBJECT_COLUMNS, ObjectRow, begin, duplicate_means, owner_uuid};
use crate::auth::Identity;
use crate::error::StorageError;

/// What a new object row holds.
#[derive(Debug, Clone)]
pub(crate) struct NewObject<'a> {
    pub(crate) bucket: &'a str,
    pub(crate) name: &'a str,
    pub(crate) owner: Option<&'a str>,
    pub(crate) version: &'a str,
    pub(crate) metadata: &'a Value,
    pub(crate) user_metadata: Option<&'a Value>,
}

/// INSERT (or, with `upsert`, INSERT … ON CONFLICT DO UPDATE) as whoever runs `conn`, so the
/// policies check it. A duplicate without upsert is KeyAlreadyExists.
pub(crate) async fn write_object(
    conn: &mut PgConnection,
    object: &NewObject<'_>,
    upsert: bool,
) -> Result<ObjectRow, StorageError> {
    let conflict = if upsert {
        "on conflict (bucket_id, name) do update set
           owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
           metadata = excluded.metadata, user_metadata = excluded.user_metadata,
           updated_at = now(), last_accessed_at = now()"
    } else {
        ""
    };
    let sql = format!(
        "insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
         values ($1, $2, $3, $4, $5, $6, $7) {conflict}
         returning {OBJECT_COLUMNS}"
    );
    sqlx::query_as::<_, ObjectRow>(&sql)
        .bind(object.bucket)
        .bind(object.name)
        .bind(owner_uuid(object.owner))
        .bind(object.owner)
        .bind(object.version)
        .bind(object.metadata)
        // Storage stores `{}` when the upload gave no metadata, and `info()` shows it.
        .bind(object.user_metadata.cloned().unwrap_or_else(|| json!({})))
        .fetch_one(conn)
        .await
        .map_err(duplicate_means(StorageError::KeyAlreadyExists))
}

/// Tests, as the caller, whether writing this row would be allowed (and is not a duplicate),
/// then rolls back: Storage checks permission before it reads an upload's body.
pub(crate) async fn test_write(
    pool: &PgPool,
    identity: &Identity,
    operation: &str,
    object: &NewObject<'_>,
    upsert: bool,
) -> Result<(), StorageError> {
    let mut tx = begin(pool, identity, operation, false).await?;
    let result = write_object(&mut tx, object, upsert).await;
    tx.rollback().await?;
    result.map(|_| ())
}

/// The system metadata Storage keeps in `objects.metadata`.
pub(crate) fn system_metadata(etag: &str, size: u64, mimetype: &str, cache_control: &str) -> Value {
    json!({
        "eTag": etag,
        "size": size,
        "mimetype": mimetype,
        "cacheControl": cache_control,
        "lastModified": Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true),
        "contentLength": size,
        "httpStatusCode": 200,
    })
}

/// Inserts a seed file's row as the server unless the key is taken; whether it was inserted.
pub(crate) async fn insert_seed_object(
    pool: &PgPool,
    bucket: &str,
    name: &str,
    metadata: &Value,
    version: &str,
) -> Result<bool, StorageError> {
    let inserted = sqlx::query(
        "insert into storage.objects (bucket_id, name, metadata, version)
         values ($1, $2, $3, $4)
         on conflict (bucket_id, name) do nothing",
    )
    .bind(bucket)
    .bind(name)
    .bind(metadata)
    .bind(version)
    .execute(pool)
    .await?;
    Ok(inserted.rows_affected() == 1)
}
