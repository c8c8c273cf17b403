//! `POST /admin/generate_link {type, email, password, new_email, data, redirect_to}` (service
//! role): makes the link an email would carry (signup, invite, magiclink, recovery,
//! email_change_current, email_change_new) without sending it, and answers the user with
//! `action_link`, `email_otp`, `hashed_token`, `verification_type` and `redirect_to`.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::accounts::{
    NewUser, audit, create_user, email_exists, reload, update_user_metadata, validate_email,
};
use crate::flow::Flow;
use crate::links::{LinkType, data_object, make_link};
use crate::model::UserBundle;
use crate::password::{check_strength, hash};
use crate::request::{ClientInfo, json_body, query_param, redirect_to};
use crate::session::AdminCaller;
use crate::tokens::random_text;
use crate::{AuthError, AuthState};

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct GenerateLinkParams {
    r#type: Option<String>,
    email: Option<String>,
    new_email: Option<String>,
    password: Option<String>,
    data: Option<Value>,
    redirect_to: Option<String>,
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    RawQuery(query): RawQuery,
    client: ClientInfo,
    _admin: AdminCaller,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let params: GenerateLinkParams = json_body(&body)?;
    let email = validate_email(params.email.as_deref().unwrap_or_default())?;
    // The body's redirect_to when allowed, else the query's (clients send either), else the site.
    let from_query = redirect_to(
        &state.settings,
        query_param(query.as_deref(), "redirect_to").as_deref(),
    );
    let redirect = match params.redirect_to.as_deref() {
        Some(asked) if redirect_to(&state.settings, Some(asked)) == asked => asked.to_string(),
        _ => from_query,
    };
    let mut kind = params.r#type.clone().unwrap_or_default();
    let existing = UserBundle::find_by_email(&state.pool, &email).await?;
    let data = data_object(params.data.clone());
    let mut password = params.password.clone().unwrap_or_default();
    if existing.is_none() {
        match kind.as_str() {
            "magiclink" => {
                kind = "signup".into();
                password = random_text(
                    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
                    64,
                );
            }
            "recovery" | "email_change_current" | "email_change_new" => {
                return Err(AuthError::not_found(
                    "user_not_found",
                    "User with this email not found",
                ));
            }
            _ => {}
        }
    }
    let link_type = match kind.as_str() {
        "signup" => LinkType::Signup,
        "invite" => LinkType::Invite,
        "magiclink" => LinkType::MagicLink,
        "recovery" => LinkType::Recovery,
        "email_change_current" => LinkType::EmailChangeCurrent,
        "email_change_new" => LinkType::EmailChangeNew,
        other => {
            return Err(AuthError::validation(format!(
                "Invalid email action link type requested: {other}"
            )));
        }
    };
    let bundle = match (link_type, existing) {
        (LinkType::Signup | LinkType::Invite, Some(existing)) if existing.user.is_confirmed() => {
            return Err(email_exists());
        }
        (LinkType::Signup, Some(existing)) => {
            update_user_metadata(&state.pool, existing.user.id, &data).await?;
            reload(&state.pool, existing.user.id).await?
        }
        (_, Some(existing)) => existing,
        (LinkType::Signup, None) => {
            if password.is_empty() {
                return Err(AuthError::validation("Signup requires a valid password"));
            }
            check_strength(&password, &state.settings)?;
            let id = create_user(
                &state.pool,
                NewUser {
                    email: &email,
                    password_hash: Some(hash(password, state.settings.bcrypt_cost).await?),
                    user_metadata: data,
                    ..NewUser::default()
                },
            )
            .await?;
            reload(&state.pool, id).await?
        }
        (_, None) => {
            let id = create_user(
                &state.pool,
                NewUser {
                    email: &email,
                    user_metadata: data,
                    ..NewUser::default()
                },
            )
            .await?;
            reload(&state.pool, id).await?
        }
    };
    let address = match link_type {
        LinkType::EmailChangeCurrent | LinkType::EmailChangeNew => {
            if link_type == LinkType::EmailChangeCurrent && !state.settings.double_confirm_changes {
                return Err(AuthError::validation(
                    "Enable secure email change to generate link for current email",
                ));
            }
            let new_email = validate_email(params.new_email.as_deref().unwrap_or_default())?;
            if UserBundle::find_by_email(&state.pool, &new_email)
                .await?
                .is_some_and(|other| other.user.id != bundle.user.id)
            {
                return Err(email_exists());
            }
            sqlx::query(
                "update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1",
            )
            .bind(bundle.user.id)
            .bind(&new_email)
            .execute(&state.pool)
            .await?;
            if link_type == LinkType::EmailChangeNew {
                new_email
            } else {
                email.clone()
            }
        }
        _ => email.clone(),
    };
    if link_type == LinkType::Invite {
        audit(
            &state.pool,
            None,
            "user_invited",
            Some(json!({"user_id": bundle.user.id, "user_email": email})),
            &client.ip_text(),
        )
        .await?;
    } else if matches!(link_type, LinkType::Recovery | LinkType::MagicLink) {
        audit(
            &state.pool,
            Some(bundle.user.id),
            "user_recovery_requested",
            None,
            &client.ip_text(),
        )
        .await?;
    }
    let link = make_link(
        &state,
        &bundle,
        link_type,
        &address,
        &Flow::Implicit,
        &redirect,
    )
    .await?;
    let mut answer = reload(&state.pool, bundle.user.id).await?.to_json();
    if let Value::Object(fields) = &mut answer {
        fields.insert("action_link".into(), json!(link.action_link));
        fields.insert("email_otp".into(), json!(link.otp));
        fields.insert("hashed_token".into(), json!(link.hashed_token));
        fields.insert("verification_type".into(), json!(kind));
        fields.insert("redirect_to".into(), json!(link.redirect_to));
    }
    Ok(Json(answer))
}
