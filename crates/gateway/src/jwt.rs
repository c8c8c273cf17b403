//! HS256/384/512 JWT verification with the project secret, as PostgREST and Storage do it.
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use secrecy::ExposeSecret as _;
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
    /// A time claim that is not a number, or one that says the token is not valid yet.
    #[error("{0}")]
    Claim(ClaimProblem),
    #[error("JWT cryptographic operation failed")]
    Invalid,
}

/// Why the time claims of a well-signed token are refused (PostgREST's PGRST303 texts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ClaimProblem {
    /// `exp`, `nbf` or `iat` present but not a JSON number. jsonwebtoken skips a time claim it
    /// cannot parse, so a string `exp` would otherwise never expire.
    #[error("The JWT '{0}' claim must be a number")]
    NotANumber(&'static str),
    #[error("JWT not yet valid")]
    NotYetValid,
    #[error("JWT issued at future")]
    IssuedAtFuture,
    /// A claim PostgreSQL cannot take: text with U+0000 (the claims reach it as settings).
    #[error("Parsing claims failed")]
    Unparsable,
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
    /// Secrets whose signatures verify too (JWT_SECRETS_ACCEPTED: a rotation's other secret).
    accepted: Vec<DecodingKey>,
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
        let verifier = Self {
            key: DecodingKey::from_secret(secret.as_bytes()),
            accepted: Vec::new(),
            validation,
            api_keys: Vec::new(),
        };
        // With the local default secret, every service also takes the Docker demo keys.
        if secret == crate::DEMO_JWT_SECRET {
            let aliases = crate::ApiKeys::for_secret(secret);
            return verifier.with_api_keys(&aliases);
        }
        verifier
    }

    /// Also accepts these API keys by exact match, when their signature verifies (their expiry
    /// is not checked).
    pub fn with_api_keys(mut self, keys: &crate::ApiKeys) -> Self {
        let mut lenient = self.validation.clone();
        lenient.validate_exp = false;
        let docker_demo = DecodingKey::from_secret(crate::keys::DOCKER_DEMO_JWT_SECRET.as_bytes());
        let own =
            [keys.anon.as_str(), keys.service_role.expose_secret()].map(|key| (key, &self.key));
        // Aliases are the Docker demo keys, signed with that setup's secret.
        let aliases = keys
            .aliases
            .iter()
            .map(|(key, _)| (key.as_str(), &docker_demo));
        for (key, secret) in own.into_iter().chain(aliases) {
            if let Ok(data) = jsonwebtoken::decode::<Value>(key, secret, &lenient)
                && let Ok(caller) = crate::caller::caller_from_claims(
                    key,
                    Claims(data.claims),
                    crate::RoleClaim::Postgrest,
                )
                // The default secret's verifier has them already (see `new`).
                && !self.api_keys.iter().any(|known| known.token == caller.token)
            {
                self.api_keys.push(caller);
            }
        }
        self
    }

    /// Also accepts tokens signed with these secrets (a rotation: the next secret before the
    /// switch, the previous one after it), so no instance refuses another's tokens meanwhile.
    pub fn accepting(mut self, secrets: &[String]) -> Self {
        self.accepted = secrets
            .iter()
            .map(|secret| DecodingKey::from_secret(secret.as_bytes()))
            .collect();
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
        let mut decoded = jsonwebtoken::decode::<Value>(token, &self.key, &self.validation);
        for key in &self.accepted {
            match &decoded {
                Err(err) if *err.kind() == jsonwebtoken::errors::ErrorKind::InvalidSignature => {
                    decoded = jsonwebtoken::decode::<Value>(token, key, &self.validation);
                }
                _ => break,
            }
        }
        match decoded {
            Ok(data) if data.claims.is_object() => {
                check_time_claims(&data.claims, unix_now())?;
                Ok(Claims(data.claims))
            }
            Ok(_) => Err(JwtError::Invalid),
            Err(err) => match err.kind() {
                jsonwebtoken::errors::ErrorKind::ExpiredSignature => Err(JwtError::Expired),
                jsonwebtoken::errors::ErrorKind::ImmatureSignature => {
                    Err(JwtError::Claim(ClaimProblem::NotYetValid))
                }
                _ => Err(JwtError::Invalid),
            },
        }
    }
}

/// Whether any key or string in `value` contains U+0000, which PostgreSQL's text and jsonb
/// cannot hold (a JWT's claims and a function's JSON body both reach it).
pub fn contains_nul(value: &Value) -> bool {
    match value {
        Value::String(text) => text.contains('\0'),
        Value::Array(items) => items.iter().any(contains_nul),
        Value::Object(object) => object
            .iter()
            .any(|(key, value)| key.contains('\0') || contains_nul(value)),
        _ => false,
    }
}

/// The wall clock as unix seconds (0 before 1970), which JWT time claims speak.
pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

/// What jsonwebtoken leaves unchecked: time claims of the wrong type (it skips them) and an
/// `iat` in the future. Runs after the signature and `exp`/`nbf` checks.
fn check_time_claims(claims: &Value, now: u64) -> Result<(), JwtError> {
    if contains_nul(claims) {
        return Err(JwtError::Claim(ClaimProblem::Unparsable));
    }
    for name in ["exp", "nbf", "iat"] {
        match claims.get(name) {
            None | Some(Value::Number(_)) => {}
            Some(_) => return Err(JwtError::Claim(ClaimProblem::NotANumber(name))),
        }
    }
    // jsonwebtoken reads exp and nbf as whole seconds and skips a fraction like 1.7e9 or 1e10.5;
    // nbf in the future is refused by it, the rest is checked here.
    let leeway = LEEWAY_SECONDS as f64;
    if let Some(exp) = claims.get("exp").and_then(Value::as_f64)
        && exp + leeway < now as f64
    {
        return Err(JwtError::Expired);
    }
    if let Some(nbf) = claims.get("nbf").and_then(Value::as_f64)
        && nbf > now as f64 + leeway
    {
        return Err(JwtError::Claim(ClaimProblem::NotYetValid));
    }
    if let Some(iat) = claims.get("iat").and_then(Value::as_f64)
        && iat > now as f64 + leeway
    {
        return Err(JwtError::Claim(ClaimProblem::IssuedAtFuture));
    }
    Ok(())
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

    /// `claims` signed as the verifier under test expects: HS256 with [`SECRET`].
    fn hs256(claims: &Value) -> String {
        sign(claims, SECRET, Algorithm::HS256)
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
        let with_exp = hs256(&json!({"role": "authenticated", "exp": now() + 60}));
        assert_eq!(
            verifier.verify(&with_exp).unwrap().role(),
            Some("authenticated")
        );
        let without = sign(&json!({"role": "anon"}), SECRET, Algorithm::HS512);
        assert_eq!(verifier.verify(&without).unwrap().role(), Some("anon"));
    }

    #[test]
    fn project_api_keys_stay_valid_past_their_exp() {
        let expired_key = hs256(&json!({"role": "anon", "exp": now() - 86_400}));
        let keys = crate::ApiKeys {
            anon: expired_key.clone(),
            service_role: "not-a-key".into(),
            aliases: Vec::new(),
        };
        assert_eq!(
            JwtVerifier::new(SECRET).verify(&expired_key),
            Err(JwtError::Expired)
        );
        let verifier = JwtVerifier::new(SECRET).with_api_keys(&keys);
        assert_eq!(verifier.verify(&expired_key).unwrap().role(), Some("anon"));
        let other_expired = hs256(&json!({"role": "anon", "exp": now() - 86_401}));
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
            service_role: String::new().into(),
            aliases: Vec::new(),
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
        let expired = hs256(&json!({"role": "anon", "exp": now() - 120}));
        assert_eq!(verifier.verify(&expired), Err(JwtError::Expired));
        let within_leeway = hs256(&json!({"role": "anon", "exp": now() - 10}));
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

    #[test]
    fn time_claims_of_the_wrong_type_are_refused_not_skipped() {
        let verifier = JwtVerifier::new(SECRET);
        for (name, value) in [
            ("exp", json!("1000000000")),
            ("exp", json!("9999999999")),
            ("nbf", json!("0")),
            ("iat", json!(true)),
            ("exp", json!(null)),
        ] {
            let token = hs256(&json!({"role": "authenticated", name: value}));
            let err = verifier.verify(&token).unwrap_err();
            assert_eq!(
                err,
                JwtError::Claim(ClaimProblem::NotANumber(name)),
                "{name}: {value}"
            );
            assert_eq!(
                err.to_string(),
                format!("The JWT '{name}' claim must be a number")
            );
        }
    }

    #[test]
    fn fractional_and_future_time_claims_are_checked() {
        let verifier = JwtVerifier::new(SECRET);
        let past = hs256(&json!({"role": "anon", "exp": 1_000_000_000.5}));
        assert_eq!(verifier.verify(&past), Err(JwtError::Expired));
        let not_yet = hs256(&json!({"role": "anon", "nbf": (now() + 3600) as f64 + 0.5}));
        assert_eq!(
            verifier.verify(&not_yet),
            Err(JwtError::Claim(ClaimProblem::NotYetValid))
        );
        let future = hs256(&json!({"role": "anon", "iat": now() + 3600}));
        assert_eq!(
            verifier.verify(&future),
            Err(JwtError::Claim(ClaimProblem::IssuedAtFuture))
        );
        let skewed =
            hs256(&json!({"role": "anon", "iat": now() + 20, "exp": (now() + 60) as f64 + 0.25}));
        assert_eq!(verifier.verify(&skewed).unwrap().role(), Some("anon"));
    }

    #[test]
    fn claims_with_nul_characters_are_refused() {
        let verifier = JwtVerifier::new(SECRET);
        for claims in [
            json!({"role": "anon", "sub": "\u{0}"}),
            json!({"role": "authenticated", "app_metadata": {"x\u{0}": 1}}),
        ] {
            let token = hs256(&claims);
            assert_eq!(
                verifier.verify(&token),
                Err(JwtError::Claim(ClaimProblem::Unparsable))
            );
        }
    }

    #[test]
    fn a_rotations_other_secret_verifies_too() {
        let other = "the-next-secret-of-a-rotation-0123456789";
        let token = |secret: &str| {
            jsonwebtoken::encode(
                &jsonwebtoken::Header::default(),
                &serde_json::json!({"role": "anon", "exp": unix_now() + 60}),
                &jsonwebtoken::EncodingKey::from_secret(secret.as_bytes()),
            )
            .unwrap()
        };
        let strict = JwtVerifier::new(SECRET);
        assert_eq!(strict.verify(&token(other)), Err(JwtError::Invalid));
        let rotating = JwtVerifier::new(SECRET).accepting(&[other.to_string()]);
        assert!(rotating.verify(&token(other)).is_ok());
        assert!(rotating.verify(&token(SECRET)).is_ok());
        assert_eq!(
            rotating.verify(&token("a-third-secret-nobody-accepts-0123456789")),
            Err(JwtError::Invalid)
        );
    }
}
