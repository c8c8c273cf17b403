//! The one error type of `/functions/v1`, rendered as a JSON body (`{"error": "..."}`, plus
//! the fields a function's callers read, such as `success: false`) with a JSON Content-Type:
//! functions-js picks its parser from the Content-Type, and `error.context.json()` must work.
use axum::Json;
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode, header};
use serde_json::{Map, Value, json};

#[derive(Debug)]
pub enum FunctionError {
    /// No function of that name (the hosted platform's exact answer).
    NotFound,
    /// `/functions/v1` with no name (the self-hosted router's answer).
    MissingName,
    MethodNotAllowed {
        allowed: &'static [&'static str],
    },
    PayloadTooLarge {
        limit: usize,
    },
    BadRequest(String),
    /// `verify_jwt`: no valid JWT (the relay's answer, with its code in `sb-error-code`).
    Unauthorized(JwtRefusal),
    Forbidden(String),
    /// The thing to create exists already.
    Conflict(String),
    /// Well-formed, but not something the function can do (a bad email, an unknown role).
    Unprocessable(String),
    TooManyRequests {
        message: String,
        retry_after_secs: u64,
    },
    /// A dependency (database, captcha provider) is not answering.
    Unavailable(String),
    /// A bug or an unexpected database error: logged, answered without details.
    Internal(String),
    /// Any of the above, with extra fields in the body.
    WithFields(Box<FunctionError>, Map<String, Value>),
}

impl FunctionError {
    /// Adds a field to the JSON body (e.g. `success: false`).
    pub fn with_field(self, name: &str, value: Value) -> Self {
        match self {
            Self::WithFields(inner, mut fields) => {
                fields.insert(name.into(), value);
                Self::WithFields(inner, fields)
            }
            other => {
                let mut fields = Map::new();
                fields.insert(name.into(), value);
                Self::WithFields(Box::new(other), fields)
            }
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::MissingName | Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            Self::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::WithFields(inner, _) => inner.status(),
        }
    }

    fn body(&self) -> Value {
        match self {
            Self::NotFound => {
                json!({ "code": "NOT_FOUND", "message": "Requested function was not found" })
            }
            Self::MissingName => json!({
                "error": "missing function name in request",
                "msg": "missing function name in request",
            }),
            Self::MethodNotAllowed { allowed } => {
                json!({ "error": format!("Method not allowed: use {}", allowed.join(", ")) })
            }
            Self::PayloadTooLarge { limit } => {
                json!({ "error": format!("Request body is larger than {limit} bytes") })
            }
            Self::Unauthorized(refusal) => json!({
                "code": refusal.code(),
                "message": refusal.message(),
                "msg": refusal.message(),
            }),
            Self::BadRequest(message)
            | Self::Forbidden(message)
            | Self::Conflict(message)
            | Self::Unprocessable(message)
            | Self::Unavailable(message) => json!({ "error": message }),
            Self::TooManyRequests {
                message,
                retry_after_secs,
            } => json!({ "error": message, "retryAfter": retry_after_secs }),
            Self::Internal(_) => json!({ "error": "Internal error" }),
            Self::WithFields(inner, fields) => {
                let mut body = inner.body();
                if let Value::Object(object) = &mut body {
                    for (name, value) in fields {
                        object.insert(name.clone(), value.clone());
                    }
                }
                body
            }
        }
    }

    fn innermost(&self) -> &Self {
        match self {
            Self::WithFields(inner, _) => inner.innermost(),
            other => other,
        }
    }
}

/// Why a function that verifies JWTs refused a request (the self-hosted relay's codes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JwtRefusal {
    NoAuthHeader,
    InvalidFormat,
    Invalid,
}

impl JwtRefusal {
    pub fn code(self) -> &'static str {
        match self {
            Self::NoAuthHeader => "UNAUTHORIZED_NO_AUTH_HEADER",
            Self::InvalidFormat => "UNAUTHORIZED_INVALID_JWT_FORMAT",
            Self::Invalid => "UNAUTHORIZED_LEGACY_JWT",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            Self::NoAuthHeader => "Missing authorization header",
            Self::InvalidFormat => "Invalid JWT format",
            Self::Invalid => "Invalid JWT",
        }
    }
}

impl From<cb_db::sqlx::Error> for FunctionError {
    fn from(err: cb_db::sqlx::Error) -> Self {
        match err {
            cb_db::sqlx::Error::PoolTimedOut => {
                Self::Unavailable("The database is busy: try again shortly".into())
            }
            other if cb_db::is_unavailable(&other) => {
                tracing::warn!(err = %other, "function: database unavailable");
                Self::Unavailable("The database is unavailable: try again shortly".into())
            }
            other => Self::Internal(format!("database: {other}")),
        }
    }
}

impl IntoResponse for FunctionError {
    fn into_response(self) -> Response {
        let status = self.status();
        if let Self::Internal(detail) = self.innermost() {
            tracing::error!(%detail, "function failed");
        }
        let mut response = (status, Json(self.body())).into_response();
        let headers = response.headers_mut();
        match self.innermost() {
            Self::TooManyRequests {
                retry_after_secs, ..
            } => {
                if let Ok(value) = HeaderValue::from_str(&retry_after_secs.to_string()) {
                    headers.insert(header::RETRY_AFTER, value);
                }
            }
            Self::Unavailable(_) => {
                headers.insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
            }
            Self::MethodNotAllowed { allowed } => {
                if let Ok(value) = HeaderValue::from_str(&allowed.join(", ")) {
                    headers.insert(header::ALLOW, value);
                }
            }
            Self::NotFound => {
                headers.insert("sb-error-code", HeaderValue::from_static("NOT_FOUND"));
            }
            Self::Unauthorized(refusal) => {
                headers.insert("sb-error-code", HeaderValue::from_static(refusal.code()));
            }
            _ => {}
        }
        response
    }
}
