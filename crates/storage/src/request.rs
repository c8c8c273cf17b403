//! Extractors that fail in Storage's wire format: path parameters (percent-decoded by the
//! router; a key that does not decode to UTF-8 is an invalid key), JSON bodies (size-capped;
//! a body that does not fit the route's schema is fastify's 400), the caller of the routes
//! that need a JWT, the object a signed download URL names, and the small request facts several
//! routes read (`x-upsert`, `?token=`).
//!
//! Refusals come in Storage's order: the path, then the body's schema (fastify validates
//! before Storage's JWT hook runs), then the JWT. So [`Caller`] goes after the path
//! extractors, and a route with a JSON body takes [`CallerJson`], which checks the JWT only
//! once the body has been read.
use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use http::request::Parts;
use http::{HeaderMap, Method, Uri};
use http_body_util::BodyExt as _;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::StorageState;
use crate::auth::{self, Identity};
use crate::error::StorageError;
use crate::serve::query_param;
use crate::signing::{Scope, SignedClaims};

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

/// A request about one object without a JWT of its own to check: the object's path and what
/// the caller's identity and the policies are made of (method, URI, headers).
#[derive(Debug)]
pub(crate) struct ObjectRequest {
    pub(crate) method: Method,
    pub(crate) uri: Uri,
    pub(crate) headers: HeaderMap,
    pub(crate) path: ObjectPath,
}

impl ObjectRequest {
    /// A query parameter, percent-decoded.
    pub(crate) fn query_param(&self, name: &str) -> Option<String> {
        query_param(self.uri.query(), name)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ObjectRequest {
    type Rejection = StorageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let path = ObjectPath::from_request_parts(parts, state).await?;
        Ok(Self {
            method: parts.method.clone(),
            uri: parts.uri.clone(),
            headers: parts.headers.clone(),
            path,
        })
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

/// The caller of a route that needs a valid JWT (AccessDenied with the verifier's text
/// otherwise).
#[derive(Debug, Clone)]
pub(crate) struct Caller(pub(crate) Identity);

fn require_caller(state: &StorageState, parts: &Parts) -> Result<Identity, StorageError> {
    auth::require(
        &state.verifier,
        &parts.method,
        parts.uri.path(),
        &parts.headers,
    )
}

impl FromRequestParts<Arc<StorageState>> for Caller {
    type Rejection = StorageError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &Arc<StorageState>,
    ) -> Result<Self, Self::Rejection> {
        require_caller(state, parts).map(Self)
    }
}

/// The JSON body and the caller of a route that needs both; a body that does not fit is
/// refused before a missing or bad JWT, as Storage does.
#[derive(Debug, Clone)]
pub(crate) struct CallerJson<T> {
    pub(crate) identity: Identity,
    pub(crate) body: T,
}

impl<T: DeserializeOwned> FromRequest<Arc<StorageState>> for CallerJson<T> {
    type Rejection = StorageError;

    async fn from_request(
        request: Request,
        state: &Arc<StorageState>,
    ) -> Result<Self, Self::Rejection> {
        let (parts, body) = request.into_parts();
        let identity = require_caller(state, &parts);
        let JsonBody(body) =
            JsonBody::from_request(Request::from_parts(parts, body), state).await?;
        Ok(Self {
            identity: identity?,
            body,
        })
    }
}

/// `x-upsert: true` (any case, surrounding space ignored): overwrite an existing object.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Upsert(pub(crate) bool);

fn upsert_requested(headers: &HeaderMap) -> bool {
    headers
        .get("x-upsert")
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.trim().eq_ignore_ascii_case("true"))
}

impl<S: Send + Sync> FromRequestParts<S> for Upsert {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(upsert_requested(&parts.headers)))
    }
}

/// `?token=`: the token of a signed URL, which the route cannot do without.
#[derive(Debug, Clone)]
pub(crate) struct TokenQuery(pub(crate) String);

impl<S: Send + Sync> FromRequestParts<S> for TokenQuery {
    type Rejection = StorageError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        query_param(parts.uri.query(), "token")
            .map(Self)
            .ok_or_else(|| {
                StorageError::BadRequest("querystring must have required property 'token'".into())
            })
    }
}

/// A request about one object with the `?token=` of a signed download URL, checked against
/// exactly this path (no other credential: RLS was checked at signing). Refusals in Storage's
/// order: the path, a missing token, then the token itself.
#[derive(Debug)]
pub(crate) struct SignedDownload {
    pub(crate) request: ObjectRequest,
    pub(crate) claims: SignedClaims,
}

impl FromRequestParts<Arc<StorageState>> for SignedDownload {
    type Rejection = StorageError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &Arc<StorageState>,
    ) -> Result<Self, Self::Rejection> {
        let request = ObjectRequest::from_request_parts(parts, state).await?;
        let TokenQuery(token) = TokenQuery::from_request_parts(parts, state).await?;
        let claims = state
            .signer
            .verify(&token, &request.path.full(), Scope::Download)?;
        Ok(Self { request, claims })
    }
}

/// A boolean JSON body property: None when absent or null.
pub(crate) fn optional_bool(
    body: &serde_json::Map<String, serde_json::Value>,
    name: &str,
) -> Result<Option<bool>, StorageError> {
    match body.get(name) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::Bool(value)) => Ok(Some(*value)),
        Some(_) => Err(StorageError::BadRequest(format!(
            "body/{name} must be boolean"
        ))),
    }
}

/// A JSON body property the route cannot do without, with Storage's validation message.
pub(crate) fn required<T>(value: Option<T>, name: &str) -> Result<T, StorageError> {
    value.ok_or_else(|| {
        StorageError::BadRequest(format!("body must have required property '{name}'"))
    })
}

/// A copy's or a move's body as sent: `bucketId`, `sourceKey`, `destinationKey` and
/// `destinationBucket` (each checked by [`Transfer::checked`]).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TransferBody {
    bucket_id: Option<String>,
    source_key: Option<String>,
    destination_key: Option<String>,
    #[serde(default)]
    destination_bucket: Option<String>,
}

/// Where a copy or a move takes an object from and to.
#[derive(Debug, Clone)]
pub(crate) struct Transfer {
    pub(crate) bucket: String,
    pub(crate) source_key: String,
    pub(crate) destination_bucket: String,
    pub(crate) destination_key: String,
}

impl Transfer {
    /// From the body (the destination bucket is the source's when absent), checked in Storage's
    /// order: the required properties, the destination key, then that the destination bucket
    /// exists.
    pub(crate) async fn checked(
        pool: &sqlx::PgPool,
        body: TransferBody,
    ) -> Result<Self, StorageError> {
        let bucket = required(body.bucket_id, "bucketId")?;
        let source_key = required(body.source_key, "sourceKey")?;
        let destination_key = required(body.destination_key, "destinationKey")?;
        let destination_bucket = body.destination_bucket.unwrap_or_else(|| bucket.clone());
        crate::keys::validate_key(&destination_key)?;
        crate::db::require_bucket(pool, &destination_bucket).await?;
        Ok(Self {
            bucket,
            source_key,
            destination_bucket,
            destination_key,
        })
    }
}
