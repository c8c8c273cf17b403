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
    Config::from_vars(&map)
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

/// A Supabase project directory: config.toml and the files it names, removed when dropped.
struct ProjectDir(tempfile::TempDir);

impl ProjectDir {
    fn new(config_toml: &str, files: &[(&str, &str)]) -> Self {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("config.toml"), config_toml).unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        ProjectDir(dir)
    }

    fn config_toml(&self) -> String {
        self.0.path().join("config.toml").display().to_string()
    }

    fn path(&self, name: &str) -> String {
        self.0.path().join(name).display().to_string()
    }
}

/// An ES256 key then an RS256 key (tests/fixtures).
const SIGNING_KEYS: &str = include_str!("../../../../tests/fixtures/signing-keys/es256-rs256.json");

fn fixture_kids() -> Vec<String> {
    let keys: serde_json::Value = serde_json::from_str(SIGNING_KEYS).unwrap();
    keys.as_array()
        .unwrap()
        .iter()
        .map(|key| key["kid"].as_str().unwrap().to_string())
        .collect()
}

fn header_kid(token: &str) -> Option<String> {
    jsonwebtoken::decode_header(token).unwrap().kid
}

#[test]
fn signing_keys_come_from_config_toml_relative_to_it_and_every_service_verifies_them() {
    let project = ProjectDir::new(
        "[auth]\nsigning_keys_path = \"./keys/signing_keys.json\"",
        &[("keys/signing_keys.json", SIGNING_KEYS)],
    );
    let config = config(&[("CLAIMBRIDGE_SUPABASE_CONFIG", &project.config_toml())]).unwrap();
    let kids = fixture_kids();
    let token = config
        .signing_keys
        .sign(&serde_json::json!({"role": "authenticated", "sub": "u1"}));
    assert_eq!(header_kid(&token).as_ref(), Some(&kids[0]));
    let jwks = config.signing_keys.jwks();
    let published: Vec<&str> = jwks["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|key| key["kid"].as_str().unwrap())
        .collect();
    assert_eq!(published, kids);
    let secret_token = jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        &serde_json::json!({"role": "anon"}),
        &jsonwebtoken::EncodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
    )
    .unwrap();
    for (service, verifier) in [
        ("rest", config.jwt_verifier()),
        ("auth", config.secret_verifier()),
        ("storage", config.storage.verifier.clone()),
        ("functions", config.functions.jwt_verifier.clone()),
    ] {
        assert_eq!(
            verifier.verify(&token).unwrap().role(),
            Some("authenticated"),
            "{service}"
        );
        assert!(verifier.verify(&secret_token).is_ok(), "{service}: HS256");
    }
}

#[test]
fn the_environment_names_the_signing_keys_over_the_file() {
    let project = ProjectDir::new(
        "[auth]\nsigning_keys_path = \"./missing.json\"",
        &[("other.json", SIGNING_KEYS)],
    );
    let kids = fixture_kids();
    let other = project.path("other.json");
    let from_env = config(&[
        ("CLAIMBRIDGE_SUPABASE_CONFIG", &project.config_toml()),
        ("AUTH_SIGNING_KEYS_PATH", &other),
    ])
    .unwrap();
    let token = from_env
        .signing_keys
        .sign(&serde_json::json!({"role": "anon"}));
    assert_eq!(header_kid(&token).as_ref(), Some(&kids[0]));
    // GoTrue's variable, the JSON itself (RS256 first this time), wins over both.
    let keys: Vec<serde_json::Value> = serde_json::from_str(SIGNING_KEYS).unwrap();
    let reversed = serde_json::json!([keys[1], keys[0]]).to_string();
    let inline = config(&[
        ("CLAIMBRIDGE_SUPABASE_CONFIG", &project.config_toml()),
        ("AUTH_SIGNING_KEYS_PATH", &other),
        ("GOTRUE_JWT_KEYS", &reversed),
    ])
    .unwrap();
    let token = inline
        .signing_keys
        .sign(&serde_json::json!({"role": "anon"}));
    assert_eq!(header_kid(&token).as_ref(), Some(&kids[1]));
    // Without any, HS256 with the secret and nothing published.
    let plain = config(&[]).unwrap();
    let token = plain
        .signing_keys
        .sign(&serde_json::json!({"role": "anon"}));
    assert_eq!(header_kid(&token), None);
    assert_eq!(plain.signing_keys.jwks(), serde_json::json!({"keys": []}));
    assert!(plain.jwt_verifier().verify(&token).is_ok());
}

#[test]
fn a_bad_signing_keys_setting_stops_the_start_with_one_line() {
    let project = ProjectDir::new(
        "[auth]\nsigning_keys_path = \"./signing_keys.json\"",
        &[("empty.json", "[]"), ("broken.json", "{\"kty\": ")],
    );
    let err = refusal(&[("CLAIMBRIDGE_SUPABASE_CONFIG", &project.config_toml())]);
    let missing = project.0.path().join("./signing_keys.json");
    assert!(
        err.starts_with(&format!(
            "AUTH_SIGNING_KEYS_PATH ([auth] signing_keys_path): cannot read {}: ",
            missing.display()
        )),
        "{err}"
    );
    for (file, expected) in [
        ("empty.json", "holds no key"),
        ("broken.json", "not a JSON array of JWKs"),
    ] {
        let err = refusal(&[("AUTH_SIGNING_KEYS_PATH", &project.path(file))]);
        assert!(
            err.starts_with(&format!(
                "AUTH_SIGNING_KEYS_PATH ([auth] signing_keys_path): {}: {expected}",
                project.path(file)
            )),
            "{err}"
        );
        assert!(!err.contains('\n'), "{err}");
    }
    let err = refusal(&[("GOTRUE_JWT_KEYS", r#"[{"kty": "OKP", "kid": "k"}]"#)]);
    assert!(
        err.starts_with("GOTRUE_JWT_KEYS: key 1 (kid 'k'): kty 'OKP'"),
        "{err}"
    );
    let not_a_path = TomlFile::new("[auth]\nsigning_keys_path = 5");
    let err = refusal(&[("CLAIMBRIDGE_SUPABASE_CONFIG", not_a_path.path())]);
    assert!(
        err.ends_with("[auth] signing_keys_path must be a path, got 5"),
        "{err}"
    );
}

#[test]
fn an_api_key_signed_by_a_signing_key_is_accepted() {
    let keys = cb_auth::SigningKeys::from_jwks(SIGNING_KEYS).unwrap();
    let anon = keys.sign(&serde_json::json!({"role": "anon", "iss": "supabase-demo"}));
    let config = config(&[("GOTRUE_JWT_KEYS", SIGNING_KEYS), ("ANON_KEY", &anon)]).unwrap();
    assert_eq!(config.keys.anon, anon);
    let err = refusal(&[("ANON_KEY", &anon)]);
    assert!(
        err.starts_with("ANON_KEY is not a valid key for JWT_SECRET or the signing keys"),
        "{err}"
    );
}

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

#[test]
fn postgrests_settings_default_to_supabases() {
    let rest = config(&[]).unwrap().rest;
    assert_eq!(rest.tx_end, cb_rest::TxEnd::CommitAllowOverride);
    assert_eq!(rest.anon_role.as_deref(), Some("anon"));
    assert_eq!(rest.jwt_aud, None);
    assert!(!rest.server_timing_enabled);
    assert!(rest.app_settings.is_empty());
    assert_eq!(rest.pool_size, 10);
    assert_eq!(
        rest.pool_acquire_timeout,
        std::time::Duration::from_secs(10)
    );
}

#[test]
fn postgrests_settings_come_from_their_variables() {
    let rest = config(&[
        ("PGRST_DB_TX_END", "rollback-allow-override"),
        ("PGRST_DB_ANON_ROLE", "web_anon"),
        ("PGRST_JWT_AUD", "https://api.example.test"),
        ("PGRST_SERVER_TIMING_ENABLED", "true"),
        ("PGRST_APP_SETTINGS_JWT_SECRET", " keep  spaces "),
        ("PGRST_APP_SETTINGS_plan", "free"),
        ("PGRST_APP_SETTINGS_Empty", ""),
        ("PGRST_APP_SETTINGS_a.b$2", "dotted"),
        ("PGRST_APP_SETTINGSX", "not an app setting"),
        ("PGRST_DB_POOL", "64"),
        ("PGRST_DB_POOL_ACQUISITION_TIMEOUT", "3"),
    ])
    .unwrap()
    .rest;
    assert_eq!(rest.tx_end, cb_rest::TxEnd::RollbackAllowOverride);
    assert_eq!(rest.anon_role.as_deref(), Some("web_anon"));
    assert_eq!(rest.jwt_aud.as_deref(), Some("https://api.example.test"));
    assert!(rest.server_timing_enabled);
    assert_eq!(rest.pool_size, 64);
    assert_eq!(rest.pool_acquire_timeout, std::time::Duration::from_secs(3));
    let pair = |name: &str, value: &str| (name.to_string(), value.to_string());
    assert_eq!(
        &*rest.app_settings,
        [
            pair("app.settings.a.b$2", "dotted"),
            pair("app.settings.empty", ""),
            pair("app.settings.jwt_secret", " keep  spaces "),
            pair("app.settings.plan", "free"),
        ]
    );
    for (text, tx_end) in [
        ("commit", cb_rest::TxEnd::Commit),
        ("commit-allow-override", cb_rest::TxEnd::CommitAllowOverride),
        ("rollback", cb_rest::TxEnd::Rollback),
    ] {
        let rest = config(&[("PGRST_DB_TX_END", text)]).unwrap().rest;
        assert_eq!(rest.tx_end, tx_end);
    }
}

#[test]
fn an_empty_anonymous_role_disables_anonymous_access() {
    for empty in ["", "  "] {
        let rest = config(&[("PGRST_DB_ANON_ROLE", empty)]).unwrap().rest;
        assert_eq!(rest.anon_role, None, "{empty:?}");
    }
}

#[test]
fn bad_postgrest_settings_stop_the_start() {
    assert_eq!(
        refusal(&[("PGRST_DB_TX_END", "rollback-all")]),
        "PGRST_DB_TX_END is 'rollback-all': set it to one of commit, commit-allow-override, \
         rollback, rollback-allow-override"
    );
    assert_eq!(
        refusal(&[("PGRST_JWT_AUD", "https://exa mple.test")]),
        "PGRST_JWT_AUD is 'https://exa mple.test': it is neither a string without ':' nor a \
         valid URI (a value with ':' must be a URI)"
    );
    each_bad_value_names_its_variable(&[
        ("PGRST_DB_TX_END", "Commit"),
        ("PGRST_JWT_AUD", ":audience"),
        ("PGRST_SERVER_TIMING_ENABLED", "sometimes"),
        ("PGRST_DB_POOL", "0"),
        ("PGRST_DB_POOL", "ten"),
        ("PGRST_DB_POOL_ACQUISITION_TIMEOUT", "0"),
        ("PGRST_DB_POOL_ACQUISITION_TIMEOUT", "1.5"),
    ]);
    // The per-client limit must stay below the pool, whichever sets it.
    assert_eq!(
        refusal(&[("PGRST_DB_POOL", "4")]),
        "REST_CLIENT_CONCURRENCY is 4: keep it below the 4 connections of the REST pool \
         (PGRST_DB_POOL), so that one client cannot hold them all (0 turns the limit off)"
    );
    let rest = config(&[("PGRST_DB_POOL", "4"), ("REST_CLIENT_CONCURRENCY", "0")])
        .unwrap()
        .rest;
    assert_eq!(rest.pool_size, 4);
    for bad in [
        "",
        "1st",
        "$x",
        "a-b",
        "a b",
        "a..b",
        "a.",
        "x'); drop table t; --",
    ] {
        let variable = format!("PGRST_APP_SETTINGS_{bad}");
        let err = refusal(&[(&variable, "v")]);
        assert!(
            err.starts_with(&format!("{variable}: '")) && err.contains("cannot name a setting"),
            "{err}"
        );
    }
    let err = refusal(&[
        ("PGRST_APP_SETTINGS_KEY", "a"),
        ("PGRST_APP_SETTINGS_key", "b"),
    ]);
    assert!(
        err.ends_with("both set app.settings.key: keep one"),
        "{err}"
    );
}

#[test]
fn the_renderers_engines_and_deadline_come_from_their_variables() {
    let render = config(&[]).unwrap().render;
    assert_eq!(render.workers, 1);
    assert_eq!(render.timeout, std::time::Duration::from_secs(2));
    let render = config(&[
        ("CLAIMBRIDGE_RENDER_WORKERS", "3"),
        ("CLAIMBRIDGE_RENDER_TIMEOUT_MS", "250"),
    ])
    .unwrap()
    .render;
    assert_eq!(render.workers, 3);
    assert_eq!(render.timeout, std::time::Duration::from_millis(250));
    each_bad_value_names_its_variable(&[
        ("CLAIMBRIDGE_RENDER_TIMEOUT_MS", "0"),
        ("CLAIMBRIDGE_RENDER_TIMEOUT_MS", "2s"),
        ("CLAIMBRIDGE_RENDER_WORKERS", "many"),
    ]);
}
