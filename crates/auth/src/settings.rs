//! What an auth server is configured with, named as the Supabase CLI's `[auth]` section names
//! it (the server's config module fills it from config.toml and the environment; the defaults
//! here are GoTrue's and the CLI's).
use std::time::Duration;

/// A rate limit: at most `count` events per `per`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub count: u32,
    pub per: Duration,
}

impl Rate {
    pub const fn new(count: u32, per: Duration) -> Self {
        Self { count, per }
    }
}

/// `[auth] password_requirements`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PasswordRequirements {
    #[default]
    None,
    LettersDigits,
    LowerUpperLettersDigits,
    LowerUpperLettersDigitsSymbols,
}

/// `[auth.hook.custom_access_token]`: a Postgres function `schema.name(event jsonb) returns
/// jsonb`, called as GoTrue calls it (as `supabase_auth_admin`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostgresHook {
    pub schema: String,
    pub function: String,
}

/// `[auth.rate_limit]`: GoTrue's limits, per client IP unless said otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    /// Emails sent per hour, across the project (`email_sent`).
    pub email_sent: Rate,
    /// Refresh-token grants per IP (`token_refresh`, per 5 minutes).
    pub token_refresh: Rate,
    /// Password sign-ins and sign-ups per IP (`sign_in_sign_ups`, per 5 minutes).
    pub sign_in_sign_ups: Rate,
    /// OTP and link verifications per IP (`token_verifications`, per 5 minutes).
    pub token_verifications: Rate,
    /// Anonymous sign-ins per IP (`anonymous_users`, per hour).
    pub anonymous_users: Rate,
    /// Failed password sign-ins per account before it is locked for `per` (ClaimBridge's own,
    /// as the admin passcode has per IP).
    pub failed_sign_ins_per_account: Rate,
}

impl Default for RateLimits {
    fn default() -> Self {
        const FIVE_MINUTES: Duration = Duration::from_secs(300);
        const HOUR: Duration = Duration::from_secs(3600);
        Self {
            email_sent: Rate::new(30, HOUR),
            token_refresh: Rate::new(150, FIVE_MINUTES),
            sign_in_sign_ups: Rate::new(30, FIVE_MINUTES),
            token_verifications: Rate::new(30, FIVE_MINUTES),
            anonymous_users: Rate::new(30, HOUR),
            failed_sign_ins_per_account: Rate::new(10, Duration::from_secs(15 * 60)),
        }
    }
}

/// One email's template (`[auth.email.template.<kind>] subject, content_path`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EmailTemplate {
    pub subject: Option<String>,
    /// The HTML body (the file `content_path` names, read at start).
    pub content: Option<String>,
}

/// `[auth.email.template.*]`, by GoTrue's template names.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EmailTemplates {
    pub confirmation: EmailTemplate,
    pub invite: EmailTemplate,
    pub recovery: EmailTemplate,
    pub magic_link: EmailTemplate,
    pub email_change: EmailTemplate,
    pub reauthentication: EmailTemplate,
}

/// The auth server's settings.
#[derive(Debug, Clone)]
pub struct AuthSettings {
    /// `[auth] site_url`: where links in emails lead and redirects default to.
    pub site_url: String,
    /// `[auth] additional_redirect_urls`: other allowed `redirect_to` targets (exact URLs, or
    /// glob patterns with `*` and `**` as GoTrue's URI allow list has them).
    pub additional_redirect_urls: Vec<String>,
    /// The public URL of this auth server (`.../auth/v1`): the `iss` of its tokens and the base
    /// of the verification links in emails.
    pub external_url: String,
    /// `[auth] jwt_expiry`: access token lifetime.
    pub jwt_expiry: Duration,
    /// `[auth] enable_signup` (and `[auth.email] enable_signup`).
    pub enable_signup: bool,
    /// `[auth] enable_anonymous_sign_ins`.
    pub enable_anonymous_sign_ins: bool,
    /// `[auth.email] enable_confirmations`: sign-ups must confirm their address first.
    pub enable_confirmations: bool,
    /// `[auth.email] double_confirm_changes`: an email change is confirmed on both addresses.
    pub double_confirm_changes: bool,
    /// `[auth.email] secure_password_change`: a password change needs a recent sign-in or a
    /// reauthentication nonce.
    pub secure_password_change: bool,
    /// `[auth.email] max_frequency`: the least time between two emails of a kind to one user.
    pub email_max_frequency: Duration,
    /// `[auth.email] otp_length` and `otp_expiry`.
    pub otp_length: usize,
    pub otp_expiry: Duration,
    /// `[auth] minimum_password_length` and `password_requirements`.
    pub minimum_password_length: usize,
    pub password_requirements: PasswordRequirements,
    /// `[auth] enable_refresh_token_rotation` and `refresh_token_reuse_interval`.
    pub refresh_token_rotation: bool,
    pub refresh_token_reuse_interval: Duration,
    /// `[auth.mfa] max_enrolled_factors`; `[auth.mfa.totp] enroll_enabled`, `verify_enabled`.
    pub mfa_max_enrolled_factors: usize,
    pub mfa_totp_enroll_enabled: bool,
    pub mfa_totp_verify_enabled: bool,
    /// The issuer shown in authenticator apps when a factor names none (GoTrue: the site URL's
    /// host).
    pub mfa_totp_issuer: Option<String>,
    pub rate_limits: RateLimits,
    pub hook_custom_access_token: Option<PostgresHook>,
    pub email_templates: EmailTemplates,
    /// Roles whose JWTs may call the admin endpoints (GoTrue's `GOTRUE_JWT_ADMIN_ROLES`).
    pub admin_roles: Vec<String>,
    /// bcrypt cost of new password hashes (GoTrue: 10).
    pub bcrypt_cost: u32,
}

impl Default for AuthSettings {
    fn default() -> Self {
        Self {
            site_url: "http://localhost:3000".into(),
            additional_redirect_urls: Vec::new(),
            external_url: "http://localhost:54321/auth/v1".into(),
            jwt_expiry: Duration::from_secs(3600),
            enable_signup: true,
            enable_anonymous_sign_ins: false,
            enable_confirmations: false,
            double_confirm_changes: true,
            secure_password_change: false,
            email_max_frequency: Duration::from_secs(60),
            otp_length: 6,
            otp_expiry: Duration::from_secs(3600),
            minimum_password_length: 6,
            password_requirements: PasswordRequirements::None,
            refresh_token_rotation: true,
            refresh_token_reuse_interval: Duration::from_secs(10),
            mfa_max_enrolled_factors: 10,
            mfa_totp_enroll_enabled: true,
            mfa_totp_verify_enabled: true,
            mfa_totp_issuer: None,
            rate_limits: RateLimits::default(),
            hook_custom_access_token: None,
            email_templates: EmailTemplates::default(),
            admin_roles: vec!["service_role".into(), "supabase_admin".into()],
            bcrypt_cost: 10,
        }
    }
}
