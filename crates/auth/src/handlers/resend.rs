//! `POST /resend {type: signup|email_change, email}`: sends the link again. Answers `{}` when
//! there is nothing to send (no such account, already confirmed), as GoTrue does.
use axum::Json;
use axum::extract::{RawQuery, State};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::accounts::validate_email;
use crate::links::{LinkType, request_link};
use crate::model::UserBundle;
use crate::request::{EmailRequest, LinkOptions};
use crate::{AuthError, AuthState};

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct ResendParams {
    r#type: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    #[serde(flatten)]
    link: LinkOptions,
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    RawQuery(query): RawQuery,
    EmailRequest { client, params }: EmailRequest<ResendParams>,
) -> Result<Json<Value>, AuthError> {
    let kind = params.r#type.as_deref().unwrap_or_default();
    if !matches!(kind, "signup" | "email_change" | "sms" | "phone_change") {
        return Err(AuthError::validation(
            "Missing one of these types: signup, email_change, sms, phone_change",
        ));
    }
    let flow = params.link.flow()?;
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
    let redirect = params.link.redirect(&state.settings, query.as_deref());
    let Some(bundle) = UserBundle::find_by_email(&state.pool, &email).await? else {
        return Ok(Json(json!({})));
    };
    if kind == "email_change" {
        if let Some(new_email) = bundle.user.email_change.clone().filter(|e| !e.is_empty()) {
            crate::handlers::user_update::send_email_change(
                &state, &bundle, &new_email, &flow, &redirect,
            )
            .await?;
        }
    } else if !bundle.user.is_confirmed() {
        request_link(&state, &bundle, LinkType::Signup, &flow, &redirect, &client).await?;
    }
    Ok(Json(json!({})))
}
