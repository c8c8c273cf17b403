//! `POST /otp` (and GoTrue's older `POST /magiclink`): emails a sign-in link and code. With
//! `create_user` (the default) and sign-ups on, an unknown address gets an account first, as in
//! GoTrue; with sign-ups off or `create_user: false`, an unknown address is refused with
//! GoTrue's `otp_disabled`.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::accounts::{NewUser, audit, create_user, reload, validate_email};
use crate::flow::Flow;
use crate::limits::Bucket;
use crate::links::{LinkType, data_object, send_link};
use crate::model::UserBundle;
use crate::password::hash;
use crate::request::{ClientInfo, json_body, query_param, redirect_to};
use crate::tokens::random_text;
use crate::{AuthError, AuthState};

#[derive(Debug, Deserialize)]
#[serde(default)]
struct OtpParams {
    email: Option<String>,
    phone: Option<String>,
    data: Option<Value>,
    create_user: bool,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
    redirect_to: Option<String>,
}

impl Default for OtpParams {
    fn default() -> Self {
        Self {
            email: None,
            phone: None,
            data: None,
            create_user: true,
            code_challenge: None,
            code_challenge_method: None,
            redirect_to: None,
        }
    }
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
    let params: OtpParams = json_body(&body)?;
    let email = params.email.as_deref().unwrap_or_default();
    let phone = params.phone.as_deref().unwrap_or_default();
    if !email.is_empty() && !phone.is_empty() {
        return Err(AuthError::validation(
            "Only an email address or phone number should be provided",
        ));
    }
    if email.is_empty() {
        if phone.is_empty() {
            return Err(AuthError::validation("One of email or phone must be set"));
        }
        return Err(AuthError::bad_request(
            "sms_send_failed",
            "Error sending sms OTP: no SMS provider is configured",
        ));
    }
    let email = validate_email(email)?;
    let flow = Flow::from_params(
        params.code_challenge_method.as_deref(),
        params.code_challenge.as_deref(),
    )?;
    let requested = query_param(query.as_deref(), "redirect_to").or(params.redirect_to);
    let redirect = redirect_to(&state.settings, requested.as_deref());
    let existing = UserBundle::find_by_email(&state.pool, &email).await?;
    if existing.is_none() && (!params.create_user || !state.settings.enable_signup) {
        return Err(AuthError::unprocessable(
            "otp_disabled",
            "Signups not allowed for otp",
        ));
    }
    let bundle = match existing {
        Some(bundle) if bundle.user.is_confirmed() => bundle,
        Some(bundle) => {
            // An unconfirmed account confirms through its sign-up link, as GoTrue sends it.
            flow.record(&state.pool, bundle.user.id, "email/signup")
                .await?;
            send_link(&state, &bundle, LinkType::Signup, &email, &flow, &redirect).await?;
            return Ok(Json(json!({})));
        }
        None => {
            let password = random_text(
                b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
                33,
            );
            let id = create_user(
                &state.pool,
                NewUser {
                    email: &email,
                    password_hash: Some(hash(password, state.settings.bcrypt_cost).await?),
                    user_metadata: data_object(params.data),
                    confirmed: !state.settings.enable_confirmations,
                    ..NewUser::default()
                },
            )
            .await?;
            let bundle = reload(&state.pool, id).await?;
            if state.settings.enable_confirmations {
                flow.record(&state.pool, id, "email/signup").await?;
                send_link(&state, &bundle, LinkType::Signup, &email, &flow, &redirect).await?;
                return Ok(Json(json!({})));
            }
            bundle
        }
    };
    flow.record(&state.pool, bundle.user.id, "magiclink")
        .await?;
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
        LinkType::MagicLink,
        &email,
        &flow,
        &redirect,
    )
    .await?;
    Ok(Json(json!({})))
}
