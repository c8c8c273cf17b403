//! The `/auth/v1` subset supabase-js touches, in GoTrue's wire format: `GET /settings`,
//! `POST /token` (every grant answers as GoTrue does when there is no such user or session),
//! `POST /logout` (204), `GET /user` (the user described by the bearer JWT),
//! `GET /.well-known/jwks.json`, and `POST /signup` (signups are disabled). Sessions are the
//! stateless JWTs the project secret signs; the only sign-in is the admin passcode
//! (`simple-auth`), whose tokens this crate issues ([`AdminTokens`]).
mod admin_token;
mod error;
mod handlers;
mod router;
mod session;
mod state;
mod user;

pub use admin_token::{
    ADMIN_TOKEN_TTL, ADMIN_USER_ID, AdminTokens, IssuedToken, TokenProblem, passcode_version,
};
pub use error::{API_VERSION, API_VERSION_HEADER, AuthError};
pub use router::router;
pub use state::AuthState;
pub use user::user_from_claims;
