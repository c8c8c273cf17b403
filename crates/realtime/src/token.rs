//! The tokens a socket and its channels act with: the API key at the handshake, then each
//! join's and `access_token` push's JWT. Realtime requires `role` and `exp`, as Supabase does.
use base64::Engine as _;
use cb_gateway::{Caller, JwtError, JwtVerifier, RoleClaim, caller_from_claims, unix_now};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum TokenError {
    #[error("Token has expired {0} seconds ago")]
    Expired(u64),
    #[error("Fields `role` and `exp` are required in JWT")]
    MissingClaims,
    #[error("{0}")]
    Invalid(String),
}

impl TokenError {
    /// The reason a join is refused with.
    pub(crate) fn join_reason(&self) -> String {
        match self {
            Self::Expired(_) => format!("InvalidJWTExpiration: {self}"),
            _ => format!("InvalidJWTToken: {self}"),
        }
    }
}

/// A verified caller and when its token expires (unix seconds).
#[derive(Debug, Clone)]
pub(crate) struct Verified {
    pub(crate) caller: Caller,
    pub(crate) expires_at: Option<u64>,
}

impl Verified {
    /// Seconds since the token expired, when it has.
    pub(crate) fn expired_for(&self) -> Option<u64> {
        let expires_at = self.expires_at?;
        let now = unix_now();
        (now >= expires_at).then(|| now - expires_at)
    }
}

pub(crate) fn verify(verifier: &JwtVerifier, token: &str) -> Result<Verified, TokenError> {
    let caller = match verifier.api_key_caller(token) {
        Some(caller) => caller.clone(),
        None => match verifier.verify(token) {
            Ok(claims) => {
                // Checked before the caller is built, which reads a missing role as anon.
                let has_role = claims
                    .0
                    .get("role")
                    .and_then(Value::as_str)
                    .is_some_and(|r| !r.is_empty());
                if !has_role {
                    return Err(TokenError::MissingClaims);
                }
                caller_from_claims(token, claims, RoleClaim::Postgrest)
                    .map_err(|err| TokenError::Invalid(err.to_string()))?
            }
            Err(JwtError::Expired) => {
                let since = expiry(token).map_or(0, |exp| unix_now().saturating_sub(exp));
                return Err(TokenError::Expired(since));
            }
            Err(err) => return Err(TokenError::Invalid(err.to_string())),
        },
    };
    let has_role = caller
        .claims
        .get("role")
        .and_then(Value::as_str)
        .is_some_and(|r| !r.is_empty());
    let expires_at = caller.claims.get("exp").and_then(Value::as_u64);
    if !has_role || expires_at.is_none() {
        return Err(TokenError::MissingClaims);
    }
    let verified = Verified { caller, expires_at };
    match verified.expired_for() {
        Some(since) => Err(TokenError::Expired(since)),
        None => Ok(verified),
    }
}

/// `exp` read without verification: only to word an expired token's message.
fn expiry(token: &str) -> Option<u64> {
    let payload = token.split('.').nth(1)?;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload)
        .ok()?;
    serde_json::from_slice::<Value>(&bytes)
        .ok()?
        .get("exp")?
        .as_u64()
}
