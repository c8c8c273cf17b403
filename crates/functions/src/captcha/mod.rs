//! Captcha verification behind one setting (`CAPTCHA_PROVIDER`): ALTCHA proof of work issued
//! and checked here (the default), or reCAPTCHA / hCaptcha / Turnstile checked at their verify
//! URL. Whatever the provider, a token is accepted at most once per use (`private.used_captcha_tokens`).
mod altcha;
mod remote;

use std::net::IpAddr;
use std::time::Duration;

use cb_db::sqlx::{self, PgPool};
use secrecy::{ExposeSecret as _, SecretSlice, SecretString};
use sha2::{Digest, Sha256};

pub use altcha::{Altcha, solve as solve_altcha};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptchaProvider {
    Altcha,
    Recaptcha,
    Hcaptcha,
    Turnstile,
}

impl CaptchaProvider {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "altcha" => Some(Self::Altcha),
            "recaptcha" => Some(Self::Recaptcha),
            "hcaptcha" => Some(Self::Hcaptcha),
            "turnstile" => Some(Self::Turnstile),
            _ => None,
        }
    }

    /// The provider's own siteverify endpoint.
    pub fn default_verify_url(self) -> &'static str {
        match self {
            Self::Altcha => "",
            Self::Recaptcha => "https://www.google.com/recaptcha/api/siteverify",
            Self::Hcaptcha => "https://api.hcaptcha.com/siteverify",
            Self::Turnstile => "https://challenges.cloudflare.com/turnstile/v0/siteverify",
        }
    }
}

/// Captcha configuration.
#[derive(Debug, Clone)]
pub struct CaptchaSettings {
    pub provider: CaptchaProvider,
    /// The provider's secret key (recaptcha, hcaptcha, turnstile).
    pub secret_key: SecretString,
    /// The public site key (sent along to hCaptcha).
    pub site_key: String,
    /// The siteverify URL; the provider's own when empty.
    pub verify_url: String,
    /// reCAPTCHA v3 answers with a score; lower is refused.
    pub min_score: f64,
    /// The HMAC key that signs ALTCHA challenges (shared by every instance).
    pub altcha_hmac_key: SecretSlice<u8>,
    /// The largest secret number of a challenge: the expected work is half of it.
    pub altcha_max_number: u64,
    /// How long a challenge (and its solution) stays valid.
    pub altcha_ttl: Duration,
}

/// Why a token was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaptchaError {
    Missing,
    Invalid(&'static str),
    Expired,
    Replayed,
    /// The provider could not be asked.
    Unavailable(String),
}

impl CaptchaError {
    pub fn reason(&self) -> String {
        match self {
            Self::Missing => "captcha missing".into(),
            Self::Invalid(why) => format!("captcha invalid: {why}"),
            Self::Expired => "captcha expired".into(),
            Self::Replayed => "captcha already used".into(),
            Self::Unavailable(why) => why.clone(),
        }
    }
}

/// A token that verified, and what marks it used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    pub replay_key: String,
    /// Unix seconds after which the token is worthless anyway.
    pub expires_at: i64,
}

pub(crate) fn replay_key(kind: &str, token: &str) -> String {
    hex::encode(Sha256::digest(format!("{kind}:{token}").as_bytes()))
}

/// The verifier for the configured provider.
#[derive(Debug, Clone)]
pub struct Captcha {
    settings: CaptchaSettings,
    altcha: Altcha,
    client: reqwest::Client,
}

impl Captcha {
    pub fn new(settings: CaptchaSettings) -> Self {
        let altcha = Altcha::new(
            settings.altcha_hmac_key.expose_secret().to_vec(),
            settings.altcha_max_number,
            settings.altcha_ttl,
        );
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .unwrap_or_default();
        Self {
            settings,
            altcha,
            client,
        }
    }

    pub fn provider(&self) -> CaptchaProvider {
        self.settings.provider
    }

    pub fn altcha(&self) -> &Altcha {
        &self.altcha
    }

    /// Verifies a token (without marking it used).
    pub async fn verify(
        &self,
        token: &str,
        remote_ip: Option<IpAddr>,
        now: i64,
    ) -> Result<Verified, CaptchaError> {
        let verified = self.verify_token(token, remote_ip, now).await;
        if verified.is_err() {
            metrics::counter!("claimbridge_captcha_failures_total").increment(1);
        }
        verified
    }

    async fn verify_token(
        &self,
        token: &str,
        remote_ip: Option<IpAddr>,
        now: i64,
    ) -> Result<Verified, CaptchaError> {
        if token.trim().is_empty() {
            return Err(CaptchaError::Missing);
        }
        match self.settings.provider {
            CaptchaProvider::Altcha => self.altcha.verify(token, now),
            provider => {
                let url = if self.settings.verify_url.is_empty() {
                    provider.default_verify_url()
                } else {
                    &self.settings.verify_url
                };
                remote::verify(
                    &self.client,
                    url,
                    self.settings.secret_key.expose_secret(),
                    &self.settings.site_key,
                    self.settings.min_score,
                    token,
                    remote_ip,
                    now,
                )
                .await
            }
        }
    }
}

/// Marks a verified token used for `purpose`; false when it already was. A token may serve once
/// as the anti-spam check and once as the lead it protects (the whitepaper form sends both).
pub(crate) async fn consume(
    pool: &PgPool,
    purpose: &str,
    verified: &Verified,
) -> Result<bool, sqlx::Error> {
    let inserted = sqlx::query(
        "insert into private.used_captcha_tokens (token_hash, expires_at)
         values ($1, to_timestamp($2))
         on conflict (token_hash) do nothing",
    )
    .bind(purpose_key(purpose, verified))
    .bind(verified.expires_at as f64)
    .execute(pool)
    .await?;
    Ok(inserted.rows_affected() == 1)
}

pub(crate) fn purpose_key(purpose: &str, verified: &Verified) -> String {
    format!("{purpose}:{}", verified.replay_key)
}
