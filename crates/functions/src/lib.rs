//! `/functions/v1`: native handlers for the website's Edge Functions, in the wire format
//! functions-js expects (JSON bodies with a JSON Content-Type, non-2xx for errors):
//! `simple-auth` (admin passcode login and token check), `antispam-check` (captcha and rate
//! limits), `captcha-challenge` (self-hosted ALTCHA challenges) and `lead-relay` (stores every
//! lead, then delivers it to the configured webhooks from an outbox). Everything shared between
//! requests lives in PostgreSQL, so any number of instances can serve.
mod captcha;
mod error;
mod handlers;
mod lead;
pub mod lead_email;
mod outbox;
mod passcode;
mod rate_limit;
mod registry;
mod settings;

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::Router;
use cb_auth::AdminTokens;
use cb_db::sqlx::PgPool;
use tokio::sync::{Notify, Semaphore};

pub use captcha::{Altcha, Captcha, CaptchaError, CaptchaProvider, CaptchaSettings, solve_altcha};
pub use cb_gateway::TrustedProxies;
pub use error::FunctionError;
pub use lead::{REQUIRED_FIELDS, is_valid_email};
pub use lead_email::{LeadEmailHandle, LeadEmailSettings, SmtpSecurity};
pub use outbox::{OutboxHandle, schedule, signature};
pub use rate_limit::RateLimit;
pub use settings::{Settings, VerifyJwt, WebhookSettings, derive_key};

/// What every function can reach.
#[derive(Clone)]
pub struct FunctionsState(Arc<Inner>);

struct Inner {
    pool: PgPool,
    settings: Settings,
    admin_tokens: AdminTokens,
    passcode_hash: Arc<str>,
    captcha: Captcha,
    passcode_permits: Arc<Semaphore>,
    outbox_wake: Notify,
    webhook_client: reqwest::Client,
}

impl std::fmt::Debug for FunctionsState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FunctionsState")
            .field("settings", &self.0.settings)
            .finish_non_exhaustive()
    }
}

impl FunctionsState {
    pub fn new(
        pool: PgPool,
        settings: Settings,
        admin_tokens: AdminTokens,
        passcode_hash: Arc<str>,
    ) -> Self {
        let captcha = Captcha::new(settings.captcha.clone());
        let webhook_client = reqwest::Client::builder()
            .timeout(settings.webhooks.timeout)
            .connect_timeout(settings.webhooks.timeout.min(Duration::from_secs(10)))
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("ClaimBridge-Webhooks/", env!("CARGO_PKG_VERSION")))
            .build()
            .unwrap_or_default();
        Self(Arc::new(Inner {
            pool,
            settings,
            admin_tokens,
            passcode_hash,
            captcha,
            passcode_permits: Arc::new(Semaphore::new(passcode::CONCURRENT_CHECKS)),
            outbox_wake: Notify::new(),
            webhook_client,
        }))
    }

    pub fn pool(&self) -> &PgPool {
        &self.0.pool
    }

    pub fn settings(&self) -> &Settings {
        &self.0.settings
    }

    pub fn admin_tokens(&self) -> &AdminTokens {
        &self.0.admin_tokens
    }

    pub fn captcha(&self) -> &Captcha {
        &self.0.captcha
    }

    pub(crate) fn passcode_hash(&self) -> Arc<str> {
        self.0.passcode_hash.clone()
    }

    pub(crate) fn passcode_permits(&self) -> &Arc<Semaphore> {
        &self.0.passcode_permits
    }

    pub(crate) fn outbox_wake(&self) -> &Notify {
        &self.0.outbox_wake
    }

    pub(crate) fn wake_outbox(&self) {
        self.0.outbox_wake.notify_one();
    }

    pub(crate) fn webhook_client(&self) -> &reqwest::Client {
        &self.0.webhook_client
    }

    /// Starts this instance's webhook outbox worker; stop it with the server.
    pub fn start_outbox(&self) -> OutboxHandle {
        outbox::start(self.clone())
    }

    /// Starts this instance's lead email worker when lead emails are configured (LEAD_EMAIL_TO);
    /// stop it with the server.
    pub fn start_lead_email(&self) -> Option<LeadEmailHandle> {
        lead_email::start(self.0.pool.clone(), &self.0.settings.lead_email)
    }

    /// Records whether leads are queued for email, where the database triggers read it.
    pub async fn record_lead_email_settings(&self) -> Result<(), sqlx::Error> {
        lead_email::record_settings(&self.0.pool, &self.0.settings.lead_email).await
    }
}

/// Every function's name and whether it verifies JWTs unless configured otherwise.
pub fn declared_verify_jwt() -> impl Iterator<Item = (&'static str, bool)> {
    registry::FUNCTIONS
        .iter()
        .map(|function| (function.name, function.verify_jwt))
}

/// Every name a function answers to (aliases included).
pub fn function_names() -> impl Iterator<Item = &'static str> {
    registry::FUNCTIONS
        .iter()
        .flat_map(|function| std::iter::once(function.name).chain(function.aliases.iter().copied()))
}

/// The router to nest at `/functions/v1`.
pub fn router(state: FunctionsState) -> Router {
    Router::new().fallback(registry::dispatch).with_state(state)
}

pub(crate) fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs() as i64)
        .unwrap_or_default()
}
