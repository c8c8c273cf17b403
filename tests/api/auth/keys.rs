//! Asymmetric signing keys: a server configured with the CLI's signing keys file (ES256 first,
//! RS256 second) publishes both public keys and nothing else, and every service takes a token
//! of either key and refuses one of a key it does not have, even under a kid it knows.
use cb_server::app::cb_auth::{KeyAlgorithm, SigningKeys, generate_signing_key};
use cb_tests::{Answer as _, TestApp, spawn_app_with, workspace_root};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn keys_file() -> String {
    workspace_root()
        .join("tests/fixtures/signing-keys/es256-rs256.json")
        .display()
        .to_string()
}

fn fixture() -> Vec<Value> {
    serde_json::from_str(&std::fs::read_to_string(keys_file()).unwrap()).unwrap()
}

/// A user's access token signed by the first key of `keys`.
fn token(keys: &[Value]) -> String {
    let signing = SigningKeys::from_jwks(&Value::from(keys.to_vec()).to_string()).unwrap();
    signing.sign(&json!({
        "role": "authenticated", "aud": "authenticated",
        "sub": "0b6c1cbc-5f5b-4c2e-9f52-5d3f7d0c2a11",
        "iat": cb_tests::now(), "exp": cb_tests::now() + 600,
    }))
}

/// The status /rest/v1, /storage/v1 and /functions/v1 answer `token` with.
async fn statuses(app: &TestApp, token: &str) -> [StatusCode; 3] {
    let rest = app
        .with_token(Method::GET, "/rest/v1/blog_posts?select=id&limit=1", token)
        .answer()
        .await
        .status();
    let storage = app
        .with_token(Method::POST, "/storage/v1/object/list/blog-images", token)
        .json(&json!({"prefix": ""}))
        .answer()
        .await
        .status();
    let functions = app
        .with_token(Method::POST, "/functions/v1/simple-auth", token)
        .json(&json!({"action": "validate", "token": "x"}))
        .answer()
        .await
        .status();
    [rest, storage, functions]
}

#[tokio::test]
async fn every_service_takes_either_signing_key_and_refuses_an_impostor_under_its_kid() {
    let app = spawn_app_with(&[("AUTH_SIGNING_KEYS_PATH", &keys_file())]).await;
    let file = fixture();
    let es256 = token(&file);
    let rs256 = token(&[file[1].clone(), file[0].clone()]);
    for (what, token) in [("ES256", &es256), ("RS256", &rs256)] {
        assert_eq!(statuses(&app, token).await, [StatusCode::OK; 3], "{what}");
    }
    // The legacy HS256 session tokens still work.
    assert_eq!(
        statuses(&app, &cb_tests::mint_jwt("authenticated", json!({}))).await,
        [StatusCode::OK; 3]
    );
    // A key of the attacker's, carrying the kid of the signing key.
    let mut impostor = generate_signing_key(KeyAlgorithm::ES256);
    impostor["kid"] = file[0]["kid"].clone();
    let forged = token(&[impostor]);
    let [rest, storage, functions] = statuses(&app, &forged).await;
    assert_eq!(rest, StatusCode::UNAUTHORIZED);
    assert!(
        storage == StatusCode::BAD_REQUEST || storage == StatusCode::FORBIDDEN,
        "storage: {storage}"
    );
    assert_eq!(functions, StatusCode::UNAUTHORIZED);
    // A server without the keys takes neither.
    let plain = cb_tests::spawn_app().await;
    let [rest, _, functions] = statuses(&plain, &es256).await;
    assert_eq!(
        (rest, functions),
        (StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED)
    );
}

#[tokio::test]
async fn the_jwks_holds_both_public_keys_and_no_private_part() {
    let app = spawn_app_with(&[("AUTH_SIGNING_KEYS_PATH", &keys_file())]).await;
    let file = fixture();
    // Open at the gateway: no apikey.
    let response = app.get("/auth/v1/.well-known/jwks.json").answer().await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "public, max-age=600");
    let jwks: Value = response.json().await.unwrap();
    let keys = jwks["keys"].as_array().unwrap();
    assert_eq!(keys.len(), 2);
    for (published, private) in keys.iter().zip(&file) {
        assert_eq!(published["kid"], private["kid"]);
        assert_eq!(published["alg"], private["alg"]);
        assert_eq!(published["kty"], private["kty"]);
        assert_eq!(published["use"], "sig");
        assert_eq!(published["key_ops"], json!(["verify"]));
        let public_parts: &[&str] = match private["kty"].as_str() {
            Some("EC") => &["crv", "x", "y"],
            _ => &["n", "e"],
        };
        for part in public_parts {
            assert_eq!(published[part], private[part], "{part}");
        }
    }
    let text = jwks.to_string();
    for private in &file {
        for part in ["d", "p", "q", "dp", "dq", "qi"] {
            if let Some(value) = private[part].as_str() {
                assert!(!text.contains(value), "{part} published");
            }
        }
    }
    // What a client verifying with the JWKS needs: each key verifies its tokens.
    for (index, signing) in [
        (0, token(&file)),
        (1, token(&[file[1].clone(), file[0].clone()])),
    ] {
        let header = jsonwebtoken::decode_header(&signing).unwrap();
        assert_eq!(header.kid.as_deref(), keys[index]["kid"].as_str());
        let jwk: jsonwebtoken::jwk::Jwk = serde_json::from_value(keys[index].clone()).unwrap();
        let key = jsonwebtoken::DecodingKey::from_jwk(&jwk).unwrap();
        let mut validation = jsonwebtoken::Validation::new(header.alg);
        validation.set_audience(&["authenticated"]);
        assert!(jsonwebtoken::decode::<Value>(&signing, &key, &validation).is_ok());
    }
}
