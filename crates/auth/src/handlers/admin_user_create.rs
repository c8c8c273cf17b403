//! `POST /admin/users` (service role): a user with email (and password, metadata, an existing
//! bcrypt `password_hash`, `email_confirm`, a chosen `id`, `role`, `ban_duration`).
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use serde_json::{Value, json};
use uuid::Uuid;

use super::admin_user_update::{AdminUserParams, apply_ban};
use crate::accounts::{NewUser, audit, create_user, email_exists, reload, validate_email};
use crate::links::data_object;
use crate::model::UserBundle;
use crate::password::{check_strength, hash};
use crate::request::{ClientInfo, json_body};
use crate::session::AdminCaller;
use crate::tokens::random_text;
use crate::{AuthError, AuthState};

pub(crate) async fn handle(
    State(state): State<AuthState>,
    client: ClientInfo,
    _admin: AdminCaller,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let params: AdminUserParams = json_body(&body)?;
    let email = params.email.as_deref().unwrap_or_default();
    let phone = params.phone.as_deref().unwrap_or_default();
    if email.is_empty() && phone.is_empty() {
        return Err(AuthError::validation(
            "Cannot create a user without either an email or phone",
        ));
    }
    if email.is_empty() {
        return Err(AuthError::bad_request(
            "phone_provider_disabled",
            "Phone logins are disabled",
        ));
    }
    let email = validate_email(email)?;
    if UserBundle::find_by_email(&state.pool, &email)
        .await?
        .is_some()
    {
        return Err(email_exists());
    }
    let password = params.password.clone().filter(|p| !p.is_empty());
    let password_hash = params.password_hash.clone().filter(|h| !h.is_empty());
    if params.password.is_some() && password_hash.is_some() {
        return Err(AuthError::validation(
            "Only a password or a password hash should be provided",
        ));
    }
    let stored_hash = match (password, password_hash) {
        (_, Some(existing)) => {
            if !existing.starts_with("$2") || bcrypt::verify("", &existing).is_err() {
                return Err(AuthError::validation("Invalid password hash format"));
            }
            existing
        }
        (Some(password), None) => {
            check_strength(&password, &state.settings)?;
            hash(password, state.settings.bcrypt_cost).await?
        }
        (None, None) => {
            let random = random_text(
                b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
                64,
            );
            hash(random, state.settings.bcrypt_cost).await?
        }
    };
    let id = match params.id.as_deref().filter(|id| !id.is_empty()) {
        Some(id) => Some(
            Uuid::parse_str(id)
                .map_err(|_| AuthError::validation("ID must conform to the uuid v4 format"))?,
        ),
        None => None,
    };
    let id = create_user(
        &state.pool,
        NewUser {
            id,
            email: &email,
            password_hash: Some(stored_hash),
            user_metadata: data_object(params.user_metadata.clone()),
            app_metadata: data_object(params.app_metadata.clone()),
            role: params.role.as_deref().filter(|role| !role.is_empty()),
            confirmed: params.email_confirm,
            is_anonymous: false,
        },
    )
    .await?;
    if let Some(ban) = params.ban_duration.as_deref().filter(|ban| !ban.is_empty()) {
        apply_ban(&state, id, ban).await?;
    }
    audit(
        &state.pool,
        None,
        "user_signedup",
        Some(json!({"user_id": id, "user_email": email, "provider": "email"})),
        &client.ip_text(),
    )
    .await?;
    Ok(Json(reload(&state.pool, id).await?.to_json()))
}
