//! The `/auth/v1` subset supabase-js touches, in GoTrue's wire format: `GET /settings`,
//! `POST /token` (every grant answers as GoTrue does when there is no such user or session),
//! `POST /logout` (204), `GET /user` (the user described by the bearer JWT),
//! `GET /.well-known/jwks.json`, and `POST /signup` (signups are disabled). Sessions are the
//! stateless JWTs the project secret signs; the only sign-in is the admin passcode
//! (`simple-auth`), whose tokens this crate issues ([`AdminTokens`]).
mod admin_token;
mod error;
mod handlers;
mod session;
mod user;

use axum::Router;
use axum::http::HeaderValue;
use axum::response::Response;
use axum::routing::{get, post};
use cb_gateway::JwtVerifier;

pub use admin_token::{
    ADMIN_TOKEN_TTL, ADMIN_USER_ID, AdminTokens, IssuedToken, TokenProblem, passcode_version,
};
pub use error::{API_VERSION, API_VERSION_HEADER, AuthError};
pub use user::user_from_claims;

/// What the auth handlers need.
#[derive(Debug, Clone)]
pub struct AuthState {
    pub verifier: JwtVerifier,
    /// Admin tokens of an older passcode are answered as sessions that no longer exist.
    pub admin_tokens: AdminTokens,
}

impl AuthState {
    /// `verifier` checks callers' tokens (the project secret and any rotation's other one).
    pub fn new(verifier: JwtVerifier, admin_tokens: AdminTokens) -> Self {
        Self {
            verifier,
            admin_tokens,
        }
    }
}

/// The router to nest at `/auth/v1`.
pub fn router(state: AuthState) -> Router {
    Router::new()
        .route("/settings", get(handlers::settings::handle))
        .route("/token", post(handlers::token::handle))
        .route("/logout", post(handlers::logout::handle))
        .route("/user", get(handlers::user::handle))
        .route("/.well-known/jwks.json", get(handlers::jwks::handle))
        .route("/signup", post(handlers::signup::handle))
        .method_not_allowed_fallback(|| async { AuthError::MethodNotAllowed })
        .fallback(|| async { AuthError::NotFound })
        .with_state(state)
        .layer(axum::middleware::map_response(with_api_version))
}

/// GoTrue names its API version on every answer; auth-js reads error codes only when it can.
async fn with_api_version(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(API_VERSION_HEADER, HeaderValue::from_static(API_VERSION));
    response
}
