//! Email for the whole server: the one SMTP sender every email goes through (the lead
//! notifications and the auth emails alike), the address and header-text checks they share, and
//! the local mail catcher that takes the emails in development.
mod address;
pub mod catcher;
mod smtp;

use std::net::{IpAddr, SocketAddr};

pub use address::{header_text, mailbox, parse_mailbox, parse_mailboxes};
pub use catcher::{Catcher, CatcherSettings};
pub use lettre::message::Mailbox;
pub use smtp::{SmtpSecurity, SmtpSender, SmtpSettings};

/// Why mail could not be set up or sent.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("'{host}' cannot be used for TLS: {reason}")]
    TlsHost { host: String, reason: String },
    /// The SMTP exchange failed; the text names every cause.
    #[error("{0}")]
    Send(String),
    #[error(
        "the mail catcher may listen on {0} only when the network is allowed: the caught emails \
         hold sign-in links"
    )]
    NotLoopback(IpAddr),
    #[error("the mail catcher cannot listen for {what} on {address}: {source}")]
    Bind {
        what: &'static str,
        address: SocketAddr,
        source: std::io::Error,
    },
}
