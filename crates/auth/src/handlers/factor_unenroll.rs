//! `DELETE /factors/{id}`: removes one of the caller's factors (a verified one only from an
//! `aal2` session); sessions it raised to `aal2` fall back to `aal1`.
use axum::Json;
use axum::extract::{Path, State};
use http::HeaderMap;
use serde_json::{Value, json};

use super::factor_challenge::owned_factor;
use crate::accounts::audit;
use crate::request::ClientInfo;
use crate::session::user_caller;
use crate::{AuthError, AuthState};

pub(crate) async fn handle(
    State(state): State<AuthState>,
    Path(factor_id): Path<String>,
    client: ClientInfo,
    headers: HeaderMap,
) -> Result<Json<Value>, AuthError> {
    let bundle = user_caller(&headers, &state).await?;
    let factor = owned_factor(&bundle, &factor_id)?;
    if factor.is_verified()
        && !bundle
            .session
            .as_ref()
            .is_some_and(|session| session.is_aal2())
    {
        return Err(AuthError::unprocessable(
            "insufficient_aal",
            "AAL2 required to unenroll verified factor",
        ));
    }
    remove_factor(&state, factor.id).await?;
    audit(
        &state.pool,
        Some(bundle.user.id),
        "factor_unenrolled",
        Some(json!({"factor_id": factor.id, "factor_type": factor.factor_type})),
        &client.ip_text(),
    )
    .await?;
    Ok(Json(json!({ "id": factor.id })))
}

/// Deletes a factor and lowers the sessions it raised to `aal2` (GoTrue's
/// `DowngradeSessionsToAAL1`).
pub(crate) async fn remove_factor(state: &AuthState, factor: uuid::Uuid) -> Result<(), AuthError> {
    sqlx::query(
        "with lowered as (
           update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now()
            where factor_id = $1)
         delete from auth.mfa_factors where id = $1",
    )
    .bind(factor)
    .execute(&state.pool)
    .await?;
    Ok(())
}
