//! Signing keys from config.toml (relative to it) or the environment, a bad setting stopping the
//! start, and API keys signed by a signing key.
use super::*;

/// An ES256 key then an RS256 key (tests/fixtures).
const SIGNING_KEYS: &str =
    include_str!("../../../../../tests/fixtures/signing-keys/es256-rs256.json");

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
