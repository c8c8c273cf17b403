//! `POST /signup`: a new account with email and password (confirmed at once, or after the
//! emailed link when `[auth.email] enable_confirmations` is on), or an anonymous one without
//! email and phone. Off with `[auth] enable_signup = false`, as on this site (staff are invited).
use axum::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::accounts::{NewUser, audit, create_user, reload, signed_up, validate_email};
use crate::limits::Bucket;
use crate::links::{LinkType, data_object, request_link};
use crate::model::UserBundle;
use crate::password::{check_strength, hash};
use crate::request::{ClientInfo, LinkOptions, json_body};
use crate::tokens::sign_in;
use crate::{AuthError, AuthState};

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub(crate) struct SignupParams {
    pub email: Option<String>,
    pub phone: Option<String>,
    pub password: Option<String>,
    pub data: Option<Value>,
    #[serde(flatten)]
    pub link: LinkOptions,
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    RawQuery(query): RawQuery,
    client: ClientInfo,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let params: SignupParams = json_body(&body)?;
    let email = params.email.as_deref().unwrap_or_default();
    let phone = params.phone.as_deref().unwrap_or_default();
    if email.is_empty() && phone.is_empty() {
        return anonymous(&state, &client, params.data).await;
    }
    state.rate_limit(Bucket::SignIn, client.ip)?;
    if !state.settings.enable_signup {
        return Err(AuthError::signup_disabled());
    }
    let password = params.password.as_deref().unwrap_or_default();
    if password.is_empty() {
        return Err(AuthError::validation("Signup requires a valid password"));
    }
    check_strength(password, &state.settings)?;
    if !email.is_empty() && !phone.is_empty() {
        return Err(AuthError::validation(
            "Only an email address or phone number should be provided on signup.",
        ));
    }
    if email.is_empty() {
        return Err(AuthError::bad_request(
            "phone_provider_disabled",
            "Phone signups are disabled",
        ));
    }
    let flow = params.link.flow()?;
    let email = validate_email(email)?;
    let data = data_object(params.data);
    let redirect = params.link.redirect(&state.settings, query.as_deref());

    let user = match UserBundle::find_by_email(&state.pool, &email).await? {
        Some(existing) if existing.user.is_confirmed() => {
            audit(
                &state.pool,
                Some(existing.user.id),
                "user_repeated_signup",
                Some(json!({"provider": "email"})),
                &client.ip_text(),
            )
            .await?;
            if !state.settings.enable_confirmations {
                return Err(AuthError::unprocessable(
                    "user_already_exists",
                    "User already registered",
                ));
            }
            // Answered like a new sign-up, so the answer does not tell who has an account.
            return Ok(Json(obfuscated_user(&email, &data)));
        }
        Some(existing) => existing.user.id,
        None => {
            let password_hash = hash(password.to_string(), state.settings.bcrypt_cost).await?;
            create_user(
                &state.pool,
                NewUser {
                    email: &email,
                    password_hash: Some(password_hash),
                    user_metadata: data,
                    ..NewUser::default()
                },
            )
            .await?
        }
    };

    if !state.settings.enable_confirmations {
        signed_up(&state.pool, user, &client.ip_text()).await?;
        return Ok(Json(sign_in(&state, user, "password", &client).await?));
    }
    let bundle = reload(&state.pool, user).await?;
    request_link(&state, &bundle, LinkType::Signup, &flow, &redirect, &client).await?;
    Ok(Json(reload(&state.pool, user).await?.to_json()))
}

/// An anonymous user (`signInAnonymously`), signed in at once.
async fn anonymous(
    state: &AuthState,
    client: &ClientInfo,
    data: Option<Value>,
) -> Result<Json<Value>, AuthError> {
    if !state.settings.enable_anonymous_sign_ins {
        return Err(AuthError::unprocessable(
            "anonymous_provider_disabled",
            "Anonymous sign-ins are disabled",
        ));
    }
    state.rate_limit(Bucket::Anonymous, client.ip)?;
    if !state.settings.enable_signup {
        return Err(AuthError::signup_disabled());
    }
    let user = create_user(
        &state.pool,
        NewUser {
            user_metadata: data_object(data),
            is_anonymous: true,
            ..NewUser::default()
        },
    )
    .await?;
    Ok(Json(sign_in(state, user, "anonymous", client).await?))
}

/// GoTrue's answer to a repeated sign-up while confirmations are on: a user that looks new.
fn obfuscated_user(email: &str, data: &serde_json::Map<String, Value>) -> Value {
    let now = crate::model::go_time(&chrono::Utc::now());
    json!({
        "id": uuid::Uuid::new_v4(),
        "aud": "authenticated",
        "role": "",
        "email": email,
        "phone": "",
        "confirmation_sent_at": now,
        "app_metadata": {"provider": "email", "providers": ["email"]},
        "user_metadata": data,
        "identities": [],
        "created_at": now,
        "updated_at": now,
        "is_anonymous": false,
    })
}
