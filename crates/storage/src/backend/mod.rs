//! Where the bytes live. One trait, two implementations: a directory on the local filesystem
//! (the default) and an S3 bucket. Both stream in both directions, so memory stays flat
//! whatever the object's size.
//!
//! Every upload is written under a fresh version id (`<bucket>/<key>/<version>`), never over the
//! bytes a reader may be streaming: the database row names the version that is current, and
//! the previous version is deleted only after the row moved on. A crash mid-upload therefore
//! leaves at worst an unreferenced temp file or version, never a partial object.
//!
//! Variants (transformed images, `/render/image`) are derived from one version and kept in a
//! namespace of their own, `~variants/<bucket>/<key>/<version>/<name>` (no bucket name or key
//! segment can start with `~`): keyed by the version they were made from, a replaced object
//! never serves a stale variant, and [`delete_quietly`] removes a version's variants with it.
use std::fmt;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;

use bytes::Bytes;
use futures_util::Stream;

/// The [`ObjectStore`] impl of a backend whose inherent async methods do the work (`ready`,
/// `write`, `read`, `remove`, `duplicate`, `stored`, `write_variant`, `read_variant`,
/// `remove_variants`): each trait method boxes the one of its job, so the backends hold only
/// their own logic.
macro_rules! object_store_from_inherent_methods {
    ($store:ty, $kind:literal) => {
        impl $crate::backend::ObjectStore for $store {
            fn kind(&self) -> &'static str {
                $kind
            }

            fn prepare(&self) -> $crate::backend::StoreFuture<'_, ()> {
                Box::pin(self.ready())
            }

            fn put<'a>(
                &'a self,
                location: &'a $crate::backend::Location,
                body: $crate::backend::ByteStream,
            ) -> $crate::backend::StoreFuture<'a, u64> {
                Box::pin(self.write(location, body))
            }

            fn get<'a>(
                &'a self,
                location: &'a $crate::backend::Location,
                range: Option<$crate::backend::ByteRange>,
            ) -> $crate::backend::StoreFuture<'a, $crate::backend::ByteStream> {
                Box::pin(self.read(location, range))
            }

            fn delete<'a>(
                &'a self,
                location: &'a $crate::backend::Location,
            ) -> $crate::backend::StoreFuture<'a, ()> {
                Box::pin(self.remove(location))
            }

            fn copy<'a>(
                &'a self,
                from: &'a $crate::backend::Location,
                to: &'a $crate::backend::Location,
            ) -> $crate::backend::StoreFuture<'a, ()> {
                Box::pin(self.duplicate(from, to))
            }

            fn exists<'a>(
                &'a self,
                location: &'a $crate::backend::Location,
            ) -> $crate::backend::StoreFuture<'a, bool> {
                Box::pin(self.stored(location))
            }

            fn put_variant<'a>(
                &'a self,
                source: &'a $crate::backend::Location,
                name: &'a str,
                bytes: bytes::Bytes,
            ) -> $crate::backend::StoreFuture<'a, ()> {
                Box::pin(self.write_variant(source, name, bytes))
            }

            fn get_variant<'a>(
                &'a self,
                source: &'a $crate::backend::Location,
                name: &'a str,
            ) -> $crate::backend::StoreFuture<'a, $crate::backend::SizedStream> {
                Box::pin(self.read_variant(source, name))
            }

            fn delete_variants<'a>(
                &'a self,
                source: &'a $crate::backend::Location,
            ) -> $crate::backend::StoreFuture<'a, ()> {
                Box::pin(self.remove_variants(source))
            }
        }
    };
}

mod fs;
mod s3;

pub use fs::FsStore;
pub use s3::{S3Settings, S3Store};

/// A stream of body chunks.
pub type ByteStream = Pin<Box<dyn Stream<Item = io::Result<Bytes>> + Send>>;
/// What the trait's methods return (the trait is used as `Arc<dyn ObjectStore>`).
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// One stored version of one object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub bucket: String,
    pub key: String,
    pub version: String,
}

impl Location {
    pub fn new(bucket: &str, key: &str, version: &str) -> Self {
        Self {
            bucket: bucket.to_string(),
            key: key.to_string(),
            version: version.to_string(),
        }
    }
}

/// A stream whose length is known before it starts.
pub struct SizedStream {
    pub len: u64,
    pub body: ByteStream,
}

impl fmt::Debug for SizedStream {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SizedStream")
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

/// Variant names are ours (`800x0-cover-q80.webp`): lower-case letters, digits, `.`, `-`.
pub(crate) fn check_variant_name(name: &str) -> Result<(), StoreError> {
    let valid = !name.is_empty()
        && name.len() <= 100
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-');
    if valid {
        Ok(())
    } else {
        Err(StoreError::OutsideRoot(name.to_string()))
    }
}

pub use cb_http_file::ByteRange;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("object not found in the backend")]
    NotFound,
    /// A location that would leave the store's root (never reached with validated keys).
    #[error("location outside the store: {0}")]
    OutsideRoot(String),
    /// The body stream failed (client went away, size limit, idle timeout).
    #[error("upload body: {0}")]
    Body(io::Error),
    #[error("backend i/o: {0}")]
    Io(#[from] io::Error),
    #[error("backend: {0}")]
    Backend(String),
}

/// The object store behind the Storage API.
pub trait ObjectStore: Send + Sync + fmt::Debug {
    /// A short name for logs: `file` or `s3`.
    fn kind(&self) -> &'static str;

    /// Gets the store ready (creates the root or the S3 bucket when missing).
    fn prepare(&self) -> StoreFuture<'_, ()>;

    /// Writes `body` to `location` atomically: readers see all of it or nothing. Returns the
    /// number of bytes written. When `body` yields an error the write is abandoned and the
    /// error comes back as [`StoreError::Body`].
    fn put<'a>(&'a self, location: &'a Location, body: ByteStream) -> StoreFuture<'a, u64>;

    /// Streams the object, or the inclusive `range` of it.
    fn get<'a>(
        &'a self,
        location: &'a Location,
        range: Option<ByteRange>,
    ) -> StoreFuture<'a, ByteStream>;

    /// Deletes one version; a missing one is not an error.
    fn delete<'a>(&'a self, location: &'a Location) -> StoreFuture<'a, ()>;

    /// Copies a version to another location (server-side where the backend can).
    fn copy<'a>(&'a self, from: &'a Location, to: &'a Location) -> StoreFuture<'a, ()>;

    /// Whether a version is stored.
    fn exists<'a>(&'a self, location: &'a Location) -> StoreFuture<'a, bool>;

    /// Stores the variant `name` of the version `source`, atomically (readers see all of it
    /// or nothing); an existing variant of that name is replaced.
    fn put_variant<'a>(
        &'a self,
        source: &'a Location,
        name: &'a str,
        bytes: Bytes,
    ) -> StoreFuture<'a, ()>;

    /// Streams the variant `name` of `source` ([`StoreError::NotFound`] when there is none).
    fn get_variant<'a>(
        &'a self,
        source: &'a Location,
        name: &'a str,
    ) -> StoreFuture<'a, SizedStream>;

    /// Deletes every variant of `source`; none is not an error.
    fn delete_variants<'a>(&'a self, source: &'a Location) -> StoreFuture<'a, ()>;
}

pub type SharedStore = Arc<dyn ObjectStore>;

/// Deletes versions no row references any more, and their variants, logging (not failing on)
/// errors: an orphan costs disk space, never correctness (nothing serves a version, or a variant
/// of one, that no row names).
///
/// Every path that drops a version (overwrite, delete, remove, move, copy over, empty bucket,
/// a failed upload) goes through here, so variants live exactly as long as their version. The
/// version goes first: a variant rendered concurrently checks afterwards that its source still
/// exists and deletes itself otherwise (see `render`), so none outlives it.
pub async fn delete_quietly(store: &dyn ObjectStore, locations: &[Location]) {
    for location in locations {
        if let Err(err) = store.delete(location).await {
            tracing::warn!(%err, bucket = %location.bucket, key = %location.key,
                version = %location.version, "could not delete an unreferenced object version");
        }
        if let Err(err) = store.delete_variants(location).await {
            tracing::warn!(%err, bucket = %location.bucket, key = %location.key,
                version = %location.version, "could not delete the variants of an object version");
        }
    }
}
