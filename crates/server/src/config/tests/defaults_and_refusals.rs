//! Defaults that work locally, what production refuses, and bad values of the site, storage,
//! key and function settings refused with one line naming the variable.
use super::*;

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
