//! What the auth handlers share.
use std::net::IpAddr;
use std::sync::Arc;

use cb_gateway::{JwtVerifier, TrustedProxies};
use sqlx::PgPool;

use crate::limits::{Bucket, Limits};
use crate::{AdminTokens, AuthError, AuthSettings, Mailer, SigningKeys};

/// What the auth handlers need.
#[derive(Debug, Clone)]
pub struct AuthState {
    /// The database (as its owner: the auth tables are the auth server's alone).
    pub pool: PgPool,
    pub settings: Arc<AuthSettings>,
    /// Signs access tokens; its public keys are the JWKS.
    pub keys: SigningKeys,
    /// Verifies callers' tokens (the project secret, a rotation's other secrets, the public
    /// signing keys, the project's API keys).
    pub verifier: JwtVerifier,
    /// Admin tokens of an older passcode are answered as sessions that no longer exist.
    pub admin_tokens: AdminTokens,
    pub mailer: Mailer,
    /// Whose `X-Forwarded-For` names the client (the per-IP limits count clients, not proxies).
    pub trusted_proxies: TrustedProxies,
    pub(crate) limits: Limits,
}

impl AuthState {
    pub fn new(
        pool: PgPool,
        settings: AuthSettings,
        keys: SigningKeys,
        verifier: JwtVerifier,
        admin_tokens: AdminTokens,
        mailer: Mailer,
        trusted_proxies: TrustedProxies,
    ) -> Self {
        Self {
            pool,
            settings: Arc::new(settings),
            keys,
            verifier,
            admin_tokens,
            mailer,
            trusted_proxies,
            limits: Limits::default(),
        }
    }

    /// Counts one request from the client at `ip` in `bucket`; past the bucket's configured
    /// limit it is refused (429 `over_request_rate_limit`).
    pub(crate) fn rate_limit(&self, bucket: Bucket, ip: Option<IpAddr>) -> Result<(), AuthError> {
        let rate = bucket.rate(&self.settings.rate_limits);
        self.limits.take(bucket, ip, rate)
    }
}
