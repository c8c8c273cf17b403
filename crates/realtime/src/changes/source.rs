//! Where the replication connection goes, and with what TLS: taken from the pool's own
//! connect options.
use std::path::PathBuf;

use sqlx::postgres::{PgConnectOptions, PgSslMode};

/// Where the replication connection goes: the pool's server, user and database. The user needs
/// the REPLICATION attribute (the local cluster's superuser has it).
#[derive(Clone)]
pub struct ReplicationSource {
    /// A host name, or a Unix socket directory (starting with `/`).
    pub host: String,
    pub port: u16,
    pub user: String,
    pub password: Option<String>,
    pub database: String,
    pub tls: ReplicationTls,
    /// The CA to verify the server with (VerifyCa, VerifyFull); the system roots otherwise.
    pub ca_certificate: Option<PathBuf>,
}

/// TLS on the replication connection, as libpq's sslmode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplicationTls {
    Disable,
    /// TLS when the server offers it, else plain.
    Prefer,
    Require,
    VerifyCa,
    VerifyFull,
}

impl std::fmt::Debug for ReplicationSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReplicationSource")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "<hidden>"))
            .field("database", &self.database)
            .field("tls", &self.tls)
            .finish_non_exhaustive()
    }
}

impl ReplicationSource {
    /// The server, user and database of `options` (the pool's), with its password (sqlx does
    /// not give it back).
    pub fn from_connect_options(options: &PgConnectOptions, password: Option<String>) -> Self {
        let (host, tls) = match options.get_socket() {
            Some(dir) => (dir.to_string_lossy().into_owned(), ReplicationTls::Disable),
            None => (
                options.get_host().to_string(),
                match options.get_ssl_mode() {
                    PgSslMode::Disable => ReplicationTls::Disable,
                    PgSslMode::Allow | PgSslMode::Prefer => ReplicationTls::Prefer,
                    PgSslMode::Require => ReplicationTls::Require,
                    PgSslMode::VerifyCa => ReplicationTls::VerifyCa,
                    PgSslMode::VerifyFull => ReplicationTls::VerifyFull,
                },
            ),
        };
        let user = options.get_username().to_string();
        Self {
            host,
            port: options.get_port(),
            database: options
                .get_database()
                .map_or_else(|| user.clone(), str::to_string),
            user,
            password,
            tls,
            ca_certificate: None,
        }
    }
}
