//! Extractors that fail in Storage's wire format: path parameters (percent-decoded by the
//! router; a key that does not decode to UTF-8 is an invalid key) and JSON bodies (size-capped;
//! a body that does not fit the route's schema is fastify's 400).
use axum::extract::rejection::PathRejection;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use http::request::Parts;
use http_body_util::BodyExt as _;
use serde::de::DeserializeOwned;

use crate::error::StorageError;

/// Largest JSON body (a remove of 1000 long keys fits).
pub(crate) const MAX_JSON_BYTES: usize = 4 * 1024 * 1024;

/// `/{bucket}/{*path}`: the bucket id and the object key.
#[derive(Debug, Clone)]
pub(crate) struct ObjectPath {
    pub(crate) bucket: String,
    pub(crate) key: String,
}

impl ObjectPath {
    /// `bucket/key`, as signed tokens and `Key` answers name it.
    pub(crate) fn full(&self) -> String {
        format!("{}/{}", self.bucket, self.key)
    }
}

fn path_error(rejection: &PathRejection) -> StorageError {
    StorageError::InvalidKey(rejection.body_text())
}

impl<S: Send + Sync> FromRequestParts<S> for ObjectPath {
    type Rejection = StorageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path((bucket, key)) = Path::<(String, String)>::from_request_parts(parts, state)
            .await
            .map_err(|rejection| path_error(&rejection))?;
        Ok(Self { bucket, key })
    }
}

/// `/{bucket}` or `/{id}`: one path parameter.
#[derive(Debug, Clone)]
pub(crate) struct BucketPath(pub String);

impl<S: Send + Sync> FromRequestParts<S> for BucketPath {
    type Rejection = StorageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path(bucket) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|_| StorageError::NoSuchBucket)?;
        Ok(Self(bucket))
    }
}

/// A JSON body; an empty one reads as `{}`.
#[derive(Debug, Clone)]
pub(crate) struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = StorageError;

    async fn from_request(request: Request, _state: &S) -> Result<Self, Self::Rejection> {
        let limited = http_body_util::Limited::new(request.into_body(), MAX_JSON_BYTES);
        let bytes = limited
            .collect()
            .await
            .map_err(|err| {
                if err.is::<http_body_util::LengthLimitError>() {
                    StorageError::BadRequest("Request body is too large".into())
                } else {
                    StorageError::BadRequest("The request body could not be read".into())
                }
            })?
            .to_bytes();
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(text)
            .map(JsonBody)
            .map_err(|err| StorageError::BadRequest(format!("body {err}")))
    }
}

/// A JSON body property the route cannot do without, with Storage's validation message.
pub(crate) fn required<T>(value: Option<T>, name: &str) -> Result<T, StorageError> {
    value.ok_or_else(|| {
        StorageError::BadRequest(format!("body must have required property '{name}'"))
    })
}
