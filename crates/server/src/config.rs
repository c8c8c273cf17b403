//! Configuration: the one module that reads the environment. Every variable is documented in
//! the README and in `.env.example`; every default is for local use, and production mode refuses
//! the defaults that would be unsafe there.
use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use cb_gateway::{ApiKeys, DEMO_JWT_SECRET, JwtVerifier, KeyRole, PUBLIC_DEMO_SECRETS};
use serde_json::{Value, json};

mod lead_email;
mod supabase_toml;

/// Where a Supabase CLI project keeps its settings (relative to the working directory).
const DEFAULT_SUPABASE_CONFIG: &str = "supabase/config.toml";

const MIN_SECRET_LENGTH: usize = 32;

/// A configuration problem: one line naming what is wrong and how to fix it.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(String);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Local,
    Production,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Pretty,
    Json,
}

#[derive(Debug, Clone)]
pub enum Database {
    /// DATABASE_URL: an existing PostgreSQL.
    Url(String),
    /// The project-local cluster under the data directory.
    Local { bin_dir: Option<PathBuf> },
}

/// Facts about the company shown on the website.
#[derive(Debug, Clone)]
pub struct Company {
    pub name: String,
    pub tagline: String,
    pub email: String,
    pub phone: String,
    pub address: String,
    pub hours: String,
    pub site_url: String,
    pub training_hub_url: String,
    pub support_desk_url: String,
    pub linkedin_url: String,
    pub x_url: String,
    pub facebook_url: String,
    pub youtube_url: String,
}

/// What the browser may know: injected into index.html at serve time.
#[derive(Debug, Clone)]
pub struct PublicConfig {
    pub captcha_provider: String,
    pub captcha_site_key: String,
    pub webhook_url: String,
    pub company: Company,
}

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
    pub jwt_secret: String,
    /// JWT_SECRETS_ACCEPTED: other secrets whose tokens verify while a rotation rolls out.
    pub jwt_secrets_accepted: Vec<String>,
    pub keys: ApiKeys,
    /// The argon2 hash of the admin passcode; None in local mode means "generate one".
    pub admin_passcode_hash: Option<String>,
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
    /// /rest/v1: exposed schemas, row cap, aggregates, plans, per-client limits (the database's
    /// `pgrst.*` settings, read with the schema cache, override these).
    pub rest: cb_rest::RestSettings,
    /// How long an admin session token is valid (`[auth] jwt_expiry`, JWT_EXPIRY).
    pub admin_token_ttl: Duration,
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
}

/// The company facts the site shows by default, shared with the frontend build's prerender
/// (which renders the static pages with them, so they are served as built).
const COMPANY_DEFAULTS_JSON: &str =
    include_str!("../../../frontend/src/config/company-defaults.json");

#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct CompanyDefaults {
    name: String,
    tagline: String,
    email: String,
    phone: String,
    address: String,
    hours: String,
    training_hub_url: String,
    support_desk_url: String,
    social: SocialDefaults,
}

#[derive(Debug, serde::Deserialize)]
struct SocialDefaults {
    linkedin: String,
    x: String,
    facebook: String,
    youtube: String,
}

fn company_defaults() -> CompanyDefaults {
    serde_json::from_str(COMPANY_DEFAULTS_JSON)
        .unwrap_or_else(|err| panic!("frontend/src/config/company-defaults.json: {err}"))
}

impl Config {
    /// Reads the process environment.
    #[expect(
        clippy::disallowed_methods,
        reason = "the one place that reads the environment"
    )]
    pub fn from_env() -> Result<Self, ConfigError> {
        let vars: HashMap<String, String> = std::env::vars().collect();
        Self::from_lookup(|name| vars.get(name).cloned())
    }

    /// Builds the configuration from any source of variables (tests pass a map) and the
    /// Supabase config.toml (CLAIMBRIDGE_SUPABASE_CONFIG, or `supabase/config.toml` if there is
    /// one): a variable that is set wins over the file.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let env = |name: &str| {
            lookup(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let (supabase_config, file) = read_supabase_config(&env)?;
        let get = |name: &str| env(name).or_else(|| file.defaults.get(name).cloned());
        let environment = match get("CLAIMBRIDGE_ENV").as_deref() {
            None | Some("local" | "development") => Environment::Local,
            Some("production") => Environment::Production,
            Some(other) => {
                return Err(ConfigError(format!(
                    "CLAIMBRIDGE_ENV is '{other}': set it to 'local' or 'production'"
                )));
            }
        };
        let production = environment == Environment::Production;

        let default_host = if production { "0.0.0.0" } else { "127.0.0.1" };
        let host_text = get("CLAIMBRIDGE_HOST").unwrap_or_else(|| default_host.into());
        let host = host_text.parse::<IpAddr>().map_err(|_| {
            ConfigError(format!(
                "CLAIMBRIDGE_HOST is '{host_text}': set it to an IP address such as 127.0.0.1"
            ))
        })?;
        let port = parse_number(&get, "CLAIMBRIDGE_PORT", 54321u16)?;

        let jwt_secret = get("JWT_SECRET").unwrap_or_else(|| DEMO_JWT_SECRET.into());
        if jwt_secret.chars().count() < MIN_SECRET_LENGTH {
            return Err(ConfigError(format!(
                "JWT_SECRET is {} characters long: use at least {MIN_SECRET_LENGTH} (e.g. `openssl rand -base64 48`)",
                jwt_secret.chars().count()
            )));
        }
        if production && PUBLIC_DEMO_SECRETS.contains(&jwt_secret.as_str()) {
            return Err(ConfigError(
                "JWT_SECRET is the public Supabase demo secret, which production refuses: set your own \
                 (e.g. `openssl rand -base64 48`)"
                    .into(),
            ));
        }
        let jwt_secrets_accepted: Vec<String> = get("JWT_SECRETS_ACCEPTED")
            .map(|text| cb_rest::config_list(&text))
            .unwrap_or_default();
        for secret in &jwt_secrets_accepted {
            let length = secret.chars().count();
            if length < MIN_SECRET_LENGTH {
                return Err(ConfigError(format!(
                    "JWT_SECRETS_ACCEPTED has a secret of {length} characters: each needs at least \
                     {MIN_SECRET_LENGTH}"
                )));
            }
            if production && PUBLIC_DEMO_SECRETS.contains(&secret.as_str()) {
                return Err(ConfigError(
                    "JWT_SECRETS_ACCEPTED has a public demo secret, which production refuses"
                        .into(),
                ));
            }
        }
        let mut keys = ApiKeys::for_secret(&jwt_secret);
        let verifier = JwtVerifier::new(&jwt_secret);
        for (name, role) in [
            ("ANON_KEY", KeyRole::Anon),
            ("SERVICE_ROLE_KEY", KeyRole::ServiceRole),
        ] {
            if let Some(key) = get(name) {
                let claims = verifier.verify(&key).map_err(|err| {
                    ConfigError(format!(
                        "{name} is not a valid key for JWT_SECRET ({err}): run `claimbridge keys`"
                    ))
                })?;
                if claims.role() != Some(role.as_str()) {
                    return Err(ConfigError(format!(
                        "{name} carries role '{}', not '{}': run `claimbridge keys`",
                        claims.role().unwrap_or(""),
                        role.as_str()
                    )));
                }
                match role {
                    KeyRole::Anon => keys.anon = key,
                    KeyRole::ServiceRole => keys.service_role = key,
                }
            }
        }

        let admin_passcode_hash = get("ADMIN_PASSCODE_HASH");
        match &admin_passcode_hash {
            Some(hash) => crate::passcode::check_hash_format(hash).map_err(|reason| {
                ConfigError(format!(
                    "ADMIN_PASSCODE_HASH {reason}: create one with `claimbridge passcode-hash`"
                ))
            })?,
            None if production => {
                return Err(ConfigError(
                    "ADMIN_PASSCODE_HASH is not set, which production requires: create it with \
                     `claimbridge passcode-hash`"
                        .into(),
                ));
            }
            None => {}
        }

        let database = match postgres_url(&get, "DATABASE_URL")? {
            Some(url) => Database::Url(url),
            None => Database::Local {
                bin_dir: get("POSTGRES_BIN_DIR").map(PathBuf::from),
            },
        };
        let rest_database_url = postgres_url(&get, "CLAIMBRIDGE_REST_DATABASE_URL")?;

        let log_format = match get("CLAIMBRIDGE_LOG_FORMAT").as_deref() {
            None => {
                if production {
                    LogFormat::Json
                } else {
                    LogFormat::Pretty
                }
            }
            Some("json") => LogFormat::Json,
            Some("pretty" | "text") => LogFormat::Pretty,
            Some(other) => {
                return Err(ConfigError(format!(
                    "CLAIMBRIDGE_LOG_FORMAT is '{other}': set it to 'json' or 'pretty'"
                )));
            }
        };

        let captcha_provider = get("CAPTCHA_PROVIDER").unwrap_or_else(|| "altcha".into());
        if !["altcha", "recaptcha", "hcaptcha", "turnstile"].contains(&captcha_provider.as_str()) {
            return Err(ConfigError(format!(
                "CAPTCHA_PROVIDER is '{captcha_provider}': set it to altcha, recaptcha, hcaptcha or turnstile"
            )));
        }
        let text = |name: &str, default: &str| get(name).unwrap_or_else(|| default.to_string());
        let public_site_url = site_url(&get, port)?;
        let defaults = company_defaults();
        let company = Company {
            name: text("COMPANY_NAME", &defaults.name),
            tagline: text("COMPANY_TAGLINE", &defaults.tagline),
            email: text("COMPANY_EMAIL", &defaults.email),
            phone: text("COMPANY_PHONE", &defaults.phone),
            address: text("COMPANY_ADDRESS", &defaults.address),
            hours: text("COMPANY_HOURS", &defaults.hours),
            // The company website shown on the site; the client also builds canonical links
            // from it, so it defaults to the site's own public URL and they agree.
            site_url: text("SITE_URL", &public_site_url),
            training_hub_url: text("TRAINING_HUB_URL", &defaults.training_hub_url),
            support_desk_url: text("SUPPORT_DESK_URL", &defaults.support_desk_url),
            linkedin_url: text("COMPANY_LINKEDIN_URL", &defaults.social.linkedin),
            x_url: text("COMPANY_X_URL", &defaults.social.x),
            facebook_url: text("COMPANY_FACEBOOK_URL", &defaults.social.facebook),
            youtube_url: text("COMPANY_YOUTUBE_URL", &defaults.social.youtube),
        };

        let render = cb_site::RendererSettings {
            workers: parse_number(&get, "CLAIMBRIDGE_RENDER_WORKERS", 1usize)?.max(1),
            ..cb_site::RendererSettings::default()
        };

        let mut functions = functions_settings(&get, &jwt_secret, production, &captcha_provider)?;
        functions.lead_email = lead_email::settings(&get, &public_site_url)?;
        functions.verify_jwt = cb_functions::VerifyJwt {
            // The environment only (config.toml sets it per function).
            all: env("FUNCTIONS_VERIFY_JWT")
                .map(|_| parse_bool(&env, "FUNCTIONS_VERIFY_JWT", true))
                .transpose()?,
            per_function: file.verify_jwt.clone(),
        };
        let rest = rest_settings(&get, functions.trusted_proxies.clone())?;
        let admin_token_ttl = Duration::from_secs(parse_number(
            &get,
            "JWT_EXPIRY",
            cb_auth::ADMIN_TOKEN_TTL.as_secs(),
        )?);
        if !(60..=604_800).contains(&admin_token_ttl.as_secs()) {
            return Err(ConfigError(format!(
                "JWT_EXPIRY ([auth] jwt_expiry) is {}: set it between 60 and 604800 seconds (one week)",
                admin_token_ttl.as_secs()
            )));
        }

        let revisions_kept = parse_number(&get, "CLAIMBRIDGE_REVISIONS_KEPT", 100u32)?;
        if !(1..=100_000).contains(&revisions_kept) {
            return Err(ConfigError(format!(
                "CLAIMBRIDGE_REVISIONS_KEPT is {revisions_kept}: set it between 1 and 100000 revisions per item"
            )));
        }

        let storage = storage_settings(
            &get,
            &jwt_secret,
            secret_verifier(&jwt_secret, &jwt_secrets_accepted),
        )?;

        let mut config = Self {
            environment,
            host,
            port,
            data_dir: PathBuf::from(text("CLAIMBRIDGE_DATA_DIR", ".data")),
            database,
            rest_database_url,
            db_max_connections: parse_number(&get, "CLAIMBRIDGE_DB_MAX_CONNECTIONS", 20u32)?,
            jwt_secret,
            jwt_secrets_accepted,
            keys,
            admin_passcode_hash,
            require_api_key: parse_bool(&get, "CLAIMBRIDGE_REQUIRE_APIKEY", true)?,
            frontend_dir: PathBuf::from(text("CLAIMBRIDGE_FRONTEND_DIR", "frontend/dist")),
            site_url: public_site_url,
            log_format,
            log_filter: text("CLAIMBRIDGE_LOG", "info,sqlx::postgres::notice=warn"),
            max_body_bytes: parse_number(
                &get,
                "CLAIMBRIDGE_MAX_BODY_BYTES",
                10 * 1024 * 1024usize,
            )?,
            request_timeout: Duration::from_secs(parse_number(
                &get,
                "CLAIMBRIDGE_REQUEST_TIMEOUT_SECS",
                30u64,
            )?),
            storage,
            public: PublicConfig {
                captcha_provider,
                captcha_site_key: text("CAPTCHA_SITE_KEY", ""),
                webhook_url: text("WEBHOOK_URL", "/functions/v1/lead-relay"),
                company,
            },
            functions,
            render,
            rest,
            admin_token_ttl,
            supabase_config,
            metrics_addr: metrics_addr(&get, port)?,
            drain: Duration::from_secs(parse_number(
                &get,
                "CLAIMBRIDGE_DRAIN_SECS",
                if production { 5u64 } else { 0 },
            )?),
            revisions_kept,
        };
        // The functions check callers' JWTs as every other service does.
        config.functions.jwt_verifier = config.jwt_verifier();
        Ok(config)
    }

    /// The verifier every service resolves callers with: the project secret, and the project's
    /// API keys accepted by exact match (they stay valid until rotated, whatever their exp says).
    pub fn jwt_verifier(&self) -> JwtVerifier {
        self.secret_verifier().with_api_keys(&self.keys)
    }

    /// The project secret and a rotation's other secrets, without the API keys (Auth's callers).
    pub fn secret_verifier(&self) -> JwtVerifier {
        secret_verifier(&self.jwt_secret, &self.jwt_secrets_accepted)
    }

    /// What the website crate serves and says about the site.
    pub fn site_settings(&self) -> cb_site::SiteSettings {
        cb_site::SiteSettings {
            dist_dir: self.frontend_dir.clone(),
            runtime_config: self.runtime_config(),
            site_url: self.site_url.clone(),
            company_name: self.public.company.name.clone(),
            company_tagline: self.public.company.tagline.clone(),
            production: self.environment == Environment::Production,
            render: self.render.clone(),
        }
    }

    /// The configuration the browser receives (no secrets: the anon key is public by design).
    pub fn runtime_config(&self) -> Value {
        let company = &self.public.company;
        json!({
            "supabaseUrl": null,
            "supabaseAnonKey": self.keys.anon,
            "captchaProvider": self.public.captcha_provider,
            "captchaSiteKey": self.public.captcha_site_key,
            "captchaChallengeUrl": "/functions/v1/captcha-challenge",
            "webhookUrl": self.public.webhook_url,
            "company": {
                "name": company.name,
                "tagline": company.tagline,
                "email": company.email,
                "phone": company.phone,
                "address": company.address,
                "hours": company.hours,
                "siteUrl": company.site_url,
                "trainingHubUrl": company.training_hub_url,
                "supportDeskUrl": company.support_desk_url,
                "social": {
                    "linkedin": company.linkedin_url,
                    "x": company.x_url,
                    "facebook": company.facebook_url,
                    "youtube": company.youtube_url,
                },
            },
        })
    }
}

/// CLAIMBRIDGE_SITE_URL: an absolute http(s) URL without a trailing slash; locally this
/// server's own address.
fn site_url(get: &impl Fn(&str) -> Option<String>, port: u16) -> Result<String, ConfigError> {
    let Some(value) = get("CLAIMBRIDGE_SITE_URL") else {
        return Ok(format!("http://localhost:{port}"));
    };
    let valid = (value.starts_with("https://") || value.starts_with("http://"))
        && !value.contains(char::is_whitespace)
        && value
            .split("://")
            .nth(1)
            .is_some_and(|rest| !rest.is_empty());
    if !valid {
        return Err(ConfigError(format!(
            "CLAIMBRIDGE_SITE_URL is '{value}': set it to the site's public URL, e.g. https://www.claimbridge.com"
        )));
    }
    Ok(value.trim_end_matches('/').to_string())
}

// ---- /functions/v1 ------------------------------------------------------------------------
/// Captcha, rate limits, trusted proxies and lead webhooks (README "Functions" variables).
fn functions_settings(
    get: &impl Fn(&str) -> Option<String>,
    jwt_secret: &str,
    production: bool,
    captcha_provider: &str,
) -> Result<cb_functions::Settings, ConfigError> {
    use cb_functions::{CaptchaProvider, RateLimit, TrustedProxies, WebhookSettings};
    let mut settings = cb_functions::Settings::defaults(jwt_secret);

    let captcha = &mut settings.captcha;
    captcha.provider = CaptchaProvider::parse(captcha_provider).ok_or_else(|| {
        ConfigError(format!("CAPTCHA_PROVIDER is '{captcha_provider}': set it to altcha, recaptcha, hcaptcha or turnstile"))
    })?;
    captcha.site_key = get("CAPTCHA_SITE_KEY").unwrap_or_default();
    captcha.secret_key = get("CAPTCHA_SECRET_KEY").unwrap_or_default();
    if captcha.provider != CaptchaProvider::Altcha && captcha.secret_key.is_empty() {
        return Err(ConfigError(format!(
            "CAPTCHA_SECRET_KEY is not set, which CAPTCHA_PROVIDER={captcha_provider} needs: copy the \
             secret key from the provider's console (or use CAPTCHA_PROVIDER=altcha)"
        )));
    }
    if let Some(url) = get("CAPTCHA_VERIFY_URL") {
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(ConfigError(
                "CAPTCHA_VERIFY_URL must start with http:// or https://".into(),
            ));
        }
        captcha.verify_url = url;
    }
    if let Some(text) = get("CAPTCHA_MIN_SCORE") {
        captcha.min_score = text
            .parse::<f64>()
            .ok()
            .filter(|score| (0.0..=1.0).contains(score))
            .ok_or_else(|| {
                ConfigError(format!(
                    "CAPTCHA_MIN_SCORE is '{text}': set it between 0.0 and 1.0"
                ))
            })?;
    }
    if let Some(key) = get("ALTCHA_HMAC_KEY") {
        if key.chars().count() < MIN_SECRET_LENGTH {
            return Err(ConfigError(format!(
                "ALTCHA_HMAC_KEY is {} characters long: use at least {MIN_SECRET_LENGTH}, or unset it \
                 to derive it from JWT_SECRET",
                key.chars().count()
            )));
        }
        captcha.altcha_hmac_key = key.into_bytes();
    }
    captcha.altcha_max_number = parse_number(get, "ALTCHA_MAX_NUMBER", captcha.altcha_max_number)?;
    if captcha.altcha_max_number == 0 {
        return Err(ConfigError(
            "ALTCHA_MAX_NUMBER is 0: set it to a whole number above 0 (e.g. 100000)".into(),
        ));
    }
    captcha.altcha_ttl = Duration::from_secs(parse_number(
        get,
        "ALTCHA_EXPIRES_SECS",
        captcha.altcha_ttl.as_secs(),
    )?);

    let limit = |name: &str, default: RateLimit| -> Result<RateLimit, ConfigError> {
        match get(name) {
            None => Ok(default),
            Some(text) => {
                RateLimit::parse(&text).map_err(|reason| ConfigError(format!("{name} {reason}")))
            }
        }
    };
    settings.antispam_ip_limit = limit("ANTISPAM_IP_RATE_LIMIT", settings.antispam_ip_limit)?;
    settings.antispam_email_limit =
        limit("ANTISPAM_EMAIL_RATE_LIMIT", settings.antispam_email_limit)?;
    settings.login_failure_limit = limit("LOGIN_FAILURE_LIMIT", settings.login_failure_limit)?;
    settings.lead_relay_ip_limit = limit("LEAD_RELAY_IP_RATE_LIMIT", settings.lead_relay_ip_limit)?;
    settings.lead_relay_require_captcha = parse_bool(
        get,
        "LEAD_RELAY_REQUIRE_CAPTCHA",
        settings.lead_relay_require_captcha,
    )?;
    if let Some(text) = get("TRUSTED_PROXIES") {
        settings.trusted_proxies = TrustedProxies::parse(&text)
            .map_err(|reason| ConfigError(format!("TRUSTED_PROXIES: {reason}")))?;
    }

    let webhooks = &mut settings.webhooks;
    let list = |text: String| -> Vec<String> {
        text.split([',', ' ', '\n'])
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .map(str::to_string)
            .collect()
    };
    webhooks.targets = get("LEAD_WEBHOOK_URLS").map(list).unwrap_or_default();
    if let Some(bad) = webhooks
        .targets
        .iter()
        .find(|url| !(url.starts_with("http://") || url.starts_with("https://")))
    {
        return Err(ConfigError(format!(
            "LEAD_WEBHOOK_URLS has '{bad}': list http:// or https:// URLs separated by commas"
        )));
    }
    match get("LEAD_WEBHOOK_SECRET").map(list) {
        Some(secrets) if !secrets.is_empty() => {
            webhooks.secrets = secrets
                .iter()
                .map(|secret| WebhookSettings::secret_key(secret))
                .collect();
        }
        _ if production && !webhooks.targets.is_empty() => {
            return Err(ConfigError(
                "LEAD_WEBHOOK_SECRET is not set, which production requires with LEAD_WEBHOOK_URLS: \
                 create one (e.g. `echo whsec_$(openssl rand -base64 32)`) and give it to the receiver"
                    .into(),
            ));
        }
        _ => {}
    }
    webhooks.timeout =
        Duration::from_secs(parse_number(get, "LEAD_WEBHOOK_TIMEOUT_SECS", 15u64)?.max(1));
    webhooks.retry_base =
        Duration::from_millis(parse_number(get, "LEAD_WEBHOOK_RETRY_BASE_MS", 5000u64)?.max(10));
    webhooks.retry_max =
        Duration::from_secs(parse_number(get, "LEAD_WEBHOOK_RETRY_MAX_SECS", 6 * 3600u64)?.max(1));
    webhooks.max_age =
        Duration::from_secs(parse_number(get, "LEAD_WEBHOOK_MAX_AGE_HOURS", 72u64)?.max(1) * 3600);
    webhooks.poll_interval =
        Duration::from_millis(parse_number(get, "LEAD_WEBHOOK_POLL_MS", 2000u64)?.max(10));
    Ok(settings)
}

// ---- /storage/v1 --------------------------------------------------------------------------
/// The object store and the upload limits (README "Storage" variables).
fn storage_settings(
    get: &impl Fn(&str) -> Option<String>,
    jwt_secret: &str,
    verifier: JwtVerifier,
) -> Result<cb_storage::StorageConfig, ConfigError> {
    let data_dir = PathBuf::from(get("CLAIMBRIDGE_DATA_DIR").unwrap_or_else(|| ".data".into()));
    let backend = match get("STORAGE_BACKEND").as_deref() {
        None | Some("file") => cb_storage::BackendConfig::File {
            root: data_dir.join("storage"),
        },
        Some("s3") => {
            let required = |name: &str| {
                get(name).ok_or_else(|| {
                    ConfigError(format!(
                        "{name} is not set, which STORAGE_BACKEND=s3 needs: set it (see README, Storage)"
                    ))
                })
            };
            let endpoint = get("S3_ENDPOINT");
            if let Some(url) = &endpoint
                && !(url.starts_with("http://") || url.starts_with("https://"))
            {
                return Err(ConfigError(
                    "S3_ENDPOINT must start with http:// or https:// (e.g. http://minio:9000)"
                        .into(),
                ));
            }
            cb_storage::BackendConfig::S3(cb_storage::S3Settings {
                endpoint,
                region: get("S3_REGION").unwrap_or_else(|| "us-east-1".into()),
                bucket: required("S3_BUCKET")?,
                force_path_style: parse_bool(get, "S3_FORCE_PATH_STYLE", false)?,
                access_key_id: required("S3_ACCESS_KEY_ID")?,
                secret_access_key: required("S3_SECRET_ACCESS_KEY")?,
            })
        }
        Some(other) => {
            return Err(ConfigError(format!(
                "STORAGE_BACKEND is '{other}': set it to 'file' or 's3'"
            )));
        }
    };
    let signing_secret = get("STORAGE_SIGNING_SECRET").unwrap_or_else(|| jwt_secret.to_string());
    if signing_secret.chars().count() < MIN_SECRET_LENGTH {
        return Err(ConfigError(format!(
            "STORAGE_SIGNING_SECRET is {} characters long: use at least {MIN_SECRET_LENGTH}, or unset \
             it to sign with JWT_SECRET",
            signing_secret.chars().count()
        )));
    }
    let request_timeout = Duration::from_secs(parse_number(
        get,
        "CLAIMBRIDGE_REQUEST_TIMEOUT_SECS",
        30u64,
    )?);
    Ok(cb_storage::StorageConfig {
        backend,
        file_size_limit: match get("STORAGE_FILE_SIZE_LIMIT") {
            None => 50 * 1024 * 1024,
            Some(text) => supabase_toml::parse_size(&text).ok_or_else(|| {
                ConfigError(format!(
                    "STORAGE_FILE_SIZE_LIMIT is '{text}': set it to bytes or a size such as 50MiB"
                ))
            })?,
        },
        verifier,
        signing_secret,
        signed_upload_expiry: Duration::from_secs(
            parse_number(get, "STORAGE_SIGNED_UPLOAD_EXPIRY_SECS", 7200u64)?.max(1),
        ),
        request_timeout,
        idle_timeout: request_timeout,
        images: cb_storage::ImageConfig {
            enabled: parse_bool(get, "STORAGE_IMAGE_TRANSFORMATION", true)?,
            max_dimension: parse_number(get, "STORAGE_IMAGE_MAX_SIZE", 2500u32)?.max(1),
            max_source_pixels: parse_number(get, "STORAGE_IMAGE_MAX_SOURCE_PIXELS", 50_000_000u64)?,
            max_source_bytes: parse_number(get, "STORAGE_IMAGE_MAX_SOURCE_BYTES", 26_214_400u64)?,
            concurrency: parse_number(
                get,
                "STORAGE_IMAGE_CONCURRENCY",
                cb_storage::ImageConfig::default().concurrency,
            )?
            .max(1),
            memory_cache_bytes: parse_number(
                get,
                "STORAGE_IMAGE_MEMORY_CACHE_BYTES",
                64 * 1024 * 1024u64,
            )?,
        },
    })
}

// ---- /rest/v1 -----------------------------------------------------------------------------
/// PostgREST's settings under their PGRST_ names (README "REST" variables), and the
/// per-client limits.
fn rest_settings(
    get: &impl Fn(&str) -> Option<String>,
    trusted_proxies: cb_gateway::TrustedProxies,
) -> Result<cb_rest::RestSettings, ConfigError> {
    let defaults = cb_rest::RestSettings::default();
    let list = |name: &str, default: Vec<String>| -> Result<Vec<String>, ConfigError> {
        let Some(text) = get(name) else {
            return Ok(default);
        };
        let items = cb_rest::config_list(&text);
        if items.is_empty() {
            return Err(ConfigError(format!(
                "{name} is '{text}': list schema names separated by commas"
            )));
        }
        Ok(items)
    };
    let schemas = list("PGRST_DB_SCHEMAS", defaults.schemas.clone())?;
    let extra_search_path = list(
        "PGRST_DB_EXTRA_SEARCH_PATH",
        defaults.extra_search_path.clone(),
    )?;
    let max_rows = match get("PGRST_DB_MAX_ROWS") {
        None => defaults.max_rows,
        Some(_) => Some(i64::from(parse_number(get, "PGRST_DB_MAX_ROWS", 0u32)?)),
    };

    let client_defaults = cb_rest::ClientLimitSettings::default();
    let per_client = parse_number(get, "REST_CLIENT_CONCURRENCY", client_defaults.per_client)?;
    if per_client >= defaults.pool_size as usize {
        return Err(ConfigError(format!(
            "REST_CLIENT_CONCURRENCY is {per_client}: keep it below the {} connections \
             of the REST pool, so that one client cannot hold them all (0 turns the limit off)",
            defaults.pool_size
        )));
    }
    Ok(cb_rest::RestSettings {
        schemas,
        extra_search_path,
        max_rows,
        aggregates_enabled: parse_bool(
            get,
            "PGRST_DB_AGGREGATES_ENABLED",
            defaults.aggregates_enabled,
        )?,
        plan_enabled: parse_bool(get, "PGRST_DB_PLAN_ENABLED", defaults.plan_enabled)?,
        client_limits: cb_rest::ClientLimitSettings {
            per_client,
            queue: parse_number(get, "REST_CLIENT_QUEUE", client_defaults.queue)?,
            ..client_defaults
        },
        trusted_proxies,
        ..defaults
    })
}

/// Verifies tokens signed with the project secret or one of a rotation's other secrets.
fn secret_verifier(jwt_secret: &str, accepted: &[String]) -> JwtVerifier {
    JwtVerifier::new(jwt_secret).accepting(accepted)
}

/// CLAIMBRIDGE_METRICS_ADDR: `host:port` of the metrics listener, never the public port.
fn metrics_addr(
    get: &impl Fn(&str) -> Option<String>,
    public_port: u16,
) -> Result<Option<std::net::SocketAddr>, ConfigError> {
    let Some(text) = get("CLAIMBRIDGE_METRICS_ADDR") else {
        return Ok(None);
    };
    let addr: std::net::SocketAddr = text.parse().map_err(|_| {
        ConfigError(format!(
            "CLAIMBRIDGE_METRICS_ADDR is '{text}': set it to host:port, e.g. 127.0.0.1:9464"
        ))
    })?;
    if addr.port() == public_port {
        return Err(ConfigError(format!(
            "CLAIMBRIDGE_METRICS_ADDR uses the public port {public_port}: metrics need a listen \
             address of their own (e.g. 127.0.0.1:9464)"
        )));
    }
    Ok(Some(addr))
}

/// The Supabase config.toml: CLAIMBRIDGE_SUPABASE_CONFIG (which must exist), else
/// `supabase/config.toml` when there is one, else none.
fn read_supabase_config(
    env: &impl Fn(&str) -> Option<String>,
) -> Result<(Option<PathBuf>, supabase_toml::FileSettings), ConfigError> {
    let (path, required) = match env("CLAIMBRIDGE_SUPABASE_CONFIG") {
        Some(path) => (PathBuf::from(path), true),
        None => (PathBuf::from(DEFAULT_SUPABASE_CONFIG), false),
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) if !required && err.kind() == std::io::ErrorKind::NotFound => {
            return Ok((None, Default::default()));
        }
        Err(err) => {
            return Err(ConfigError(format!(
                "CLAIMBRIDGE_SUPABASE_CONFIG: cannot read {}: {err}",
                path.display()
            )));
        }
    };
    let settings = supabase_toml::parse(&path.display().to_string(), &text, env)?;
    Ok((Some(path), settings))
}

fn parse_number<T: std::str::FromStr>(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: T,
) -> Result<T, ConfigError> {
    match get(name) {
        None => Ok(default),
        Some(text) => text
            .parse()
            .map_err(|_| ConfigError(format!("{name} is '{text}': set it to a whole number"))),
    }
}

/// A PostgreSQL URL from `name`, if set; anything but a postgres:// URL is refused.
fn postgres_url(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
) -> Result<Option<String>, ConfigError> {
    match get(name) {
        Some(url) if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) => {
            Err(ConfigError(format!(
                "{name} must start with postgres:// or postgresql://"
            )))
        }
        url => Ok(url),
    }
}

fn parse_bool(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: bool,
) -> Result<bool, ConfigError> {
    match get(name).as_deref() {
        None => Ok(default),
        Some("1" | "true" | "yes" | "on") => Ok(true),
        Some("0" | "false" | "no" | "off") => Ok(false),
        Some(other) => Err(ConfigError(format!(
            "{name} is '{other}': set it to true or false"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|name| map.get(name).cloned())
    }

    #[test]
    fn the_site_url_defaults_to_this_server_and_is_the_company_site_url_by_default() {
        let local = config(&[("CLAIMBRIDGE_PORT", "8080")]).unwrap();
        assert_eq!(local.site_url, "http://localhost:8080");
        assert_eq!(
            local.runtime_config()["company"]["siteUrl"],
            "http://localhost:8080"
        );
        let public = config(&[("CLAIMBRIDGE_SITE_URL", "https://www.example.test/")]).unwrap();
        assert_eq!(public.site_url, "https://www.example.test");
        assert_eq!(public.site_settings().site_url, "https://www.example.test");
        let separate = config(&[
            ("CLAIMBRIDGE_SITE_URL", "https://www.example.test"),
            ("SITE_URL", "https://company.example.test"),
        ])
        .unwrap();
        assert_eq!(
            separate.runtime_config()["company"]["siteUrl"],
            "https://company.example.test"
        );
        for bad in [
            "www.example.test",
            "ftp://example.test",
            "https://",
            "https://a b",
        ] {
            let err = config(&[("CLAIMBRIDGE_SITE_URL", bad)])
                .unwrap_err()
                .to_string();
            assert!(err.starts_with("CLAIMBRIDGE_SITE_URL is"), "{bad}: {err}");
        }
    }

    #[test]
    fn local_defaults_work_without_any_variable() {
        let config = config(&[]).unwrap();
        assert_eq!(config.port, 54321);
        assert_eq!(config.jwt_secret, DEMO_JWT_SECRET);
        assert_eq!(config.keys.anon, cb_gateway::DEMO_ANON_KEY);
        assert!(matches!(config.database, Database::Local { .. }));
        assert!(config.require_api_key);
        assert_eq!(config.runtime_config()["company"]["name"], "ClaimBridge");
    }

    #[test]
    fn short_secrets_are_refused_everywhere() {
        let err = config(&[("JWT_SECRET", "too-short")])
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("JWT_SECRET is 9 characters long"), "{err}");
    }

    #[test]
    fn production_refuses_the_demo_secret_and_a_missing_passcode_hash() {
        let err = config(&[("CLAIMBRIDGE_ENV", "production")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("demo secret"), "{err}");
        let secret = "a-production-secret-that-is-long-enough-0123456789";
        let err = config(&[("CLAIMBRIDGE_ENV", "production"), ("JWT_SECRET", secret)])
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("ADMIN_PASSCODE_HASH is not set"), "{err}");
        let hash = crate::passcode::hash("correct horse battery staple").unwrap();
        let config = config(&[
            ("CLAIMBRIDGE_ENV", "production"),
            ("JWT_SECRET", secret),
            ("ADMIN_PASSCODE_HASH", &hash),
        ])
        .unwrap();
        assert_eq!(config.log_format, LogFormat::Json);
        assert_eq!(config.host.to_string(), "0.0.0.0");
        assert_ne!(config.keys.anon, cb_gateway::DEMO_ANON_KEY);
    }

    #[test]
    fn bad_values_name_the_variable() {
        for (name, value) in [
            ("CLAIMBRIDGE_PORT", "eighty"),
            ("CLAIMBRIDGE_HOST", "localhost:1"),
            ("CLAIMBRIDGE_REQUIRE_APIKEY", "maybe"),
            ("DATABASE_URL", "mysql://x"),
            ("CLAIMBRIDGE_REST_DATABASE_URL", "authenticator@localhost"),
            ("ADMIN_PASSCODE_HASH", "plaintext"),
            ("ANON_KEY", "not-a-jwt"),
            ("CAPTCHA_PROVIDER", "recaptcha-v9"),
        ] {
            let err = config(&[(name, value)]).unwrap_err().to_string();
            assert!(err.starts_with(name), "{name}: {err}");
        }
    }

    #[test]
    fn storage_defaults_to_the_data_dir_and_s3_needs_its_settings() {
        let local = config(&[("CLAIMBRIDGE_DATA_DIR", "/srv/cb")]).unwrap();
        assert_eq!(
            local.storage.backend,
            cb_storage::BackendConfig::File {
                root: PathBuf::from("/srv/cb/storage")
            }
        );
        assert_eq!(local.storage.signing_secret, DEMO_JWT_SECRET);
        assert_eq!(local.storage.file_size_limit, 50 * 1024 * 1024);
        let err = config(&[("STORAGE_BACKEND", "s3"), ("S3_ACCESS_KEY_ID", "id")])
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("S3_BUCKET is not set"), "{err}");
        let s3 = config(&[
            ("STORAGE_BACKEND", "s3"),
            ("S3_ENDPOINT", "http://minio:9000"),
            ("S3_BUCKET", "claimbridge"),
            ("S3_FORCE_PATH_STYLE", "true"),
            ("S3_ACCESS_KEY_ID", "id"),
            ("S3_SECRET_ACCESS_KEY", "secret"),
        ])
        .unwrap();
        let cb_storage::BackendConfig::S3(settings) = s3.storage.backend else {
            panic!("s3 expected");
        };
        assert!(settings.force_path_style);
        assert_eq!(settings.region, "us-east-1");
        for (name, value) in [
            ("STORAGE_BACKEND", "ftp"),
            ("STORAGE_FILE_SIZE_LIMIT", "big"),
            ("STORAGE_SIGNING_SECRET", "short"),
        ] {
            let err = config(&[(name, value)]).unwrap_err().to_string();
            assert!(err.starts_with(name), "{name}: {err}");
        }
    }

    #[test]
    fn keys_must_match_their_role() {
        let err = config(&[("ANON_KEY", cb_gateway::DEMO_SERVICE_ROLE_KEY)])
            .unwrap_err()
            .to_string();
        assert!(err.contains("role 'service_role'"), "{err}");
    }

    #[test]
    fn function_settings_parse_and_name_bad_variables() {
        let parsed = config(&[
            ("ANTISPAM_IP_RATE_LIMIT", "7/5m"),
            ("LOGIN_FAILURE_LIMIT", "off"),
            ("TRUSTED_PROXIES", "10.0.0.0/8, 127.0.0.1"),
            ("LEAD_WEBHOOK_URLS", "https://a.test/hook, http://b.test/x"),
            (
                "LEAD_WEBHOOK_SECRET",
                "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw,plain-text-secret",
            ),
        ])
        .unwrap();
        let functions = &parsed.functions;
        assert_eq!(
            functions.antispam_ip_limit,
            cb_functions::RateLimit::new(7, 300)
        );
        assert!(functions.login_failure_limit.is_off());
        assert_eq!(
            functions.antispam_email_limit,
            cb_functions::RateLimit::new(3, 3600)
        );
        assert_eq!(functions.webhooks.targets.len(), 2);
        assert_eq!(functions.webhooks.secrets.len(), 2);
        assert_eq!(functions.webhooks.secrets[1], b"plain-text-secret");
        for (name, value) in [
            ("ANTISPAM_EMAIL_RATE_LIMIT", "lots"),
            ("TRUSTED_PROXIES", "proxy.internal"),
            ("LEAD_WEBHOOK_URLS", "ftp://x"),
            ("ALTCHA_HMAC_KEY", "short"),
            ("ALTCHA_MAX_NUMBER", "0"),
            ("CAPTCHA_MIN_SCORE", "2"),
            ("CAPTCHA_VERIFY_URL", "siteverify"),
        ] {
            let err = config(&[(name, value)]).unwrap_err().to_string();
            assert!(err.starts_with(name), "{name}: {err}");
        }
        let err = config(&[("CAPTCHA_PROVIDER", "turnstile")])
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("CAPTCHA_SECRET_KEY"), "{err}");
        let secret = "a-production-secret-that-is-long-enough-0123456789";
        let hash = crate::passcode::hash("correct horse battery staple").unwrap();
        let err = config(&[
            ("CLAIMBRIDGE_ENV", "production"),
            ("JWT_SECRET", secret),
            ("ADMIN_PASSCODE_HASH", &hash),
            ("LEAD_WEBHOOK_URLS", "https://hooks.test/leads"),
        ])
        .unwrap_err()
        .to_string();
        assert!(err.starts_with("LEAD_WEBHOOK_SECRET"), "{err}");
    }

    /// A config.toml holding `text`, removed when dropped.
    struct TomlFile(tempfile::NamedTempFile);

    impl TomlFile {
        fn new(text: &str) -> Self {
            let file = tempfile::Builder::new().suffix(".toml").tempfile().unwrap();
            std::fs::write(file.path(), text).unwrap();
            TomlFile(file)
        }

        fn path(&self) -> &str {
            self.0.path().to_str().unwrap()
        }
    }

    #[test]
    fn config_toml_sets_defaults_and_the_environment_wins() {
        let file = TomlFile::new(
            r#"
            [api]
            schemas = ["public", "personal"]
            extra_search_path = ["extensions"]
            max_rows = 50
            [storage]
            file_size_limit = "5MiB"
            [auth]
            jwt_expiry = 3600
            [functions.simple-auth]
            verify_jwt = false
            "#,
        );
        let from_file = config(&[("CLAIMBRIDGE_SUPABASE_CONFIG", file.path())]).unwrap();
        assert_eq!(from_file.rest.schemas, ["public", "personal"]);
        assert_eq!(from_file.rest.extra_search_path, ["extensions"]);
        assert_eq!(from_file.rest.max_rows, Some(50));
        assert_eq!(from_file.storage.file_size_limit, 5 << 20);
        assert_eq!(from_file.admin_token_ttl, Duration::from_secs(3600));
        let verify = &from_file.functions.verify_jwt;
        assert!(!verify.applies_to("simple-auth", true));
        assert!(verify.applies_to("antispam-check", true));
        assert_eq!(from_file.supabase_config.as_deref(), Some(file.0.path()));

        let overridden = config(&[
            ("CLAIMBRIDGE_SUPABASE_CONFIG", file.path()),
            ("PGRST_DB_SCHEMAS", "api, public"),
            ("PGRST_DB_MAX_ROWS", "7"),
            ("PGRST_DB_AGGREGATES_ENABLED", "true"),
            ("PGRST_DB_PLAN_ENABLED", "true"),
            ("STORAGE_FILE_SIZE_LIMIT", "1MB"),
            ("JWT_EXPIRY", "600"),
            ("FUNCTIONS_VERIFY_JWT", "true"),
        ])
        .unwrap();
        assert_eq!(overridden.rest.schemas, ["api", "public"]);
        assert_eq!(overridden.rest.max_rows, Some(7));
        assert!(overridden.rest.aggregates_enabled && overridden.rest.plan_enabled);
        assert_eq!(overridden.storage.file_size_limit, 1 << 20);
        assert_eq!(overridden.admin_token_ttl, Duration::from_secs(600));
        assert!(
            overridden
                .functions
                .verify_jwt
                .applies_to("simple-auth", true)
        );
    }

    #[test]
    fn a_bad_config_toml_is_one_line_naming_the_setting() {
        let file = TomlFile::new("[api]\nmax_rows = \"all\"");
        let err = config(&[("CLAIMBRIDGE_SUPABASE_CONFIG", file.path())])
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            format!(
                "{}: [api] max_rows must be a whole number of at least 0, got \"all\"",
                file.path()
            )
        );
        let err = config(&[("CLAIMBRIDGE_SUPABASE_CONFIG", "/nonexistent/config.toml")])
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("CLAIMBRIDGE_SUPABASE_CONFIG: cannot read /nonexistent/config.toml"),
            "{err}"
        );
        let short = TomlFile::new("[auth]\njwt_expiry = 5");
        let err = config(&[("CLAIMBRIDGE_SUPABASE_CONFIG", short.path())])
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("JWT_EXPIRY ([auth] jwt_expiry) is 5"),
            "{err}"
        );
        let err = config(&[("PGRST_DB_SCHEMAS", " , ")])
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("PGRST_DB_SCHEMAS is"), "{err}");
        let err = config(&[("CLAIMBRIDGE_METRICS_ADDR", "0.0.0.0:54321")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("uses the public port 54321"), "{err}");
        let err = config(&[("CLAIMBRIDGE_METRICS_ADDR", "metrics")])
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("CLAIMBRIDGE_METRICS_ADDR is 'metrics'"),
            "{err}"
        );
    }

    #[test]
    fn the_projects_config_toml_states_what_each_function_declares() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../supabase/config.toml");
        let project = config(&[("CLAIMBRIDGE_SUPABASE_CONFIG", path)]).unwrap();
        for (name, declared) in cb_functions::declared_verify_jwt() {
            assert_eq!(
                project
                    .functions
                    .verify_jwt
                    .per_function
                    .get(name)
                    .copied()
                    .unwrap_or(true),
                declared,
                "supabase/config.toml's [functions.{name}] verify_jwt differs from the function's \
                 own default (hosted Supabase would deploy it differently)"
            );
        }
        assert_eq!(project.admin_token_ttl, cb_auth::ADMIN_TOKEN_TTL);
    }
}
