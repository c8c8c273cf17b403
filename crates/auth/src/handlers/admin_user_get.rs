//! `GET /admin/users/{id}` (service role).
use axum::Json;
use axum::extract::{Path, State};
use serde_json::Value;
use uuid::Uuid;

use crate::model::UserBundle;
use crate::session::AdminCaller;
use crate::{AuthError, AuthState};

pub(crate) async fn handle(
    State(state): State<AuthState>,
    Path(user_id): Path<String>,
    _admin: AdminCaller,
) -> Result<Json<Value>, AuthError> {
    Ok(Json(load_user(&state, &user_id).await?.to_json()))
}

/// The user `user_id` names, as GoTrue's admin routes load it.
pub(crate) async fn load_user(state: &AuthState, user_id: &str) -> Result<UserBundle, AuthError> {
    let id = Uuid::parse_str(user_id)
        .map_err(|_| AuthError::not_found("validation_failed", "user_id must be an UUID"))?;
    UserBundle::load(&state.pool, id, None)
        .await?
        .ok_or_else(|| AuthError::not_found("user_not_found", "User not found"))
}
