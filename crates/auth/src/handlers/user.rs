//! `GET /user`: the user of the bearer token, as GoTrue's bare User JSON.
use axum::Json;
use axum::extract::State;
use http::HeaderMap;
use serde_json::Value;

use crate::session::session_claims;
use crate::{AuthError, AuthState, user_from_claims};

pub(crate) async fn handle(
    State(state): State<AuthState>,
    headers: HeaderMap,
) -> Result<Json<Value>, AuthError> {
    let claims = session_claims(&headers, &state)?;
    Ok(Json(user_from_claims(&claims)))
}
