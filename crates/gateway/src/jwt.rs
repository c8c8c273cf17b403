//! HS256/384/512 JWT verification with the project secret, as PostgREST and Storage do it.
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::Value;

/// PostgREST allows this much clock skew on exp, nbf and iat.
const LEEWAY_SECONDS: u64 = 30;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JwtError {
    #[error("Empty JWT is sent in Authorization header")]
    Empty,
    #[error("Expected 3 parts in JWT; got {0}")]
    Parts(usize),
    #[error("JWT expired")]
    Expired,
    #[error("JWT cryptographic operation failed")]
    Invalid,
}

/// Verified claims of a JWT.
#[derive(Debug, Clone, PartialEq)]
pub struct Claims(pub Value);

impl Claims {
    pub fn role(&self) -> Option<&str> {
        self.0.get("role").and_then(Value::as_str)
    }
}

#[derive(Clone)]
pub struct JwtVerifier {
    key: DecodingKey,
    validation: Validation,
    /// The project's own API keys, accepted by exact match whatever their `exp` says: like
    /// Kong's key-auth consumers, an API key is valid until it is rotated. (Supabase's demo keys
    /// carry exp 2027-01-09, which must not break a local stack on that day.) Kept as the
    /// callers they resolve to, rendered once (see `resolve_caller`); each caller's `token` is
    /// its key.
    api_keys: Vec<crate::Caller>,
}

impl std::fmt::Debug for JwtVerifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JwtVerifier").finish_non_exhaustive()
    }
}

impl JwtVerifier {
    pub fn new(secret: &str) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.algorithms = vec![Algorithm::HS256, Algorithm::HS384, Algorithm::HS512];
        validation.leeway = LEEWAY_SECONDS;
        validation.validate_aud = false;
        validation.validate_nbf = true;
        // PostgREST accepts tokens without exp; when present it is checked.
        validation.required_spec_claims.clear();
        Self {
            key: DecodingKey::from_secret(secret.as_bytes()),
            validation,
            api_keys: Vec::new(),
        }
    }

    /// Also accepts these API keys by exact match, when their signature verifies (their expiry
    /// is not checked).
    pub fn with_api_keys(mut self, keys: &crate::ApiKeys) -> Self {
        let mut lenient = self.validation.clone();
        lenient.validate_exp = false;
        for key in [&keys.anon, &keys.service_role] {
            if let Ok(data) = jsonwebtoken::decode::<Value>(key, &self.key, &lenient)
                && let Ok(caller) = crate::caller::caller_from_claims(
                    key,
                    Claims(data.claims),
                    crate::RoleClaim::Postgrest,
                )
            {
                self.api_keys.push(caller);
            }
        }
        self
    }

    /// The caller an API key of the project resolves to, if `token` is one.
    pub fn api_key_caller(&self, token: &str) -> Option<&crate::Caller> {
        self.api_keys
            .iter()
            .find(|caller| caller.token.as_deref() == Some(token))
    }

    pub fn verify(&self, token: &str) -> Result<Claims, JwtError> {
        if token.is_empty() {
            return Err(JwtError::Empty);
        }
        if let Some(caller) = self.api_key_caller(token) {
            return Ok(Claims(Value::clone(&caller.claims)));
        }
        let parts = token.split('.').count();
        if parts != 3 {
            return Err(JwtError::Parts(parts));
        }
        match jsonwebtoken::decode::<Value>(token, &self.key, &self.validation) {
            Ok(data) if data.claims.is_object() => Ok(Claims(data.claims)),
            Ok(_) => Err(JwtError::Invalid),
            Err(err) => match err.kind() {
                jsonwebtoken::errors::ErrorKind::ExpiredSignature => Err(JwtError::Expired),
                _ => Err(JwtError::Invalid),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jsonwebtoken::{EncodingKey, Header};
    use serde_json::json;

    const SECRET: &str = "test-secret-test-secret-test-secret-42";

    fn sign(claims: &Value, secret: &str, alg: Algorithm) -> String {
        jsonwebtoken::encode(
            &Header::new(alg),
            claims,
            &EncodingKey::from_secret(secret.as_bytes()),
        )
        .unwrap()
    }

    fn now() -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64
    }

    #[test]
    fn accepts_a_valid_token_with_or_without_exp() {
        let verifier = JwtVerifier::new(SECRET);
        let with_exp = sign(
            &json!({"role": "authenticated", "exp": now() + 60}),
            SECRET,
            Algorithm::HS256,
        );
        assert_eq!(
            verifier.verify(&with_exp).unwrap().role(),
            Some("authenticated")
        );
        let without = sign(&json!({"role": "anon"}), SECRET, Algorithm::HS512);
        assert_eq!(verifier.verify(&without).unwrap().role(), Some("anon"));
    }

    #[test]
    fn project_api_keys_stay_valid_past_their_exp() {
        let expired_key = sign(
            &json!({"role": "anon", "exp": now() - 86_400}),
            SECRET,
            Algorithm::HS256,
        );
        let keys = crate::ApiKeys {
            anon: expired_key.clone(),
            service_role: "not-a-key".into(),
        };
        assert_eq!(
            JwtVerifier::new(SECRET).verify(&expired_key),
            Err(JwtError::Expired)
        );
        let verifier = JwtVerifier::new(SECRET).with_api_keys(&keys);
        assert_eq!(verifier.verify(&expired_key).unwrap().role(), Some("anon"));
        let other_expired = sign(
            &json!({"role": "anon", "exp": now() - 86_401}),
            SECRET,
            Algorithm::HS256,
        );
        assert_eq!(
            verifier.verify(&other_expired),
            Err(JwtError::Expired),
            "only the exact key"
        );
        let forged_keys = crate::ApiKeys {
            anon: sign(
                &json!({"role": "anon"}),
                "some-other-secret-some-other-secret",
                Algorithm::HS256,
            ),
            service_role: String::new(),
        };
        let verifier = JwtVerifier::new(SECRET).with_api_keys(&forged_keys);
        assert_eq!(
            verifier.verify(&forged_keys.anon),
            Err(JwtError::Invalid),
            "keys must verify"
        );
    }

    #[test]
    fn refuses_expired_forged_and_malformed_tokens() {
        let verifier = JwtVerifier::new(SECRET);
        let expired = sign(
            &json!({"role": "anon", "exp": now() - 120}),
            SECRET,
            Algorithm::HS256,
        );
        assert_eq!(verifier.verify(&expired), Err(JwtError::Expired));
        let within_leeway = sign(
            &json!({"role": "anon", "exp": now() - 10}),
            SECRET,
            Algorithm::HS256,
        );
        assert!(verifier.verify(&within_leeway).is_ok());
        let forged = sign(
            &json!({"role": "service_role"}),
            "another-secret-another-secret-000",
            Algorithm::HS256,
        );
        assert_eq!(verifier.verify(&forged), Err(JwtError::Invalid));
        assert_eq!(verifier.verify(""), Err(JwtError::Empty));
        assert_eq!(verifier.verify("abc"), Err(JwtError::Parts(1)));
        // alg none: header {"alg":"none"} with an empty signature
        let none = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.";
        assert_eq!(verifier.verify(none), Err(JwtError::Invalid));
    }
}
