//! The one error type of the Storage API, rendered in Storage's wire format:
//! `{"statusCode":"<logical>","error":"<legacy name>","message":"…","code":"<machine code>"}`.
//!
//! The HTTP status line follows Storage's legacy rule: HTTP 400 for every logical 4xx, 500 for
//! internal failures, with the documented overrides (role enforcement 403, range 416, database
//! slow-down and the image transformation queue 429, database timeout 544, route not found 404, body too large on the fastify
//! level 413 — which we reach only through `file_size_limit`, so it stays HTTP 400 like
//! Storage's streaming limit).
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode, header};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StorageError {
    #[error("Object not found")]
    NoSuchKey,
    /// The row exists but the backend has no bytes for it.
    #[error("The resource was not found")]
    MissingBytes,
    #[error("Bucket not found")]
    NoSuchBucket,
    #[error("The resource already exists")]
    KeyAlreadyExists,
    #[error("The resource already exists")]
    BucketAlreadyExists,
    #[error("The resource already exists")]
    ResourceAlreadyExists,
    /// PostgreSQL 42501 from a policy: the caller may not write this row.
    #[error("new row violates row-level security policy")]
    RowLevelSecurity,
    /// Missing, invalid or expired JWT on a route that needs one (the verifier's text).
    #[error("{0}")]
    AccessDenied(String),
    /// A service_role-only route called with another role (a real HTTP 403).
    #[error("Access denied: Invalid role")]
    InvalidRole,
    #[error("The object exceeded the maximum allowed size")]
    EntityTooLarge,
    #[error("The user_metadata exceeded the maximum allowed size")]
    MetadataTooLarge,
    #[error("mime type {0} is not supported")]
    InvalidMimeType(String),
    /// The content's type (sniffed) is not allowed, whatever the upload declared.
    #[error(
        "mime type {detected} is not supported (detected from the file's content; declared {declared})"
    )]
    InvalidContent { detected: String, declared: String },
    #[error("Invalid Content-Type header")]
    InvalidContentType,
    #[error("The bucket you tried to delete is not empty")]
    BucketNotEmpty,
    #[error("{0}")]
    InvalidJwt(String),
    #[error("{0}")]
    InvalidSignature(String),
    #[error("The provided token has expired.")]
    ExpiredToken,
    /// The database cannot be reached (or is shutting down): 503 with Retry-After.
    #[error("The database is unavailable: try again shortly")]
    DatabaseUnavailable,
    #[error("No content provided")]
    NoContent,
    #[error("{0}")]
    InvalidRequest(String),
    /// A request body that does not match the route's schema (fastify's validation error).
    #[error("{0}")]
    BadRequest(String),
    #[error("Invalid key: {0}")]
    InvalidKey(String),
    #[error("Bucket name invalid")]
    InvalidBucketName,
    #[error("invalid range provided")]
    InvalidRange { size: u64 },
    #[error("Route {method}:{path} not found")]
    RouteNotFound { method: String, path: String },
    #[error("The connection to the database timed out")]
    DatabaseTimeout,
    #[error("Request timed out")]
    RequestTimeout,
    /// More image transformations are waiting for a processor than the server queues (a real
    /// HTTP 429 with Retry-After, as Storage's render rate limiter answers).
    #[error("Too many image transformations in progress, retry in a moment")]
    RenderBusy,
    /// Anything unexpected; the detail is logged, never sent.
    #[error("Internal Server Error")]
    Internal(String),
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WireError<'a> {
    status_code: &'a str,
    error: &'a str,
    message: String,
    code: &'a str,
}

impl StorageError {
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        Self::Internal(detail.to_string())
    }

    /// (logical statusCode, legacy `error`, `code`)
    fn parts(&self) -> (&'static str, &'static str, &'static str) {
        match self {
            Self::NoSuchKey => ("404", "not_found", "NoSuchKey"),
            Self::MissingBytes => ("404", "Not found", "NoSuchKey"),
            Self::NoSuchBucket => ("404", "Bucket not found", "NoSuchBucket"),
            Self::KeyAlreadyExists => ("409", "Duplicate", "KeyAlreadyExists"),
            Self::BucketAlreadyExists => ("409", "Duplicate", "BucketAlreadyExists"),
            Self::ResourceAlreadyExists => ("409", "Duplicate", "ResourceAlreadyExists"),
            Self::RowLevelSecurity | Self::AccessDenied(_) | Self::InvalidRole => {
                ("403", "Unauthorized", "AccessDenied")
            }
            Self::EntityTooLarge | Self::MetadataTooLarge => {
                ("413", "Payload too large", "EntityTooLarge")
            }
            Self::InvalidMimeType(_) | Self::InvalidContent { .. } | Self::InvalidContentType => {
                ("415", "invalid_mime_type", "InvalidMimeType")
            }
            Self::BucketNotEmpty => ("409", "ResourceNotEmpty", "ResourceNotEmpty"),
            Self::InvalidJwt(_) => ("400", "InvalidJWT", "InvalidJWT"),
            Self::InvalidSignature(_) => ("400", "InvalidSignature", "InvalidSignature"),
            Self::ExpiredToken => ("400", "ExpiredToken", "ExpiredToken"),
            Self::NoContent | Self::InvalidRequest(_) => {
                ("400", "InvalidRequest", "InvalidRequest")
            }
            Self::BadRequest(_) => ("400", "Bad Request", "InvalidRequest"),
            Self::InvalidKey(_) => ("400", "InvalidKey", "InvalidKey"),
            Self::InvalidBucketName => ("400", "Invalid Input", "InvalidBucketName"),
            Self::InvalidRange { .. } => ("416", "invalid_range", "InvalidRange"),
            Self::RouteNotFound { .. } => ("404", "Not Found", "InvalidRequest"),
            Self::DatabaseTimeout => ("544", "DatabaseTimeout", "DatabaseTimeout"),
            Self::DatabaseUnavailable => ("503", "Service Unavailable", "DatabaseError"),
            Self::RequestTimeout => ("408", "RequestTimeout", "RequestTimeout"),
            Self::RenderBusy => ("429", "Too Many Requests", "SlowDown"),
            Self::Internal(_) => ("500", "Internal", "InternalError"),
        }
    }

    /// The HTTP status line: Storage's legacy 400-for-4xx with its documented overrides.
    pub fn http_status(&self) -> StatusCode {
        match self {
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::InvalidRole => StatusCode::FORBIDDEN,
            Self::InvalidRange { .. } => StatusCode::RANGE_NOT_SATISFIABLE,
            Self::RouteNotFound { .. } => StatusCode::NOT_FOUND,
            Self::RenderBusy => StatusCode::TOO_MANY_REQUESTS,
            Self::DatabaseUnavailable => StatusCode::SERVICE_UNAVAILABLE,
            Self::DatabaseTimeout => StatusCode::from_u16(544).unwrap_or(StatusCode::BAD_REQUEST),
            Self::RequestTimeout => StatusCode::REQUEST_TIMEOUT,
            _ => StatusCode::BAD_REQUEST,
        }
    }

    /// The logical status (the `statusCode` string of the body).
    pub fn status_code(&self) -> &'static str {
        self.parts().0
    }

    pub fn code(&self) -> &'static str {
        self.parts().2
    }

    /// Maps a database error met while running a statement as the caller.
    pub fn from_db(err: &cb_db::sqlx::Error) -> Self {
        use cb_db::sqlx::Error;
        // Includes a pool that timed out: sqlx gives that both when every connection is busy and
        // when none can be opened, and "try again shortly" is the answer to both.
        if cb_db::is_unavailable(err) {
            return Self::DatabaseUnavailable;
        }
        match err {
            Error::Database(db) => match db.code().as_deref() {
                Some("42501") => Self::RowLevelSecurity,
                Some("23505") => Self::ResourceAlreadyExists,
                Some("57014") => Self::DatabaseTimeout,
                Some("23503") => Self::NoSuchBucket,
                // NUL bytes and other text PostgreSQL cannot store: bad input, not a failure.
                Some("22021" | "22P05" | "22P02" | "54000") => {
                    Self::InvalidRequest("Invalid input".into())
                }
                _ => Self::internal(err),
            },
            _ => Self::internal(err),
        }
    }
}

impl From<cb_db::sqlx::Error> for StorageError {
    fn from(err: cb_db::sqlx::Error) -> Self {
        Self::from_db(&err)
    }
}

impl From<crate::backend::StoreError> for StorageError {
    fn from(err: crate::backend::StoreError) -> Self {
        use crate::backend::StoreError;
        match err {
            StoreError::NotFound => Self::MissingBytes,
            StoreError::OutsideRoot(key) => Self::InvalidKey(key),
            other => Self::internal(other),
        }
    }
}

impl IntoResponse for StorageError {
    fn into_response(self) -> Response {
        if let Self::Internal(detail) = &self {
            tracing::error!(%detail, "storage request failed");
        }
        let (status_code, error, code) = self.parts();
        let message = self.to_string();
        let body = serde_json::to_vec(&WireError {
            status_code,
            error,
            message,
            code,
        })
        .unwrap_or_default();
        let mut response = (self.http_status(), body).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json; charset=utf-8"),
        );
        match &self {
            Self::MissingBytes => {
                headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            }
            Self::InvalidRange { size } => {
                if let Ok(value) = HeaderValue::from_str(&format!("bytes */{size}")) {
                    headers.insert(header::CONTENT_RANGE, value);
                }
            }
            Self::RenderBusy | Self::DatabaseUnavailable => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            }
            // The body may not have been read to its end: do not reuse the connection.
            Self::EntityTooLarge | Self::RequestTimeout => {
                headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            _ => {}
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt;

    async fn render(error: StorageError) -> (StatusCode, String) {
        let response = error.into_response();
        let status = response.status();
        let body = response.into_body().collect().await.unwrap().to_bytes();
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    #[tokio::test]
    async fn renders_the_wire_format_with_the_legacy_status_line() {
        assert_eq!(
            render(StorageError::NoSuchKey).await,
            (
                StatusCode::BAD_REQUEST,
                r#"{"statusCode":"404","error":"not_found","message":"Object not found","code":"NoSuchKey"}"#.into()
            )
        );
        assert_eq!(
            render(StorageError::InvalidRole).await.0,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            render(StorageError::Internal("boom".into())).await,
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                r#"{"statusCode":"500","error":"Internal","message":"Internal Server Error","code":"InternalError"}"#.into()
            )
        );
        assert_eq!(
            render(StorageError::MissingBytes).await.1,
            r#"{"statusCode":"404","error":"Not found","message":"The resource was not found","code":"NoSuchKey"}"#
        );
        let (status, body) = render(StorageError::RouteNotFound {
            method: "GET".into(),
            path: "/x".into(),
        })
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(body.contains(r#""message":"Route GET:/x not found""#));
    }
}
