//! `POST /token?grant_type=...`: there are no users, refresh tokens or PKCE flows here, so each
//! grant answers exactly as GoTrue does when what it looks for does not exist.
use axum::body::Bytes;
use axum::extract::RawQuery;
use serde_json::Value;

use super::query_param;
use crate::AuthError;

fn non_empty(body: &Value, field: &str) -> bool {
    body.get(field)
        .and_then(Value::as_str)
        .is_some_and(|value| !value.is_empty())
}

pub(crate) async fn handle(RawQuery(query): RawQuery, body: Bytes) -> AuthError {
    let body: Value = if body.iter().all(u8::is_ascii_whitespace) {
        Value::Object(serde_json::Map::new())
    } else {
        match serde_json::from_slice(&body) {
            Ok(value @ Value::Object(_)) => value,
            Ok(_) => return AuthError::BadJson("expected a JSON object".into()),
            Err(err) => return AuthError::BadJson(err.to_string()),
        }
    };
    match query_param(query.as_deref(), "grant_type") {
        Some("password") => {
            if non_empty(&body, "email") || non_empty(&body, "phone") {
                AuthError::InvalidCredentials
            } else {
                AuthError::MissingEmailOrPhone
            }
        }
        Some("refresh_token") => {
            if non_empty(&body, "refresh_token") {
                AuthError::RefreshTokenNotFound
            } else {
                AuthError::RefreshTokenRequired
            }
        }
        Some("pkce") => {
            if non_empty(&body, "auth_code") && non_empty(&body, "code_verifier") {
                AuthError::FlowStateNotFound
            } else {
                AuthError::PkceParamsMissing
            }
        }
        Some("id_token") => AuthError::ProviderDisabled,
        _ => AuthError::UnsupportedGrantType,
    }
}
