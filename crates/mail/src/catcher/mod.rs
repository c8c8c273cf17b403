//! The local mail catcher, as the Supabase CLI's Inbucket/Mailpit: an SMTP listener that keeps
//! every message it receives in memory (the newest few hundred) and never relays one, and an
//! HTTP server with a page to read them and Mailpit's JSON API. `claimbridge serve` starts it in
//! development so the emails `make run` sends can be read and reach nobody.
mod http;
mod smtp_server;
mod store;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::task::JoinHandle;

use crate::{MailError, SmtpSettings};

/// The Supabase CLI's `[inbucket] port`.
pub const DEFAULT_HTTP_PORT: u16 = 54324;
/// The Supabase CLI's `[inbucket] smtp_port`.
pub const DEFAULT_SMTP_PORT: u16 = 54325;

/// Where the catcher listens and what it keeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatcherSettings {
    pub host: IpAddr,
    /// The page and the API; 0: a free port.
    pub http_port: u16,
    /// 0: a free port.
    pub smtp_port: u16,
    /// Whether `host` may be other than loopback. The caught emails hold sign-in links, so
    /// serving them beyond this machine must be asked for.
    pub allow_network: bool,
    /// The newest this many messages are kept.
    pub max_messages: usize,
    /// A larger message is refused (552).
    pub max_message_bytes: usize,
}

impl Default for CatcherSettings {
    fn default() -> Self {
        Self {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            http_port: DEFAULT_HTTP_PORT,
            smtp_port: DEFAULT_SMTP_PORT,
            allow_network: false,
            max_messages: 500,
            max_message_bytes: 10 * 1024 * 1024,
        }
    }
}

/// A running catcher; dropping it stops both listeners.
#[derive(Debug)]
pub struct Catcher {
    http: SocketAddr,
    smtp: SocketAddr,
    tasks: Vec<JoinHandle<()>>,
}

impl Catcher {
    /// Binds both ports (so a taken one fails here) and starts serving.
    pub async fn start(settings: &CatcherSettings) -> Result<Self, MailError> {
        if !settings.host.is_loopback() && !settings.allow_network {
            return Err(MailError::NotLoopback(settings.host));
        }
        let bind = async |what: &'static str, port: u16| {
            let address = SocketAddr::new(settings.host, port);
            let error = |source| MailError::Bind {
                what,
                address,
                source,
            };
            let listener = TcpListener::bind(address).await.map_err(error)?;
            let bound = listener.local_addr().map_err(error)?;
            Ok::<_, MailError>((listener, bound))
        };
        let (smtp_listener, smtp) = bind("SMTP", settings.smtp_port).await?;
        let (http_listener, http) = bind("HTTP", settings.http_port).await?;
        let store = Arc::new(store::Store::new(settings.max_messages));
        let router = http::router(Arc::clone(&store), !settings.allow_network);
        let tasks = vec![
            tokio::spawn(smtp_server::serve(
                smtp_listener,
                store,
                settings.max_message_bytes,
            )),
            tokio::spawn(async move {
                if let Err(err) = axum::serve(http_listener, router).await {
                    tracing::error!(%err, "mail catcher: the HTTP server stopped");
                }
            }),
        ];
        Ok(Self { http, smtp, tasks })
    }

    pub fn http_address(&self) -> SocketAddr {
        self.http
    }

    pub fn smtp_address(&self) -> SocketAddr {
        self.smtp
    }

    /// Where a browser reads the caught emails.
    pub fn url(&self) -> String {
        if self.http.ip().is_loopback() {
            format!("http://localhost:{}", self.http.port())
        } else {
            format!("http://{}", self.http)
        }
    }

    /// How to send to it: plain SMTP (it never leaves this host unless the network was allowed).
    pub fn smtp_settings(&self) -> SmtpSettings {
        SmtpSettings::local(self.smtp.ip().to_string(), self.smtp.port())
    }
}

impl Drop for Catcher {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}
