use super::*;

#[test]
fn a_switched_off_smtp_section_sets_nothing() {
    let parsed = parse_text(
        "[auth.email.smtp]\nenabled = false\nhost = \"smtp.example.test\"",
        no_env,
    )
    .unwrap();
    assert_eq!(parsed, FileSettings::default());
    let parsed = parse_text(
        "[auth.email.smtp]\nenabled = true\npass = \"env(SMTP_KEY)\"\n[inbucket]\nport = 54324",
        |name: &str| (name == "SMTP_KEY").then(|| "k".to_string()),
    )
    .unwrap();
    assert_eq!(parsed.defaults["GOTRUE_SMTP_PASS"], "k");
    assert_eq!(parsed.defaults["CLAIMBRIDGE_MAILBOX_PORT"], "54324");
}

fn no_env(_: &str) -> Option<String> {
    None
}

/// `text` as a config.toml named `c.toml` in the current folder.
fn parse_text(
    text: &str,
    env: impl Fn(&str) -> Option<String>,
) -> Result<FileSettings, ConfigError> {
    parse("c.toml", Path::new(""), text, env)
}

#[test]
fn the_settings_this_server_honours_become_variable_defaults() {
    let parsed = parse(
        "config.toml",
        Path::new(""),
        r#"
            project_id = "demo"
            [api]
            schemas = ["public", "personal"]
            extra_search_path = ["public", "extensions"]
            max_rows = 250
            port = 54321
            [storage]
            file_size_limit = "50MiB"
            [auth]
            jwt_expiry = 3600
            [functions.lead-relay]
            verify_jwt = false
            [functions.simple-auth]
            enabled = true
            [db.seed]
            sql_paths = ["./seed.sql"]
            "#,
        no_env,
    )
    .unwrap();
    let pairs = default_pairs(&parsed);
    assert_eq!(
        pairs,
        [
            ("JWT_EXPIRY", "3600"),
            ("PGRST_DB_EXTRA_SEARCH_PATH", "public,extensions"),
            ("PGRST_DB_MAX_ROWS", "250"),
            ("PGRST_DB_SCHEMAS", "public,personal"),
            ("STORAGE_FILE_SIZE_LIMIT", "52428800"),
        ]
    );
    assert_eq!(
        parsed.verify_jwt.into_iter().collect::<Vec<_>>(),
        [("lead-relay".to_string(), false)]
    );
}

#[test]
fn an_empty_file_sets_nothing() {
    assert_eq!(
        parse("config.toml", Path::new(""), "", no_env).unwrap(),
        FileSettings::default()
    );
}

#[test]
fn env_substitution_reads_the_variable_and_names_a_missing_one() {
    let env = |name: &str| (name == "LIMIT").then(|| "5MB".to_string());
    let parsed = parse_text("[storage]\nfile_size_limit = \"env(LIMIT)\"", env).unwrap();
    assert_eq!(parsed.defaults["STORAGE_FILE_SIZE_LIMIT"], "5242880");
    let err = parse_text("[auth]\njwt_expiry = \"env(TTL)\"", no_env).unwrap_err();
    assert_eq!(
        err.to_string(),
        "c.toml: [auth] jwt_expiry is env(TTL), but TTL is not set: set it or write the value"
    );
}

#[test]
fn a_wrong_type_is_one_line_naming_the_file_section_and_key() {
    for (text, expected) in [
        (
            "[api]\nmax_rows = \"many\"",
            "c.toml: [api] max_rows must be a whole number of at least 0, got \"many\"",
        ),
        (
            "[api]\nmax_rows = -1",
            "c.toml: [api] max_rows must be a whole number of at least 0, got -1",
        ),
        (
            "[api]\nschemas = \"public\"",
            "c.toml: [api] schemas must be an array of strings, got \"public\"",
        ),
        (
            "[api]\nschemas = [\"a,b\"]",
            "c.toml: [api] schemas holds 'a,b': each entry must be one non-empty schema name",
        ),
        (
            "[storage]\nfile_size_limit = \"lots\"",
            "c.toml: [storage] file_size_limit must be a size such as \"50MiB\", got \"lots\"",
        ),
        (
            "[functions.x]\nverify_jwt = \"no\"",
            "c.toml: [functions.x] verify_jwt must be true or false, got \"no\"",
        ),
    ] {
        assert_eq!(parse_text(text, no_env).unwrap_err().to_string(), expected);
    }
}

#[test]
fn a_syntax_error_is_one_line() {
    let message = parse_text("[api\nschemas = 1", no_env)
        .unwrap_err()
        .to_string();
    assert!(message.starts_with("c.toml: "), "{message}");
    assert!(!message.contains('\n'), "{message}");
}

#[test]
fn sizes_read_as_the_cli_reads_them() {
    for (text, bytes) in [
        ("50MiB", Some(50 << 20)),
        ("50MB", Some(50 << 20)),
        ("50m", Some(50 << 20)),
        ("512KB", Some(512 << 10)),
        ("1GiB", Some(1 << 30)),
        ("1.5k", Some(1536)),
        ("100", Some(100)),
        ("", None),
        ("MB", None),
        ("5 parsecs", None),
    ] {
        assert_eq!(parse_size(text), bytes, "{text}");
    }
}

#[test]
fn auth_settings_of_nested_sections_become_gotrues_variables() {
    let parsed = parse(
        "supabase/config.toml",
        Path::new("supabase"),
        r#"
            [auth]
            enable_signup = false
            additional_redirect_urls = ["https://a.test", "https://b.test/**"]
            password_requirements = "letters_digits"
            signing_keys_path = "./signing_keys.json"
            [auth.email]
            enable_confirmations = true
            max_frequency = "1m"
            [auth.mfa.totp]
            verify_enabled = "false"
            [auth.rate_limit]
            sign_in_sign_ups = 20
            [auth.hook.custom_access_token]
            uri = "pg-functions://postgres/public/hook"
            [auth.email.template.magic_link]
            subject = "Your link"
            content_path = "/srv/templates/magic.html"
            [auth.email.template.unknown]
            subject = "ignored"
            "#,
        no_env,
    )
    .unwrap();
    let pairs = default_pairs(&parsed);
    assert_eq!(
        pairs,
        [
            (
                "AUTH_EMAIL_TEMPLATE_MAGIC_LINK_CONTENT_PATH",
                "/srv/templates/magic.html"
            ),
            ("AUTH_SIGNING_KEYS_PATH", "supabase/./signing_keys.json"),
            ("GOTRUE_DISABLE_SIGNUP", "true"),
            (
                "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_URI",
                "pg-functions://postgres/public/hook"
            ),
            ("GOTRUE_MAILER_AUTOCONFIRM", "false"),
            ("GOTRUE_MAILER_SUBJECTS_MAGIC_LINK", "Your link"),
            ("GOTRUE_MFA_TOTP_VERIFY_ENABLED", "false"),
            (
                "GOTRUE_PASSWORD_REQUIRED_CHARACTERS",
                "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789"
            ),
            ("GOTRUE_RATE_LIMIT_OTP", "20"),
            ("GOTRUE_SMTP_MAX_FREQUENCY", "60s"),
            ("GOTRUE_URI_ALLOW_LIST", "https://a.test,https://b.test/**"),
        ]
    );
    assert_eq!(
        toml_name("GOTRUE_RATE_LIMIT_OTP").as_deref(),
        Some("[auth.rate_limit] sign_in_sign_ups")
    );
    assert_eq!(
        toml_name("GOTRUE_MAILER_SUBJECTS_INVITE").as_deref(),
        Some("[auth.email.template.invite] subject")
    );
    assert_eq!(toml_name("GOTRUE_JWT_EXP"), None);
}

#[test]
fn durations_read_as_go_writes_them() {
    for (text, seconds) in [
        ("1s", Some(1.0)),
        ("60s", Some(60.0)),
        ("1m", Some(60.0)),
        ("1m30s", Some(90.0)),
        ("1h", Some(3600.0)),
        ("1.5s", Some(1.5)),
        ("500ms", Some(0.5)),
        ("60", None),
        ("", None),
        ("s", None),
        ("5 minutes", None),
        ("1d", None),
    ] {
        assert_eq!(
            parse_duration(text).map(|d| d.as_secs_f64()),
            seconds,
            "{text}"
        );
    }
}

/// The variables a parsed config.toml sets, as (name, value) pairs in order.
fn default_pairs(parsed: &FileSettings) -> Vec<(&str, &str)> {
    parsed
        .defaults
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}
