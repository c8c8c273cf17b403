//! GoTrue's error answers. The body carries both formats auth-js understands: the 2024-01-01
//! one (`code` = the error code as a string, `message`) and the legacy one (`error_code`, `msg`),
//! so the code survives even where a browser cannot read `X-Supabase-Api-Version`.
use axum::Json;
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode};
use serde_json::json;

pub const API_VERSION_HEADER: &str = "x-supabase-api-version";
pub const API_VERSION: &str = "2024-01-01";

/// Every error the auth service answers with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuthError {
    NoAuthorization,
    BadJwt(String),
    MissingSub,
    SessionNotFound,
    InvalidCredentials,
    MissingEmailOrPhone,
    RefreshTokenRequired,
    RefreshTokenNotFound,
    FlowStateNotFound,
    PkceParamsMissing,
    UnsupportedGrantType,
    ProviderDisabled,
    BadJson(String),
    UnsupportedLogoutScope(String),
    SignupDisabled,
    NotFound,
    MethodNotAllowed,
}

impl AuthError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::NoAuthorization => StatusCode::UNAUTHORIZED,
            Self::BadJwt(_) | Self::MissingSub | Self::SessionNotFound => StatusCode::FORBIDDEN,
            Self::InvalidCredentials
            | Self::MissingEmailOrPhone
            | Self::RefreshTokenRequired
            | Self::RefreshTokenNotFound
            | Self::PkceParamsMissing
            | Self::UnsupportedGrantType
            | Self::ProviderDisabled
            | Self::BadJson(_)
            | Self::UnsupportedLogoutScope(_) => StatusCode::BAD_REQUEST,
            Self::FlowStateNotFound | Self::NotFound => StatusCode::NOT_FOUND,
            Self::SignupDisabled => StatusCode::UNPROCESSABLE_ENTITY,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            Self::NoAuthorization => "no_authorization",
            Self::BadJwt(_) | Self::MissingSub => "bad_jwt",
            Self::SessionNotFound => "session_not_found",
            Self::InvalidCredentials => "invalid_credentials",
            Self::MissingEmailOrPhone
            | Self::RefreshTokenRequired
            | Self::PkceParamsMissing
            | Self::UnsupportedLogoutScope(_) => "validation_failed",
            Self::RefreshTokenNotFound => "refresh_token_not_found",
            Self::FlowStateNotFound => "flow_state_not_found",
            Self::UnsupportedGrantType => "unsupported_grant_type",
            Self::ProviderDisabled => "provider_disabled",
            Self::BadJson(_) => "bad_json",
            Self::SignupDisabled => "signup_disabled",
            Self::NotFound => "not_found",
            Self::MethodNotAllowed => "method_not_allowed",
        }
    }

    pub fn message(&self) -> String {
        match self {
            Self::NoAuthorization => "This endpoint requires a valid Bearer token".into(),
            Self::BadJwt(detail) => {
                format!("invalid JWT: unable to parse or verify signature, {detail}")
            }
            Self::MissingSub => "invalid claim: missing sub claim".into(),
            Self::SessionNotFound => "Session from session_id claim in JWT does not exist".into(),
            Self::InvalidCredentials => "Invalid login credentials".into(),
            Self::MissingEmailOrPhone => "missing email or phone".into(),
            Self::RefreshTokenRequired => "refresh_token required".into(),
            Self::RefreshTokenNotFound => "Invalid Refresh Token: Refresh Token Not Found".into(),
            Self::FlowStateNotFound => "invalid flow state, no valid flow state found".into(),
            Self::PkceParamsMissing => {
                "invalid request: both auth code and code verifier should be non-empty".into()
            }
            Self::UnsupportedGrantType => "unsupported_grant_type".into(),
            Self::ProviderDisabled => "Provider is not enabled".into(),
            Self::BadJson(detail) => format!("Could not parse request body as JSON: {detail}"),
            Self::UnsupportedLogoutScope(scope) => format!("Unsupported logout scope {scope:?}"),
            Self::SignupDisabled => "Signups not allowed for this instance".into(),
            Self::NotFound => "Not Found".into(),
            Self::MethodNotAllowed => "Method Not Allowed".into(),
        }
    }
}

impl IntoResponse for AuthError {
    fn into_response(self) -> Response {
        let code = self.code();
        let message = self.message();
        let body = json!({ "code": code, "error_code": code, "msg": message, "message": message });
        let mut response = (self.status(), Json(body)).into_response();
        let headers = response.headers_mut();
        headers.insert("x-sb-error-code", HeaderValue::from_static(code));
        headers.insert(API_VERSION_HEADER, HeaderValue::from_static(API_VERSION));
        response
    }
}
