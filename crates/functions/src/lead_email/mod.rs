//! Lead notifications by email. Every accepted lead (a contact inquiry the lead relay stored, a
//! whitepaper submission inserted over REST) is queued in `public.lead_notifications` by a
//! trigger in the transaction that stores it (migration 20261127000300_lead_notifications.sql),
//! when the server recorded at start that the feature is on (`LEAD_EMAIL_TO` set). This
//! module's worker, one per instance, sends the queued rows through SMTP (lettre, STARTTLS,
//! implicit TLS, or plain for a local relay): one email per lead with a plain-text and an HTML
//! part, or a daily digest of them. The rows are claimed with `FOR UPDATE SKIP LOCKED` and leased
//! like the webhook outbox's, so instances never send the same row at once and a crashed
//! instance's rows are sent by another once the lease ends; failures are retried with the same
//! exponential backoff until `max_age`. NOTIFY `claimbridge_lead_email` wakes the worker as soon
//! as a lead is committed; a poll covers a notification missed while not listening.
mod digests;
mod message;
mod notifications;
mod worker;

use std::time::Duration;

use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{Address, AsyncSmtpTransport, Tokio1Executor};
use secrecy::{ExposeSecret as _, SecretString};
use sqlx::PgPool;

pub use worker::LeadEmailHandle;
pub(crate) use worker::start;

/// How the SMTP connection is protected (`SMTP_SECURITY`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpSecurity {
    /// Plain connection upgraded with STARTTLS, which is required (submission port 587).
    StartTls,
    /// TLS from the first byte (SMTPS, port 465).
    Tls,
    /// No encryption: only for a relay on the same host or network (port 25).
    None,
}

impl SmtpSecurity {
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "starttls" => Some(Self::StartTls),
            "tls" | "ssl" | "smtps" => Some(Self::Tls),
            "none" | "plain" => Some(Self::None),
            _ => None,
        }
    }

    /// The port that goes with it when `SMTP_PORT` is unset.
    pub fn default_port(self) -> u16 {
        match self {
            Self::StartTls => 587,
            Self::Tls => 465,
            Self::None => 25,
        }
    }
}

/// Lead notification emails. Off while `to` is empty.
#[derive(Debug, Clone)]
pub struct LeadEmailSettings {
    /// Who gets them (`LEAD_EMAIL_TO`); empty: the feature is off and nothing is queued.
    pub to: Vec<Mailbox>,
    /// The sender (`LEAD_EMAIL_FROM`).
    pub from: Option<Mailbox>,
    pub smtp_host: String,
    pub smtp_port: u16,
    pub security: SmtpSecurity,
    /// `SMTP_USERNAME` and `SMTP_PASSWORD`.
    pub credentials: Option<(String, SecretString)>,
    /// One SMTP command may take this long.
    pub timeout: Duration,
    /// `LEAD_EMAIL_DIGEST=daily`: one email a day at this UTC hour instead of one per lead.
    pub digest_hour: Option<u8>,
    pub retry_base: Duration,
    pub retry_max: Duration,
    /// A lead email still failing this long after it was queued is given up (status failed).
    pub max_age: Duration,
    /// How often queued emails are looked for without a notification.
    pub poll_interval: Duration,
    /// The admin inbox's address, linked from every email.
    pub inbox_url: Option<String>,
}

impl Default for LeadEmailSettings {
    /// Off, with the documented defaults for everything else.
    fn default() -> Self {
        Self {
            to: Vec::new(),
            from: None,
            smtp_host: "localhost".into(),
            smtp_port: SmtpSecurity::StartTls.default_port(),
            security: SmtpSecurity::StartTls,
            credentials: None,
            timeout: Duration::from_secs(30),
            digest_hour: None,
            retry_base: Duration::from_secs(5),
            retry_max: Duration::from_secs(3600),
            max_age: Duration::from_secs(72 * 3600),
            poll_interval: Duration::from_secs(5),
            inbox_url: None,
        }
    }
}

impl LeadEmailSettings {
    pub fn enabled(&self) -> bool {
        !self.to.is_empty()
    }

    /// How the connection is secured. Fails on a host name TLS cannot check a certificate for
    /// (the configuration refuses it at start).
    pub fn tls(&self) -> Result<Tls, String> {
        let host = self.smtp_host.as_str();
        Ok(match self.security {
            SmtpSecurity::None => Tls::None,
            SmtpSecurity::StartTls | SmtpSecurity::Tls => {
                let parameters = TlsParameters::new(host.to_string())
                    .map_err(|err| format!("'{host}' cannot be used for TLS: {err}"))?;
                if self.security == SmtpSecurity::Tls {
                    Tls::Wrapper(parameters)
                } else {
                    Tls::Required(parameters)
                }
            }
        })
    }

    /// The SMTP client these settings describe (no connection is made until a send).
    /// Connections are pooled (lettre's `pool`): a burst of leads does not pay a TCP and TLS
    /// handshake per email. The pool's upkeep is a task, so this runs inside the runtime.
    pub fn transport(&self) -> Result<AsyncSmtpTransport<Tokio1Executor>, String> {
        let mut builder =
            AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(self.smtp_host.as_str())
                .port(self.smtp_port)
                .tls(self.tls()?)
                .timeout(Some(self.timeout));
        if let Some((user, password)) = &self.credentials {
            builder = builder.credentials(Credentials::new(
                user.clone(),
                password.expose_secret().to_owned(),
            ));
        }
        Ok(builder.build())
    }
}

/// One address, `user@example.com` or `Name <user@example.com>`, checked whole (nothing may
/// follow it).
pub fn parse_mailbox(text: &str) -> Result<Mailbox, String> {
    let text = text.trim();
    let (name, address) = match text.split_once('<') {
        Some((name, rest)) => {
            let Some(address) = rest.strip_suffix('>') else {
                return Err(format!("'{text}' must end with the address in <...>"));
            };
            let name = name.trim().trim_matches('"').trim();
            ((!name.is_empty()).then(|| name.to_string()), address.trim())
        }
        None => (None, text),
    };
    if let Some(name) = &name
        && name.chars().any(char::is_control)
    {
        return Err(format!("'{text}' has a control character in its name"));
    }
    let address: Address = address
        .parse()
        .map_err(|_| format!("'{address}' is not an email address"))?;
    Ok(Mailbox::new(name, address))
}

/// Comma-separated addresses (each as [`parse_mailbox`] takes it); at least one.
pub fn parse_mailboxes(text: &str) -> Result<Vec<Mailbox>, String> {
    let mut mailboxes = Vec::new();
    let mut item = String::new();
    let mut quoted = false;
    for ch in text.chars().chain(std::iter::once(',')) {
        match ch {
            '"' => {
                quoted = !quoted;
                item.push(ch);
            }
            ',' if !quoted => {
                if !item.trim().is_empty() {
                    mailboxes.push(parse_mailbox(&item)?);
                }
                item.clear();
            }
            _ => item.push(ch),
        }
    }
    if mailboxes.is_empty() {
        return Err("no address given".into());
    }
    Ok(mailboxes)
}

/// Records at start whether leads are queued for email, and the digest hour, where the
/// triggers (and every instance) read it.
pub async fn record_settings(pool: &PgPool, settings: &LeadEmailSettings) -> sqlx::Result<()> {
    sqlx::query(
        "insert into private.lead_email_settings (singleton, enabled, digest_hour) values (true, $1, $2)
         on conflict (singleton) do update
           set enabled = excluded.enabled, digest_hour = excluded.digest_hour, updated_at = now()
         where (private.lead_email_settings.enabled, private.lead_email_settings.digest_hour)
               is distinct from (excluded.enabled, excluded.digest_hour)",
    )
    .bind(settings.enabled())
    .bind(settings.digest_hour.map(i16::from))
    .execute(pool)
    .await
    .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_parse_whole_or_not_at_all() {
        let list = parse_mailboxes(
            "sales@claimbridge.test, \"Lead desk, East\" <east@claimbridge.test>,Ops <ops@x.test>",
        )
        .unwrap();
        let shown: Vec<String> = list.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "sales@claimbridge.test",
                "\"Lead desk, East\" <east@claimbridge.test>",
                "Ops <ops@x.test>"
            ]
        );
        for bad in [
            "",
            " , ",
            "sales",
            "sales@",
            "a@b.test junk",
            "Name <a@b.test> junk",
            "Name <a@b.test",
            "a@b.test\r\nBcc: x@y.test",
        ] {
            assert!(parse_mailboxes(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn security_modes_and_their_ports() {
        assert_eq!(
            SmtpSecurity::parse("STARTTLS"),
            Some(SmtpSecurity::StartTls)
        );
        assert_eq!(SmtpSecurity::parse("tls"), Some(SmtpSecurity::Tls));
        assert_eq!(SmtpSecurity::parse("none"), Some(SmtpSecurity::None));
        assert_eq!(SmtpSecurity::parse("ssl3"), None);
        assert_eq!(SmtpSecurity::StartTls.default_port(), 587);
        assert_eq!(SmtpSecurity::Tls.default_port(), 465);
        assert_eq!(SmtpSecurity::None.default_port(), 25);
        for security in [
            SmtpSecurity::StartTls,
            SmtpSecurity::Tls,
            SmtpSecurity::None,
        ] {
            let settings = LeadEmailSettings {
                security,
                smtp_host: "smtp.example.test".into(),
                credentials: Some(("user".into(), "secret".into())),
                ..LeadEmailSettings::default()
            };
            assert!(settings.tls().is_ok(), "{security:?}");
            assert!(!format!("{settings:?}").contains("secret"));
        }
    }
}
