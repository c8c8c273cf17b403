//! Who may read an object, as Storage decides it per route: public routes need a public
//! bucket and skip RLS; `/object/authenticated/...` needs a JWT and reads under RLS; the plain
//! `/object/{bucket}/...` routes allow an invalid JWT, serve public buckets without RLS and
//! private ones only to an authenticated caller whose policies show the row.
use crate::StorageState;
use crate::auth::{self, Identity};
use crate::db::{self, ObjectRow};
use crate::error::StorageError;
use crate::request::ObjectRequest;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReadMode {
    Public,
    Authenticated,
    /// Storage's `allowInvalidJwt` routes.
    OptionalJwt,
}

/// The object to serve, or NoSuchBucket / NoSuchKey / AccessDenied.
pub(crate) async fn object_for_read(
    state: &StorageState,
    mode: ReadMode,
    request: &ObjectRequest,
    operation: &str,
) -> Result<ObjectRow, StorageError> {
    let (method, path, headers) = (&request.method, request.uri.path(), &request.headers);
    let (bucket_id, key) = (request.path.bucket.as_str(), request.path.key.as_str());
    let identity: Option<Identity> = match mode {
        ReadMode::Public => None,
        ReadMode::Authenticated => Some(auth::require(&state.verifier, method, path, headers)?),
        ReadMode::OptionalJwt => Some(auth::optional(&state.verifier, method, path, headers)),
    };
    // A key PostgreSQL cannot even store names no object.
    if key.contains('\0') {
        return Err(StorageError::NoSuchKey);
    }
    // The bucket and, for public buckets, the object itself in one query.
    let (public, object) = db::find_bucket_and_object(&state.pool, bucket_id, key)
        .await?
        .ok_or(StorageError::NoSuchBucket)?;
    let row = match (&identity, mode) {
        (None, _) | (Some(_), ReadMode::OptionalJwt) if public => object,
        (None, _) => return Err(StorageError::NoSuchBucket),
        (Some(identity), ReadMode::OptionalJwt) if !identity.authenticated => {
            return Err(StorageError::NoSuchBucket);
        }
        (Some(identity), _) => {
            db::find_object_as(&state.pool, identity, operation, bucket_id, key).await?
        }
    };
    row.ok_or(StorageError::NoSuchKey)
}
