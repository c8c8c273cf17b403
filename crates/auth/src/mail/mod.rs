//! The emails the auth server sends: confirmation, invite, recovery, magic link, email change
//! and reauthentication, each from its template (`[auth.email.template.*]`, GoTrue's defaults
//! otherwise) with GoTrue's template variables.
use serde_json::Value;

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
    #[error("no SMTP server is configured")]
    NotConfigured,
    #[error("{0}")]
    Send(String),
}

/// Sends auth emails.
#[derive(Debug, Clone, Default)]
pub struct Mailer {}

impl Mailer {
    /// A mailer that logs each email instead of sending it.
    pub fn logging() -> Self {
        Self {}
    }

    pub async fn send(&self, kind: MailKind, data: &MailData) -> Result<(), MailError> {
        tracing::info!(?kind, to = %data.to, url = %data.confirmation_url, "auth email (not sent: no mailer)");
        Ok(())
    }
}
