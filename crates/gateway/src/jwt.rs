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
mod tests;
