//! The SMTP server every email may go through (`SMTP_*`, README "Configuration"): the lead
//! emails' server, read once for every email the server sends.
use std::net::IpAddr;
use std::time::Duration;

use cb_mail::{SmtpSecurity, SmtpSettings};

use super::ConfigError;
use super::lookup::parse_number;

/// The `SMTP_*` server, if `SMTP_HOST` is set.
pub(super) fn smtp_server(
    get: &impl Fn(&str) -> Option<String>,
) -> Result<Option<SmtpSettings>, ConfigError> {
    let Some(host) = get("SMTP_HOST") else {
        return Ok(None);
    };
    let mut settings = SmtpSettings::new(host);
    if let Some(text) = get("SMTP_SECURITY") {
        settings.security = SmtpSecurity::parse(&text).ok_or_else(|| {
            ConfigError(format!(
                "SMTP_SECURITY is '{text}': set it to starttls (port 587), tls (port 465) or none (a local relay)"
            ))
        })?;
    }
    settings.port = parse_number(get, "SMTP_PORT", settings.security.default_port())?;
    settings.credentials = credentials(get, "SMTP_USERNAME", "SMTP_PASSWORD")?;
    settings.timeout = timeout(get)?;
    checked(
        settings,
        "SMTP_HOST",
        "SMTP_SECURITY is none with SMTP_USERNAME set",
    )
    .map(Some)
}

/// A user name and password from `user` and `password`: both or neither.
fn credentials(
    get: &impl Fn(&str) -> Option<String>,
    user: &str,
    password: &str,
) -> Result<Option<(String, secrecy::SecretString)>, ConfigError> {
    match (get(user), get(password)) {
        (Some(name), Some(secret)) => Ok(Some((name, secret.into()))),
        (None, None) => Ok(None),
        (Some(_), None) => Err(ConfigError(format!(
            "{password} is not set, which {user} needs"
        ))),
        (None, Some(_)) => Err(ConfigError(format!(
            "{user} is not set, which {password} needs"
        ))),
    }
}

/// SMTP_TIMEOUT_SECS, 1 to 600 seconds.
fn timeout(get: &impl Fn(&str) -> Option<String>) -> Result<Duration, ConfigError> {
    Ok(Duration::from_secs(
        parse_number(get, "SMTP_TIMEOUT_SECS", 30u64)?.clamp(1, 600),
    ))
}

/// `settings`, unless a password would cross the network unencrypted (`plain_with_password`
/// names that mistake) or TLS cannot check a certificate for the host (`host_variable`).
fn checked(
    settings: SmtpSettings,
    host_variable: &str,
    plain_with_password: &str,
) -> Result<SmtpSettings, ConfigError> {
    if settings.security == SmtpSecurity::None
        && settings.credentials.is_some()
        && !is_loopback(&settings.host)
    {
        return Err(ConfigError(format!(
            "{plain_with_password}: the password would cross the network to {} unencrypted; use \
             starttls or tls",
            settings.host
        )));
    }
    settings
        .tls()
        .map_err(|why| ConfigError(format!("{host_variable}: {why}")))?;
    Ok(settings)
}

pub(super) fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host
            .trim_matches(['[', ']'])
            .parse::<IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}
