//! Sending: the SMTP server's settings and the client built from them (lettre over rustls, with a
//! connection pool), used by every email the server sends.
use std::time::Duration;

use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport as _, Message, Tokio1Executor};
use secrecy::{ExposeSecret as _, SecretString};

use crate::MailError;

/// How the SMTP connection is protected.
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

    /// The port that goes with it when none is configured.
    pub fn default_port(self) -> u16 {
        match self {
            Self::StartTls => 587,
            Self::Tls => 465,
            Self::None => 25,
        }
    }
}

/// An SMTP server and how to reach it.
#[derive(Debug, Clone)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub security: SmtpSecurity,
    /// User name and password, if the server wants them.
    pub credentials: Option<(String, SecretString)>,
    /// One SMTP command may take this long.
    pub timeout: Duration,
}

impl SmtpSettings {
    /// `host` with STARTTLS on its port, no credentials and a 30 s timeout.
    pub fn new(host: impl Into<String>) -> Self {
        Self {
            host: host.into(),
            port: SmtpSecurity::StartTls.default_port(),
            security: SmtpSecurity::StartTls,
            credentials: None,
            timeout: Duration::from_secs(30),
        }
    }

    /// A plain connection to a server on this host (a local relay or the mail catcher).
    pub fn local(host: impl Into<String>, port: u16) -> Self {
        Self {
            port,
            security: SmtpSecurity::None,
            ..Self::new(host)
        }
    }

    /// How the connection is secured. Fails when no TLS client can be made for the host (the
    /// configuration refuses it at start).
    pub fn tls(&self) -> Result<Tls, MailError> {
        let host = self.host.as_str();
        Ok(match self.security {
            SmtpSecurity::None => Tls::None,
            SmtpSecurity::StartTls | SmtpSecurity::Tls => {
                let parameters =
                    TlsParameters::new(host.to_string()).map_err(|err| MailError::TlsHost {
                        host: host.to_string(),
                        reason: err.to_string(),
                    })?;
                if self.security == SmtpSecurity::Tls {
                    Tls::Wrapper(parameters)
                } else {
                    Tls::Required(parameters)
                }
            }
        })
    }
}

/// The SMTP client of some settings: every email the server sends goes through one of these.
#[derive(Clone)]
pub struct SmtpSender {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    /// `host:port`, for logs and Debug.
    server: String,
}

impl std::fmt::Debug for SmtpSender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpSender")
            .field("server", &self.server)
            .finish_non_exhaustive()
    }
}

impl SmtpSender {
    /// The client `settings` describe (no connection is made until a send). Connections are
    /// pooled (lettre's `pool`): a burst of emails does not pay a TCP and TLS handshake each. The
    /// pool's upkeep is a task, so this runs inside the runtime.
    pub fn new(settings: &SmtpSettings) -> Result<Self, MailError> {
        let mut builder =
            AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(settings.host.as_str())
                .port(settings.port)
                .tls(settings.tls()?)
                .timeout(Some(settings.timeout));
        if let Some((user, password)) = &settings.credentials {
            builder = builder.credentials(Credentials::new(
                user.clone(),
                password.expose_secret().to_owned(),
            ));
        }
        Ok(Self {
            transport: builder.build(),
            server: format!("{}:{}", settings.host, settings.port),
        })
    }

    /// Sends `message`; the error names every cause (the SMTP reply, the TLS or network error).
    pub async fn send(&self, message: Message) -> Result<(), MailError> {
        self.transport
            .send(message)
            .await
            .map(drop)
            .map_err(|err| MailError::Send(describe(&err)))
    }
}

/// `err` and its causes on one line (each once), at most 500 characters: lettre's own message
/// often leaves out the server's reply, which is what an operator needs.
fn describe(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    if text.chars().count() > 500 {
        text = text.chars().take(500).collect();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let settings = SmtpSettings {
                security,
                credentials: Some(("user".into(), "secret".into())),
                ..SmtpSettings::new("smtp.example.test")
            };
            assert!(settings.tls().is_ok(), "{security:?}");
            assert!(!format!("{settings:?}").contains("secret"));
        }
    }
}
