//! Email (docs/configuration.md, and docs/leads.md "Reading the emails `make run` sends"): the SMTP server
//! every email may go through (`SMTP_*`), the auth emails' own server and sender (GoTrue's
//! `GOTRUE_SMTP_*`, config.toml `[auth.email.smtp]`), and the local mail catcher that takes the
//! auth emails in development when no server is configured (`CLAIMBRIDGE_MAILBOX_*`, config.toml
//! `[inbucket]`).
use std::net::IpAddr;
use std::time::Duration;

use cb_mail::{CatcherSettings, Mailbox, SmtpSecurity, SmtpSettings};

use super::ConfigError;
use super::lookup::{parse_bool, parse_number};

/// How the auth emails go out.
#[derive(Debug, Clone)]
pub struct MailConfig {
    /// Their SMTP server: `GOTRUE_SMTP_HOST`'s, else `SMTP_HOST`'s; None: none is configured.
    pub auth_smtp: Option<SmtpSettings>,
    /// Their sender (`GOTRUE_SMTP_ADMIN_EMAIL`, `GOTRUE_SMTP_SENDER_NAME`).
    pub auth_sender: Mailbox,
    /// The catcher `serve` starts and sends the auth emails to: in development, unless turned
    /// off or an SMTP server is configured.
    pub catcher: Option<CatcherSettings>,
}

impl MailConfig {
    /// `GOTRUE_SMTP_*` over `smtp` (the `SMTP_*` server, if any), the sender, and the catcher.
    pub(super) fn read(
        get: &impl Fn(&str) -> Option<String>,
        production: bool,
        smtp: Option<SmtpSettings>,
        site_url: &str,
        company_name: &str,
    ) -> Result<Self, ConfigError> {
        let auth_smtp = match get("GOTRUE_SMTP_HOST") {
            Some(host) => Some(gotrue_smtp(get, host)?),
            None => smtp,
        };
        let catcher = catcher(get)?.filter(|_| !production && auth_smtp.is_none());
        Ok(Self {
            auth_sender: auth_sender(get, site_url, company_name)?,
            auth_smtp,
            catcher,
        })
    }
}

/// The `SMTP_*` server, if `SMTP_HOST` is set: the lead emails' and, unless `GOTRUE_SMTP_HOST`
/// names another, the auth emails'.
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

/// GoTrue's SMTP settings: its port (587 unless set) decides the protection as GoTrue's client
/// does, implicit TLS on 465 and STARTTLS elsewhere, except that a server on this host (a local
/// relay or catcher, which offers no STARTTLS) is spoken to in plain.
fn gotrue_smtp(
    get: &impl Fn(&str) -> Option<String>,
    host: String,
) -> Result<SmtpSettings, ConfigError> {
    let port = parse_number(get, "GOTRUE_SMTP_PORT", 587u16)?;
    let security = if port == 465 {
        SmtpSecurity::Tls
    } else if is_loopback(&host) {
        SmtpSecurity::None
    } else {
        SmtpSecurity::StartTls
    };
    let settings = SmtpSettings {
        port,
        security,
        credentials: credentials(get, "GOTRUE_SMTP_USER", "GOTRUE_SMTP_PASS")?,
        timeout: timeout(get)?,
        ..SmtpSettings::new(host)
    };
    checked(
        settings,
        "GOTRUE_SMTP_HOST",
        "GOTRUE_SMTP_USER is set on a plain connection",
    )
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

/// `GOTRUE_SMTP_SENDER_NAME` (default: the company name) and `GOTRUE_SMTP_ADMIN_EMAIL`
/// (default: no-reply at the site's host).
fn auth_sender(
    get: &impl Fn(&str) -> Option<String>,
    site_url: &str,
    company_name: &str,
) -> Result<Mailbox, ConfigError> {
    let name = get("GOTRUE_SMTP_SENDER_NAME").unwrap_or_else(|| company_name.to_string());
    let address = get("GOTRUE_SMTP_ADMIN_EMAIL").unwrap_or_else(|| {
        let host = url::Url::parse(site_url)
            .ok()
            .and_then(|url| url.host_str().map(str::to_string))
            .filter(|host| cb_mail::mailbox("", &format!("no-reply@{host}")).is_ok())
            .unwrap_or_else(|| "localhost".into());
        format!("no-reply@{host}")
    });
    cb_mail::mailbox(&name, &address).map_err(|why| {
        ConfigError(format!(
            "GOTRUE_SMTP_SENDER_NAME, GOTRUE_SMTP_ADMIN_EMAIL ([auth.email.smtp] sender_name, \
             admin_email): {why}"
        ))
    })
}

/// The catcher's settings (`[inbucket]` as the Supabase CLI has it); None when turned off.
fn catcher(get: &impl Fn(&str) -> Option<String>) -> Result<Option<CatcherSettings>, ConfigError> {
    let defaults = CatcherSettings::default();
    let host_text = get("CLAIMBRIDGE_MAILBOX_HOST").unwrap_or_else(|| defaults.host.to_string());
    let host: IpAddr = host_text.parse().map_err(|_| {
        ConfigError(format!(
            "CLAIMBRIDGE_MAILBOX_HOST is '{host_text}': set an IP address, e.g. 127.0.0.1"
        ))
    })?;
    let allow_network = parse_bool(get, "CLAIMBRIDGE_MAILBOX_ALLOW_NETWORK", false)?;
    if !host.is_loopback() && !allow_network {
        return Err(ConfigError(format!(
            "CLAIMBRIDGE_MAILBOX_HOST is {host}, beyond this machine: the caught emails hold \
             sign-in links; set CLAIMBRIDGE_MAILBOX_ALLOW_NETWORK=true if they may be read from \
             the network"
        )));
    }
    let settings = CatcherSettings {
        host,
        allow_network,
        http_port: parse_number(get, "CLAIMBRIDGE_MAILBOX_PORT", defaults.http_port)?,
        smtp_port: parse_number(get, "CLAIMBRIDGE_MAILBOX_SMTP_PORT", defaults.smtp_port)?,
        ..defaults
    };
    Ok(parse_bool(get, "CLAIMBRIDGE_MAILBOX_ENABLED", true)?.then_some(settings))
}

pub(super) fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host
            .trim_matches(['[', ']'])
            .parse::<IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

impl super::Config {
    /// The auth emails' mailer: through the configured SMTP server (the catcher's, once `serve`
    /// started it); without one, each email is logged in development and fails in production.
    /// Runs inside the runtime (the SMTP connection pool has a task).
    pub fn auth_mailer(&self) -> Result<cb_auth::Mailer, cb_mail::MailError> {
        match &self.mail.auth_smtp {
            Some(smtp) => cb_auth::Mailer::smtp(
                smtp,
                self.mail.auth_sender.clone(),
                self.auth.email_templates.clone(),
            ),
            None if self.environment == super::Environment::Production => {
                Ok(cb_auth::Mailer::unconfigured())
            }
            None => Ok(cb_auth::Mailer::logging()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn read(production: bool, pairs: &[(&str, &str)]) -> Result<MailConfig, String> {
        let map: HashMap<&str, &str> = pairs.iter().copied().collect();
        let get = |name: &str| map.get(name).map(|value| value.to_string());
        smtp_server(&get)
            .and_then(|smtp| {
                MailConfig::read(
                    &get,
                    production,
                    smtp,
                    "http://localhost:54321",
                    "ClaimBridge",
                )
            })
            .map_err(|err| err.to_string())
    }

    #[test]
    fn development_without_a_server_catches_the_emails() {
        let mail = read(false, &[]).unwrap();
        assert!(mail.auth_smtp.is_none());
        assert_eq!(mail.catcher, Some(CatcherSettings::default()));
        assert_eq!(
            mail.auth_sender.to_string(),
            "ClaimBridge <no-reply@localhost>"
        );
        let picked = read(
            false,
            &[
                ("CLAIMBRIDGE_MAILBOX_PORT", "0"),
                ("CLAIMBRIDGE_MAILBOX_SMTP_PORT", "2525"),
            ],
        )
        .unwrap()
        .catcher
        .unwrap();
        assert_eq!((picked.http_port, picked.smtp_port), (0, 2525));
        let off = read(false, &[("CLAIMBRIDGE_MAILBOX_ENABLED", "false")]).unwrap();
        assert_eq!(off.catcher, None);
        // Production never starts it.
        assert_eq!(read(true, &[]).unwrap().catcher, None);
    }

    #[test]
    fn a_configured_server_takes_the_emails_instead() {
        let shared = read(
            false,
            &[
                ("SMTP_HOST", "smtp.example.test"),
                ("SMTP_SECURITY", "tls"),
                ("SMTP_USERNAME", "apikey"),
                ("SMTP_PASSWORD", "hunter2"),
            ],
        )
        .unwrap();
        assert_eq!(shared.catcher, None);
        let smtp = shared.auth_smtp.unwrap();
        assert_eq!(
            (smtp.host.as_str(), smtp.port, smtp.security),
            ("smtp.example.test", 465, SmtpSecurity::Tls)
        );
        assert!(!format!("{smtp:?}").contains("hunter2"));

        let gotrue = |extra: &[(&'static str, &'static str)]| {
            let mut pairs = vec![
                ("SMTP_HOST", "smtp.leads.test"),
                ("GOTRUE_SMTP_HOST", "smtp.auth.test"),
            ];
            pairs.extend_from_slice(extra);
            read(true, &pairs).map(|mail| mail.auth_smtp.unwrap())
        };
        let own = gotrue(&[]).unwrap();
        assert_eq!(
            (own.host.as_str(), own.port, own.security),
            ("smtp.auth.test", 587, SmtpSecurity::StartTls)
        );
        assert_eq!(
            gotrue(&[("GOTRUE_SMTP_PORT", "465")]).unwrap().security,
            SmtpSecurity::Tls
        );
        let local = gotrue(&[
            ("GOTRUE_SMTP_HOST", "127.0.0.1"),
            ("GOTRUE_SMTP_PORT", "1025"),
        ])
        .unwrap();
        assert_eq!((local.port, local.security), (1025, SmtpSecurity::None));
        let with_login = gotrue(&[("GOTRUE_SMTP_USER", "u"), ("GOTRUE_SMTP_PASS", "p")]).unwrap();
        assert_eq!(with_login.credentials.unwrap().0, "u");
        assert_eq!(
            gotrue(&[("GOTRUE_SMTP_USER", "u")]).unwrap_err(),
            "GOTRUE_SMTP_PASS is not set, which GOTRUE_SMTP_USER needs"
        );
    }

    #[test]
    fn the_sender_is_configurable_and_checked() {
        let mail = read(
            false,
            &[
                ("GOTRUE_SMTP_ADMIN_EMAIL", "accounts@claimbridge.test"),
                ("GOTRUE_SMTP_SENDER_NAME", "ClaimBridge Accounts"),
            ],
        )
        .unwrap();
        assert_eq!(
            mail.auth_sender.to_string(),
            "ClaimBridge Accounts <accounts@claimbridge.test>"
        );
        let map: HashMap<&str, &str> = HashMap::new();
        let get = |name: &str| map.get(name).map(|value| value.to_string());
        let public = MailConfig::read(
            &get,
            true,
            None,
            "https://www.claimbridge.test",
            "ClaimBridge",
        )
        .unwrap();
        assert_eq!(
            public.auth_sender.to_string(),
            "ClaimBridge <no-reply@www.claimbridge.test>"
        );
        for (pairs, expected) in [
            (
                [(
                    "GOTRUE_SMTP_SENDER_NAME",
                    "ClaimBridge\r\nBcc: evil@attacker.test",
                )],
                "has a control character",
            ),
            (
                [(
                    "GOTRUE_SMTP_ADMIN_EMAIL",
                    "accounts@claimbridge.test\r\nBcc: x@y.test",
                )],
                "is not an email address",
            ),
            (
                [("GOTRUE_SMTP_ADMIN_EMAIL", "accounts")],
                "is not an email address",
            ),
        ] {
            let err = read(false, &pairs).unwrap_err();
            assert!(
                err.starts_with("GOTRUE_SMTP_SENDER_NAME, GOTRUE_SMTP_ADMIN_EMAIL")
                    && err.contains(expected),
                "{err}"
            );
        }
    }

    #[test]
    fn the_catcher_stays_on_loopback_unless_the_network_is_allowed() {
        let err = read(false, &[("CLAIMBRIDGE_MAILBOX_HOST", "0.0.0.0")]).unwrap_err();
        assert!(
            err.starts_with("CLAIMBRIDGE_MAILBOX_HOST is 0.0.0.0, beyond this machine"),
            "{err}"
        );
        let allowed = read(
            false,
            &[
                ("CLAIMBRIDGE_MAILBOX_HOST", "0.0.0.0"),
                ("CLAIMBRIDGE_MAILBOX_ALLOW_NETWORK", "true"),
            ],
        )
        .unwrap()
        .catcher
        .unwrap();
        assert!(allowed.allow_network);
        assert!(read(false, &[("CLAIMBRIDGE_MAILBOX_HOST", "::1")]).is_ok());
        assert!(
            read(false, &[("CLAIMBRIDGE_MAILBOX_HOST", "localhost")])
                .unwrap_err()
                .starts_with("CLAIMBRIDGE_MAILBOX_HOST is 'localhost': set an IP address")
        );
    }
}
