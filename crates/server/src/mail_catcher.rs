//! The local mail catcher `serve` starts in development (docs/leads.md "Reading the emails `make run`
//! sends"), before the app is built so the auth mailer sends to it. It is a convenience: when
//! its port is taken (another catcher, a second server) the server still starts, and the auth
//! emails are logged instead.
use cb_mail::Catcher;

use crate::config::{Config, Environment};

/// Starts the catcher `config` asks for and points the auth emails at it; the running catcher
/// (keep it while serving). Warns when production has no SMTP server for the auth emails.
pub(crate) async fn start(config: &mut Config) -> Option<Catcher> {
    if config.mail.auth_smtp.is_none() && config.environment == Environment::Production {
        tracing::warn!(
            "no SMTP server is configured for auth emails (GOTRUE_SMTP_HOST or SMTP_HOST): \
             confirmation, invite, recovery and magic link emails will fail"
        );
    }
    let settings = config.mail.catcher.clone()?;
    match Catcher::start(&settings).await {
        Ok(catcher) => {
            tracing::info!(
                http = %catcher.http_address(),
                smtp = %catcher.smtp_address(),
                "emails are caught at {} (nothing is delivered)",
                catcher.url()
            );
            config.mail.auth_smtp = Some(catcher.smtp_settings());
            Some(catcher)
        }
        Err(err) => {
            tracing::warn!(%err, "no mail catcher: auth emails are written to the log instead");
            None
        }
    }
}
