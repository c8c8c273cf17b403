//! The project's secrets and what is derived from them: the JWT secret and a rotation's other
//! secrets, the signing keys, the API keys, the admin passcode hash and the admin token
//! lifetime. Production refuses the public demo secrets and a missing passcode hash.
use std::time::Duration;

use cb_auth::SigningKeys;
use cb_gateway::{ApiKeys, DEMO_JWT_SECRET, JwtVerifier, KeyRole, PUBLIC_DEMO_SECRETS};
use secrecy::{ExposeSecret as _, SecretString};

use super::ConfigError;
use super::lookup::parse_number;

const MIN_SECRET_LENGTH: usize = 32;

/// The secrets a configuration holds.
pub(super) struct Secrets {
    pub(super) jwt_secret: SecretString,
    pub(super) jwt_secrets_accepted: Vec<SecretString>,
    pub(super) signing_keys: SigningKeys,
    pub(super) keys: ApiKeys,
    pub(super) admin_passcode_hash: Option<SecretString>,
}

impl Secrets {
    /// JWT_SECRET, JWT_SECRETS_ACCEPTED, the signing keys, ANON_KEY, SERVICE_ROLE_KEY and
    /// ADMIN_PASSCODE_HASH.
    pub(super) fn read(
        get: &impl Fn(&str) -> Option<String>,
        production: bool,
    ) -> Result<Self, ConfigError> {
        let jwt_secret = jwt_secret(get, production)?;
        let jwt_secrets_accepted = secrets_accepted(get, production)?;
        let signing_keys = signing_keys(get, &jwt_secret)?;
        let keys = api_keys(get, &jwt_secret, &signing_keys)?;
        let admin_passcode_hash = admin_passcode_hash(get, production)?;
        Ok(Self {
            jwt_secret: jwt_secret.into(),
            jwt_secrets_accepted: jwt_secrets_accepted.into_iter().map(Into::into).collect(),
            signing_keys,
            keys,
            admin_passcode_hash: admin_passcode_hash.map(Into::into),
        })
    }

    /// Verifies tokens signed with the project secret, one of a rotation's other secrets or a
    /// signing key.
    pub(super) fn verifier(&self) -> JwtVerifier {
        secret_verifier(
            &self.jwt_secret,
            &self.jwt_secrets_accepted,
            &self.signing_keys,
        )
    }
}

/// Verifies tokens signed with `jwt_secret`, one of a rotation's other secrets, or a key of the
/// signing key set (by the `kid` they name).
pub(super) fn secret_verifier(
    jwt_secret: &SecretString,
    accepted: &[SecretString],
    signing_keys: &SigningKeys,
) -> JwtVerifier {
    let accepted: Vec<String> = accepted
        .iter()
        .map(|secret| secret.expose_secret().to_owned())
        .collect();
    JwtVerifier::new(jwt_secret.expose_secret())
        .accepting(&accepted)
        .with_keys(signing_keys.verification_keys())
}

/// The keys access tokens are signed with: GOTRUE_JWT_KEYS (GoTrue's variable, the JSON itself),
/// else the file AUTH_SIGNING_KEYS_PATH names (`[auth] signing_keys_path`, relative to the
/// config.toml as the CLI reads it), else HS256 with the project secret.
fn signing_keys(
    get: &impl Fn(&str) -> Option<String>,
    jwt_secret: &str,
) -> Result<SigningKeys, ConfigError> {
    if let Some(json) = get("GOTRUE_JWT_KEYS") {
        return SigningKeys::from_jwks(&json)
            .map_err(|reason| ConfigError(format!("GOTRUE_JWT_KEYS: {reason}")));
    }
    let Some(path) = get("AUTH_SIGNING_KEYS_PATH") else {
        return Ok(SigningKeys::hs256(jwt_secret));
    };
    let place = "AUTH_SIGNING_KEYS_PATH ([auth] signing_keys_path)";
    let text = std::fs::read_to_string(&path)
        .map_err(|err| ConfigError(format!("{place}: cannot read {path}: {err}")))?;
    SigningKeys::from_jwks(&text)
        .map_err(|reason| ConfigError(format!("{place}: {path}: {reason}")))
}

/// Refuses a secret shorter than [`MIN_SECRET_LENGTH`] characters; `hint` ends the message.
pub(super) fn require_secret_length(
    name: &str,
    secret: &str,
    hint: &str,
) -> Result<(), ConfigError> {
    let length = secret.chars().count();
    if length < MIN_SECRET_LENGTH {
        return Err(ConfigError(format!(
            "{name} is {length} characters long: use at least {MIN_SECRET_LENGTH}{hint}"
        )));
    }
    Ok(())
}

fn jwt_secret(
    get: &impl Fn(&str) -> Option<String>,
    production: bool,
) -> Result<String, ConfigError> {
    let jwt_secret = get("JWT_SECRET").unwrap_or_else(|| DEMO_JWT_SECRET.into());
    require_secret_length(
        "JWT_SECRET",
        &jwt_secret,
        " (e.g. `openssl rand -base64 48`)",
    )?;
    if production && PUBLIC_DEMO_SECRETS.contains(&jwt_secret.as_str()) {
        return Err(ConfigError(
            "JWT_SECRET is the public Supabase demo secret, which production refuses: set your own \
             (e.g. `openssl rand -base64 48`)"
                .into(),
        ));
    }
    Ok(jwt_secret)
}

/// JWT_SECRETS_ACCEPTED: other secrets whose tokens verify while a rotation rolls out.
fn secrets_accepted(
    get: &impl Fn(&str) -> Option<String>,
    production: bool,
) -> Result<Vec<String>, ConfigError> {
    let secrets: Vec<String> = get("JWT_SECRETS_ACCEPTED")
        .map(|text| cb_rest::config_list(&text))
        .unwrap_or_default();
    for secret in &secrets {
        let length = secret.chars().count();
        if length < MIN_SECRET_LENGTH {
            return Err(ConfigError(format!(
                "JWT_SECRETS_ACCEPTED has a secret of {length} characters: each needs at least \
                 {MIN_SECRET_LENGTH}"
            )));
        }
        if production && PUBLIC_DEMO_SECRETS.contains(&secret.as_str()) {
            return Err(ConfigError(
                "JWT_SECRETS_ACCEPTED has a public demo secret, which production refuses".into(),
            ));
        }
    }
    Ok(secrets)
}

/// The keys the secret gives, or ANON_KEY and SERVICE_ROLE_KEY when set (each must verify with
/// the secret or a signing key, as the CLI's keys with signing keys do, and carry its own role).
fn api_keys(
    get: &impl Fn(&str) -> Option<String>,
    jwt_secret: &str,
    signing_keys: &SigningKeys,
) -> Result<ApiKeys, ConfigError> {
    let mut keys = ApiKeys::for_secret(jwt_secret);
    let verifier = JwtVerifier::new(jwt_secret).with_keys(signing_keys.verification_keys());
    for (name, role) in [
        ("ANON_KEY", KeyRole::Anon),
        ("SERVICE_ROLE_KEY", KeyRole::ServiceRole),
    ] {
        if let Some(key) = get(name) {
            let claims = verifier.verify(&key).map_err(|err| {
                ConfigError(format!(
                    "{name} is not a valid key for JWT_SECRET or the signing keys ({err}): run \
                     `claimbridge keys`"
                ))
            })?;
            if claims.role() != Some(role.as_str()) {
                return Err(ConfigError(format!(
                    "{name} carries role '{}', not '{}': run `claimbridge keys`",
                    claims.role().unwrap_or(""),
                    role.as_str()
                )));
            }
            match role {
                KeyRole::Anon => keys.anon = key,
                KeyRole::ServiceRole => keys.service_role = key.into(),
            }
        }
    }
    Ok(keys)
}

/// ADMIN_PASSCODE_HASH: None in local mode means "generate one"; production requires it.
fn admin_passcode_hash(
    get: &impl Fn(&str) -> Option<String>,
    production: bool,
) -> Result<Option<String>, ConfigError> {
    let hash = get("ADMIN_PASSCODE_HASH");
    match &hash {
        Some(hash) => crate::passcode::check_hash_format(hash).map_err(|reason| {
            ConfigError(format!(
                "ADMIN_PASSCODE_HASH {reason}: create one with `claimbridge passcode-hash`"
            ))
        })?,
        None if production => {
            return Err(ConfigError(
                "ADMIN_PASSCODE_HASH is not set, which production requires: create it with \
                 `claimbridge passcode-hash`"
                    .into(),
            ));
        }
        None => {}
    }
    Ok(hash)
}

/// JWT_EXPIRY (`[auth] jwt_expiry`): how long an admin token is valid, a minute to a week.
pub(super) fn admin_token_ttl(
    get: &impl Fn(&str) -> Option<String>,
) -> Result<Duration, ConfigError> {
    let ttl = Duration::from_secs(parse_number(
        get,
        "JWT_EXPIRY",
        cb_auth::ADMIN_TOKEN_TTL.as_secs(),
    )?);
    if !(60..=604_800).contains(&ttl.as_secs()) {
        return Err(ConfigError(format!(
            "JWT_EXPIRY ([auth] jwt_expiry) is {}: set it between 60 and 604800 seconds (one week)",
            ttl.as_secs()
        )));
    }
    Ok(ttl)
}
