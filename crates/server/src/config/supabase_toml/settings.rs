//! The settings table: each config.toml setting this server honours, the kind of value it
//! holds and the variable it is a default for; and the email templates' settings.

/// What a config.toml setting becomes.
#[derive(Debug, Clone, Copy)]
pub(super) enum Kind {
    /// An array of strings, joined with commas (PostgREST's list syntax).
    List,
    /// An array of URLs, joined with commas (GoTrue's `GOTRUE_URI_ALLOW_LIST`).
    Urls,
    /// A whole number of at least zero.
    Count,
    /// A size: a whole number of bytes or a string with a unit ("50MiB", "5MB", "512KB").
    Size,
    Bool,
    /// A boolean whose variable says the opposite (`enable_signup` -> GOTRUE_DISABLE_SIGNUP).
    NotBool,
    Text,
    /// A file, relative to the config.toml's directory as the CLI resolves it.
    Path,
    /// A duration as the CLI writes it ("1s", "60s", "1m"), as whole seconds ("60s").
    Duration,
    /// `password_requirements`: the CLI's name of a set of required characters, as GoTrue's
    /// `GOTRUE_PASSWORD_REQUIRED_CHARACTERS` spells it.
    PasswordRequirements,
}

/// config.toml `[section] key` (sections nested with dots) -> the environment variable it is a
/// default for (GoTrue's name where GoTrue has one, as the CLI passes it to GoTrue).
pub(super) const SETTINGS: &[(&str, &str, &str, Kind)] = &[
    ("api", "schemas", "PGRST_DB_SCHEMAS", Kind::List),
    (
        "api",
        "extra_search_path",
        "PGRST_DB_EXTRA_SEARCH_PATH",
        Kind::List,
    ),
    ("api", "max_rows", "PGRST_DB_MAX_ROWS", Kind::Count),
    (
        "storage",
        "file_size_limit",
        "STORAGE_FILE_SIZE_LIMIT",
        Kind::Size,
    ),
    ("auth", "jwt_expiry", "JWT_EXPIRY", Kind::Count),
    ("auth", "site_url", "GOTRUE_SITE_URL", Kind::Text),
    (
        "auth",
        "additional_redirect_urls",
        "GOTRUE_URI_ALLOW_LIST",
        Kind::Urls,
    ),
    (
        "auth",
        "enable_signup",
        "GOTRUE_DISABLE_SIGNUP",
        Kind::NotBool,
    ),
    (
        "auth",
        "enable_anonymous_sign_ins",
        "GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED",
        Kind::Bool,
    ),
    (
        "auth",
        "minimum_password_length",
        "GOTRUE_PASSWORD_MIN_LENGTH",
        Kind::Count,
    ),
    (
        "auth",
        "password_requirements",
        "GOTRUE_PASSWORD_REQUIRED_CHARACTERS",
        Kind::PasswordRequirements,
    ),
    (
        "auth",
        "enable_refresh_token_rotation",
        "GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED",
        Kind::Bool,
    ),
    (
        "auth",
        "refresh_token_reuse_interval",
        "GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL",
        Kind::Count,
    ),
    (
        "auth",
        "signing_keys_path",
        "AUTH_SIGNING_KEYS_PATH",
        Kind::Path,
    ),
    (
        "auth.email",
        "enable_signup",
        "GOTRUE_EXTERNAL_EMAIL_ENABLED",
        Kind::Bool,
    ),
    (
        "auth.email",
        "enable_confirmations",
        "GOTRUE_MAILER_AUTOCONFIRM",
        Kind::NotBool,
    ),
    (
        "auth.email",
        "double_confirm_changes",
        "GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED",
        Kind::Bool,
    ),
    (
        "auth.email",
        "secure_password_change",
        "GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION",
        Kind::Bool,
    ),
    (
        "auth.email",
        "max_frequency",
        "GOTRUE_SMTP_MAX_FREQUENCY",
        Kind::Duration,
    ),
    (
        "auth.email",
        "otp_length",
        "GOTRUE_MAILER_OTP_LENGTH",
        Kind::Count,
    ),
    (
        "auth.email",
        "otp_expiry",
        "GOTRUE_MAILER_OTP_EXP",
        Kind::Count,
    ),
    (
        "auth.mfa",
        "max_enrolled_factors",
        "GOTRUE_MFA_MAX_ENROLLED_FACTORS",
        Kind::Count,
    ),
    (
        "auth.mfa.totp",
        "enroll_enabled",
        "GOTRUE_MFA_TOTP_ENROLL_ENABLED",
        Kind::Bool,
    ),
    (
        "auth.mfa.totp",
        "verify_enabled",
        "GOTRUE_MFA_TOTP_VERIFY_ENABLED",
        Kind::Bool,
    ),
    (
        "auth.rate_limit",
        "email_sent",
        "GOTRUE_RATE_LIMIT_EMAIL_SENT",
        Kind::Count,
    ),
    (
        "auth.rate_limit",
        "token_refresh",
        "GOTRUE_RATE_LIMIT_TOKEN_REFRESH",
        Kind::Count,
    ),
    // The CLI passes sign_in_sign_ups as GoTrue's OTP limit and token_verifications as its
    // verify limit.
    (
        "auth.rate_limit",
        "sign_in_sign_ups",
        "GOTRUE_RATE_LIMIT_OTP",
        Kind::Count,
    ),
    (
        "auth.rate_limit",
        "token_verifications",
        "GOTRUE_RATE_LIMIT_VERIFY",
        Kind::Count,
    ),
    (
        "auth.rate_limit",
        "anonymous_users",
        "GOTRUE_RATE_LIMIT_ANONYMOUS_USERS",
        Kind::Count,
    ),
    (
        "auth.hook.custom_access_token",
        "enabled",
        "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_ENABLED",
        Kind::Bool,
    ),
    (
        "auth.hook.custom_access_token",
        "uri",
        "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_URI",
        Kind::Text,
    ),
    ("auth.email.smtp", "host", "GOTRUE_SMTP_HOST", Kind::Text),
    ("auth.email.smtp", "port", "GOTRUE_SMTP_PORT", Kind::Count),
    ("auth.email.smtp", "user", "GOTRUE_SMTP_USER", Kind::Text),
    ("auth.email.smtp", "pass", "GOTRUE_SMTP_PASS", Kind::Text),
    (
        "auth.email.smtp",
        "admin_email",
        "GOTRUE_SMTP_ADMIN_EMAIL",
        Kind::Text,
    ),
    (
        "auth.email.smtp",
        "sender_name",
        "GOTRUE_SMTP_SENDER_NAME",
        Kind::Text,
    ),
    (
        "inbucket",
        "enabled",
        "CLAIMBRIDGE_MAILBOX_ENABLED",
        Kind::Bool,
    ),
    ("inbucket", "port", "CLAIMBRIDGE_MAILBOX_PORT", Kind::Count),
    (
        "inbucket",
        "smtp_port",
        "CLAIMBRIDGE_MAILBOX_SMTP_PORT",
        Kind::Count,
    ),
];

/// Where config.toml sets `variable` (`[auth.email] otp_length`), for messages about its value.
pub(crate) fn toml_name(variable: &str) -> Option<String> {
    if let Some(&(path, key, _, _)) = SETTINGS.iter().find(|(_, _, name, _)| *name == variable) {
        return Some(format!("[{path}] {key}"));
    }
    EMAIL_TEMPLATES.iter().find_map(|kind| {
        let key = if variable == template_subject_variable(kind) {
            "subject"
        } else if variable == template_content_variable(kind) {
            "content_path"
        } else {
            return None;
        };
        Some(format!("[auth.email.template.{kind}] {key}"))
    })
}

/// `[auth.email.template.<kind>]`: GoTrue's template names. `subject` is a default for
/// `GOTRUE_MAILER_SUBJECTS_<KIND>`, `content_path` for [`template_content_variable`].
pub(crate) const EMAIL_TEMPLATES: [&str; 6] = [
    "invite",
    "confirmation",
    "recovery",
    "magic_link",
    "email_change",
    "reauthentication",
];

/// The variable naming a template's file (GoTrue's `GOTRUE_MAILER_TEMPLATES_*` is a URL it
/// fetches; this server reads a file at start, so the name is its own).
pub(crate) fn template_content_variable(kind: &str) -> String {
    format!(
        "AUTH_EMAIL_TEMPLATE_{}_CONTENT_PATH",
        kind.to_ascii_uppercase()
    )
}

pub(crate) fn template_subject_variable(kind: &str) -> String {
    format!("GOTRUE_MAILER_SUBJECTS_{}", kind.to_ascii_uppercase())
}
