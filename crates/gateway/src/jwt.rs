//! JWT verification as PostgREST and Storage do it: HS256/384/512 with the project secret, and
//! the asymmetric signing keys (ES256, RS256) a token names by `kid`, as GoTrue picks them.
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use secrecy::ExposeSecret as _;
use serde_json::Value;

/// PostgREST allows this much clock skew on exp, nbf and iat.
const LEEWAY_SECONDS: u64 = 30;

/// Tokens whose asymmetric signature verified, kept so a session's token is checked once and not
/// on every request (an ES256 verification costs tens of microseconds; a lookup, well under one).
/// Past this many, the set starts over.
const VERIFIED_TOKENS_KEPT: usize = 4096;

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
    /// `aud` does not name the configured audience (PostgREST's `jwt-aud`).
    #[error("JWT not in audience")]
    NotInAudience,
    /// `aud` is neither a string nor an array of strings (refused whatever `jwt-aud` says).
    #[error("The JWT 'aud' claim must be a string or an array of strings")]
    AudienceNotStringOrArray,
}

/// Verified claims of a JWT.
#[derive(Debug, Clone, PartialEq)]
pub struct Claims(pub Value);

impl Claims {
    pub fn role(&self) -> Option<&str> {
        self.0.get("role").and_then(Value::as_str)
    }
}

/// A key of the signing key set, which verifies the tokens whose header names its `kid`.
#[derive(Clone)]
pub struct VerificationKey {
    kid: String,
    key: DecodingKey,
    /// The key's own algorithm alone: a token naming this key with another `alg` is refused.
    validation: Validation,
}

impl VerificationKey {
    /// `key` (an RSA or EC public key, or an HMAC secret) verifying tokens of `algorithm` that
    /// name `kid`.
    pub fn new(kid: &str, algorithm: Algorithm, key: DecodingKey) -> Self {
        let mut validation = validation();
        validation.algorithms = vec![algorithm];
        Self {
            kid: kid.to_string(),
            key,
            validation,
        }
    }

    fn is_asymmetric(&self) -> bool {
        !matches!(
            self.validation.algorithms.first(),
            Some(Algorithm::HS256 | Algorithm::HS384 | Algorithm::HS512)
        )
    }
}

/// PostgREST's checks: HS256/384/512, 30 s of clock skew, `exp` only when present (`aud` is
/// PostgREST's own business: see `check_audience`).
fn validation() -> Validation {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.algorithms = vec![Algorithm::HS256, Algorithm::HS384, Algorithm::HS512];
    validation.leeway = LEEWAY_SECONDS;
    validation.validate_aud = false;
    validation.validate_nbf = true;
    // PostgREST accepts tokens without exp; when present it is checked.
    validation.required_spec_claims.clear();
    validation
}

#[derive(Clone)]
pub struct JwtVerifier {
    key: DecodingKey,
    /// Secrets whose signatures verify too (JWT_SECRETS_ACCEPTED: a rotation's other secret).
    accepted: Vec<DecodingKey>,
    validation: Validation,
    /// The signing key set's keys, chosen by the `kid` in a token's header (parsed once, here).
    keyed: Vec<VerificationKey>,
    /// Claims of tokens verified with an asymmetric key of `keyed`, by token (shared by clones).
    verified: Arc<Mutex<HashMap<Box<str>, Arc<Value>>>>,
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
        let verifier = Self {
            key: DecodingKey::from_secret(secret.as_bytes()),
            accepted: Vec::new(),
            validation: validation(),
            keyed: Vec::new(),
            verified: Arc::default(),
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
        let mut docker_demo = JwtVerifier::new(crate::keys::DOCKER_DEMO_JWT_SECRET);
        docker_demo.validation.validate_exp = false;
        let mut own = self.clone();
        own.validation.validate_exp = false;
        for key in &mut own.keyed {
            key.validation.validate_exp = false;
        }
        let own_keys =
            [keys.anon.as_str(), keys.service_role.expose_secret()].map(|key| (key, &own));
        // Aliases are the Docker demo keys, signed with that setup's secret.
        let aliases = keys
            .aliases
            .iter()
            .map(|(key, _)| (key.as_str(), &docker_demo));
        for (key, verifier) in own_keys.into_iter().chain(aliases) {
            if let Ok(Ok(claims)) = verifier
                .keyed_by_header(key)
                .map(|keyed| verifier.decode(key, keyed))
                && let Ok(caller) = crate::caller::caller_from_claims(
                    key,
                    Claims(claims),
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

    /// Also verifies tokens signed by these keys of the signing key set: a token whose header
    /// names one of them by `kid` is checked with that key and its algorithm alone. Tokens with
    /// an HMAC algorithm and no known `kid` are checked with the secrets as before; any other
    /// token is refused.
    pub fn with_keys(mut self, keys: Vec<VerificationKey>) -> Self {
        self.keyed = keys;
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
        let keyed = self.keyed_by_header(token)?;
        if let Some(key) = keyed
            && key.is_asymmetric()
        {
            return self.verify_asymmetric(token, key);
        }
        let claims = self
            .decode(token, keyed)
            .map_err(|err| from_jsonwebtoken(&err))?;
        check_time_claims(&claims, unix_now())?;
        Ok(Claims(claims))
    }

    /// The key of the set a token's header names, if any; a token whose header cannot be read,
    /// or that names no key of the set with an algorithm other than HMAC, is invalid.
    fn keyed_by_header(&self, token: &str) -> Result<Option<&VerificationKey>, JwtError> {
        if self.keyed.is_empty() {
            // The secrets alone: the header is read (and checked) by jsonwebtoken's decode.
            return Ok(None);
        }
        let header = jsonwebtoken::decode_header(token).map_err(|_| JwtError::Invalid)?;
        let key = header
            .kid
            .as_deref()
            .and_then(|kid| self.keyed.iter().find(|key| key.kid == kid));
        match (key, header.alg) {
            (Some(key), _) => Ok(Some(key)),
            // As GoTrue: HMAC tokens that name no key of the set are checked with the secret.
            (None, Algorithm::HS256 | Algorithm::HS384 | Algorithm::HS512) => Ok(None),
            (None, _) => Err(JwtError::Invalid),
        }
    }

    /// Verifies `token` with the asymmetric `key` it names, once: its claims are kept and a later
    /// request with the same token only has its time claims checked again.
    fn verify_asymmetric(&self, token: &str, key: &VerificationKey) -> Result<Claims, JwtError> {
        let kept = self
            .verified
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(token)
            .cloned();
        let claims = match kept {
            Some(claims) => claims,
            None => {
                let data = jsonwebtoken::decode::<Value>(token, &key.key, &key.validation)
                    .map_err(|err| from_jsonwebtoken(&err))?;
                if !data.claims.is_object() {
                    return Err(JwtError::Invalid);
                }
                let claims = Arc::new(data.claims);
                let mut verified = self.verified.lock().unwrap_or_else(PoisonError::into_inner);
                if verified.len() >= VERIFIED_TOKENS_KEPT {
                    verified.clear();
                }
                verified.insert(token.into(), Arc::clone(&claims));
                claims
            }
        };
        check_time_claims(&claims, unix_now())?;
        Ok(Claims(Value::clone(&claims)))
    }

    /// The claims of a token signed with `keyed` (the key its header names), or else with the
    /// secret or one of the accepted secrets (time claims still to be checked).
    fn decode(
        &self,
        token: &str,
        keyed: Option<&VerificationKey>,
    ) -> Result<Value, jsonwebtoken::errors::Error> {
        let mut decoded = match keyed {
            Some(key) => jsonwebtoken::decode::<Value>(token, &key.key, &key.validation),
            None => jsonwebtoken::decode::<Value>(token, &self.key, &self.validation),
        };
        if keyed.is_none() {
            for key in &self.accepted {
                match &decoded {
                    Err(err)
                        if *err.kind() == jsonwebtoken::errors::ErrorKind::InvalidSignature =>
                    {
                        decoded = jsonwebtoken::decode::<Value>(token, key, &self.validation);
                    }
                    _ => break,
                }
            }
        }
        match decoded {
            Ok(data) if data.claims.is_object() => Ok(data.claims),
            Ok(_) => Err(jsonwebtoken::errors::ErrorKind::InvalidToken.into()),
            Err(err) => Err(err),
        }
    }
}

/// The verifier's error for one of jsonwebtoken's.
fn from_jsonwebtoken(err: &jsonwebtoken::errors::Error) -> JwtError {
    match err.kind() {
        jsonwebtoken::errors::ErrorKind::ExpiredSignature => JwtError::Expired,
        jsonwebtoken::errors::ErrorKind::ImmatureSignature => {
            JwtError::Claim(ClaimProblem::NotYetValid)
        }
        _ => JwtError::Invalid,
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

/// PostgREST's `aud` check, after the time claims: absent or null passes; a string must be
/// `audience`, an array of strings must be empty or hold it (with no audience configured, any
/// passes); any other `aud` is refused even then.
pub(crate) fn check_audience(claims: &Value, audience: Option<&str>) -> Result<(), JwtError> {
    let names = |aud: &str| audience.is_none_or(|audience| aud == audience);
    let in_audience = match claims.get("aud") {
        None | Some(Value::Null) => true,
        Some(Value::String(aud)) => names(aud),
        Some(Value::Array(auds)) if auds.iter().all(Value::is_string) => {
            auds.is_empty() || auds.iter().filter_map(Value::as_str).any(names)
        }
        Some(_) => return Err(JwtError::Claim(ClaimProblem::AudienceNotStringOrArray)),
    };
    if in_audience {
        Ok(())
    } else {
        Err(JwtError::Claim(ClaimProblem::NotInAudience))
    }
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
    use base64::Engine as _;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
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
    fn the_audience_is_checked_as_postgrest_checks_it() {
        let checked =
            |aud: Value, audience| check_audience(&json!({"role": "anon", "aud": aud}), audience);
        let not_in = Err(JwtError::Claim(ClaimProblem::NotInAudience));
        let wrong_type = Err(JwtError::Claim(ClaimProblem::AudienceNotStringOrArray));
        let want = Some("youraudience");
        assert_eq!(check_audience(&json!({"role": "anon"}), want), Ok(()));
        for (aud, expected) in [
            (json!("youraudience"), Ok(())),
            (json!(["other", "youraudience"]), Ok(())),
            (json!([]), Ok(())),
            (json!(null), Ok(())),
            (json!("notyouraudience"), not_in.clone()),
            (json!(""), not_in.clone()),
            (json!(["other"]), not_in.clone()),
            (json!("YOURAUDIENCE"), not_in.clone()),
            (json!({"invalid": "value"}), wrong_type.clone()),
            (
                json!([{"invalid": "value"}, "youraudience"]),
                wrong_type.clone(),
            ),
            (json!(7), wrong_type.clone()),
            (json!(true), wrong_type.clone()),
        ] {
            assert_eq!(checked(aud.clone(), want), expected, "{aud}");
        }
        // Without a configured audience any string or array of strings passes; other types
        // are still refused, as PostgREST refuses them.
        for aud in [json!("anything"), json!(""), json!(["a", "b"]), json!([])] {
            assert_eq!(checked(aud.clone(), None), Ok(()), "{aud}");
        }
        for aud in [json!({"a": 1}), json!([1]), json!(1.5)] {
            assert_eq!(checked(aud.clone(), None), wrong_type, "{aud}");
        }
        assert_eq!(
            ClaimProblem::AudienceNotStringOrArray.to_string(),
            "The JWT 'aud' claim must be a string or an array of strings"
        );
        assert_eq!(
            ClaimProblem::NotInAudience.to_string(),
            "JWT not in audience"
        );
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

    /// Test keys of the signing key set (testdata/, made with OpenSSL for these tests only).
    const ES256_PRIVATE: &str = include_str!("../testdata/es256.private.pem");
    const ES256_PUBLIC: &str = include_str!("../testdata/es256.public.pem");
    const RS256_PRIVATE: &str = include_str!("../testdata/rs256.private.pem");
    const RS256_PUBLIC: &str = include_str!("../testdata/rs256.public.pem");
    /// Another P-256 key, in no set: an attacker's.
    const OTHER_ES256_PRIVATE: &str = include_str!("../testdata/es256-other.private.pem");
    const ES_KID: &str = "es-key";
    const RS_KID: &str = "rs-key";
    const OCT_KID: &str = "oct-key";
    const OCT_SECRET: &str = "an-hmac-key-of-the-signing-key-set-0123456789";

    /// The secret, plus an ES256, an RS256 and an HMAC key named by kid.
    fn keyed_verifier() -> JwtVerifier {
        JwtVerifier::new(SECRET).with_keys(vec![
            VerificationKey::new(
                ES_KID,
                Algorithm::ES256,
                DecodingKey::from_ec_pem(ES256_PUBLIC.as_bytes()).unwrap(),
            ),
            VerificationKey::new(
                RS_KID,
                Algorithm::RS256,
                DecodingKey::from_rsa_pem(RS256_PUBLIC.as_bytes()).unwrap(),
            ),
            VerificationKey::new(
                OCT_KID,
                Algorithm::HS256,
                DecodingKey::from_secret(OCT_SECRET.as_bytes()),
            ),
        ])
    }

    /// `claims` signed with `key` under a header of `alg` and `kid`.
    fn signed(claims: &Value, alg: Algorithm, kid: Option<&str>, key: &EncodingKey) -> String {
        let mut header = Header::new(alg);
        header.kid = kid.map(str::to_string);
        jsonwebtoken::encode(&header, claims, key).unwrap()
    }

    fn es256_key() -> EncodingKey {
        EncodingKey::from_ec_pem(ES256_PRIVATE.as_bytes()).unwrap()
    }

    fn rs256_key() -> EncodingKey {
        EncodingKey::from_rsa_pem(RS256_PRIVATE.as_bytes()).unwrap()
    }

    fn user(exp_in: i64) -> Value {
        json!({"role": "authenticated", "sub": "u1", "exp": now() + exp_in})
    }

    #[test]
    fn tokens_of_each_key_of_the_set_verify_by_kid() {
        let verifier = keyed_verifier();
        let es = signed(&user(60), Algorithm::ES256, Some(ES_KID), &es256_key());
        let rs = signed(&user(60), Algorithm::RS256, Some(RS_KID), &rs256_key());
        for token in [&es, &rs, &es] {
            let claims = verifier.verify(token).unwrap();
            assert_eq!(claims.role(), Some("authenticated"));
            assert_eq!(claims.0["sub"], "u1");
        }
        let oct = EncodingKey::from_secret(OCT_SECRET.as_bytes());
        let hmac = signed(&user(60), Algorithm::HS256, Some(OCT_KID), &oct);
        assert!(verifier.verify(&hmac).is_ok(), "an oct key by its kid");
        let hmac_without_kid = signed(&user(60), Algorithm::HS256, None, &oct);
        assert_eq!(
            verifier.verify(&hmac_without_kid),
            Err(JwtError::Invalid),
            "without its kid an oct key's token is checked with the secret"
        );
    }

    #[test]
    fn secret_tokens_verify_as_before_with_a_key_set() {
        let verifier = keyed_verifier();
        assert!(verifier.verify(&hs256(&user(60))).is_ok());
        let secret = EncodingKey::from_secret(SECRET.as_bytes());
        // As GoTrue: an HMAC token naming no key of the set falls back to the secret.
        let unknown_kid = signed(&user(60), Algorithm::HS256, Some("legacy"), &secret);
        assert!(verifier.verify(&unknown_kid).is_ok());
        assert_eq!(verifier.verify(&hs256(&user(-120))), Err(JwtError::Expired));
    }

    #[test]
    fn tokens_naming_the_wrong_key_or_algorithm_are_refused() {
        let verifier = keyed_verifier();
        let secret = EncodingKey::from_secret(SECRET.as_bytes());
        let other = EncodingKey::from_ec_pem(OTHER_ES256_PRIVATE.as_bytes()).unwrap();
        for (why, token) in [
            (
                "ES256 signature naming the RS256 key",
                signed(&user(60), Algorithm::ES256, Some(RS_KID), &es256_key()),
            ),
            (
                "RS256 signature naming the ES256 key",
                signed(&user(60), Algorithm::RS256, Some(ES_KID), &rs256_key()),
            ),
            (
                "unknown kid with an asymmetric alg",
                signed(&user(60), Algorithm::ES256, Some("unknown"), &es256_key()),
            ),
            (
                "asymmetric alg without kid",
                signed(&user(60), Algorithm::ES256, None, &es256_key()),
            ),
            (
                "HS256 with the secret, naming the ES256 key (alg confusion)",
                signed(&user(60), Algorithm::HS256, Some(ES_KID), &secret),
            ),
            (
                "HS256 keyed with the ES256 public key PEM (alg confusion)",
                signed(
                    &user(60),
                    Algorithm::HS256,
                    Some(ES_KID),
                    &EncodingKey::from_secret(ES256_PUBLIC.as_bytes()),
                ),
            ),
            (
                "another P-256 key reusing the kid (forged signature)",
                signed(&user(60), Algorithm::ES256, Some(ES_KID), &other),
            ),
            (
                "HS256 with the secret, naming the oct key",
                signed(&user(60), Algorithm::HS256, Some(OCT_KID), &secret),
            ),
        ] {
            assert_eq!(verifier.verify(&token), Err(JwtError::Invalid), "{why}");
        }
        // alg none, naming a key: the header is refused before any key is looked at.
        let none = format!(
            "{}.{}.",
            URL_SAFE_NO_PAD.encode(format!(r#"{{"alg":"none","kid":"{ES_KID}"}}"#)),
            URL_SAFE_NO_PAD.encode(user(60).to_string())
        );
        assert_eq!(verifier.verify(&none), Err(JwtError::Invalid));
        // No key set: an asymmetric token is refused as before.
        let es = signed(&user(60), Algorithm::ES256, Some(ES_KID), &es256_key());
        assert_eq!(JwtVerifier::new(SECRET).verify(&es), Err(JwtError::Invalid));
    }

    #[test]
    fn asymmetric_tokens_are_checked_for_time_and_tampering_even_when_kept() {
        let verifier = keyed_verifier();
        let expired = signed(&user(-120), Algorithm::ES256, Some(ES_KID), &es256_key());
        assert_eq!(verifier.verify(&expired), Err(JwtError::Expired));
        let within_leeway = signed(&user(-10), Algorithm::RS256, Some(RS_KID), &rs256_key());
        assert!(verifier.verify(&within_leeway).is_ok());
        let not_yet = json!({"role": "anon", "nbf": now() + 3600});
        let not_yet = signed(&not_yet, Algorithm::ES256, Some(ES_KID), &es256_key());
        assert_eq!(
            verifier.verify(&not_yet),
            Err(JwtError::Claim(ClaimProblem::NotYetValid))
        );
        let string_exp = json!({"role": "anon", "exp": "9999999999"});
        let string_exp = signed(&string_exp, Algorithm::ES256, Some(ES_KID), &es256_key());
        assert_eq!(
            verifier.verify(&string_exp),
            Err(JwtError::Claim(ClaimProblem::NotANumber("exp")))
        );
        // A kept token's claims with another signature, and its signature on other claims.
        let good = signed(&user(60), Algorithm::ES256, Some(ES_KID), &es256_key());
        assert!(verifier.verify(&good).is_ok());
        let other = EncodingKey::from_ec_pem(OTHER_ES256_PRIVATE.as_bytes()).unwrap();
        let forged = signed(&user(60), Algorithm::ES256, Some(ES_KID), &other);
        let (head, _) = good.rsplit_once('.').unwrap();
        let (_, forged_signature) = forged.rsplit_once('.').unwrap();
        let resigned = format!("{head}.{forged_signature}");
        assert_eq!(verifier.verify(&resigned), Err(JwtError::Invalid));
        let mut parts: Vec<String> = good.split('.').map(String::from).collect();
        parts[1] = URL_SAFE_NO_PAD.encode(json!({"role": "service_role"}).to_string());
        assert_eq!(verifier.verify(&parts.join(".")), Err(JwtError::Invalid));
        // Clones share what was verified; a verifier of other keys does not see it.
        assert!(verifier.clone().verify(&good).is_ok());
        let unkeyed = JwtVerifier::new(SECRET);
        assert_eq!(unkeyed.verify(&good), Err(JwtError::Invalid));
    }

    #[test]
    fn api_keys_signed_by_a_key_of_the_set_are_accepted_past_their_exp() {
        let anon = signed(
            &json!({"role": "anon", "exp": now() - 86_400}),
            Algorithm::ES256,
            Some(ES_KID),
            &es256_key(),
        );
        let keys = crate::ApiKeys {
            anon: anon.clone(),
            service_role: "not-a-key".into(),
            aliases: Vec::new(),
        };
        assert_eq!(keyed_verifier().verify(&anon), Err(JwtError::Expired));
        let verifier = keyed_verifier().with_api_keys(&keys);
        assert_eq!(verifier.verify(&anon).unwrap().role(), Some("anon"));
    }
}
