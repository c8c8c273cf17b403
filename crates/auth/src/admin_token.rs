//! The admin token `simple-auth` issues after a correct passcode: an HS256 JWT signed with the
//! project secret, role `authenticated`, `app_metadata.admin = true`, valid for 8 hours, and a
//! `passcode_version` claim derived from the configured passcode hash, so that configuring a new
//! passcode revokes every token issued for the old one.
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use cb_gateway::{JwtError, JwtVerifier};
use hmac::{Hmac, Mac};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};
use sha2::Sha256;
use subtle::ConstantTimeEq as _;

/// The `sub` of every admin token: there is one admin role and no named users.
pub const ADMIN_USER_ID: &str = "00000000-0000-0000-0000-00000000ad01";
/// How long an admin token is valid.
pub const ADMIN_TOKEN_TTL: Duration = Duration::from_secs(8 * 60 * 60);

/// Why a token is not a valid admin token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenProblem {
    Expired,
    /// Not a JWT, a bad signature, or not signed with the project secret.
    Invalid,
    /// A valid JWT, but not an admin token.
    NotAdmin,
    /// An admin token issued for a passcode that is no longer configured.
    Revoked,
}

impl TokenProblem {
    pub fn message(self) -> &'static str {
        match self {
            Self::Expired => "Token expired",
            Self::Invalid => "Invalid token",
            Self::NotAdmin => "Not an admin token",
            Self::Revoked => "Token revoked: the passcode has changed",
        }
    }
}

/// A freshly issued token.
#[derive(Debug, Clone)]
pub struct IssuedToken {
    pub token: String,
    /// Unix seconds.
    pub expires_at: i64,
    /// The token's `session_id` claim: what the activity log names the session by.
    pub session_id: String,
}

/// Issues and checks admin tokens.
#[derive(Clone)]
pub struct AdminTokens {
    encoding: EncodingKey,
    verifier: JwtVerifier,
    version: String,
    ttl: Duration,
}

impl std::fmt::Debug for AdminTokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AdminTokens")
            .field("version", &self.version)
            .field("ttl", &self.ttl)
            .finish_non_exhaustive()
    }
}

/// A short, stable fingerprint of the configured passcode hash (keyed with the JWT secret, so it
/// says nothing about the hash): a new passcode, or a new secret, gives a new version.
pub fn passcode_version(jwt_secret: &str, passcode_hash: &str) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(jwt_secret.as_bytes())
        .expect("HMAC accepts keys of any length");
    mac.update(b"claimbridge admin passcode version\0");
    mac.update(passcode_hash.trim().as_bytes());
    hex::encode(&mac.finalize().into_bytes()[..6])
}

fn now_seconds() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs() as i64)
        .unwrap_or_default()
}

impl AdminTokens {
    pub fn new(jwt_secret: &str, passcode_hash: &str) -> Self {
        Self {
            encoding: EncodingKey::from_secret(jwt_secret.as_bytes()),
            verifier: JwtVerifier::new(jwt_secret),
            version: passcode_version(jwt_secret, passcode_hash),
            ttl: ADMIN_TOKEN_TTL,
        }
    }

    /// The same issuer with another lifetime (`[auth] jwt_expiry`; tests use seconds).
    pub fn with_ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl;
        self
    }

    pub fn passcode_version(&self) -> &str {
        &self.version
    }

    /// The claims of a new token, shaped like a GoTrue access token so `/auth/v1/user`,
    /// PostgREST and Storage read it as they read any session.
    pub fn claims(&self, now: i64) -> Value {
        let exp = now + self.ttl.as_secs() as i64;
        json!({
            "iss": "claimbridge",
            "sub": ADMIN_USER_ID,
            "aud": "authenticated",
            "role": "authenticated",
            "iat": now,
            "exp": exp,
            "email": "",
            "phone": "",
            "app_metadata": {
                "provider": "passcode",
                "providers": ["passcode"],
                "admin": true,
                "passcode_version": self.version,
            },
            "user_metadata": {},
            "aal": "aal1",
            "amr": [{ "method": "password", "timestamp": now }],
            "session_id": uuid::Uuid::new_v4().to_string(),
            "is_anonymous": false,
        })
    }

    pub fn issue(&self) -> IssuedToken {
        let now = now_seconds();
        let claims = self.claims(now);
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .expect("HS256 signing of a JSON object cannot fail");
        IssuedToken {
            token,
            expires_at: now + self.ttl.as_secs() as i64,
            session_id: claims["session_id"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
        }
    }

    /// The claims of a valid admin token for the current passcode.
    pub fn validate(&self, token: &str) -> Result<Value, TokenProblem> {
        let claims = self.verifier.verify(token).map_err(|err| match err {
            JwtError::Expired => TokenProblem::Expired,
            _ => TokenProblem::Invalid,
        })?;
        let claims = claims.0;
        // The verifier allows 30 s of clock skew; an admin token ends at its exp.
        if claims
            .get("exp")
            .and_then(Value::as_i64)
            .is_none_or(|exp| exp <= now_seconds())
        {
            return Err(TokenProblem::Expired);
        }
        self.check_claims(&claims)?;
        Ok(claims)
    }

    /// Whether verified claims are those of a current admin token.
    pub fn check_claims(&self, claims: &Value) -> Result<(), TokenProblem> {
        let is_admin = claims.get("role").and_then(Value::as_str) == Some("authenticated")
            && claims
                .pointer("/app_metadata/admin")
                .and_then(Value::as_bool)
                == Some(true);
        if !is_admin {
            return Err(TokenProblem::NotAdmin);
        }
        match claims
            .pointer("/app_metadata/passcode_version")
            .and_then(Value::as_str)
        {
            Some(version) if bool::from(version.as_bytes().ct_eq(self.version.as_bytes())) => {
                Ok(())
            }
            _ => Err(TokenProblem::Revoked),
        }
    }

    /// Whether the claims carry the admin flag (current or revoked).
    pub fn claims_admin_flag(claims: &Value) -> bool {
        claims
            .pointer("/app_metadata/admin")
            .and_then(Value::as_bool)
            == Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "unit-test-secret-unit-test-secret-0123";

    #[test]
    fn issued_tokens_validate_until_the_passcode_changes() {
        let tokens = AdminTokens::new(SECRET, "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA");
        let issued = tokens.issue();
        let claims = tokens.validate(&issued.token).unwrap();
        assert_eq!(claims["role"], "authenticated");
        assert_eq!(claims["app_metadata"]["admin"], true);
        assert_eq!(claims["sub"], ADMIN_USER_ID);
        assert_eq!(
            claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap(),
            8 * 3600
        );
        assert_eq!(issued.expires_at, claims["exp"].as_i64().unwrap());
        assert_eq!(claims["session_id"], issued.session_id.as_str());
        assert_ne!(tokens.issue().session_id, issued.session_id);

        let rotated = AdminTokens::new(SECRET, "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$b3RoZXI");
        assert_ne!(rotated.passcode_version(), tokens.passcode_version());
        assert_eq!(rotated.validate(&issued.token), Err(TokenProblem::Revoked));
    }

    #[test]
    fn forged_expired_and_foreign_tokens_are_refused() {
        let tokens = AdminTokens::new(SECRET, "hash");
        let forged = AdminTokens::new("another-secret-another-secret-another", "hash").issue();
        assert_eq!(tokens.validate(&forged.token), Err(TokenProblem::Invalid));
        assert_eq!(tokens.validate("not.a.jwt"), Err(TokenProblem::Invalid));
        assert_eq!(tokens.validate(""), Err(TokenProblem::Invalid));

        let mut claims = tokens.claims(now_seconds() - 9 * 3600);
        claims["exp"] = json!(now_seconds() - 5);
        let expired = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &EncodingKey::from_secret(SECRET.as_bytes()),
        )
        .unwrap();
        assert_eq!(tokens.validate(&expired), Err(TokenProblem::Expired));

        let user = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &json!({"role": "authenticated", "exp": now_seconds() + 60}),
            &EncodingKey::from_secret(SECRET.as_bytes()),
        )
        .unwrap();
        assert_eq!(tokens.validate(&user), Err(TokenProblem::NotAdmin));
    }

    #[test]
    fn the_version_is_short_and_stable() {
        let a = passcode_version(SECRET, "h1");
        assert_eq!(a.len(), 12);
        assert_eq!(a, passcode_version(SECRET, " h1\n"));
        assert_ne!(
            a,
            passcode_version("another-secret-another-secret-another", "h1")
        );
    }
}
