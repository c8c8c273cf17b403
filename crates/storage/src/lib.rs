//! The Supabase Storage API (`/storage/v1`) exactly as storage-js expects it: bucket and object
//! metadata in the `storage` schema under the caller's role (row-level security decides, as on
//! Supabase), bytes on the local filesystem or in S3, streamed both ways, errors in Storage's
//! wire format with its legacy status quirks.
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use cb_gateway::JwtVerifier;
use secrecy::ExposeSecret as _;
use sqlx::PgPool;

mod access;
mod auth;
pub mod backend;
mod changes;
mod db;
mod drain;
mod error;
pub mod keys;
pub mod mime;
mod render;
mod request;
mod routes;
pub mod seed;
mod serve;
mod signing;
mod upload;

pub use backend::{FsStore, ObjectStore, S3Settings, S3Store, SharedStore};
pub use error::StorageError;
pub use render::ImageConfig;

/// Where the bytes go.
#[derive(Debug, Clone)]
pub enum BackendConfig {
    /// A directory (the default: `<data dir>/storage`).
    File {
        root: PathBuf,
    },
    S3(S3Settings),
}

/// The storage service's configuration (built by the server's config module).
#[derive(Debug, Clone)]
pub struct StorageConfig {
    pub backend: BackendConfig,
    /// The global upload cap in bytes; a bucket's `file_size_limit` can only lower it.
    pub file_size_limit: u64,
    /// Verifies the callers' JWTs (the project secret, and a rotation's other ones).
    pub verifier: JwtVerifier,
    /// Signs signed-URL tokens (defaults to the JWT secret).
    pub signing_secret: secrecy::SecretString,
    /// How long a signed upload URL stays valid.
    pub signed_upload_expiry: Duration,
    /// Time limit of the requests that do not stream a body.
    pub request_timeout: Duration,
    /// An upload fails when no byte arrives for this long.
    pub idle_timeout: Duration,
    /// Image transformations (`/render/image`).
    pub images: ImageConfig,
}

impl StorageConfig {
    /// Opens the configured backend (creates the directory of the filesystem store).
    pub fn open_store(&self) -> std::io::Result<SharedStore> {
        Ok(match &self.backend {
            BackendConfig::File { root } => Arc::new(FsStore::new(root)?),
            BackendConfig::S3(settings) => Arc::new(S3Store::new(settings)),
        })
    }
}

/// What every storage handler reaches.
#[derive(Debug)]
pub struct StorageState {
    pub pool: PgPool,
    pub store: SharedStore,
    pub config: StorageConfig,
    verifier: JwtVerifier,
    signer: signing::Signer,
    renderer: render::ImageRenderer,
}

impl StorageState {
    /// The state with the default image transformation settings ([`ImageConfig::default`]).
    pub fn new(config: StorageConfig, pool: PgPool, store: SharedStore) -> Self {
        Self {
            verifier: config.verifier.clone(),
            signer: signing::Signer::new(config.signing_secret.expose_secret()),
            renderer: render::ImageRenderer::new(ImageConfig::default()),
            pool,
            store,
            config,
        }
    }

    /// The same state with other image transformation settings.
    #[must_use]
    pub fn with_images(mut self, images: ImageConfig) -> Self {
        self.renderer = render::ImageRenderer::new(images);
        self
    }
}

/// The `/storage/v1` router (mount it with `nest`). Opens the backend and gets it ready in
/// the background (an S3 bucket is created when missing; a store that is not reachable yet
/// is retried on use).
pub fn router(config: StorageConfig, pool: PgPool) -> std::io::Result<Router> {
    let images = config.images.clone();
    let store = config.open_store()?;
    let preparing = store.clone();
    if let Ok(runtime) = tokio::runtime::Handle::try_current() {
        runtime.spawn(async move {
            if let Err(err) = preparing.prepare().await {
                tracing::error!(%err, backend = preparing.kind(), "the object store is not ready");
            }
        });
    }
    let state = Arc::new(StorageState::new(config, pool, store).with_images(images));
    changes::spawn_listener(state.clone());
    Ok(routes::router(state))
}
