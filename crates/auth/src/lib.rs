//! `/auth/v1`: a GoTrue-compatible auth server (supabase/auth's wire contract as auth-js reads
//! it) over GoTrue's own tables in the `auth` schema, and the admin session tokens the passcode
//! sign-in (`simple-auth`) issues ([`AdminTokens`]).
mod accounts;
mod admin_token;
mod error;
mod flow;
mod handlers;
mod keys;
mod limits;
mod links;
pub mod mail;
mod model;
mod password;
mod request;
mod router;
mod session;
mod settings;
mod state;
mod tokens;
mod totp;
mod user;

pub use admin_token::{
    ADMIN_TOKEN_TTL, ADMIN_USER_ID, AdminTokens, IssuedToken, TokenProblem, passcode_version,
};
pub use error::{API_VERSION, API_VERSION_HEADER, AuthError};
pub use keys::{KeyAlgorithm, SigningKeys, generate as generate_signing_key};
pub use mail::Mailer;
pub use router::router;
pub use settings::{
    AuthSettings, EmailTemplate, EmailTemplates, PasswordRequirements, PostgresHook, Rate,
    RateLimits,
};
pub use state::AuthState;
pub use user::user_from_claims;

/// Invites `email` as GoTrue's `POST /invite` does (a new unconfirmed account, or the existing
/// one while unconfirmed, and the invitation email), for callers inside this server that have
/// already decided the inviter may (the CMS's staff invitations). The user's JSON, or GoTrue's
/// error (`email_exists` for a confirmed account).
pub async fn invite(
    state: &AuthState,
    email: &str,
    data: serde_json::Map<String, serde_json::Value>,
    redirect_to: Option<&str>,
) -> Result<serde_json::Value, AuthError> {
    let email = accounts::validate_email(email)?;
    let redirect = request::redirect_to(&state.settings, redirect_to);
    let client = request::ClientInfo::default();
    let user = handlers::invite::invite_user(state, &email, data, &redirect, &client).await?;
    Ok(user.to_json())
}

/// Sends the invitation of an unconfirmed user again (a confirmed one answers `email_exists`,
/// an unknown id `user_not_found`).
pub async fn resend_invite(
    state: &AuthState,
    user: uuid::Uuid,
    redirect_to: Option<&str>,
) -> Result<serde_json::Value, AuthError> {
    let bundle = model::UserBundle::load(&state.pool, user, None)
        .await?
        .ok_or_else(|| AuthError::not_found("user_not_found", "User not found"))?;
    let data = match bundle.user.user_metadata() {
        serde_json::Value::Object(data) => data,
        _ => serde_json::Map::new(),
    };
    invite(state, bundle.user.email(), data, redirect_to).await
}
