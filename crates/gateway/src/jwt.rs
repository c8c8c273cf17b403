//! JWT verification as PostgREST and Storage do it: HS256/384/512 with the project secret, and
//! the asymmetric signing keys (ES256, RS256) a token names by `kid`, as GoTrue picks them.
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use secrecy::ExposeSecret as _;
use serde_json::Value;

use crate::caller::{Caller, RoleClaim, caller_from_claims};
use crate::claims::{ClaimProblem, Claims, JwtError, LEEWAY_SECONDS, check_time_claims, unix_now};
use crate::keys::{ApiKeys, DEMO_JWT_SECRET, DOCKER_DEMO_JWT_SECRET};

/// Tokens whose asymmetric signature verified, kept so a session's token is checked once and not
/// on every request (an ES256 verification costs tens of microseconds; a lookup, well under one).
/// Past this many, the set starts over.
const VERIFIED_TOKENS_KEPT: usize = 4096;

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
    api_keys: Vec<Caller>,
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
        if secret == DEMO_JWT_SECRET {
            let aliases = ApiKeys::for_secret(secret);
            return verifier.with_api_keys(&aliases);
        }
        verifier
    }

    /// Also accepts these API keys by exact match, when their signature verifies (their expiry
    /// is not checked).
    pub fn with_api_keys(mut self, keys: &ApiKeys) -> Self {
        let mut docker_demo = JwtVerifier::new(DOCKER_DEMO_JWT_SECRET);
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
                && let Ok(caller) = caller_from_claims(
                    key,
                    Claims(claims),
                    RoleClaim::Postgrest,
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
    pub fn api_key_caller(&self, token: &str) -> Option<&Caller> {
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

#[cfg(test)]
mod tests;
