//! The `[auth]` settings: their defaults, config.toml under the CLI's names, GoTrue's variables
//! winning over it, and bad settings naming their variable or file, section and key.
use super::*;

#[test]
fn auth_settings_default_to_an_invite_only_site_on_this_server() {
    let config = config(&[("CLAIMBRIDGE_SITE_URL", "https://www.example.test/")]).unwrap();
    let auth = &config.auth;
    let defaults = cb_auth::AuthSettings::default();
    assert_eq!(auth.site_url, "https://www.example.test");
    assert_eq!(auth.external_url, "https://www.example.test/auth/v1");
    assert!(!auth.enable_signup);
    assert_eq!(auth.jwt_expiry, defaults.jwt_expiry);
    assert_eq!(config.admin_token_ttl, cb_auth::ADMIN_TOKEN_TTL);
    assert_eq!(
        auth.additional_redirect_urls,
        defaults.additional_redirect_urls
    );
    assert_eq!(auth.enable_confirmations, defaults.enable_confirmations);
    assert_eq!(auth.double_confirm_changes, defaults.double_confirm_changes);
    assert_eq!(auth.email_max_frequency, defaults.email_max_frequency);
    assert_eq!(auth.otp_length, defaults.otp_length);
    assert_eq!(auth.otp_expiry, defaults.otp_expiry);
    assert_eq!(
        auth.minimum_password_length,
        defaults.minimum_password_length
    );
    assert_eq!(auth.password_requirements, defaults.password_requirements);
    assert_eq!(auth.refresh_token_rotation, defaults.refresh_token_rotation);
    assert_eq!(
        auth.refresh_token_reuse_interval,
        defaults.refresh_token_reuse_interval
    );
    assert_eq!(
        auth.mfa_max_enrolled_factors,
        defaults.mfa_max_enrolled_factors
    );
    assert_eq!(auth.rate_limits, defaults.rate_limits);
    assert_eq!(auth.hook_custom_access_token, None);
    assert_eq!(auth.email_templates, defaults.email_templates);
}

/// Every `[auth]` setting of the CLI this server reads, none at its default.
const AUTH_TOML: &str = r#"
[auth]
site_url = "https://www.example.test"
additional_redirect_urls = ["https://preview.example.test/**", "http://localhost:3000"]
jwt_expiry = 7200
enable_signup = true
enable_anonymous_sign_ins = true
minimum_password_length = 12
password_requirements = "lower_upper_letters_digits_symbols"
enable_refresh_token_rotation = false
refresh_token_reuse_interval = 30

[auth.email]
enable_signup = true
enable_confirmations = true
double_confirm_changes = false
secure_password_change = true
max_frequency = "1m"
otp_length = 8
otp_expiry = 600

[auth.mfa]
max_enrolled_factors = 3

[auth.mfa.totp]
enroll_enabled = false
verify_enabled = false

[auth.rate_limit]
email_sent = 5
token_refresh = 100
sign_in_sign_ups = 20
token_verifications = 15
anonymous_users = 2

[auth.hook.custom_access_token]
enabled = true
uri = "pg-functions://postgres/public/custom_access_token_hook"

[auth.email.template.invite]
subject = "You are invited to ClaimBridge"
content_path = "./templates/invite.html"

[auth.email.template.recovery]
content_path = "templates/recovery.html"
"#;

#[test]
fn auth_settings_come_from_config_toml_under_the_clis_names() {
    let project = ProjectDir::new(
        AUTH_TOML,
        &[
            ("templates/invite.html", "<p>{{ .ConfirmationURL }}</p>"),
            ("templates/recovery.html", "<p>reset</p>"),
        ],
    );
    let config = config(&[("CLAIMBRIDGE_SUPABASE_CONFIG", &project.config_toml())]).unwrap();
    let auth = &config.auth;
    assert_eq!(auth.site_url, "https://www.example.test");
    assert_eq!(
        auth.additional_redirect_urls,
        ["https://preview.example.test/**", "http://localhost:3000"]
    );
    assert_eq!(auth.external_url, "http://localhost:54321/auth/v1");
    assert_eq!(auth.jwt_expiry, Duration::from_secs(7200));
    assert_eq!(config.admin_token_ttl, Duration::from_secs(7200));
    assert!(auth.enable_signup);
    assert!(auth.enable_anonymous_sign_ins);
    assert_eq!(auth.minimum_password_length, 12);
    assert_eq!(
        auth.password_requirements,
        cb_auth::PasswordRequirements::LowerUpperLettersDigitsSymbols
    );
    assert!(!auth.refresh_token_rotation);
    assert_eq!(auth.refresh_token_reuse_interval, Duration::from_secs(30));
    assert!(auth.enable_confirmations);
    assert!(!auth.double_confirm_changes);
    assert!(auth.secure_password_change);
    assert_eq!(auth.email_max_frequency, Duration::from_secs(60));
    assert_eq!(auth.otp_length, 8);
    assert_eq!(auth.otp_expiry, Duration::from_secs(600));
    assert_eq!(auth.mfa_max_enrolled_factors, 3);
    assert!(!auth.mfa_totp_enroll_enabled && !auth.mfa_totp_verify_enabled);
    let hour = Duration::from_secs(3600);
    let five_minutes = Duration::from_secs(300);
    let limits = &auth.rate_limits;
    assert_eq!(limits.email_sent, cb_auth::Rate::new(5, hour));
    assert_eq!(limits.token_refresh, cb_auth::Rate::new(100, five_minutes));
    assert_eq!(
        limits.sign_in_sign_ups,
        cb_auth::Rate::new(20, five_minutes)
    );
    assert_eq!(
        limits.token_verifications,
        cb_auth::Rate::new(15, five_minutes)
    );
    assert_eq!(limits.anonymous_users, cb_auth::Rate::new(2, hour));
    assert_eq!(
        auth.hook_custom_access_token,
        Some(cb_auth::PostgresHook {
            schema: "public".into(),
            function: "custom_access_token_hook".into()
        })
    );
    let templates = &auth.email_templates;
    assert_eq!(
        templates.invite.subject.as_deref(),
        Some("You are invited to ClaimBridge")
    );
    assert_eq!(
        templates.invite.content.as_deref(),
        Some("<p>{{ .ConfirmationURL }}</p>")
    );
    assert_eq!(templates.recovery.subject, None);
    assert_eq!(templates.recovery.content.as_deref(), Some("<p>reset</p>"));
    assert_eq!(templates.confirmation, cb_auth::EmailTemplate::default());

    // `[auth.email] enable_signup = false` turns sign-ups off too.
    let email_off = ProjectDir::new(
        "[auth]\nenable_signup = true\n[auth.email]\nenable_signup = false",
        &[],
    );
    let off = config_with(&[("CLAIMBRIDGE_SUPABASE_CONFIG", &email_off.config_toml())]);
    assert!(!off.auth.enable_signup);
}

#[test]
fn gotrues_variables_win_over_config_toml() {
    let project = ProjectDir::new(
        AUTH_TOML,
        &[
            ("templates/invite.html", "<p>file</p>"),
            ("templates/recovery.html", "<p>reset</p>"),
            ("env-invite.html", "<p>env</p>"),
        ],
    );
    let invite = project.path("env-invite.html");
    let config = config(&[
        ("CLAIMBRIDGE_SUPABASE_CONFIG", &project.config_toml()),
        ("GOTRUE_SITE_URL", "https://site.example.test"),
        ("GOTRUE_URI_ALLOW_LIST", "https://a.test, https://b.test/*"),
        ("API_EXTERNAL_URL", "https://api.example.test/auth/v1"),
        ("GOTRUE_DISABLE_SIGNUP", "true"),
        ("GOTRUE_JWT_EXP", "900"),
        ("GOTRUE_MAILER_AUTOCONFIRM", "true"),
        ("GOTRUE_PASSWORD_MIN_LENGTH", "8"),
        (
            "GOTRUE_PASSWORD_REQUIRED_CHARACTERS",
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789",
        ),
        ("GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED", "true"),
        ("GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL", "5"),
        ("GOTRUE_MFA_MAX_ENROLLED_FACTORS", "2"),
        ("GOTRUE_SMTP_MAX_FREQUENCY", "1m30s"),
        ("GOTRUE_RATE_LIMIT_EMAIL_SENT", "10/30m"),
        ("GOTRUE_RATE_LIMIT_TOKEN_REFRESH", "7"),
        ("GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_ENABLED", "false"),
        ("GOTRUE_MAILER_SUBJECTS_INVITE", "Join us"),
        ("AUTH_EMAIL_TEMPLATE_INVITE_CONTENT_PATH", &invite),
    ])
    .unwrap();
    let auth = &config.auth;
    assert_eq!(auth.site_url, "https://site.example.test");
    assert_eq!(
        auth.additional_redirect_urls,
        ["https://a.test", "https://b.test/*"]
    );
    assert_eq!(auth.external_url, "https://api.example.test/auth/v1");
    assert!(!auth.enable_signup);
    // GOTRUE_JWT_EXP is the access tokens' alone; the admin tokens keep `[auth] jwt_expiry`.
    assert_eq!(auth.jwt_expiry, Duration::from_secs(900));
    assert_eq!(config.admin_token_ttl, Duration::from_secs(7200));
    assert!(!auth.enable_confirmations);
    assert_eq!(auth.minimum_password_length, 8);
    assert_eq!(
        auth.password_requirements,
        cb_auth::PasswordRequirements::LettersDigits
    );
    assert!(auth.refresh_token_rotation);
    assert_eq!(auth.refresh_token_reuse_interval, Duration::from_secs(5));
    assert_eq!(auth.mfa_max_enrolled_factors, 2);
    assert_eq!(auth.email_max_frequency, Duration::from_secs(90));
    assert_eq!(
        auth.rate_limits.email_sent,
        cb_auth::Rate::new(10, Duration::from_secs(1800))
    );
    assert_eq!(
        auth.rate_limits.token_refresh,
        cb_auth::Rate::new(7, Duration::from_secs(300))
    );
    assert_eq!(auth.hook_custom_access_token, None);
    assert_eq!(
        auth.email_templates.invite.subject.as_deref(),
        Some("Join us")
    );
    assert_eq!(
        auth.email_templates.invite.content.as_deref(),
        Some("<p>env</p>")
    );
    // JWT_EXPIRY sets both lifetimes, as `[auth] jwt_expiry` does.
    let both = config_with(&[("JWT_EXPIRY", "1800")]);
    assert_eq!(both.auth.jwt_expiry, Duration::from_secs(1800));
    assert_eq!(both.admin_token_ttl, Duration::from_secs(1800));
}

fn config_with(pairs: &[(&str, &str)]) -> Config {
    config(pairs).unwrap()
}

#[test]
fn bad_auth_settings_name_their_variable_and_setting() {
    for (name, value, expected) in [
        (
            "GOTRUE_SITE_URL",
            "example.test",
            "GOTRUE_SITE_URL ([auth] site_url) is 'example.test': set it to an absolute http(s) URL",
        ),
        (
            "API_EXTERNAL_URL",
            "ftp://x",
            "API_EXTERNAL_URL is 'ftp://x'",
        ),
        (
            "GOTRUE_JWT_EXP",
            "5",
            "GOTRUE_JWT_EXP is 5: set it between 60 and 604800",
        ),
        (
            "GOTRUE_DISABLE_SIGNUP",
            "maybe",
            "GOTRUE_DISABLE_SIGNUP is 'maybe': set it to true or false",
        ),
        (
            "GOTRUE_MAILER_OTP_LENGTH",
            "12",
            "GOTRUE_MAILER_OTP_LENGTH ([auth.email] otp_length) is 12: set it between 6 and 10",
        ),
        (
            "GOTRUE_MAILER_OTP_EXP",
            "0",
            "GOTRUE_MAILER_OTP_EXP ([auth.email] otp_expiry) is 0",
        ),
        (
            "GOTRUE_PASSWORD_MIN_LENGTH",
            "4",
            "GOTRUE_PASSWORD_MIN_LENGTH ([auth] minimum_password_length) is 4: set it between 6 and 72",
        ),
        (
            "GOTRUE_PASSWORD_REQUIRED_CHARACTERS",
            "abc",
            "GOTRUE_PASSWORD_REQUIRED_CHARACTERS ([auth] password_requirements) is 'abc'",
        ),
        (
            "GOTRUE_SMTP_MAX_FREQUENCY",
            "60",
            "GOTRUE_SMTP_MAX_FREQUENCY ([auth.email] max_frequency) is '60': set it to a duration",
        ),
        (
            "GOTRUE_MFA_MAX_ENROLLED_FACTORS",
            "0",
            "GOTRUE_MFA_MAX_ENROLLED_FACTORS ([auth.mfa] max_enrolled_factors) is 0",
        ),
        (
            "GOTRUE_RATE_LIMIT_EMAIL_SENT",
            "lots",
            "GOTRUE_RATE_LIMIT_EMAIL_SENT ([auth.rate_limit] email_sent) is 'lots'",
        ),
        (
            "GOTRUE_RATE_LIMIT_OTP",
            "5/never",
            "GOTRUE_RATE_LIMIT_OTP ([auth.rate_limit] sign_in_sign_ups) is '5/never'",
        ),
        (
            "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_ENABLED",
            "true",
            "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_URI ([auth.hook.custom_access_token] uri) is '': with the hook enabled",
        ),
        (
            "AUTH_EMAIL_TEMPLATE_INVITE_CONTENT_PATH",
            "/nonexistent/invite.html",
            "AUTH_EMAIL_TEMPLATE_INVITE_CONTENT_PATH ([auth.email.template.invite] content_path): cannot read /nonexistent/invite.html",
        ),
    ] {
        let err = refusal(&[(name, value)]);
        assert!(err.starts_with(expected), "{name}={value}: {err}");
        assert!(!err.contains('\n'), "{err}");
    }
    for uri in [
        "https://hooks.example.test/token",
        "pg-functions://postgres/public",
        "pg-functions://postgres/public/drop table x",
    ] {
        let err = refusal(&[
            ("GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_ENABLED", "true"),
            ("GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_URI", uri),
        ]);
        assert!(
            err.contains("pg-functions://<database>/<schema>/<function>"),
            "{uri}: {err}"
        );
    }
}

#[test]
fn bad_auth_settings_in_config_toml_name_the_file_section_and_key() {
    for (text, expected) in [
        (
            "[auth]\nadditional_redirect_urls = \"https://a.test\"",
            "[auth] additional_redirect_urls must be an array of URLs, got \"https://a.test\"",
        ),
        (
            "[auth]\nenable_signup = \"no\"",
            "[auth] enable_signup must be true or false, got \"no\"",
        ),
        (
            "[auth]\npassword_requirements = \"strong\"",
            "[auth] password_requirements is 'strong': use \"\", \"letters_digits\"",
        ),
        (
            "[auth.email]\nmax_frequency = 60",
            "[auth.email] max_frequency must be a duration such as \"60s\" or \"1m\", got 60",
        ),
        (
            "[auth.mfa.totp]\nenroll_enabled = 1",
            "[auth.mfa.totp] enroll_enabled must be true or false, got 1",
        ),
        (
            "[auth.rate_limit]\nemail_sent = -1",
            "[auth.rate_limit] email_sent must be a whole number of at least 0, got -1",
        ),
        (
            "[auth.email.template.invite]\nsubject = 5",
            "[auth.email.template.invite] subject must be a string, got 5",
        ),
        (
            "[auth.email.template.invite]\ncontent_path = \"./none.html\"",
            "AUTH_EMAIL_TEMPLATE_INVITE_CONTENT_PATH ([auth.email.template.invite] content_path): cannot read ",
        ),
    ] {
        let file = TomlFile::new(text);
        let err = refusal(&[("CLAIMBRIDGE_SUPABASE_CONFIG", file.path())]);
        assert!(err.contains(expected), "{text}: {err}");
        assert!(!err.contains('\n'), "{err}");
    }
}
