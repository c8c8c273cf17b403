//! Lead notification emails (docs/configuration.md, the `LEAD_EMAIL_*` variables): off unless
//! `LEAD_EMAIL_TO` is set; then the sender and the SMTP server (`SMTP_*`, read in `mail`) are
//! required.
use std::time::Duration;

use cb_functions::lead_email::LeadEmailSettings;
use cb_mail::{SmtpSettings, parse_mailbox, parse_mailboxes};

use super::{ConfigError, parse_number};

/// The settings `LEAD_EMAIL_*` give, sending through `smtp` (the `SMTP_*` server, if any).
pub(super) fn settings(
    get: &impl Fn(&str) -> Option<String>,
    site_url: &str,
    smtp: Option<SmtpSettings>,
) -> Result<LeadEmailSettings, ConfigError> {
    let mut settings = LeadEmailSettings::default();
    let Some(to) = get("LEAD_EMAIL_TO") else {
        return Ok(settings);
    };
    settings.to = parse_mailboxes(&to).map_err(|why| {
        ConfigError(format!(
            "LEAD_EMAIL_TO: {why}: list addresses separated by commas, e.g. sales@example.com, Ops <ops@example.com>"
        ))
    })?;
    let from = get("LEAD_EMAIL_FROM").ok_or_else(|| {
        ConfigError(
            "LEAD_EMAIL_FROM is not set, which LEAD_EMAIL_TO needs: set the sender, e.g. \
             ClaimBridge website <leads@example.com> (an address the SMTP server may send from)"
                .into(),
        )
    })?;
    settings.from =
        Some(parse_mailbox(&from).map_err(|why| ConfigError(format!("LEAD_EMAIL_FROM: {why}")))?);
    settings.smtp = smtp.ok_or_else(|| {
        ConfigError(
            "SMTP_HOST is not set, which LEAD_EMAIL_TO needs: set your mail server's host name, e.g. smtp.example.com"
                .into(),
        )
    })?;
    settings.digest_hour = match get("LEAD_EMAIL_DIGEST").as_deref() {
        None | Some("off") => None,
        Some("daily") => {
            let hour = parse_number(get, "LEAD_EMAIL_DIGEST_HOUR", 8u8)?;
            if hour > 23 {
                return Err(ConfigError(format!(
                    "LEAD_EMAIL_DIGEST_HOUR is {hour}: set the UTC hour of the daily digest, 0 to 23"
                )));
            }
            Some(hour)
        }
        Some(other) => {
            return Err(ConfigError(format!(
                "LEAD_EMAIL_DIGEST is '{other}': set it to off (one email per lead) or daily"
            )));
        }
    };
    settings.retry_base =
        Duration::from_millis(parse_number(get, "LEAD_EMAIL_RETRY_BASE_MS", 5000u64)?.max(10));
    settings.retry_max =
        Duration::from_secs(parse_number(get, "LEAD_EMAIL_RETRY_MAX_SECS", 3600u64)?.max(1));
    settings.max_age =
        Duration::from_secs(parse_number(get, "LEAD_EMAIL_MAX_AGE_HOURS", 72u64)?.max(1) * 3600);
    settings.poll_interval =
        Duration::from_millis(parse_number(get, "LEAD_EMAIL_POLL_MS", 5000u64)?.max(10));
    settings.inbox_url = Some(format!("{site_url}/admin/leads"));
    Ok(settings)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use cb_mail::SmtpSecurity;

    use super::super::mail::smtp_server;
    use super::*;

    fn settings_of(pairs: &[(&str, &str)]) -> Result<LeadEmailSettings, String> {
        let map: HashMap<&str, &str> = pairs.iter().copied().collect();
        let get = |name: &str| map.get(name).map(|value| value.to_string());
        smtp_server(&get)
            .and_then(|smtp| settings(&get, "https://www.example.test", smtp))
            .map_err(|err| err.to_string())
    }

    const BASE: [(&str, &str); 3] = [
        (
            "LEAD_EMAIL_TO",
            "sales@example.test, Ops <ops@example.test>",
        ),
        (
            "LEAD_EMAIL_FROM",
            "ClaimBridge website <leads@example.test>",
        ),
        ("SMTP_HOST", "smtp.example.test"),
    ];

    fn with(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
        let mut pairs = BASE.to_vec();
        pairs.extend_from_slice(extra);
        pairs
    }

    #[test]
    fn off_without_recipients_and_defaults_with_them() {
        assert!(!settings_of(&[("SMTP_HOST", "x")]).unwrap().enabled());
        let on = settings_of(&BASE).unwrap();
        assert!(on.enabled());
        assert_eq!(on.to.len(), 2);
        assert_eq!(on.smtp.security, SmtpSecurity::StartTls);
        assert_eq!(on.smtp.port, 587);
        assert_eq!(on.digest_hour, None);
        assert_eq!(
            on.inbox_url.as_deref(),
            Some("https://www.example.test/admin/leads")
        );
        let tls = settings_of(&with(&[
            ("SMTP_SECURITY", "tls"),
            ("SMTP_USERNAME", "apikey"),
            ("SMTP_PASSWORD", "hunter2"),
            ("LEAD_EMAIL_DIGEST", "daily"),
            ("LEAD_EMAIL_DIGEST_HOUR", "7"),
        ]))
        .unwrap();
        assert_eq!((tls.smtp.security, tls.smtp.port), (SmtpSecurity::Tls, 465));
        assert_eq!(tls.digest_hour, Some(7));
        assert!(!format!("{tls:?}").contains("hunter2"));
        let local = settings_of(&with(&[
            ("SMTP_HOST", "127.0.0.1"),
            ("SMTP_SECURITY", "none"),
            ("SMTP_PORT", "2525"),
            ("SMTP_USERNAME", "u"),
            ("SMTP_PASSWORD", "p"),
        ]))
        .unwrap();
        assert_eq!(local.smtp.port, 2525);
    }

    #[test]
    fn each_mistake_is_named() {
        let cases: [(&[(&str, &str)], &str); 9] = [
            (
                &[("LEAD_EMAIL_TO", "sales")],
                "LEAD_EMAIL_TO: 'sales' is not",
            ),
            (
                &[("LEAD_EMAIL_TO", "a@b.test")],
                "LEAD_EMAIL_FROM is not set",
            ),
            (
                &[
                    ("LEAD_EMAIL_TO", "a@b.test"),
                    ("LEAD_EMAIL_FROM", "x@y.test"),
                ],
                "SMTP_HOST is not set",
            ),
            (
                &with(&[("SMTP_SECURITY", "ssl3")]),
                "SMTP_SECURITY is 'ssl3'",
            ),
            (&with(&[("SMTP_PORT", "smtp")]), "SMTP_PORT is 'smtp'"),
            (&with(&[("SMTP_USERNAME", "u")]), "SMTP_PASSWORD is not set"),
            (
                &with(&[
                    ("SMTP_SECURITY", "none"),
                    ("SMTP_USERNAME", "u"),
                    ("SMTP_PASSWORD", "p"),
                ]),
                "SMTP_SECURITY is none with SMTP_USERNAME set",
            ),
            (
                &with(&[("LEAD_EMAIL_DIGEST", "weekly")]),
                "LEAD_EMAIL_DIGEST is 'weekly'",
            ),
            (
                &with(&[
                    ("LEAD_EMAIL_DIGEST", "daily"),
                    ("LEAD_EMAIL_DIGEST_HOUR", "24"),
                ]),
                "LEAD_EMAIL_DIGEST_HOUR is 24",
            ),
        ];
        for (pairs, expected) in cases {
            let err = settings_of(pairs).unwrap_err();
            assert!(err.starts_with(expected), "{expected}: {err}");
        }
    }
}
