//! `POST /otp` (and GoTrue's older `POST /magiclink`): emails a sign-in link and code. With
//! `create_user` (the default) and sign-ups on, an unknown address gets an account first, as in
//! GoTrue; with sign-ups off or `create_user: false`, an unknown address is refused with
//! GoTrue's `otp_disabled`.
use axum::Json;
use axum::extract::{RawQuery, State};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::accounts::{NewUser, create_user, reload, validate_email};
use crate::links::{LinkType, data_object, request_link};
use crate::model::UserBundle;
use crate::password::hash;
use crate::request::{EmailRequest, LinkOptions};
use crate::tokens::random_text;
use crate::{AuthError, AuthState};

#[derive(Debug, Deserialize)]
#[serde(default)]
pub(crate) struct OtpParams {
    email: Option<String>,
    phone: Option<String>,
    data: Option<Value>,
    create_user: bool,
    #[serde(flatten)]
    link: LinkOptions,
}

impl Default for OtpParams {
    fn default() -> Self {
        Self {
            email: None,
            phone: None,
            data: None,
            create_user: true,
            link: LinkOptions::default(),
        }
    }
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    RawQuery(query): RawQuery,
    EmailRequest { client, params }: EmailRequest<OtpParams>,
) -> Result<Json<Value>, AuthError> {
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
    let flow = params.link.flow()?;
    let redirect = params.link.redirect(&state.settings, query.as_deref());
    let existing = UserBundle::find_by_email(&state.pool, &email).await?;
    if existing.is_none() && (!params.create_user || !state.settings.enable_signup) {
        return Err(AuthError::unprocessable(
            "otp_disabled",
            "Signups not allowed for otp",
        ));
    }
    let bundle = match existing {
        Some(bundle) => bundle,
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
            reload(&state.pool, id).await?
        }
    };
    // An unconfirmed account confirms through its sign-up link, as GoTrue sends it.
    let link_type = if bundle.user.is_confirmed() {
        LinkType::MagicLink
    } else {
        LinkType::Signup
    };
    request_link(&state, &bundle, link_type, &flow, &redirect, &client).await?;
    Ok(Json(json!({})))
}
