//! `/auth/v1`: a GoTrue-compatible auth server (supabase/auth's wire contract as auth-js reads
//! it) over GoTrue's own tables in the `auth` schema, and the admin session tokens the passcode
//! sign-in (`simple-auth`) issues ([`AdminTokens`]).
mod admin_token;
mod error;
mod handlers;
mod keys;
pub mod mail;
mod router;
mod session;
mod settings;
mod state;
mod user;

pub use admin_token::{
    ADMIN_TOKEN_TTL, ADMIN_USER_ID, AdminTokens, IssuedToken, TokenProblem, passcode_version,
};
pub use error::{API_VERSION, API_VERSION_HEADER, AuthError};
pub use keys::SigningKeys;
pub use mail::Mailer;
pub use router::router;
pub use settings::{
    AuthSettings, EmailTemplate, EmailTemplates, PasswordRequirements, PostgresHook, Rate,
    RateLimits,
};
pub use state::AuthState;
pub use user::user_from_claims;
