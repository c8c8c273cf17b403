//! `POST /factors {factor_type: "totp", friendly_name, issuer}`: a new, unverified TOTP factor
//! with its secret, `otpauth://` URI and QR code. Phone and WebAuthn factors are not offered.
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use http::HeaderMap;
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::accounts::audit;
use crate::request::{ClientInfo, json_body};
use crate::session::user_caller;
use crate::totp;
use crate::{AuthError, AuthState};

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct EnrollParams {
    factor_type: Option<String>,
    friendly_name: Option<String>,
    issuer: Option<String>,
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    client: ClientInfo,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let bundle = user_caller(&headers, &state).await?;
    if bundle.user.is_anonymous {
        return Err(AuthError::forbidden(
            "no_authorization",
            "Anonymous user not allowed to perform these actions",
        ));
    }
    let params: EnrollParams = json_body(&body)?;
    match params.factor_type.as_deref().unwrap_or_default() {
        "totp" => {}
        "phone" => {
            return Err(AuthError::unprocessable(
                "mfa_phone_enroll_not_enabled",
                "MFA enroll is disabled for Phone",
            ));
        }
        "webauthn" => {
            return Err(AuthError::unprocessable(
                "mfa_webauthn_enroll_not_enabled",
                "MFA enroll is disabled for WebAuthn",
            ));
        }
        _ => {
            return Err(AuthError::validation(
                "factor_type needs to be totp, phone, or webauthn",
            ));
        }
    }
    if !state.settings.mfa_totp_enroll_enabled {
        return Err(AuthError::unprocessable(
            "mfa_totp_enroll_not_enabled",
            "MFA enroll is disabled for TOTP",
        ));
    }
    let friendly_name = params.friendly_name.unwrap_or_default();
    // Unverified factors older than a day are abandoned enrolments (GoTrue's factor expiry).
    sqlx::query(
        "delete from auth.mfa_factors
          where user_id = $1 and status = 'unverified' and created_at < now() - interval '1 day'",
    )
    .bind(bundle.user.id)
    .execute(&state.pool)
    .await?;
    let factors: Vec<(Option<String>, String)> = sqlx::query_as(
        "select friendly_name, status::text from auth.mfa_factors where user_id = $1",
    )
    .bind(bundle.user.id)
    .fetch_all(&state.pool)
    .await?;
    if !friendly_name.is_empty()
        && factors
            .iter()
            .any(|(name, _)| name.as_deref() == Some(friendly_name.as_str()))
    {
        return Err(AuthError::unprocessable(
            "mfa_factor_name_conflict",
            format!(
                "A factor with the friendly name {friendly_name:?} for this user already exists"
            ),
        ));
    }
    if factors.len() >= state.settings.mfa_max_enrolled_factors {
        return Err(AuthError::unprocessable(
            "too_many_enrolled_mfa_factors",
            "Maximum number of verified factors reached, unenroll to continue",
        ));
    }
    let verified = factors.iter().any(|(_, status)| status == "verified");
    if verified
        && !bundle
            .session
            .as_ref()
            .is_some_and(|session| session.is_aal2())
    {
        return Err(AuthError::forbidden(
            "insufficient_aal",
            "AAL2 required to enroll a new factor",
        ));
    }
    let issuer = match params.issuer.filter(|issuer| !issuer.is_empty()) {
        Some(issuer) => issuer,
        None => state.settings.mfa_totp_issuer.clone().unwrap_or_else(|| {
            url::Url::parse(&state.settings.site_url)
                .ok()
                .and_then(|url| url.host_str().map(str::to_string))
                .unwrap_or_default()
        }),
    };
    let secret = totp::new_secret();
    let uri = totp::uri(&secret, &issuer, bundle.user.email());
    let qr_code =
        totp::qr_svg(&uri).ok_or_else(|| AuthError::internal("Error generating QR Code"))?;
    let id = Uuid::new_v4();
    sqlx::query(
        "insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, nullif($3, ''), 'totp', 'unverified', now(), now(), $4)",
    )
    .bind(id)
    .bind(bundle.user.id)
    .bind(&friendly_name)
    .bind(&secret)
    .execute(&state.pool)
    .await
    .map_err(|err| match err {
        sqlx::Error::Database(db) if db.is_unique_violation() => AuthError::unprocessable(
            "mfa_factor_name_conflict",
            format!("A factor with the friendly name {friendly_name:?} for this user already exists"),
        ),
        other => other.into(),
    })?;
    audit(
        &state.pool,
        Some(bundle.user.id),
        "factor_in_progress",
        Some(json!({"factor_id": id})),
        &client.ip_text(),
    )
    .await?;
    Ok(Json(json!({
        "id": id,
        "type": "totp",
        "friendly_name": friendly_name,
        "totp": { "qr_code": qr_code, "secret": secret, "uri": uri },
    })))
}
