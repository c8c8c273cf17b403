//! Everything the functions are configured with. `cb_server`'s config module fills it from the
//! environment (the only place that reads it); the defaults here are the documented ones.
use std::collections::BTreeMap;
use std::time::Duration;

use base64::Engine as _;
use hmac::{Hmac, Mac};
use secrecy::{SecretSlice, SecretString};
use sha2::Sha256;

use crate::captcha::CaptchaSettings;
use crate::rate_limit::RateLimit;
use cb_gateway::{JwtVerifier, TrustedProxies};

/// Outgoing lead webhooks.
#[derive(Debug, Clone)]
pub struct WebhookSettings {
    /// Where every accepted lead is delivered (`LEAD_WEBHOOK_URLS`); empty: stored only.
    pub targets: Vec<String>,
    /// Signing keys (`LEAD_WEBHOOK_SECRET`, several for rotation): each signs every delivery.
    pub secrets: Vec<SecretSlice<u8>>,
    /// One delivery attempt may take this long; 2xx within it is success.
    pub timeout: Duration,
    /// The first retry waits about this long; each later one twice as long as the one before.
    pub retry_base: Duration,
    /// No wait between attempts is longer than this.
    pub retry_max: Duration,
    /// A delivery still failing this long after the lead arrived is given up (status failed).
    pub max_age: Duration,
    /// How often the outbox is polled for due deliveries (other instances' leads, retries).
    pub poll_interval: Duration,
}

impl WebhookSettings {
    /// A Standard Webhooks secret (`whsec_<base64>`) is its decoded bytes; any other text is
    /// used as it is.
    pub fn secret_key(text: &str) -> Vec<u8> {
        text.strip_prefix("whsec_")
            .and_then(|encoded| {
                base64::engine::general_purpose::STANDARD
                    .decode(encoded)
                    .ok()
            })
            .unwrap_or_else(|| text.as_bytes().to_vec())
    }
}

/// Configuration of the functions.
#[derive(Debug, Clone)]
pub struct Settings {
    pub captcha: CaptchaSettings,
    /// antispam-check per client IP (default 5 per 10 minutes).
    pub antispam_ip_limit: RateLimit,
    /// antispam-check per email address (default 3 per hour).
    pub antispam_email_limit: RateLimit,
    /// simple-auth failures per client IP before 429 (default 10 per 15 minutes).
    pub login_failure_limit: RateLimit,
    /// A failed login answers no sooner than this (default 300 ms).
    pub login_failure_delay: Duration,
    /// Lead relay posts per client IP (default 20 per 10 minutes).
    pub lead_relay_ip_limit: RateLimit,
    /// Leads whose captcha does not verify are stored but not forwarded (default true).
    pub lead_relay_require_captcha: bool,
    pub trusted_proxies: TrustedProxies,
    pub webhooks: WebhookSettings,
    /// Lead notification emails (off unless LEAD_EMAIL_TO is set).
    pub lead_email: crate::lead_email::LeadEmailSettings,
    /// Which functions need a valid JWT (Supabase's `verify_jwt`, on by default).
    pub verify_jwt: VerifyJwt,
    /// Checks those JWTs: the project secret, and its API keys by exact match.
    pub jwt_verifier: JwtVerifier,
}

/// Supabase's `verify_jwt`: a function answers only requests whose `Authorization: Bearer` is
/// a valid JWT of the project (the anon key is one). Each function declares its own default
/// (the public lead webhook and the captcha challenge do not verify); config.toml can change
/// it per function and FUNCTIONS_VERIFY_JWT for all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VerifyJwt {
    /// FUNCTIONS_VERIFY_JWT: for every function, over config.toml.
    pub all: Option<bool>,
    /// `[functions.<name>] verify_jwt`.
    pub per_function: BTreeMap<String, bool>,
}

impl VerifyJwt {
    pub fn applies_to(&self, function: &str, declared: bool) -> bool {
        self.all
            .or_else(|| self.per_function.get(function).copied())
            .unwrap_or(declared)
    }
}

/// A key derived from the JWT secret for `purpose`, so instances sharing the secret agree.
pub fn derive_key(jwt_secret: &str, purpose: &str) -> Vec<u8> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(jwt_secret.as_bytes())
        .expect("HMAC accepts keys of any length");
    mac.update(purpose.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

impl Settings {
    /// The documented defaults for a project secret (tests start from here).
    pub fn defaults(jwt_secret: &str) -> Self {
        Self {
            captcha: CaptchaSettings {
                provider: crate::captcha::CaptchaProvider::Altcha,
                secret_key: SecretString::default(),
                site_key: String::new(),
                verify_url: String::new(),
                min_score: 0.5,
                altcha_hmac_key: derive_key(jwt_secret, "claimbridge altcha hmac key").into(),
                altcha_max_number: 100_000,
                altcha_ttl: Duration::from_secs(20 * 60),
            },
            antispam_ip_limit: RateLimit::new(5, 600),
            antispam_email_limit: RateLimit::new(3, 3600),
            login_failure_limit: RateLimit::new(10, 900),
            login_failure_delay: Duration::from_millis(300),
            lead_relay_ip_limit: RateLimit::new(20, 600),
            lead_relay_require_captcha: true,
            trusted_proxies: TrustedProxies::default(),
            webhooks: WebhookSettings {
                targets: Vec::new(),
                secrets: vec![derive_key(jwt_secret, "claimbridge lead webhook secret").into()],
                timeout: Duration::from_secs(15),
                retry_base: Duration::from_secs(5),
                retry_max: Duration::from_secs(6 * 3600),
                max_age: Duration::from_secs(72 * 3600),
                poll_interval: Duration::from_secs(2),
            },
            lead_email: crate::lead_email::LeadEmailSettings::default(),
            verify_jwt: VerifyJwt::default(),
            jwt_verifier: JwtVerifier::new(jwt_secret),
        }
    }
}
