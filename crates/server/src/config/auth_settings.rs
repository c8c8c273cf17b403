//! /auth/v1's settings (`cb_auth::AuthSettings`): GoTrue's variables, for which the Supabase
//! CLI's `[auth]` settings in config.toml stand in (see `supabase_toml`), with GoTrue's and the
//! CLI's defaults, except that this site is invite-only unless told otherwise.
use std::time::Duration;

use cb_auth::{AuthSettings, EmailTemplate, EmailTemplates, PostgresHook, Rate, RateLimits};

use super::ConfigError;
use super::lookup::{is_http_url, parse_bool, parse_number};
use super::supabase_toml::{self, PASSWORD_REQUIREMENTS, parse_duration};

/// `name`, and where config.toml sets it when it does: `GOTRUE_MAILER_OTP_LENGTH ([auth.email]
/// otp_length)`.
fn named(name: &str) -> String {
    match supabase_toml::toml_name(name) {
        Some(toml) => format!("{name} ({toml})"),
        None => name.to_string(),
    }
}

/// A whole number in `range`, or the default.
fn number_in(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: u64,
    range: std::ops::RangeInclusive<u64>,
) -> Result<u64, ConfigError> {
    let value = parse_number(get, name, default)?;
    if !range.contains(&value) {
        return Err(ConfigError(format!(
            "{} is {value}: set it between {} and {}",
            named(name),
            range.start(),
            range.end()
        )));
    }
    Ok(value)
}

fn seconds(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: Duration,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Duration, ConfigError> {
    number_in(get, name, default.as_secs(), range).map(Duration::from_secs)
}

/// An absolute http(s) URL, or `default`.
fn http_url(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: String,
) -> Result<String, ConfigError> {
    let Some(url) = get(name) else {
        return Ok(default);
    };
    let host = url.split("://").nth(1).unwrap_or("");
    if !is_http_url(&url) || host.is_empty() || url.contains(char::is_whitespace) {
        return Err(ConfigError(format!(
            "{} is '{url}': set it to an absolute http(s) URL",
            named(name)
        )));
    }
    Ok(url)
}

/// The access token lifetime: GOTRUE_JWT_EXP (access tokens alone), else JWT_EXPIRY (`[auth]
/// jwt_expiry`, which the admin tokens share), else GoTrue's hour.
fn jwt_expiry(
    get: &impl Fn(&str) -> Option<String>,
    default: Duration,
) -> Result<Duration, ConfigError> {
    let name = if get("GOTRUE_JWT_EXP").is_some() {
        "GOTRUE_JWT_EXP"
    } else {
        "JWT_EXPIRY"
    };
    seconds(get, name, default, 60..=604_800)
}

/// A rate limit: a whole number of events per `per`; GoTrue's email limit may also be
/// `count/duration` ("10/1h").
fn rate(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: Rate,
) -> Result<Rate, ConfigError> {
    let Some(text) = get(name) else {
        return Ok(default);
    };
    let (count, per) = match text.split_once('/') {
        None => (text.as_str(), Some(default.per)),
        Some((count, per)) => (count, parse_duration(per).filter(|per| !per.is_zero())),
    };
    match (count.trim().parse::<u32>(), per) {
        (Ok(count), Some(per)) => Ok(Rate::new(count, per)),
        _ => Err(ConfigError(format!(
            "{} is '{text}': set it to a whole number (per {} seconds), or count/duration such as 30/1h",
            named(name),
            default.per.as_secs()
        ))),
    }
}

/// `[auth.hook.custom_access_token]`: a Postgres function `pg-functions://<db>/<schema>/<name>`
/// (GoTrue's syntax and name rules; the database is this server's own).
fn custom_access_token_hook(
    get: &impl Fn(&str) -> Option<String>,
) -> Result<Option<PostgresHook>, ConfigError> {
    const URI: &str = "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_URI";
    if !parse_bool(get, "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_ENABLED", false)? {
        return Ok(None);
    }
    let uri = get(URI).unwrap_or_default();
    let postgres_name = |name: &str| {
        let mut chars = name.chars();
        name.len() <= 63
            && chars
                .next()
                .is_some_and(|first| first.is_ascii_alphabetic() || first == '_')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let parts: Vec<&str> = uri
        .strip_prefix("pg-functions://")
        .map(|rest| rest.split('/').collect())
        .unwrap_or_default();
    match parts.as_slice() {
        [_database, schema, function] if postgres_name(schema) && postgres_name(function) => {
            Ok(Some(PostgresHook {
                schema: (*schema).to_string(),
                function: (*function).to_string(),
            }))
        }
        _ => Err(ConfigError(format!(
            "{} is '{uri}': with the hook enabled, set it to \
             pg-functions://<database>/<schema>/<function> (Postgres hooks only)",
            named(URI)
        ))),
    }
}

/// `[auth.email.template.<kind>]`: each subject, and each template file read now.
fn email_templates(get: &impl Fn(&str) -> Option<String>) -> Result<EmailTemplates, ConfigError> {
    let template = |kind: &str| -> Result<EmailTemplate, ConfigError> {
        let path_variable = supabase_toml::template_content_variable(kind);
        let content = match get(&path_variable) {
            None => None,
            Some(path) => Some(std::fs::read_to_string(&path).map_err(|err| {
                ConfigError(format!(
                    "{}: cannot read {path}: {err}",
                    named(&path_variable)
                ))
            })?),
        };
        Ok(EmailTemplate {
            subject: get(&supabase_toml::template_subject_variable(kind)),
            content,
        })
    };
    Ok(EmailTemplates {
        invite: template("invite")?,
        confirmation: template("confirmation")?,
        recovery: template("recovery")?,
        magic_link: template("magic_link")?,
        email_change: template("email_change")?,
        reauthentication: template("reauthentication")?,
    })
}

/// The auth server's settings. `server_url` is this server's public URL: the default site URL,
/// and with `/auth/v1` the default external URL.
pub(super) fn settings(
    get: &impl Fn(&str) -> Option<String>,
    server_url: &str,
) -> Result<AuthSettings, ConfigError> {
    let defaults = AuthSettings::default();
    let limits = RateLimits::default();
    let server_url = server_url.trim_end_matches('/');
    let required_characters = get("GOTRUE_PASSWORD_REQUIRED_CHARACTERS").unwrap_or_default();
    let password_requirements = PASSWORD_REQUIREMENTS
        .iter()
        .find(|(_, sets, _)| *sets == required_characters)
        .map(|(_, _, requirements)| *requirements)
        .ok_or_else(|| {
            ConfigError(format!(
                "{} is '{required_characters}': use one of the Supabase CLI's \
                 password_requirements sets",
                named("GOTRUE_PASSWORD_REQUIRED_CHARACTERS")
            ))
        })?;
    // This site is invite-only: sign-ups are off unless a setting turns them on.
    let signup_disabled = parse_bool(get, "GOTRUE_DISABLE_SIGNUP", true)?;
    let email_signup = parse_bool(get, "GOTRUE_EXTERNAL_EMAIL_ENABLED", true)?;
    let email_max_frequency = match get("GOTRUE_SMTP_MAX_FREQUENCY") {
        None => defaults.email_max_frequency,
        Some(text) => parse_duration(&text).ok_or_else(|| {
            ConfigError(format!(
                "{} is '{text}': set it to a duration such as 60s or 1m",
                named("GOTRUE_SMTP_MAX_FREQUENCY")
            ))
        })?,
    };
    Ok(AuthSettings {
        site_url: http_url(get, "GOTRUE_SITE_URL", server_url.to_string())?,
        additional_redirect_urls: get("GOTRUE_URI_ALLOW_LIST")
            .map(|list| cb_rest::config_list(&list))
            .unwrap_or_default(),
        external_url: http_url(get, "API_EXTERNAL_URL", format!("{server_url}/auth/v1"))?,
        jwt_expiry: jwt_expiry(get, defaults.jwt_expiry)?,
        enable_signup: !signup_disabled && email_signup,
        enable_anonymous_sign_ins: parse_bool(
            get,
            "GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED",
            defaults.enable_anonymous_sign_ins,
        )?,
        enable_confirmations: !parse_bool(
            get,
            "GOTRUE_MAILER_AUTOCONFIRM",
            !defaults.enable_confirmations,
        )?,
        double_confirm_changes: parse_bool(
            get,
            "GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED",
            defaults.double_confirm_changes,
        )?,
        secure_password_change: parse_bool(
            get,
            "GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION",
            defaults.secure_password_change,
        )?,
        email_max_frequency,
        otp_length: number_in(
            get,
            "GOTRUE_MAILER_OTP_LENGTH",
            defaults.otp_length as u64,
            6..=10,
        )? as usize,
        otp_expiry: seconds(
            get,
            "GOTRUE_MAILER_OTP_EXP",
            defaults.otp_expiry,
            1..=86_400,
        )?,
        minimum_password_length: number_in(
            get,
            "GOTRUE_PASSWORD_MIN_LENGTH",
            defaults.minimum_password_length as u64,
            6..=72,
        )? as usize,
        password_requirements,
        refresh_token_rotation: parse_bool(
            get,
            "GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED",
            defaults.refresh_token_rotation,
        )?,
        refresh_token_reuse_interval: seconds(
            get,
            "GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL",
            defaults.refresh_token_reuse_interval,
            0..=86_400,
        )?,
        mfa_max_enrolled_factors: number_in(
            get,
            "GOTRUE_MFA_MAX_ENROLLED_FACTORS",
            defaults.mfa_max_enrolled_factors as u64,
            1..=100,
        )? as usize,
        mfa_totp_enroll_enabled: parse_bool(
            get,
            "GOTRUE_MFA_TOTP_ENROLL_ENABLED",
            defaults.mfa_totp_enroll_enabled,
        )?,
        mfa_totp_verify_enabled: parse_bool(
            get,
            "GOTRUE_MFA_TOTP_VERIFY_ENABLED",
            defaults.mfa_totp_verify_enabled,
        )?,
        rate_limits: RateLimits {
            email_sent: rate(get, "GOTRUE_RATE_LIMIT_EMAIL_SENT", limits.email_sent)?,
            token_refresh: rate(get, "GOTRUE_RATE_LIMIT_TOKEN_REFRESH", limits.token_refresh)?,
            sign_in_sign_ups: rate(get, "GOTRUE_RATE_LIMIT_OTP", limits.sign_in_sign_ups)?,
            token_verifications: rate(get, "GOTRUE_RATE_LIMIT_VERIFY", limits.token_verifications)?,
            anonymous_users: rate(
                get,
                "GOTRUE_RATE_LIMIT_ANONYMOUS_USERS",
                limits.anonymous_users,
            )?,
            ..limits
        },
        hook_custom_access_token: custom_access_token_hook(get)?,
        email_templates: email_templates(get)?,
        ..defaults
    })
}
