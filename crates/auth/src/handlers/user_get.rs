//! `GET /user`: the caller's User JSON (an admin passcode token answers from its claims).
use axum::Json;
use axum::extract::State;
use http::HeaderMap;
use serde_json::Value;

use crate::session::{Caller, caller};
use crate::{AuthError, AuthState, user_from_claims};

pub(crate) async fn handle(
    State(state): State<AuthState>,
    headers: HeaderMap,
) -> Result<Json<Value>, AuthError> {
    Ok(Json(match caller(&headers, &state).await? {
        Caller::User(bundle) => bundle.to_json(),
        Caller::Passcode(claims) => user_from_claims(&claims),
    }))
}
