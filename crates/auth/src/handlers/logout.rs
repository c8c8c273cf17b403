//! `POST /logout?scope=global|local|others`: 204. Sessions are stateless JWTs, so there is
//! nothing to delete server-side; the client drops its copy (an admin token ends at its expiry or
//! when the passcode changes).
use axum::extract::{RawQuery, State};
use http::{HeaderMap, StatusCode};

use super::query_param;
use crate::session::session_claims;
use crate::{AuthError, AuthState};

pub(crate) async fn handle(
    State(state): State<AuthState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<StatusCode, AuthError> {
    session_claims(&headers, &state)?;
    match query_param(query.as_deref(), "scope") {
        None | Some("" | "global" | "local" | "others") => Ok(StatusCode::NO_CONTENT),
        Some(other) => Err(AuthError::UnsupportedLogoutScope(other.to_string())),
    }
}
