//! `POST /factors/{id}/verify {challenge_id, code}`: answers a challenge with a TOTP code. The
//! factor becomes verified, the session reaches `aal2` with a `totp` AMR claim, and a new
//! session JSON is answered (a fresh refresh token: the old one cannot mint `aal2` tokens). A
//! code is good once: a time step already used on the factor is refused.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use http::HeaderMap;
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use super::factor_challenge::{CHALLENGE_SECONDS, owned_factor};
use crate::accounts::audit;
use crate::limits::Bucket;
use crate::request::{ClientInfo, json_body};
use crate::session::user_caller;
use crate::tokens::{new_refresh_token, session_response, unix_now};
use crate::{AuthError, AuthState, totp};

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct VerifyParams {
    challenge_id: Option<String>,
    code: Option<String>,
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    Path(factor_id): Path<String>,
    client: ClientInfo,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    state.rate_limit(Bucket::Verify, client.ip)?;
    let bundle = user_caller(&headers, &state).await?;
    let factor = owned_factor(&bundle, &factor_id)?.clone();
    let Some(session) = bundle.session.clone() else {
        return Err(AuthError::session_not_found());
    };
    let params: VerifyParams = json_body(&body)?;
    if !state.settings.mfa_totp_verify_enabled {
        return Err(AuthError::unprocessable(
            "mfa_totp_verify_not_enabled",
            "MFA verification is disabled for TOTP",
        ));
    }
    let challenge_id = params
        .challenge_id
        .as_deref()
        .and_then(|id| Uuid::parse_str(id).ok());
    let not_found = || {
        AuthError::unprocessable(
            "mfa_factor_not_found",
            "MFA factor with the provided challenge ID not found",
        )
    };
    let challenge_id = challenge_id.ok_or_else(not_found)?;
    let challenge: Option<(Option<String>, bool, bool)> = sqlx::query_as(
        "select host(ip_address), created_at < now() - make_interval(secs => $3), verified_at is not null
           from auth.mfa_challenges where id = $1 and factor_id = $2",
    )
    .bind(challenge_id)
    .bind(factor.id)
    .bind(CHALLENGE_SECONDS as f64)
    .fetch_optional(&state.pool)
    .await?;
    let Some((challenge_ip, expired, used)) = challenge else {
        return Err(not_found());
    };
    if client.ip.is_some() && challenge_ip.as_deref() != Some(client.ip_text().as_str()) {
        return Err(AuthError::unprocessable(
            "mfa_ip_address_mismatch",
            "Challenge and verify IP addresses mismatch.",
        ));
    }
    if expired || used {
        return Err(AuthError::unprocessable(
            "mfa_challenge_expired",
            format!(
                "MFA challenge {challenge_id} has expired, verify against another challenge or create a new challenge."
            ),
        ));
    }
    let secret: Option<String> =
        sqlx::query_scalar("select secret from auth.mfa_factors where id = $1")
            .bind(factor.id)
            .fetch_optional(&state.pool)
            .await?
            .flatten();
    let code = params.code.unwrap_or_default();
    let step = secret
        .as_deref()
        .and_then(|secret| totp::matching_step(secret, code.trim(), unix_now()));
    audit(
        &state.pool,
        Some(bundle.user.id),
        "verification_attempted",
        Some(json!({"factor_id": factor.id, "challenge_id": challenge_id, "factor_type": "totp"})),
        &client.ip_text(),
    )
    .await?;
    let Some(step) = step else {
        return Err(AuthError::unprocessable(
            "mfa_verification_failed",
            "Invalid TOTP code entered",
        ));
    };
    let refresh_token = new_refresh_token();
    let accepted: bool =
        sqlx::query_scalar("select claimbridge.auth_totp_verified($1, $2, $3, $4, $5, $6)")
            .bind(factor.id)
            .bind(step)
            .bind(challenge_id)
            .bind(session.id)
            .bind(bundle.user.id)
            .bind(&refresh_token)
            .fetch_one(&state.pool)
            .await?;
    if !accepted {
        return Err(AuthError::unprocessable(
            "mfa_verification_failed",
            "Invalid TOTP code entered",
        ));
    }
    Ok(Json(
        session_response(&state, bundle.user.id, session.id, &refresh_token, "totp").await?,
    ))
}
