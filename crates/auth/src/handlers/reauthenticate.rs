//! `GET /reauthenticate`: emails the signed-in user a code (the nonce `PUT /user` asks for
//! before a password change when `[auth.email] secure_password_change` is on).
use axum::Json;
use axum::extract::State;
use http::HeaderMap;
use serde_json::{Value, json};

use crate::flow::Flow;
use crate::links::{LinkType, request_link};
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
    let site = state.settings.site_url.clone();
    request_link(
        &state,
        &bundle,
        LinkType::Reauthentication,
        &Flow::Implicit,
        &site,
        &client,
    )
    .await?;
    Ok(Json(json!({})))
}
