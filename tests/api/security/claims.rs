//! Tokens whose claims are well signed but wrong: time claims of the wrong type, admin claims
//! that only look like the admin's.
use cb_tests::{
    Answer as _, Exchange as _, HeaderText as _, TestApp, admin_claims, mint_jwt, spawn_app,
};
use jsonwebtoken::{EncodingKey, Header};
use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn sign(claims: &Value) -> String {
    jsonwebtoken::encode(
        &Header::default(),
        claims,
        &EncodingKey::from_secret(cb_tests::DEMO_JWT_SECRET.as_bytes()),
    )
    .expect("sign")
}

fn rest(app: &TestApp, method: Method, path: &str, token: &str) -> reqwest::RequestBuilder {
    app.with_token(method, &format!("/rest/v1{path}"), token)
}

/// A read of /rest/v1/blog_posts with `token`, which PostgREST must refuse as a bad JWT: 401 and
/// PGRST303 (`case` names it in a failure). The answer's headers and body, for the rest.
async fn refused_read(app: &TestApp, token: &str, case: &str) -> (HeaderMap, Value) {
    let response = rest(app, Method::GET, "/blog_posts?select=id", token)
        .answer()
        .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{case}");
    let headers = response.headers().clone();
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "PGRST303", "{case}: {body}");
    (headers, body)
}

#[tokio::test]
async fn a_string_exp_is_refused_not_taken_as_no_expiry() {
    let app = spawn_app().await;
    // Long past as a number; jsonwebtoken skips a string it cannot parse as one.
    let token = sign(&json!({"role": "authenticated", "exp": "1000000000"}));
    let (headers, body) = refused_read(&app, &token, "a string exp").await;
    assert!(
        headers
            .header_text("www-authenticate")
            .starts_with("Bearer error=\"invalid_token\"")
    );
    assert_eq!(body["message"], "The JWT 'exp' claim must be a number");

    let (status, body) = app
        .with_token(Method::POST, "/storage/v1/object/list/blog-images", &token)
        .json(&json!({"prefix": ""}))
        .status_json()
        .await;
    assert!((400..500).contains(&status), "storage: {status}");
    assert_eq!(body["message"], "\"exp\" claim must be a number");

    for claims in [
        json!({"role": "anon", "nbf": "0"}),
        json!({"role": "anon", "iat": {"n": 1}}),
        json!({"role": "anon", "exp": 1_000_000_000.5}),
        json!({"role": "anon", "iat": 99_999_999_999_i64}),
    ] {
        refused_read(&app, &sign(&claims), &claims.to_string()).await;
    }
}

/// What an admin-only write answers for a token with these app_metadata claims.
async fn whitepaper_insert_as(app: &TestApp, app_metadata: Value) -> StatusCode {
    let mut claims = admin_claims();
    claims["app_metadata"] = app_metadata;
    rest(
        app,
        Method::POST,
        "/whitepapers",
        &mint_jwt("authenticated", claims),
    )
    .header("Prefer", "return=minimal")
    .json(&json!({"title": "Denial management playbook", "category": "Guides"}))
    .answer()
    .await
    .status()
}

#[tokio::test]
async fn only_json_true_with_the_current_passcode_generation_is_admin() {
    let app = spawn_app().await;
    let version = admin_claims()["app_metadata"]["passcode_version"].clone();
    assert_eq!(
        whitepaper_insert_as(&app, json!({"admin": true, "passcode_version": version})).await,
        StatusCode::CREATED,
        "the real admin token"
    );
    for (why, app_metadata) in [
        (
            "admin as a string",
            json!({"admin": "true", "passcode_version": version}),
        ),
        (
            "admin as yes",
            json!({"admin": "yes", "passcode_version": version}),
        ),
        (
            "admin as 1",
            json!({"admin": 1, "passcode_version": version}),
        ),
        ("no passcode generation", json!({"admin": true})),
        (
            "an earlier passcode's generation",
            json!({"admin": true, "passcode_version": "0123456789ab"}),
        ),
        (
            "a null generation",
            json!({"admin": true, "passcode_version": null}),
        ),
    ] {
        assert_eq!(
            whitepaper_insert_as(&app, app_metadata).await,
            StatusCode::FORBIDDEN,
            "{why}"
        );
    }
}

/// Found by the REST fuzzer: a `sub` with U+0000 reached PostgreSQL as a setting and broke the
/// protocol (503 08P01).
#[tokio::test]
async fn claims_with_nul_characters_are_401_everywhere() {
    let app = spawn_app().await;
    let token = sign(&json!({"role": "anon", "sub": "\u{0}"}));
    let (_, body) = refused_read(&app, &token, "a NUL in sub").await;
    assert_eq!(body["message"], "Parsing claims failed");
    let storage = app
        .get("/storage/v1/bucket")
        .bearer_auth(&token)
        .answer()
        .await;
    assert!(storage.status().is_client_error(), "{}", storage.status());
}
