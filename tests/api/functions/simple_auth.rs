//! simple-auth: passcode login, admin token validation, and the brute-force lockout.
use std::time::{Duration, Instant};

use cb_server::app::cb_auth::{ADMIN_USER_ID, AdminTokens};
use cb_tests::{
    Answer as _, Caller, DEMO_ANON_KEY, DEMO_JWT_SECRET, HeaderText as _, TEST_PASSCODE, TestApp,
    spawn_app, spawn_app_with,
};
use serde_json::{Value, json};

use super::support::assert_error_starts_with;

async fn invoke(app: &TestApp, body: Value, forwarded_for: Option<&str>) -> reqwest::Response {
    let mut request = app
        .post("/functions/v1/simple-auth")
        .header("apikey", DEMO_ANON_KEY)
        .bearer_auth(DEMO_ANON_KEY)
        .json(&body);
    if let Some(ip) = forwarded_for {
        request = request.header("x-forwarded-for", ip);
    }
    request.answer().await
}

/// A login with `passcode`, sent from `forwarded_for` when given.
async fn login(app: &TestApp, passcode: &str, forwarded_for: Option<&str>) -> reqwest::Response {
    invoke(
        app,
        json!({"action": "login", "passcode": passcode}),
        forwarded_for,
    )
    .await
}

/// What validate answers for `token`.
async fn validate(app: &TestApp, token: &str) -> Value {
    invoke(app, json!({"action": "validate", "token": token}), None)
        .await
        .json()
        .await
        .unwrap()
}

fn claims_of(token: &str) -> Value {
    use jsonwebtoken::{Algorithm, DecodingKey, Validation};
    let mut validation = Validation::new(Algorithm::HS256);
    validation.validate_aud = false;
    jsonwebtoken::decode::<Value>(
        token,
        &DecodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
        &validation,
    )
    .expect("signed with the project secret")
    .claims
}

#[tokio::test]
async fn the_right_passcode_gets_an_admin_token_the_database_accepts() {
    let app = spawn_app().await;
    let response = login(&app, TEST_PASSCODE, None).await;
    assert_eq!(response.status(), 200);
    assert!(
        response
            .header_text("content-type")
            .starts_with("application/json")
    );
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["success"], true);
    let token = body["token"].as_str().unwrap();
    let claims = claims_of(token);
    assert_eq!(claims["role"], "authenticated");
    assert_eq!(claims["sub"], ADMIN_USER_ID);
    assert_eq!(claims["app_metadata"]["admin"], true);
    assert_eq!(
        claims["app_metadata"]["passcode_version"]
            .as_str()
            .unwrap()
            .len(),
        12
    );
    assert_eq!(
        claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap(),
        8 * 3600
    );
    assert_eq!(body["expiresAt"], claims["exp"]);

    let rows = Caller::new("authenticated", claims)
        .query(&app.db.pool, "select private.is_admin() as admin")
        .await
        .unwrap();
    assert_eq!(rows, vec![json!({"admin": true})]);

    let validated: Value = validate(&app, token).await;
    assert_eq!(validated["valid"], true);
}

#[tokio::test]
async fn a_wrong_passcode_is_denied_and_takes_at_least_300_ms() {
    let app = spawn_app().await;
    let started = Instant::now();
    let response = login(&app, "not-the-passcode", None).await;
    let elapsed = started.elapsed();
    assert_eq!(
        response.status(),
        200,
        "the page shows 'Access Denied' with the error text"
    );
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"success": false, "error": "Invalid passcode"})
    );
    assert!(elapsed >= Duration::from_millis(300), "{elapsed:?}");
}

#[tokio::test]
async fn ten_failures_lock_the_client_ip_out_without_checking_the_passcode() {
    let app = spawn_app_with(&[("TRUSTED_PROXIES", "127.0.0.1")]).await;
    let attacker = "198.51.100.66";
    let mut failures = tokio::task::JoinSet::new();
    for i in 0..10 {
        let request = app
            .post("/functions/v1/simple-auth")
            .bearer_auth(DEMO_ANON_KEY)
            .header("x-forwarded-for", attacker)
            .json(&json!({"action": "login", "passcode": format!("guess-{i}")}));
        failures.spawn(async move { request.answer().await.json::<Value>().await.unwrap() });
    }
    for body in failures.join_all().await {
        assert_eq!(body["success"], false);
    }
    let started = Instant::now();
    let locked = login(&app, TEST_PASSCODE, Some(attacker)).await;
    assert_eq!(locked.status(), 429);
    let retry_after: u64 = locked.header_text("retry-after").parse().unwrap();
    assert!((1..=900).contains(&retry_after), "{retry_after}");
    assert!(
        started.elapsed() < Duration::from_millis(300),
        "a locked-out attempt is refused before any passcode check"
    );
    let body: Value = locked.json().await.unwrap();
    assert_eq!(body["success"], false);
    assert_error_starts_with(&body, "Too many failed attempts");

    // Another address is not affected, and its success clears nothing of the attacker's.
    let other = login(&app, TEST_PASSCODE, Some("203.0.113.9")).await;
    assert_eq!(other.json::<Value>().await.unwrap()["success"], true);
    let still = login(&app, TEST_PASSCODE, Some(attacker)).await;
    assert_eq!(still.status(), 429);

    // Without TRUSTED_PROXIES the header is ignored: the lockout follows the real peer.
    let app = spawn_app_with(&[("LOGIN_FAILURE_LIMIT", "2/15m")]).await;
    for ip in ["1.1.1.1", "2.2.2.2"] {
        login(&app, "wrong", Some(ip)).await;
    }
    let spoofed = login(&app, TEST_PASSCODE, Some("3.3.3.3")).await;
    assert_eq!(spoofed.status(), 429);
}

#[tokio::test]
async fn validate_tells_valid_expired_forged_and_revoked_tokens_apart() {
    let app = spawn_app().await;
    let token = app.sign_in(&[("apikey", DEMO_ANON_KEY)]).await;
    let version = claims_of(&token)["app_metadata"]["passcode_version"].clone();
    assert_eq!(validate(&app, &token).await["valid"], true);

    let now = claims_of(&token)["iat"].as_i64().unwrap();
    let expired = cb_tests::mint_jwt(
        "authenticated",
        json!({"iat": now - 9 * 3600, "exp": now - 3600, "app_metadata": {"admin": true, "passcode_version": version}}),
    );
    assert_eq!(
        validate(&app, &expired).await,
        json!({"valid": false, "error": "Token expired"})
    );

    let forged = {
        let mut parts: Vec<String> = token.split('.').map(str::to_string).collect();
        parts[2] = "c2lnbmF0dXJl".into();
        parts.join(".")
    };
    assert_eq!(
        validate(&app, &forged).await,
        json!({"valid": false, "error": "Invalid token"})
    );
    assert_eq!(
        validate(&app, "garbage").await,
        json!({"valid": false, "error": "Invalid token"})
    );
    let user = cb_tests::mint_jwt("authenticated", json!({"sub": "someone"}));
    assert_eq!(
        validate(&app, &user).await,
        json!({"valid": false, "error": "Not an admin token"})
    );
    assert_eq!(
        invoke(&app, json!({"action": "validate"}), None)
            .await
            .json::<Value>()
            .await
            .unwrap(),
        json!({"valid": false, "error": "Token is required"})
    );

    // A new passcode (another hash) revokes every token issued for the old one.
    let new_hash = cb_server::passcode::hash("a-brand-new-passcode").unwrap();
    let rotated = spawn_app_with(&[("ADMIN_PASSCODE_HASH", &new_hash)]).await;
    let revoked: Value = validate(&rotated, &token).await;
    assert_eq!(revoked["valid"], false);
    assert_eq!(revoked["error"], "Token revoked: the passcode has changed");
    let fresh = AdminTokens::new(DEMO_JWT_SECRET, &new_hash).issue();
    let ok: Value = validate(&rotated, &fresh.token).await;
    assert_eq!(ok["valid"], true);
}

#[tokio::test]
async fn bad_requests_get_json_errors_not_500s() {
    let app = spawn_app().await;
    let url = format!("{}/functions/v1/simple-auth", app.url);
    for (body, status, error) in [
        ("not json", 400, "The body must be a JSON object"),
        ("[1,2]", 400, "The body must be a JSON object"),
        (
            r#"{"action":"dance"}"#,
            400,
            "Unknown action: use 'login' or 'validate'",
        ),
        (r#"{"action":"login"}"#, 400, "Passcode is required"),
        (
            r#"{"action":"login","passcode":42}"#,
            400,
            "Passcode is required",
        ),
    ] {
        let response = app
            .client
            .post(&url)
            .bearer_auth(DEMO_ANON_KEY)
            .body(body)
            .answer()
            .await;
        assert_eq!(response.status(), status, "{body}");
        assert!(
            response
                .header_text("content-type")
                .starts_with("application/json")
        );
        assert_eq!(
            response.json::<Value>().await.unwrap(),
            json!({"success": false, "error": error}),
            "{body}"
        );
    }
    let long = json!({"action": "login", "passcode": "x".repeat(2000)}).to_string();
    assert_eq!(
        app.client
            .post(&url)
            .bearer_auth(DEMO_ANON_KEY)
            .body(long)
            .answer()
            .await
            .status(),
        400
    );
    let get = app
        .client
        .get(&url)
        .bearer_auth(DEMO_ANON_KEY)
        .answer()
        .await;
    assert_eq!(get.status(), 405);
    assert_eq!(get.headers()["allow"], "POST");
    let huge = app
        .client
        .post(&url)
        .bearer_auth(DEMO_ANON_KEY)
        .body(vec![b'x'; 100_000])
        .answer()
        .await;
    assert_eq!(huge.status(), 413);
    assert!(huge.json::<Value>().await.unwrap()["error"].is_string());
}
