//! The configuration's unit tests: defaults, refusals, and config.toml under the environment.
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use cb_gateway::DEMO_JWT_SECRET;
use secrecy::ExposeSecret as _;

use super::*;

fn config(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
    let map: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Config::from_lookup(|name| map.get(name).cloned())
}

/// The one-line message `pairs` are refused with.
fn refusal(pairs: &[(&str, &str)]) -> String {
    config(pairs).unwrap_err().to_string()
}

/// Each variable, set alone to its bad value, is refused with a message that starts with its name.
fn each_bad_value_names_its_variable(cases: &[(&str, &str)]) {
    for &(name, value) in cases {
        let err = refusal(&[(name, value)]);
        assert!(err.starts_with(name), "{name}: {err}");
    }
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
        let err = refusal(&[("CLAIMBRIDGE_SITE_URL", bad)]);
        assert!(err.starts_with("CLAIMBRIDGE_SITE_URL is"), "{bad}: {err}");
    }
}

#[test]
fn local_defaults_work_without_any_variable() {
    let config = config(&[]).unwrap();
    assert_eq!(config.port, 54321);
    assert_eq!(config.jwt_secret.expose_secret(), DEMO_JWT_SECRET);
    assert_eq!(config.keys.anon, cb_gateway::DEMO_ANON_KEY);
    assert!(matches!(config.database, Database::Local { .. }));
    assert!(config.require_api_key);
    assert_eq!(config.runtime_config()["company"]["name"], "ClaimBridge");
}

#[test]
fn short_secrets_are_refused_everywhere() {
    let err = refusal(&[("JWT_SECRET", "too-short")]);
    assert!(err.starts_with("JWT_SECRET is 9 characters long"), "{err}");
}

#[test]
fn production_refuses_the_demo_secret_and_a_missing_passcode_hash() {
    let err = refusal(&[("CLAIMBRIDGE_ENV", "production")]);
    assert!(err.contains("demo secret"), "{err}");
    let secret = "a-production-secret-that-is-long-enough-0123456789";
    let err = refusal(&[("CLAIMBRIDGE_ENV", "production"), ("JWT_SECRET", secret)]);
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
    each_bad_value_names_its_variable(&[
        ("CLAIMBRIDGE_PORT", "eighty"),
        ("CLAIMBRIDGE_HOST", "localhost:1"),
        ("CLAIMBRIDGE_REQUIRE_APIKEY", "maybe"),
        ("DATABASE_URL", "mysql://x"),
        ("CLAIMBRIDGE_REST_DATABASE_URL", "authenticator@localhost"),
        ("ADMIN_PASSCODE_HASH", "plaintext"),
        ("ANON_KEY", "not-a-jwt"),
        ("CAPTCHA_PROVIDER", "recaptcha-v9"),
    ]);
}

#[test]
fn storage_defaults_to_the_data_dir_and_s3_needs_its_settings() {
    let local = config(&[("CLAIMBRIDGE_DATA_DIR", "/srv/cb")]).unwrap();
    assert!(matches!(
        &local.storage.backend,
        cb_storage::BackendConfig::File { root } if root.as_path() == Path::new("/srv/cb/storage")
    ));
    assert_eq!(
        local.storage.signing_secret.expose_secret(),
        DEMO_JWT_SECRET
    );
    assert_eq!(local.storage.file_size_limit, 50 * 1024 * 1024);
    let err = refusal(&[("STORAGE_BACKEND", "s3"), ("S3_ACCESS_KEY_ID", "id")]);
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
    each_bad_value_names_its_variable(&[
        ("STORAGE_BACKEND", "ftp"),
        ("STORAGE_FILE_SIZE_LIMIT", "big"),
        ("STORAGE_SIGNING_SECRET", "short"),
    ]);
}

#[test]
fn keys_must_match_their_role() {
    let err = refusal(&[("ANON_KEY", cb_gateway::DEMO_SERVICE_ROLE_KEY)]);
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
    assert_eq!(
        functions.webhooks.secrets[1].expose_secret(),
        b"plain-text-secret"
    );
    each_bad_value_names_its_variable(&[
        ("ANTISPAM_EMAIL_RATE_LIMIT", "lots"),
        ("TRUSTED_PROXIES", "proxy.internal"),
        ("LEAD_WEBHOOK_URLS", "ftp://x"),
        ("ALTCHA_HMAC_KEY", "short"),
        ("ALTCHA_MAX_NUMBER", "0"),
        ("CAPTCHA_MIN_SCORE", "2"),
        ("CAPTCHA_VERIFY_URL", "siteverify"),
    ]);
    let err = refusal(&[("CAPTCHA_PROVIDER", "turnstile")]);
    assert!(err.starts_with("CAPTCHA_SECRET_KEY"), "{err}");
    let secret = "a-production-secret-that-is-long-enough-0123456789";
    let hash = crate::passcode::hash("correct horse battery staple").unwrap();
    let err = refusal(&[
        ("CLAIMBRIDGE_ENV", "production"),
        ("JWT_SECRET", secret),
        ("ADMIN_PASSCODE_HASH", &hash),
        ("LEAD_WEBHOOK_URLS", "https://hooks.test/leads"),
    ]);
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
