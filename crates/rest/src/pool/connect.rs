//! Opening one of the engine's connections: the login the server was configured with (sqlx's
//! connect options, as every other pool of the server uses), spoken by tokio-postgres so that a
//! request's statements can go out in one pipeline. TLS follows `sslmode` as libpq (and sqlx)
//! read it: `disable` never, `allow`/`prefer` when the server offers it, `require` always without
//! checking the certificate, `verify-ca`/`verify-full` always against the web's roots and the
//! configured `sslrootcert`.
use std::sync::Arc;

use cb_db::sqlx::ConnectOptions as _;
use cb_db::sqlx::postgres::{PgConnectOptions, PgSslMode};
use percent_encoding::percent_decode_str;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, verify_tls12_signature, verify_tls13_signature};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{DigitallySignedStruct, SignatureScheme};
use tokio_postgres::config::SslMode;
use tokio_postgres_rustls::MakeRustlsConnect;

/// How to reach the database: tokio-postgres' configuration and the TLS connector its sslmode
/// asks for.
#[derive(Clone)]
pub(crate) struct Login {
    pub config: tokio_postgres::Config,
    pub tls: MakeRustlsConnect,
}

impl std::fmt::Debug for Login {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The configuration's own Debug leaves the password out.
        f.debug_struct("Login")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

/// Why the engine's login could not be read from the connect options.
#[derive(Debug)]
pub struct LoginError(pub String);

impl std::fmt::Display for LoginError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the REST engine's database login: {}", self.0)
    }
}

impl std::error::Error for LoginError {}

impl Login {
    /// The login `options` describe (its URL form is the one place sqlx lets the password out).
    pub(crate) fn from_options(options: &PgConnectOptions) -> Result<Self, LoginError> {
        let url = options.to_url_lossy();
        let decode = |text: &str| percent_decode_str(text).decode_utf8_lossy().into_owned();
        let mut config = tokio_postgres::Config::new();
        config
            .user(decode(url.username()))
            .port(options.get_port())
            .application_name("claimbridge rest");
        if let Some(password) = url.password() {
            config.password(decode(password));
        }
        if let Some(database) = options.get_database() {
            config.dbname(database);
        }
        match options.get_socket() {
            Some(dir) => {
                config.host_path(dir);
            }
            None => {
                config.host(options.get_host());
            }
        }
        let mode = options.get_ssl_mode();
        config.ssl_mode(match mode {
            PgSslMode::Disable => SslMode::Disable,
            PgSslMode::Allow | PgSslMode::Prefer => SslMode::Prefer,
            PgSslMode::Require | PgSslMode::VerifyCa | PgSslMode::VerifyFull => SslMode::Require,
        });
        let root_cert = url
            .query_pairs()
            .find(|(name, _)| name == "sslrootcert")
            .map(|(_, value)| value.into_owned());
        Ok(Login {
            config,
            tls: MakeRustlsConnect::new(tls_config(mode, root_cert.as_deref())?),
        })
    }
}

fn tls_config(
    mode: PgSslMode,
    root_cert: Option<&str>,
) -> Result<rustls::ClientConfig, LoginError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(Arc::clone(&provider))
        .with_safe_default_protocol_versions()
        .map_err(|e| LoginError(format!("TLS: {e}")))?;
    let config = if matches!(mode, PgSslMode::VerifyCa | PgSslMode::VerifyFull) {
        let mut roots = rustls::RootCertStore::empty();
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        if let Some(path) = root_cert {
            let pem =
                std::fs::read(path).map_err(|e| LoginError(format!("sslrootcert {path}: {e}")))?;
            for cert in pem_certificates(&pem) {
                roots
                    .add(cert)
                    .map_err(|e| LoginError(format!("sslrootcert {path}: {e}")))?;
            }
        }
        builder.with_root_certificates(roots).with_no_client_auth()
    } else {
        builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(AnyCertificate(provider)))
            .with_no_client_auth()
    };
    Ok(config)
}

/// The certificates of a PEM file.
fn pem_certificates(pem: &[u8]) -> Vec<CertificateDer<'static>> {
    use rustls::pki_types::pem::PemObject as _;
    CertificateDer::pem_slice_iter(pem)
        .filter_map(Result::ok)
        .collect()
}

/// `sslmode=require`: encrypted, the certificate not checked (libpq's meaning, and sqlx's);
/// the handshake's signatures still are.
#[derive(Debug)]
struct AnyCertificate(Arc<CryptoProvider>);

impl ServerCertVerifier for AnyCertificate {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}
