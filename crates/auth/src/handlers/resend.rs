//! `POST /resend {type: signup|email_change, email}`: sends the link again. Answers `{}` when
//! there is nothing to send (no such account, already confirmed), as GoTrue does.
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
struct ResendParams {
    r#type: Option<String>,
    email: Option<String>,
    phone: Option<String>,
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
    let params: ResendParams = json_body(&body)?;
    let kind = params.r#type.as_deref().unwrap_or_default();
    let link_type = match kind {
        "signup" => LinkType::Signup,
        "email_change" => LinkType::EmailChangeNew,
        "sms" | "phone_change" => LinkType::Signup,
        _ => {
            return Err(AuthError::validation(
                "Missing one of these types: signup, email_change, sms, phone_change",
            ));
        }
    };
    let flow = Flow::from_params(
        params.code_challenge_method.as_deref(),
        params.code_challenge.as_deref(),
    )?;
    let email = params.email.as_deref().unwrap_or_default();
    let phone = params.phone.as_deref().unwrap_or_default();
    if email.is_empty() && kind == "signup" {
        return Err(AuthError::validation(
            "Type provided requires an email address",
        ));
    }
    if phone.is_empty() && kind == "sms" {
        return Err(AuthError::validation(
            "Type provided requires a phone number",
        ));
    }
    if !email.is_empty() && !phone.is_empty() {
        return Err(AuthError::validation(
            "Only an email address or phone number should be provided.",
        ));
    }
    if email.is_empty() {
        if phone.is_empty() {
            return Err(AuthError::validation(
                "Missing email address or phone number",
            ));
        }
        return Err(AuthError::bad_request(
            "phone_provider_disabled",
            "Phone logins are disabled",
        ));
    }
    let email = validate_email(email)?;
    let requested = query_param(query.as_deref(), "redirect_to").or(params.redirect_to);
    let redirect = redirect_to(&state.settings, requested.as_deref());
    let Some(bundle) = UserBundle::find_by_email(&state.pool, &email).await? else {
        return Ok(Json(json!({})));
    };
    match link_type {
        LinkType::Signup if bundle.user.is_confirmed() => return Ok(Json(json!({}))),
        LinkType::Signup => {
            audit(
                &state.pool,
                Some(bundle.user.id),
                "user_confirmation_requested",
                None,
                &client.ip_text(),
            )
            .await?;
            flow.record(&state.pool, bundle.user.id, "email/signup")
                .await?;
            send_link(&state, &bundle, LinkType::Signup, &email, &flow, &redirect).await?;
        }
        _ => {
            let Some(new_email) = bundle.user.email_change.clone().filter(|e| !e.is_empty()) else {
                return Ok(Json(json!({})));
            };
            flow.record(&state.pool, bundle.user.id, "email_change")
                .await?;
            crate::handlers::user_update::send_email_change(
                &state, &bundle, &new_email, &flow, &redirect,
            )
            .await?;
        }
    }
    Ok(Json(json!({})))
}
