//! [`FunctionsState`]: what every function can reach (the pool, the settings, the admin tokens,
//! the captcha, the webhook client) and the lead email worker it starts. The webhook outbox
//! worker's start is in [`crate::outbox`], which reads this state.
use std::sync::Arc;
use std::time::Duration;

use cb_auth::AdminTokens;
use cb_db::sqlx::PgPool;
use tokio::sync::{Notify, Semaphore};

use crate::captcha::Captcha;
use crate::lead_email::{self, LeadEmailHandle};
use crate::passcode;
use crate::settings::Settings;

/// What every function can reach.
#[derive(Clone)]
pub struct FunctionsState(Arc<Inner>);

struct Inner {
    pool: PgPool,
    settings: Settings,
    admin_tokens: AdminTokens,
    /// The auth server, for the staff invitations.
    auth: cb_auth::AuthState,
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
        auth: cb_auth::AuthState,
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
            auth,
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

    pub fn auth(&self) -> &cb_auth::AuthState {
        &self.0.auth
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
