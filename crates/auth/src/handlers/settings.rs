//! `GET /settings`: what this auth server offers (for tools; supabase-js never asks).
use axum::Json;
use axum::extract::State;
use serde_json::{Map, Value, json};

use crate::AuthState;

/// The external providers GoTrue lists; none of them is offered here.
const PROVIDERS: [&str; 24] = [
    "apple",
    "azure",
    "bitbucket",
    "discord",
    "facebook",
    "figma",
    "fly",
    "github",
    "gitlab",
    "google",
    "keycloak",
    "kakao",
    "linkedin",
    "linkedin_oidc",
    "notion",
    "spotify",
    "slack",
    "slack_oidc",
    "workos",
    "twitch",
    "twitter",
    "x",
    "phone",
    "zoom",
];

pub(crate) async fn handle(State(state): State<AuthState>) -> Json<Value> {
    let settings = &state.settings;
    let mut external = Map::new();
    for provider in PROVIDERS {
        external.insert(provider.into(), Value::Bool(false));
    }
    external.insert("email".into(), Value::Bool(true));
    external.insert(
        "anonymous_users".into(),
        Value::Bool(settings.enable_anonymous_sign_ins),
    );
    Json(json!({
        "external": external,
        "disable_signup": !settings.enable_signup,
        "mailer_autoconfirm": !settings.enable_confirmations,
        "phone_autoconfirm": false,
        "sms_provider": "",
        "saml_enabled": false,
    }))
}
