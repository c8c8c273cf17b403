//! The emails the auth server sends: confirmation, invite, recovery, magic link, email change
//! and reauthentication, each from its template (`[auth.email.template.*]`, the defaults in
//! `defaults` otherwise) with GoTrue's template variables (`template`), sent through the
//! server's SMTP sender (cb_mail). Whatever a user controls reaches a header only through
//! lettre's typed headers: the recipient must parse as one address, and the subject has its
//! control characters turned to spaces, so no value can add a header or a recipient.
mod defaults;
mod template;

use std::sync::Arc;

use cb_mail::{Mailbox, SmtpSender, SmtpSettings, header_text};
use lettre::Message;
use lettre::message::{MultiPart, SinglePart};
use serde_json::Value;

use crate::EmailTemplates;

/// Which email (GoTrue's template names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailKind {
    Confirmation,
    Invite,
    Recovery,
    MagicLink,
    /// Sent to the new address of an email change (and, with double confirmation, to the
    /// current one as well, with that address's own token).
    EmailChange,
    Reauthentication,
}

/// The values a template can use: `{{ .ConfirmationURL }}`, `{{ .Token }}`,
/// `{{ .TokenHash }}`, `{{ .SiteURL }}`, `{{ .RedirectTo }}`, `{{ .Email }}`,
/// `{{ .NewEmail }}` and `{{ .Data }}` (the user's metadata).
#[derive(Debug, Clone, Default)]
pub struct MailData {
    /// The recipient.
    pub to: String,
    pub confirmation_url: String,
    /// The one-time code (OTP) the user may type instead of following the link.
    pub token: String,
    pub token_hash: String,
    pub site_url: String,
    pub redirect_to: String,
    pub email: String,
    pub new_email: String,
    pub data: Value,
}

/// Why an email was not sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MailError {
    #[error("no SMTP server is configured for auth emails (GOTRUE_SMTP_HOST or SMTP_HOST)")]
    NotConfigured,
    #[error("{0}")]
    Send(String),
}

/// Sends auth emails.
#[derive(Debug, Clone, Default)]
pub struct Mailer {
    delivery: Delivery,
}

#[derive(Debug, Clone, Default)]
enum Delivery {
    /// Development without a mail server: each email is logged instead.
    #[default]
    Log,
    /// No mail server where one is needed: every send fails.
    Unconfigured,
    Smtp(Arc<SmtpMailer>),
}

#[derive(Debug)]
struct SmtpMailer {
    sender: SmtpSender,
    from: Mailbox,
    templates: EmailTemplates,
}

/// The longest subject sent (a template may render a user's metadata into it).
const MAX_SUBJECT_CHARS: usize = 250;

impl Mailer {
    /// A mailer that logs each email instead of sending it.
    pub fn logging() -> Self {
        Self {
            delivery: Delivery::Log,
        }
    }

    /// A mailer whose every send fails with [`MailError::NotConfigured`] (production without an
    /// SMTP server).
    pub fn unconfigured() -> Self {
        Self {
            delivery: Delivery::Unconfigured,
        }
    }

    /// A mailer sending through `smtp` from `from`, with `templates` over the defaults. Runs
    /// inside the runtime (the SMTP connection pool has a task).
    pub fn smtp(
        smtp: &SmtpSettings,
        from: Mailbox,
        templates: EmailTemplates,
    ) -> Result<Self, cb_mail::MailError> {
        Ok(Self {
            delivery: Delivery::Smtp(Arc::new(SmtpMailer {
                sender: SmtpSender::new(smtp)?,
                from,
                templates,
            })),
        })
    }

    pub async fn send(&self, kind: MailKind, data: &MailData) -> Result<(), MailError> {
        match &self.delivery {
            Delivery::Log => {
                tracing::info!(?kind, to = %data.to, url = %data.confirmation_url, "auth email (not sent: no mailer)");
                Ok(())
            }
            Delivery::Unconfigured => Err(MailError::NotConfigured),
            Delivery::Smtp(mailer) => {
                let message = message(&mailer.from, &mailer.templates, kind, data)?;
                mailer
                    .sender
                    .send(message)
                    .await
                    .map_err(|err| MailError::Send(err.to_string()))
            }
        }
    }
}

/// The email of `kind` for `data`, from `from`.
fn message(
    from: &Mailbox,
    templates: &EmailTemplates,
    kind: MailKind,
    data: &MailData,
) -> Result<Message, MailError> {
    let to = cb_mail::mailbox("", &data.to)
        .map_err(|why| MailError::Send(format!("not sent to the recipient: {why}")))?;
    let mail = template::render_mail(kind, data, templates);
    let builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(header_text(&mail.subject, MAX_SUBJECT_CHARS))
        .user_agent(concat!("ClaimBridge/", env!("CARGO_PKG_VERSION")).to_string());
    match mail.text {
        Some(text) => builder.multipart(MultiPart::alternative_plain_html(text, mail.html)),
        None => builder.singlepart(SinglePart::html(mail.html)),
    }
    .map_err(|err| MailError::Send(format!("could not build the email: {err}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EmailTemplate;

    fn from() -> Mailbox {
        cb_mail::mailbox("ClaimBridge", "no-reply@claimbridge.test").unwrap()
    }

    fn invite(to: &str) -> MailData {
        MailData {
            to: to.into(),
            email: to.into(),
            confirmation_url: "https://claimbridge.test/auth/v1/verify?token=abc&type=invite"
                .into(),
            token: "123456".into(),
            data: serde_json::json!({"name": "Dana\r\nBcc: evil@attacker.test"}),
            ..MailData::default()
        }
    }

    fn head(email: &Message) -> String {
        let raw = String::from_utf8(email.formatted()).unwrap();
        raw.split("\r\n\r\n").next().unwrap().to_string()
    }

    #[test]
    fn user_values_cannot_add_headers_or_recipients() {
        let templates = EmailTemplates {
            invite: EmailTemplate {
                subject: Some("Welcome, {{ .Data.name }}".into()),
                content: None,
            },
            ..EmailTemplates::default()
        };
        let email = message(
            &from(),
            &templates,
            MailKind::Invite,
            &invite("dana@acme.test"),
        )
        .unwrap();
        let head = head(&email);
        for line in head.split("\r\n") {
            assert!(!line.starts_with("Bcc:"), "{head}");
        }
        assert!(
            head.contains("Subject: Welcome, Dana Bcc: evil@attacker.test"),
            "{head}"
        );
        let recipients: Vec<String> = email
            .envelope()
            .to()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(recipients, ["dana@acme.test"]);

        for to in [
            "dana@acme.test\r\nBcc: evil@attacker.test",
            "dana@acme.test, evil@attacker.test",
            "Dana <dana@acme.test>",
            "",
        ] {
            let err = message(&from(), &templates, MailKind::Invite, &invite(to)).unwrap_err();
            assert!(
                err.to_string().starts_with("not sent to the recipient"),
                "{to:?}: {err}"
            );
        }
    }

    #[test]
    fn the_default_email_has_both_parts_and_a_configured_one_its_html() {
        let email = message(
            &from(),
            &EmailTemplates::default(),
            MailKind::Invite,
            &invite("dana@acme.test"),
        )
        .unwrap();
        let raw = String::from_utf8(email.formatted()).unwrap();
        assert!(raw.contains("multipart/alternative"), "{raw}");
        assert!(raw.contains("Subject: You have been invited"));
        assert!(raw.contains("From: ClaimBridge <no-reply@claimbridge.test>"));
        let templates = EmailTemplates {
            invite: EmailTemplate {
                subject: None,
                content: Some("<p>{{ .Token }}</p>".into()),
            },
            ..EmailTemplates::default()
        };
        let email = message(
            &from(),
            &templates,
            MailKind::Invite,
            &invite("dana@acme.test"),
        )
        .unwrap();
        let raw = String::from_utf8(email.formatted()).unwrap();
        assert!(!raw.contains("multipart"), "{raw}");
        assert!(raw.contains("Content-Type: text/html"), "{raw}");
    }

    #[tokio::test]
    async fn without_a_server_a_send_fails_or_is_logged() {
        let data = invite("dana@acme.test");
        assert_eq!(
            Mailer::unconfigured().send(MailKind::Invite, &data).await,
            Err(MailError::NotConfigured)
        );
        assert_eq!(
            Mailer::logging().send(MailKind::Invite, &data).await,
            Ok(())
        );
    }
}
