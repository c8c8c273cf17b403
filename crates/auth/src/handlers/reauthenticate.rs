//! `GET /reauthenticate`: emails the signed-in user a code (the nonce `PUT /user` asks for
//! before a password change when `[auth.email] secure_password_change` is on).
use axum::Json;
use axum::extract::State;
use http::HeaderMap;
use serde_json::{Value, json};

use crate::accounts::audit;
use crate::flow::Flow;
use crate::links::{LinkType, send_link};
use crate::request::ClientInfo;
use crate::session::user_caller;
use crate::{AuthError, AuthState};

pub(crate) async fn handle(
    State(state): State<AuthState>,
    client: ClientInfo,
    headers: HeaderMap,
) -> Result<Json<Value>, AuthError> {
    let bundle = user_caller(&headers, &state).await?;
    let email = bundle.user.email().to_string();
    if email.is_empty() {
        return Err(AuthError::validation(
            "Reauthentication requires the user to have an email or a phone number",
        ));
    }
    if !bundle.user.is_confirmed() {
        return Err(AuthError::unprocessable(
            "email_not_confirmed",
            "Please verify your email first.",
        ));
    }
    audit(
        &state.pool,
        Some(bundle.user.id),
        "user_reauthenticate_requested",
        None,
        &client.ip_text(),
    )
    .await?;
    let site = state.settings.site_url.clone();
    send_link(
        &state,
        &bundle,
        LinkType::Reauthentication,
        &email,
        &Flow::Implicit,
        &site,
    )
    .await?;
    Ok(Json(json!({})))
}
