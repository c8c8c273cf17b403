//! /functions/v1: the captcha, the rate limits, the trusted proxies, the lead webhooks and which
//! functions check callers' JWTs.
use std::collections::BTreeMap;
use std::time::Duration;

use secrecy::ExposeSecret as _;

use cb_functions::{CaptchaProvider, RateLimit, TrustedProxies, WebhookSettings};

use super::ConfigError;
use super::auth::require_secret_length;
use super::lookup::{is_http_url, parse_bool, parse_number};

/// CAPTCHA_PROVIDER (default altcha), read once: the functions check answers with it and the
/// browser is told its name.
pub(super) struct Captcha {
    pub(super) provider: CaptchaProvider,
    pub(super) name: String,
}

impl Captcha {
    pub(super) fn read(get: &impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let name = get("CAPTCHA_PROVIDER").unwrap_or_else(|| "altcha".into());
        let provider = CaptchaProvider::parse(&name).ok_or_else(|| {
            ConfigError(format!(
                "CAPTCHA_PROVIDER is '{name}': set it to altcha, recaptcha, hcaptcha or turnstile"
            ))
        })?;
        Ok(Self { provider, name })
    }
}

/// Captcha, rate limits, trusted proxies and lead webhooks (docs/configuration.md, "Functions" variables).
pub(super) fn settings(
    get: &impl Fn(&str) -> Option<String>,
    jwt_secret: &str,
    production: bool,
    captcha_choice: &Captcha,
) -> Result<cb_functions::Settings, ConfigError> {
    let mut settings = cb_functions::Settings::defaults(jwt_secret);

    let captcha = &mut settings.captcha;
    captcha.provider = captcha_choice.provider;
    let captcha_provider = &captcha_choice.name;
    captcha.site_key = get("CAPTCHA_SITE_KEY").unwrap_or_default();
    captcha.secret_key = get("CAPTCHA_SECRET_KEY").unwrap_or_default().into();
    if captcha.provider != CaptchaProvider::Altcha && captcha.secret_key.expose_secret().is_empty()
    {
        return Err(ConfigError(format!(
            "CAPTCHA_SECRET_KEY is not set, which CAPTCHA_PROVIDER={captcha_provider} needs: copy the \
             secret key from the provider's console (or use CAPTCHA_PROVIDER=altcha)"
        )));
    }
    if let Some(url) = get("CAPTCHA_VERIFY_URL") {
        if !is_http_url(&url) {
            return Err(ConfigError(
                "CAPTCHA_VERIFY_URL must start with http:// or https://".into(),
            ));
        }
        captcha.verify_url = url;
    }
    if let Some(text) = get("CAPTCHA_MIN_SCORE") {
        captcha.min_score = text
            .parse::<f64>()
            .ok()
            .filter(|score| (0.0..=1.0).contains(score))
            .ok_or_else(|| {
                ConfigError(format!(
                    "CAPTCHA_MIN_SCORE is '{text}': set it between 0.0 and 1.0"
                ))
            })?;
    }
    if let Some(key) = get("ALTCHA_HMAC_KEY") {
        require_secret_length(
            "ALTCHA_HMAC_KEY",
            &key,
            ", or unset it to derive it from JWT_SECRET",
        )?;
        captcha.altcha_hmac_key = key.into_bytes().into();
    }
    captcha.altcha_max_number = parse_number(get, "ALTCHA_MAX_NUMBER", captcha.altcha_max_number)?;
    if captcha.altcha_max_number == 0 {
        return Err(ConfigError(
            "ALTCHA_MAX_NUMBER is 0: set it to a whole number above 0 (e.g. 100000)".into(),
        ));
    }
    captcha.altcha_ttl = Duration::from_secs(parse_number(
        get,
        "ALTCHA_EXPIRES_SECS",
        captcha.altcha_ttl.as_secs(),
    )?);

    let limit = |name: &str, default: RateLimit| -> Result<RateLimit, ConfigError> {
        match get(name) {
            None => Ok(default),
            Some(text) => {
                RateLimit::parse(&text).map_err(|reason| ConfigError(format!("{name} {reason}")))
            }
        }
    };
    settings.antispam_ip_limit = limit("ANTISPAM_IP_RATE_LIMIT", settings.antispam_ip_limit)?;
    settings.antispam_email_limit =
        limit("ANTISPAM_EMAIL_RATE_LIMIT", settings.antispam_email_limit)?;
    settings.login_failure_limit = limit("LOGIN_FAILURE_LIMIT", settings.login_failure_limit)?;
    settings.lead_relay_ip_limit = limit("LEAD_RELAY_IP_RATE_LIMIT", settings.lead_relay_ip_limit)?;
    settings.lead_relay_require_captcha = parse_bool(
        get,
        "LEAD_RELAY_REQUIRE_CAPTCHA",
        settings.lead_relay_require_captcha,
    )?;
    if let Some(text) = get("TRUSTED_PROXIES") {
        settings.trusted_proxies = TrustedProxies::parse(&text)
            .map_err(|reason| ConfigError(format!("TRUSTED_PROXIES: {reason}")))?;
    }

    let webhooks = &mut settings.webhooks;
    let list = |text: String| -> Vec<String> {
        text.split([',', ' ', '\n'])
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .map(str::to_string)
            .collect()
    };
    webhooks.targets = get("LEAD_WEBHOOK_URLS").map(list).unwrap_or_default();
    if let Some(bad) = webhooks.targets.iter().find(|url| !is_http_url(url)) {
        return Err(ConfigError(format!(
            "LEAD_WEBHOOK_URLS has '{bad}': list http:// or https:// URLs separated by commas"
        )));
    }
    match get("LEAD_WEBHOOK_SECRET").map(list) {
        Some(secrets) if !secrets.is_empty() => {
            webhooks.secrets = secrets
                .iter()
                .map(|secret| WebhookSettings::secret_key(secret).into())
                .collect();
        }
        _ if production && !webhooks.targets.is_empty() => {
            return Err(ConfigError(
                "LEAD_WEBHOOK_SECRET is not set, which production requires with LEAD_WEBHOOK_URLS: \
                 create one (e.g. `echo whsec_$(openssl rand -base64 32)`) and give it to the receiver"
                    .into(),
            ));
        }
        _ => {}
    }
    webhooks.timeout =
        Duration::from_secs(parse_number(get, "LEAD_WEBHOOK_TIMEOUT_SECS", 15u64)?.max(1));
    webhooks.retry_base =
        Duration::from_millis(parse_number(get, "LEAD_WEBHOOK_RETRY_BASE_MS", 5000u64)?.max(10));
    webhooks.retry_max =
        Duration::from_secs(parse_number(get, "LEAD_WEBHOOK_RETRY_MAX_SECS", 6 * 3600u64)?.max(1));
    webhooks.max_age =
        Duration::from_secs(parse_number(get, "LEAD_WEBHOOK_MAX_AGE_HOURS", 72u64)?.max(1) * 3600);
    webhooks.poll_interval =
        Duration::from_millis(parse_number(get, "LEAD_WEBHOOK_POLL_MS", 2000u64)?.max(10));
    Ok(settings)
}

/// Which functions check callers' JWTs: FUNCTIONS_VERIFY_JWT from the environment only, for
/// all of them; config.toml's per-function `verify_jwt` otherwise.
pub(super) fn verify_jwt(
    env: &impl Fn(&str) -> Option<String>,
    per_function: &BTreeMap<String, bool>,
) -> Result<cb_functions::VerifyJwt, ConfigError> {
    Ok(cb_functions::VerifyJwt {
        all: env("FUNCTIONS_VERIFY_JWT")
            .map(|_| parse_bool(env, "FUNCTIONS_VERIFY_JWT", true))
            .transpose()?,
        per_function: per_function.clone(),
    })
}
