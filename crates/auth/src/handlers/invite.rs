//! `POST /invite {email, data}` (service role): creates the account if needed and emails an
//! invitation link; the invitee follows it, is signed in, and sets a password with `PUT /user`.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::accounts::{NewUser, audit, create_user, email_exists, reload, validate_email};
use crate::flow::Flow;
use crate::links::{LinkType, data_object, send_link};
use crate::model::UserBundle;
use crate::request::{ClientInfo, json_body, query_param, redirect_to};
use crate::session::AdminCaller;
use crate::{AuthError, AuthState};

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct InviteParams {
    email: Option<String>,
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
    let params: InviteParams = json_body(&body)?;
    let email = validate_email(params.email.as_deref().unwrap_or_default())?;
    let requested = query_param(query.as_deref(), "redirect_to").or(params.redirect_to);
    let redirect = redirect_to(&state.settings, requested.as_deref());
    let bundle = invite_user(&state, &email, data_object(params.data), &redirect, &client).await?;
    Ok(Json(bundle.to_json()))
}

/// Invites `email` (GoTrue's `/invite`): a new, unconfirmed account, or the existing one while
/// it is unconfirmed; a confirmed account answers `email_exists`. Also what the staff
/// invitations of the CMS go through.
pub(crate) async fn invite_user(
    state: &AuthState,
    email: &str,
    data: serde_json::Map<String, Value>,
    redirect: &str,
    client: &ClientInfo,
) -> Result<UserBundle, AuthError> {
    let user = match UserBundle::find_by_email(&state.pool, email).await? {
        Some(existing) if existing.user.is_confirmed() => return Err(email_exists()),
        Some(existing) => existing,
        None => {
            let id = create_user(
                &state.pool,
                NewUser {
                    email,
                    user_metadata: data,
                    ..NewUser::default()
                },
            )
            .await?;
            reload(&state.pool, id).await?
        }
    };
    audit(
        &state.pool,
        None,
        "user_invited",
        Some(json!({"user_id": user.user.id, "user_email": email})),
        &client.ip_text(),
    )
    .await?;
    send_link(
        state,
        &user,
        LinkType::Invite,
        email,
        &Flow::Implicit,
        redirect,
    )
    .await?;
    reload(&state.pool, user.user.id).await
}
