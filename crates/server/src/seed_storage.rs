//! Puts the seed's files (supabase/seed/storage/<bucket>/<path>) into the filesystem object
//! store with their storage.objects rows, once, when the seed is applied.
use std::path::Path;

use cb_db::sqlx::PgPool;
use sha2::{Digest, Sha256};

/// A strong entity tag derived from the bytes.
fn etag(bytes: &[u8]) -> String {
    format!("\"{}\"", hex::encode(&Sha256::digest(bytes)[..16]))
}

fn mime_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or_default() {
        "pdf" => "application/pdf",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "gif" => "image/gif",
        "svg" => "image/svg+xml",
        _ => "application/octet-stream",
    }
}

pub(crate) async fn write_seed_files(pool: &PgPool, root: &Path) -> anyhow::Result<()> {
    for (relative, bytes) in cb_db::seed_files() {
        let Some((bucket, name)) = relative.split_once('/') else {
            continue;
        };
        let target = root.join(bucket).join(name);
        if let Some(parent) = target.parent() {
            tokio::fs::create_dir_all(parent).await?;
        }
        // Temp file then rename: a crash never leaves a partial object.
        let temp = target.with_extension("seed-tmp");
        tokio::fs::write(&temp, bytes).await?;
        tokio::fs::rename(&temp, &target).await?;
        let metadata = serde_json::json!({
            "eTag": etag(bytes),
            "size": bytes.len(),
            "mimetype": mime_type(name),
            "cacheControl": "max-age=3600",
            "lastModified": chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            "contentLength": bytes.len(),
            "httpStatusCode": 200,
        });
        cb_db::sqlx::query(
            "insert into storage.objects (bucket_id, name, metadata, version)
             select $1, $2, $3, gen_random_uuid()::text
             where exists (select 1 from storage.buckets where id = $1)
             on conflict (bucket_id, name) do nothing",
        )
        .bind(bucket)
        .bind(name)
        .bind(metadata)
        .execute(pool)
        .await?;
    }
    Ok(())
}
