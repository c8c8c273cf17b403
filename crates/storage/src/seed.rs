//! Seeding: files shipped with the project (`<bucket>/<name>` and their bytes) written through
//! the object store with their storage.objects rows, as the server (the seed runs before any
//! request). An object that already has a row is left alone.
use std::io;

use bytes::Bytes;
use md5::{Digest as _, Md5};
use sqlx::PgPool;

use crate::backend::{Location, ObjectStore, delete_quietly};
use crate::db;
use crate::keys;

/// The type a seed file is stored with: sniffed from its bytes, else from its extension.
fn seed_type(name: &str, bytes: &[u8]) -> String {
    let by_extension = match name.rsplit('.').next().unwrap_or_default() {
        "pdf" => Some("application/pdf"),
        "png" => Some("image/png"),
        "jpg" | "jpeg" => Some("image/jpeg"),
        "webp" => Some("image/webp"),
        "gif" => Some("image/gif"),
        "svg" => Some("image/svg+xml"),
        "txt" => Some("text/plain"),
        _ => None,
    };
    match crate::mime::sniff(&bytes[..bytes.len().min(crate::mime::SNIFF_BYTES)]) {
        Some("text/plain") | Some("application/xml") | None => {
            by_extension.unwrap_or("application/octet-stream")
        }
        Some(sniffed) => sniffed,
    }
    .to_string()
}

/// Writes each file whose bucket exists and whose row does not; returns how many were written.
pub async fn write_seed_files(
    pool: &PgPool,
    store: &dyn ObjectStore,
    files: &[(&str, &[u8])],
) -> Result<usize, crate::StorageError> {
    store.prepare().await?;
    let mut written = 0;
    for (relative, bytes) in files {
        let Some((bucket, name)) = relative.split_once('/') else {
            continue;
        };
        if keys::validate_bucket_name(bucket).is_err() || keys::validate_key(name).is_err() {
            tracing::warn!(
                file = relative,
                "seed file name is not a valid storage key; skipped"
            );
            continue;
        }
        if db::find_bucket(pool, bucket).await?.is_none()
            || db::find_object_as_server(pool, bucket, name)
                .await?
                .is_some()
        {
            continue;
        }
        let version = uuid::Uuid::new_v4().to_string();
        let location = Location::new(bucket, name, &version);
        let body = Bytes::copy_from_slice(bytes);
        let stream = futures_util::stream::iter([Ok::<_, io::Error>(body)]);
        let size = store.put(&location, Box::pin(stream)).await?;
        let etag = format!("\"{}\"", hex::encode(Md5::digest(bytes)));
        let metadata = db::system_metadata(&etag, size, &seed_type(name, bytes), "max-age=3600");
        match db::insert_seed_object(pool, bucket, name, &metadata, &version).await {
            Ok(true) => written += 1,
            Ok(false) => delete_quietly(store, &[location]).await,
            Err(err) => {
                delete_quietly(store, &[location]).await;
                return Err(err);
            }
        }
    }
    Ok(written)
}
