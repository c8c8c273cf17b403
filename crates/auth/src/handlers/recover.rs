//! `POST /recover`: emails a password-recovery link. The answer is `{}` whether or not the
//! address has an account, so it tells nobody who does.
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
pub(crate) struct RecoverParams {
    email: Option<String>,
    #[serde(flatten)]
    link: LinkOptions,
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    RawQuery(query): RawQuery,
    EmailRequest { client, params }: EmailRequest<RecoverParams>,
) -> Result<Json<Value>, AuthError> {
    let flow = params.link.flow()?;
    let email = params.email.as_deref().unwrap_or_default();
    if email.is_empty() {
        return Err(AuthError::validation("Password recovery requires an email"));
    }
    let email = validate_email(email)?;
    let redirect = params.link.redirect(&state.settings, query.as_deref());
    if let Some(bundle) = UserBundle::find_by_email(&state.pool, &email).await? {
        request_link(
            &state,
            &bundle,
            LinkType::Recovery,
            &flow,
            &redirect,
            &client,
        )
        .await?;
    }
    Ok(Json(json!({})))
}
