//! GoTrue's error answers. The body carries both formats auth-js understands: the 2024-01-01
//! one (`code` = the error code as a string, `message`) and the legacy one (`error_code`, `msg`),
//! so the code survives even where a browser cannot read `X-Supabase-Api-Version`. Codes,
//! statuses and messages are GoTrue's (`internal/api/apierrors`).
use axum::Json;
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode};
use serde_json::{Map, Value, json};

pub const API_VERSION_HEADER: &str = "x-supabase-api-version";
pub const API_VERSION: &str = "2024-01-01";

/// An error answer: status, GoTrue error code and message (plus, for a weak password, the
/// reasons auth-js reads).
#[derive(Debug, Clone, PartialEq)]
pub struct AuthError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// Fields added to the body (`weak_password`).
    extra: Option<(&'static str, Value)>,
    /// Seconds until a rate limit frees up (`Retry-After`).
    retry_after: Option<u64>,
}

impl AuthError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            extra: None,
            retry_after: None,
        }
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// 400 `validation_failed`, GoTrue's answer to most bad input.
    pub fn validation(message: impl Into<String>) -> Self {
        Self::bad_request("validation_failed", message)
    }

    pub fn forbidden(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, code, message)
    }

    pub fn not_found(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, code, message)
    }

    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    pub fn too_many(code: &'static str, message: impl Into<String>, retry_after: u64) -> Self {
        Self {
            retry_after: Some(retry_after.max(1)),
            ..Self::new(StatusCode::TOO_MANY_REQUESTS, code, message)
        }
    }

    /// A failure of ours (the cause is logged, never shown).
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "unexpected_failure",
            message,
        )
    }

    pub fn weak_password(message: String, reasons: &[&'static str]) -> Self {
        Self {
            extra: Some(("weak_password", json!({ "reasons": reasons }))),
            ..Self::unprocessable("weak_password", message)
        }
    }

    pub fn no_authorization() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "no_authorization",
            "This endpoint requires a valid Bearer token",
        )
    }

    pub fn bad_jwt(detail: impl std::fmt::Display) -> Self {
        Self::forbidden(
            "bad_jwt",
            format!("invalid JWT: unable to parse or verify signature, {detail}"),
        )
    }

    pub fn session_not_found() -> Self {
        Self::forbidden(
            "session_not_found",
            "Session from session_id claim in JWT does not exist",
        )
    }

    pub fn user_banned() -> Self {
        Self::forbidden("user_banned", "User is banned")
    }

    pub fn invalid_credentials() -> Self {
        Self::bad_request("invalid_credentials", "Invalid login credentials")
    }

    pub fn not_admin() -> Self {
        Self::forbidden("not_admin", "User not allowed")
    }

    pub fn bad_json(detail: impl std::fmt::Display) -> Self {
        Self::bad_request(
            "bad_json",
            format!("Could not parse request body as JSON: {detail}"),
        )
    }

    pub fn rate_limited(retry_after: u64) -> Self {
        Self::too_many(
            "over_request_rate_limit",
            "Request rate limit reached",
            retry_after,
        )
    }

    pub fn signup_disabled() -> Self {
        Self::unprocessable("signup_disabled", "Signups not allowed for this instance")
    }

    pub fn otp_expired(message: &str) -> Self {
        Self::forbidden("otp_expired", message)
    }
}

impl From<sqlx::Error> for AuthError {
    fn from(err: sqlx::Error) -> Self {
        tracing::error!(error = %err, "auth: database error");
        match err {
            // The database is away: clients retry these (auth-js retries 5xx gateway statuses).
            sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed => Self::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "unexpected_failure",
                "The auth service is temporarily unavailable",
            ),
            _ => Self::internal("Database error"),
        }
    }
}

impl IntoResponse for AuthError {
    fn into_response(self) -> Response {
        let mut body = Map::new();
        body.insert("code".into(), json!(self.code));
        body.insert("error_code".into(), json!(self.code));
        body.insert("msg".into(), json!(self.message));
        body.insert("message".into(), json!(self.message));
        if let Some((name, value)) = self.extra {
            body.insert(name.into(), value);
        }
        let mut response = (self.status, Json(Value::Object(body))).into_response();
        let headers = response.headers_mut();
        headers.insert("x-sb-error-code", HeaderValue::from_static(self.code));
        headers.insert(API_VERSION_HEADER, HeaderValue::from_static(API_VERSION));
        if let Some(seconds) = self.retry_after {
            headers.insert(http::header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}
