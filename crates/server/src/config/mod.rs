//! Configuration: the one module that reads the environment. Every variable is documented in
//! docs/configuration.md and in `.env.example`; every default is for local use, and production mode refuses
//! the defaults that would be unsafe there. Each area reads its own variables in a module of
//! its own; [`Config::from_lookup`] puts them together.
use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use cb_gateway::{ApiKeys, JwtVerifier};
use secrecy::{ExposeSecret as _, SecretString};

mod auth;
mod auth_settings;
mod database;
mod functions;
mod lead_email;
mod listen;
mod lookup;
mod mail;
mod realtime;
mod rest;
mod site;
mod site_health;
mod storage;
mod supabase_toml;
#[cfg(test)]
mod tests;

pub use database::Database;
pub use listen::{Environment, LogFormat};
pub use mail::MailConfig;
pub use site::{Company, PublicConfig};

use lookup::{parse_bool, parse_number, postgres_url};

/// A configuration problem: one line naming what is wrong and how to fix it.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(String);

#[derive(Debug, Clone)]
pub struct Config {
    pub environment: Environment,
    pub host: IpAddr,
    pub port: u16,
    pub data_dir: PathBuf,
    pub database: Database,
    /// CLAIMBRIDGE_REST_DATABASE_URL: how /rest/v1 logs in (PostgREST's `db-uri`, as
    /// `authenticator`). Unset: `authenticator` on the embedded cluster, or on DATABASE_URL's
    /// server with DATABASE_URL's password.
    pub rest_database_url: Option<String>,
    pub db_max_connections: u32,
    pub jwt_secret: SecretString,
    /// JWT_SECRETS_ACCEPTED: other secrets whose tokens verify while a rotation rolls out.
    pub jwt_secrets_accepted: Vec<SecretString>,
    /// What /auth/v1 signs access tokens with and publishes (GOTRUE_JWT_KEYS,
    /// AUTH_SIGNING_KEYS_PATH / `[auth] signing_keys_path`, else HS256 with JWT_SECRET); every
    /// service verifies tokens of each of its keys.
    pub signing_keys: cb_auth::SigningKeys,
    pub keys: ApiKeys,
    /// The argon2 hash of the admin passcode; None in local mode means "generate one".
    pub admin_passcode_hash: Option<SecretString>,
    pub require_api_key: bool,
    pub frontend_dir: PathBuf,
    /// The public URL of the website (canonical links, Open Graph URLs, sitemap, feed).
    pub site_url: String,
    pub log_format: LogFormat,
    pub log_filter: String,
    pub max_body_bytes: usize,
    pub request_timeout: Duration,
    pub public: PublicConfig,
    /// /storage/v1: the object store (filesystem or S3), upload cap, signed URLs.
    pub storage: cb_storage::StorageConfig,
    /// /functions/v1: captcha, rate limits, trusted proxies, lead webhooks.
    pub functions: cb_functions::Settings,
    /// The server renderer of the website's pages.
    pub render: cb_site::RendererSettings,
    /// How often the website writes redirect hits and the 404 log.
    pub site_stats_flush: std::time::Duration,
    /// /rest/v1: exposed schemas, row cap, aggregates, plans, per-client limits (the database's
    /// `pgrst.*` settings, read with the schema cache, override these).
    pub rest: cb_rest::RestSettings,
    /// How long an admin session token is valid (`[auth] jwt_expiry`, JWT_EXPIRY).
    pub admin_token_ttl: Duration,
    /// /auth/v1: sign-up, redirects, token lifetimes, rotation, MFA, limits, hooks, templates.
    pub auth: cb_auth::AuthSettings,
    /// How the auth emails go out: SMTP server, sender, the local mail catcher.
    pub mail: MailConfig,
    /// The config.toml the settings above were read from, if any.
    pub supabase_config: Option<PathBuf>,
    /// After SIGTERM: how long /readyz answers 503 while requests are still served, before the
    /// listener closes (CLAIMBRIDGE_DRAIN_SECS).
    pub drain: Duration,
    /// Where Prometheus metrics are served (CLAIMBRIDGE_METRICS_ADDR); None: nowhere.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// How many revisions of each post, page SEO record and page content are kept
    /// (CLAIMBRIDGE_REVISIONS_KEPT, 1 to 100000), written to private.cms_settings at start.
    pub revisions_kept: u32,
    /// /realtime/v1: connections, channels, joins and messages per second, payload size.
    pub realtime: cb_realtime::Limits,
    /// The website's link checker: how often, how long a request, which private hosts.
    pub link_check: cb_site::LinkCheckSettings,
}

impl Config {
    /// Reads the process environment.
    #[expect(
        clippy::disallowed_methods,
        reason = "the one place that reads the environment"
    )]
    pub fn from_env() -> Result<Self, ConfigError> {
        let vars: HashMap<String, String> = std::env::vars().collect();
        Self::from_vars(&vars)
    }

    /// [`Config::from_lookup`] over a set of variables (tests pass a map), with the settings
    /// that are families of variables rather than names: PGRST_APP_SETTINGS_*.
    pub fn from_vars(vars: &HashMap<String, String>) -> Result<Self, ConfigError> {
        let mut config = Self::from_lookup(|name| vars.get(name).cloned())?;
        config.rest.app_settings = rest::app_settings(
            vars.iter()
                .map(|(name, value)| (name.as_str(), value.as_str())),
        )?
        .into();
        Ok(config)
    }

    /// Builds the configuration from any source of variables (all but PGRST_APP_SETTINGS_*,
    /// which must be listed: see [`Config::from_vars`]) and the Supabase config.toml (CLAIMBRIDGE_SUPABASE_CONFIG, or `supabase/config.toml` if there is
    /// one): a variable that is set wins over the file. The areas are read in a fixed order, so
    /// of several bad variables the same one is always reported.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let env = |name: &str| {
            lookup(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let (supabase_config, file) = lookup::read_supabase_config(&env)?;
        let get = |name: &str| env(name).or_else(|| file.defaults.get(name).cloned());
        let text = |name: &str, default: &str| get(name).unwrap_or_else(|| default.to_string());

        let environment = Environment::read(&get)?;
        let production = environment == Environment::Production;
        let host = listen::host(&get, production)?;
        let port = parse_number(&get, "CLAIMBRIDGE_PORT", 54321u16)?;
        let secrets = auth::Secrets::read(&get, production)?;
        let database = Database::read(&get)?;
        let rest_database_url = postgres_url(&get, "CLAIMBRIDGE_REST_DATABASE_URL")?;
        let log_format = LogFormat::read(&get, production)?;
        let captcha = functions::Captcha::read(&get)?;
        let site = site::Site::read(&get, port)?;
        let mut functions = functions::settings(
            &get,
            secrets.jwt_secret.expose_secret(),
            production,
            &captcha,
        )?;
        let smtp = mail::smtp_server(&get)?;
        functions.lead_email = lead_email::settings(&get, &site.url, smtp.clone())?;
        let mail = MailConfig::read(&get, production, smtp, &site.url, &site.company.name)?;
        functions.verify_jwt = functions::verify_jwt(&env, &file.verify_jwt)?;
        let rest = rest::settings(&get, &lookup, functions.trusted_proxies.clone())?;
        let admin_token_ttl = auth::admin_token_ttl(&get)?;
        let revisions_kept = database::revisions_kept(&get)?;
        let auth_settings = auth_settings::settings(&get, &site.url)?;
        let realtime = realtime::limits(&get)?;
        let link_check = site_health::settings(&get)?;
        let storage =
            storage::settings(&get, secrets.jwt_secret.expose_secret(), secrets.verifier())?;

        let mut config = Self {
            environment,
            host,
            port,
            data_dir: PathBuf::from(text("CLAIMBRIDGE_DATA_DIR", ".data")),
            database,
            rest_database_url,
            db_max_connections: parse_number(&get, "CLAIMBRIDGE_DB_MAX_CONNECTIONS", 20u32)?,
            jwt_secret: secrets.jwt_secret,
            jwt_secrets_accepted: secrets.jwt_secrets_accepted,
            signing_keys: secrets.signing_keys,
            keys: secrets.keys,
            admin_passcode_hash: secrets.admin_passcode_hash,
            require_api_key: parse_bool(&get, "CLAIMBRIDGE_REQUIRE_APIKEY", true)?,
            frontend_dir: PathBuf::from(text("CLAIMBRIDGE_FRONTEND_DIR", "frontend/dist")),
            site_url: site.url,
            log_format,
            log_filter: text("CLAIMBRIDGE_LOG", "info,sqlx::postgres::notice=warn"),
            max_body_bytes: parse_number(
                &get,
                "CLAIMBRIDGE_MAX_BODY_BYTES",
                10 * 1024 * 1024usize,
            )?,
            request_timeout: listen::request_timeout(&get)?,
            storage,
            public: PublicConfig {
                captcha_provider: captcha.name,
                captcha_site_key: text("CAPTCHA_SITE_KEY", ""),
                webhook_url: text("WEBHOOK_URL", "/functions/v1/lead-relay"),
                company: site.company,
            },
            functions,
            render: site.render,
            site_stats_flush: site.stats_flush,
            rest,
            admin_token_ttl,
            auth: auth_settings,
            mail,
            supabase_config,
            metrics_addr: listen::metrics_addr(&get, port)?,
            drain: listen::drain(&get, production)?,
            revisions_kept,
            realtime,
            link_check,
        };
        // The functions check callers' JWTs as every other service does.
        config.functions.jwt_verifier = config.jwt_verifier();
        Ok(config)
    }

    /// The verifier every service resolves callers with: the project secret, the signing keys,
    /// and the project's API keys accepted by exact match (they stay valid until rotated,
    /// whatever their exp says).
    pub fn jwt_verifier(&self) -> JwtVerifier {
        self.secret_verifier().with_api_keys(&self.keys)
    }

    /// The project secret, a rotation's other secrets and the signing keys, without the API
    /// keys (Auth's callers).
    pub fn secret_verifier(&self) -> JwtVerifier {
        auth::secret_verifier(
            &self.jwt_secret,
            &self.jwt_secrets_accepted,
            &self.signing_keys,
        )
    }
}
