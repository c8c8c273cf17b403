//! `POST /recover`: emails a password-recovery link. The answer is `{}` whether or not the
//! address has an account, so it tells nobody who does.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::accounts::{audit, validate_email};
use crate::flow::Flow;
use crate::limits::Bucket;
use crate::links::{LinkType, send_link};
use crate::model::UserBundle;
use crate::request::{ClientInfo, json_body, query_param, redirect_to};
use crate::{AuthError, AuthState};

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct RecoverParams {
    email: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
    redirect_to: Option<String>,
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    RawQuery(query): RawQuery,
    client: ClientInfo,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    state.limits.take(
        Bucket::EmailRequest,
        client.ip,
        state.settings.rate_limits.token_verifications,
    )?;
    let params: RecoverParams = json_body(&body)?;
    let flow = Flow::from_params(
        params.code_challenge_method.as_deref(),
        params.code_challenge.as_deref(),
    )?;
    let email = params.email.as_deref().unwrap_or_default();
    if email.is_empty() {
        return Err(AuthError::validation("Password recovery requires an email"));
    }
    let email = validate_email(email)?;
    let requested = query_param(query.as_deref(), "redirect_to").or(params.redirect_to);
    let redirect = redirect_to(&state.settings, requested.as_deref());
    let Some(bundle) = UserBundle::find_by_email(&state.pool, &email).await? else {
        return Ok(Json(json!({})));
    };
    flow.record(&state.pool, bundle.user.id, "recovery").await?;
    audit(
        &state.pool,
        Some(bundle.user.id),
        "user_recovery_requested",
        None,
        &client.ip_text(),
    )
    .await?;
    send_link(
        &state,
        &bundle,
        LinkType::Recovery,
        &email,
        &flow,
        &redirect,
    )
    .await?;
    Ok(Json(json!({})))
}
