//! `POST /factors/{id}/challenge`: a challenge for one of the caller's factors, valid five
//! minutes, to be answered from the same address.
use axum::Json;
use axum::extract::{Path, State};
use http::HeaderMap;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::accounts::audit;
use crate::request::ClientInfo;
use crate::session::user_caller;
use crate::{AuthError, AuthState};

/// How long a challenge may be answered.
pub(crate) const CHALLENGE_SECONDS: i64 = 300;

pub(crate) async fn handle(
    State(state): State<AuthState>,
    Path(factor_id): Path<String>,
    client: ClientInfo,
    headers: HeaderMap,
) -> Result<Json<Value>, AuthError> {
    let bundle = user_caller(&headers, &state).await?;
    let factor = owned_factor(&bundle, &factor_id)?;
    if factor.factor_type != "totp" {
        return Err(AuthError::unprocessable(
            "mfa_phone_verify_not_enabled",
            "MFA verification is disabled for Phone",
        ));
    }
    if !state.settings.mfa_totp_verify_enabled {
        return Err(AuthError::unprocessable(
            "mfa_totp_verify_not_enabled",
            "MFA verification is disabled for TOTP",
        ));
    }
    let (id, expires_at): (Uuid, i64) = sqlx::query_as(
        "insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
         values (gen_random_uuid(), $1, now(), coalesce($2::inet, '0.0.0.0'))
         returning id, floor(extract(epoch from created_at))::bigint + $3",
    )
    .bind(factor.id)
    .bind(client.ip_inet())
    .bind(CHALLENGE_SECONDS)
    .fetch_one(&state.pool)
    .await?;
    audit(
        &state.pool,
        Some(bundle.user.id),
        "challenge_created",
        Some(json!({"factor_id": factor.id, "factor_status": factor.status})),
        &client.ip_text(),
    )
    .await?;
    Ok(Json(
        json!({ "id": id, "type": "totp", "expires_at": expires_at }),
    ))
}

/// The caller's factor `factor_id` (404 `mfa_factor_not_found` otherwise).
pub(crate) fn owned_factor<'a>(
    bundle: &'a crate::model::UserBundle,
    factor_id: &str,
) -> Result<&'a crate::model::FactorRow, AuthError> {
    let id = Uuid::parse_str(factor_id)
        .map_err(|_| AuthError::not_found("validation_failed", "factor_id must be an UUID"))?;
    bundle
        .factors
        .iter()
        .find(|factor| factor.id == id)
        .ok_or_else(|| AuthError::not_found("mfa_factor_not_found", "Factor not found"))
}
