//! `PUT /user`: the caller changes their password, email (confirmed through emailed links) or
//! `data` (user metadata). `app_metadata` is for admins only, and no field of this request can
//! change a role: what grants anything lives where users cannot write.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use chrono::Utc;
use http::HeaderMap;
use serde::Deserialize;
use serde_json::Value;

use crate::accounts::{
    audit, email_exists, reload, set_password, update_user_metadata, validate_email,
};
use crate::flow::Flow;
use crate::links::{LinkType, send_link, token_matches};
use crate::model::UserBundle;
use crate::password::{check_strength, hash, verify};
use crate::request::{ClientInfo, LinkOptions, json_body};
use crate::session::user_caller;
use crate::tokens::token_hash;
use crate::{AuthError, AuthState};

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct UpdateParams {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    nonce: Option<String>,
    data: Option<Value>,
    app_metadata: Option<Value>,
    #[serde(flatten)]
    link: LinkOptions,
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    RawQuery(query): RawQuery,
    client: ClientInfo,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let bundle = user_caller(&headers, &state).await?;
    let params: UpdateParams = json_body(&body)?;
    let user = &bundle.user;
    let session = bundle.session.as_ref();
    let new_email = match params.email.as_deref().filter(|email| !email.is_empty()) {
        Some(email) => Some(validate_email(email)?).filter(|email| email != user.email()),
        None => None,
    };
    let new_password = params.password.as_deref();
    if let Some(password) = new_password.filter(|p| !p.is_empty()) {
        check_strength(password, &state.settings)?;
    }
    if params.app_metadata.is_some() {
        return Err(AuthError::forbidden(
            "not_admin",
            "Updating app_metadata requires admin privileges",
        ));
    }
    if bundle.has_verified_factor()
        && !session.is_some_and(|session| session.is_aal2())
        && (new_password.is_some_and(|p| !p.is_empty()) || new_email.is_some())
    {
        return Err(AuthError::new(
            http::StatusCode::UNAUTHORIZED,
            "insufficient_aal",
            "AAL2 session is required to update email or password when MFA is enabled.",
        ));
    }
    if user.is_anonymous && new_password.is_some_and(|p| !p.is_empty()) && new_email.is_none() {
        return Err(AuthError::unprocessable(
            "validation_failed",
            "Updating password of an anonymous user without an email or phone is not allowed",
        ));
    }
    if params
        .phone
        .as_deref()
        .is_some_and(|phone| !phone.is_empty() && phone != user.phone())
    {
        return Err(AuthError::unprocessable(
            "phone_provider_disabled",
            "Phone logins are disabled",
        ));
    }
    if let Some(email) = &new_email
        && UserBundle::find_by_email(&state.pool, email)
            .await?
            .is_some_and(|other| other.user.id != user.id)
    {
        return Err(email_exists());
    }
    let flow = params.link.flow()?;

    if let Some(password) = new_password {
        if state.settings.secure_password_change
            && session.is_none_or(|session| {
                session
                    .created_at
                    .is_none_or(|created| created + chrono::Duration::hours(24) < Utc::now())
            })
        {
            let nonce = params.nonce.as_deref().unwrap_or_default();
            if nonce.is_empty() {
                return Err(AuthError::bad_request(
                    "reauthentication_needed",
                    "Password update requires reauthentication",
                ));
            }
            let expected = token_hash(user.email(), nonce);
            if !token_matches(
                user.reauthentication_token.as_deref(),
                &expected,
                user.reauthentication_sent_at,
                state.settings.otp_expiry,
            ) {
                return Err(AuthError::unprocessable(
                    "reauthentication_not_valid",
                    "Requested reauthentication code is invalid or has expired",
                ));
            }
        }
        if !password.is_empty()
            && user.has_password()
            && verify(
                password.to_string(),
                user.encrypted_password.clone(),
                state.settings.bcrypt_cost,
            )
            .await
        {
            return Err(AuthError::unprocessable(
                "same_password",
                "New password should be different from the old password.",
            ));
        }
        let hashed = hash(password.to_string(), state.settings.bcrypt_cost).await?;
        set_password(
            &state.pool,
            user.id,
            &hashed,
            session.map(|session| session.id),
        )
        .await?;
        audit(
            &state.pool,
            Some(user.id),
            "user_updated_password",
            None,
            &client.ip_text(),
        )
        .await?;
    }
    if let Some(Value::Object(data)) = &params.data {
        update_user_metadata(&state.pool, user.id, data).await?;
    }
    if let Some(email) = &new_email {
        let redirect = params.link.redirect(&state.settings, query.as_deref());
        let fresh = reload(&state.pool, user.id).await?;
        send_email_change(&state, &fresh, email, &flow, &redirect).await?;
    }
    audit(
        &state.pool,
        Some(user.id),
        "user_modified",
        None,
        &client.ip_text(),
    )
    .await?;
    let mut updated = UserBundle::load(&state.pool, user.id, session.map(|session| session.id))
        .await?
        .ok_or_else(|| AuthError::internal("Database error loading user"))?;
    updated.session = None;
    Ok(Json(updated.to_json()))
}

/// Sends the links of an email change (its PKCE flow recorded first): to the new address, and
/// (double confirmation) to the current one.
pub(crate) async fn send_email_change(
    state: &AuthState,
    bundle: &UserBundle,
    new_email: &str,
    flow: &Flow,
    redirect: &str,
) -> Result<(), AuthError> {
    flow.record(&state.pool, bundle.user.id, "email_change")
        .await?;
    send_link(
        state,
        bundle,
        LinkType::EmailChangeNew,
        new_email,
        flow,
        redirect,
    )
    .await?;
    if state.settings.double_confirm_changes && !bundle.user.email().is_empty() {
        // The first link set the sent time; the second is part of the same request.
        let fresh = reload(&state.pool, bundle.user.id).await?;
        let fresh = UserBundle {
            user: crate::model::UserRow {
                email_change_sent_at: None,
                ..fresh.user
            },
            ..fresh
        };
        send_link(
            state,
            &fresh,
            LinkType::EmailChangeCurrent,
            bundle.user.email(),
            flow,
            redirect,
        )
        .await?;
    }
    Ok(())
}
