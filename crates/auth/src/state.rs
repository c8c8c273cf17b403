//! What the auth handlers share: the verifier of callers' tokens and the admin token issuer.
use cb_gateway::JwtVerifier;

use crate::AdminTokens;

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
