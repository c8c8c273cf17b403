//! Puts the seed's files (supabase/seed/storage/<bucket>/<path>) into the configured object
//! store (filesystem or S3, through the storage service's backend) with their storage.objects
//! rows, once, when the seed is applied.
use anyhow::Context as _;
use cb_db::sqlx::PgPool;

use crate::config::Config;

pub(crate) async fn write_seed_files(pool: &PgPool, config: &Config) -> anyhow::Result<()> {
    let store = config
        .storage
        .open_store()
        .context("opening the object store")?;
    let written = cb_storage::seed::write_seed_files(pool, store.as_ref(), cb_db::seed_files())
        .await
        .map_err(|err| {
            anyhow::anyhow!(
                "writing the seed's files to the {} object store: {err:?}",
                store.kind()
            )
        })?;
    tracing::info!(written, backend = store.kind(), "seed files stored");
    Ok(())
}
