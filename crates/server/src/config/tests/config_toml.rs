//! config.toml: its defaults with the environment winning, a bad file as one line naming the
//! setting, the project's own file, and Debug output that shows no secret.
use super::*;

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
    let err = refusal(&[("CLAIMBRIDGE_SUPABASE_CONFIG", file.path())]);
    assert_eq!(
        err,
        format!(
            "{}: [api] max_rows must be a whole number of at least 0, got \"all\"",
            file.path()
        )
    );
    let err = refusal(&[("CLAIMBRIDGE_SUPABASE_CONFIG", "/nonexistent/config.toml")]);
    assert!(
        err.starts_with("CLAIMBRIDGE_SUPABASE_CONFIG: cannot read /nonexistent/config.toml"),
        "{err}"
    );
    let short = TomlFile::new("[auth]\njwt_expiry = 5");
    let err = refusal(&[("CLAIMBRIDGE_SUPABASE_CONFIG", short.path())]);
    assert!(
        err.starts_with("JWT_EXPIRY ([auth] jwt_expiry) is 5"),
        "{err}"
    );
    let err = refusal(&[("PGRST_DB_SCHEMAS", " , ")]);
    assert!(err.starts_with("PGRST_DB_SCHEMAS is"), "{err}");
    let err = refusal(&[("CLAIMBRIDGE_METRICS_ADDR", "0.0.0.0:54321")]);
    assert!(err.contains("uses the public port 54321"), "{err}");
    let err = refusal(&[("CLAIMBRIDGE_METRICS_ADDR", "metrics")]);
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
    // The site's auth: invite-only, confirmed addresses, sessions of the admin tokens' length.
    let auth = &project.auth;
    assert!(!auth.enable_signup);
    assert!(auth.enable_confirmations);
    assert_eq!(auth.site_url, "http://localhost:54321");
    assert_eq!(auth.jwt_expiry, cb_auth::ADMIN_TOKEN_TTL);
    assert!(auth.mfa_totp_enroll_enabled && auth.mfa_totp_verify_enabled);
}

#[test]
fn debug_output_shows_no_secret() {
    let secret = "a-production-secret-that-is-long-enough-0123456789";
    let hash = crate::passcode::hash("correct horse battery staple").unwrap();
    let config = config(&[
        ("JWT_SECRET", secret),
        (
            "JWT_SECRETS_ACCEPTED",
            "the-previous-secret-that-is-long-enough-0123",
        ),
        ("ADMIN_PASSCODE_HASH", &hash),
        (
            "STORAGE_SIGNING_SECRET",
            "a-storage-signing-secret-long-enough-0123456",
        ),
        ("STORAGE_BACKEND", "s3"),
        ("S3_BUCKET", "claimbridge"),
        ("S3_ACCESS_KEY_ID", "id"),
        ("S3_SECRET_ACCESS_KEY", "an-s3-secret-access-key"),
        ("CAPTCHA_PROVIDER", "turnstile"),
        ("CAPTCHA_SECRET_KEY", "a-turnstile-secret-key"),
        (
            "ALTCHA_HMAC_KEY",
            "an-altcha-hmac-key-that-is-long-enough-0123",
        ),
        ("LEAD_WEBHOOK_URLS", "https://crm.example.com/hooks/leads"),
        ("LEAD_WEBHOOK_SECRET", "a-webhook-signing-secret"),
        ("LEAD_EMAIL_TO", "intake@example.com"),
        ("LEAD_EMAIL_FROM", "site@example.com"),
        ("SMTP_HOST", "smtp.example.com"),
        ("SMTP_USERNAME", "site"),
        ("SMTP_PASSWORD", "an-smtp-password"),
    ])
    .unwrap();
    let shown = format!("{config:?}");
    for hidden in [
        secret,
        "the-previous-secret-that-is-long-enough-0123",
        &hash,
        config.keys.service_role.expose_secret(),
        "a-storage-signing-secret-long-enough-0123456",
        "an-s3-secret-access-key",
        "a-turnstile-secret-key",
        "an-altcha-hmac-key-that-is-long-enough-0123",
        "a-webhook-signing-secret",
        "an-smtp-password",
    ] {
        assert!(!shown.contains(hidden), "{hidden} in {shown}");
        // Byte keys (ALTCHA, webhooks) would print as a list of numbers.
        let as_bytes = format!("{:?}", hidden.as_bytes());
        assert!(
            !shown.contains(as_bytes.trim_matches(['[', ']'])),
            "{hidden} in {shown}"
        );
    }
    assert!(shown.contains(&config.keys.anon), "the anon key is public");
}
