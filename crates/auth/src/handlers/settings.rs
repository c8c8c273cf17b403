//! `GET /settings`: what this auth server offers (for tools; supabase-js never asks).
use axum::Json;
use serde_json::{Value, json};

pub(crate) async fn handle() -> Json<Value> {
    let providers = [
        "anonymous_users",
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
    let mut external = serde_json::Map::new();
    for provider in providers {
        external.insert(provider.into(), Value::Bool(false));
    }
    // Email/password sign-in is the one grant GoTrue clients may try; there are no users.
    external.insert("email".into(), Value::Bool(true));
    Json(json!({
        "external": external,
        "disable_signup": true,
        "mailer_autoconfirm": false,
        "phone_autoconfirm": false,
        "sms_provider": "",
        "saml_enabled": false,
    }))
}
