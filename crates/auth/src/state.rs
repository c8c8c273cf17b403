//! What the auth handlers share.
use std::sync::Arc;

use cb_gateway::JwtVerifier;
use sqlx::PgPool;

use crate::{AdminTokens, AuthSettings, Mailer, SigningKeys};

/// What the auth handlers need.
#[derive(Debug, Clone)]
pub struct AuthState {
    /// The database (as its owner: the auth tables are the auth server's alone).
    pub pool: PgPool,
    pub settings: Arc<AuthSettings>,
    /// Signs access tokens; its public keys are the JWKS.
    pub keys: SigningKeys,
    /// Verifies callers' tokens (the project secret, a rotation's other secrets, the public
    /// signing keys).
    pub verifier: JwtVerifier,
    /// Admin tokens of an older passcode are answered as sessions that no longer exist.
    pub admin_tokens: AdminTokens,
    pub mailer: Mailer,
}
