//! `/admin/users/{id}/factors` (service role): list a user's factors, delete one (its sessions
//! fall back to `aal1`), rename one.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::{Value, json};

use super::admin_user_get::load_user;
use super::factor_challenge::owned_factor;
use super::factor_unenroll::remove_factor;
use crate::accounts::audit;
use crate::request::{ClientInfo, json_body};
use crate::session::AdminCaller;
use crate::{AuthError, AuthState};

pub(crate) async fn list(
    State(state): State<AuthState>,
    Path(user_id): Path<String>,
    _admin: AdminCaller,
) -> Result<Json<Value>, AuthError> {
    let bundle = load_user(&state, &user_id).await?;
    Ok(Json(Value::Array(
        bundle
            .factors
            .iter()
            .map(|factor| factor.to_json())
            .collect(),
    )))
}

pub(crate) async fn delete(
    State(state): State<AuthState>,
    Path((user_id, factor_id)): Path<(String, String)>,
    client: ClientInfo,
    _admin: AdminCaller,
) -> Result<Json<Value>, AuthError> {
    let bundle = load_user(&state, &user_id).await?;
    let factor = owned_factor(&bundle, &factor_id)?;
    remove_factor(&state, factor.id).await?;
    audit(
        &state.pool,
        Some(bundle.user.id),
        "factor_deleted",
        Some(json!({"user_id": bundle.user.id, "factor_id": factor.id})),
        &client.ip_text(),
    )
    .await?;
    Ok(Json(factor.to_json()))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct UpdateParams {
    friendly_name: Option<String>,
}

pub(crate) async fn update(
    State(state): State<AuthState>,
    Path((user_id, factor_id)): Path<(String, String)>,
    client: ClientInfo,
    _admin: AdminCaller,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let params: UpdateParams = json_body(&body)?;
    let bundle = load_user(&state, &user_id).await?;
    let factor = owned_factor(&bundle, &factor_id)?;
    if let Some(name) = params.friendly_name.filter(|name| !name.is_empty()) {
        sqlx::query(
            "update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1",
        )
        .bind(factor.id)
        .bind(&name)
        .execute(&state.pool)
        .await?;
    }
    audit(
        &state.pool,
        None,
        "factor_updated",
        Some(json!({"user_id": bundle.user.id, "factor_id": factor.id, "factor_type": factor.factor_type})),
        &client.ip_text(),
    )
    .await?;
    let fresh = load_user(&state, &user_id).await?;
    Ok(Json(owned_factor(&fresh, &factor_id)?.to_json()))
}
