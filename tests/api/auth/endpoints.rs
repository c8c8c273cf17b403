//! settings, token errors without users, logout 204, the admin passcode's tokens at /user, jwks;
//! GoTrue's error shapes and the X-Supabase-Api-Version header.
use cb_server::app::cb_auth::{ADMIN_USER_ID, AdminTokens};
use cb_tests::{Answer as _, DEMO_ANON_KEY, DEMO_JWT_SECRET, mint_jwt, spawn_app, spawn_app_with};
use reqwest::Method;
use serde_json::{Value, json};

use super::support::{auth, expect_code, expect_error, expect_errors};

#[tokio::test]
async fn settings_describe_a_server_without_signups() {
    let app = spawn_app().await;
    let response = auth(&app, Method::GET, "/settings").answer().await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["x-supabase-api-version"], "2024-01-01");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["disable_signup"], true);
    assert_eq!(body["external"]["email"], true);
    assert_eq!(body["external"]["google"], false);
    assert_eq!(body["saml_enabled"], false);
    let signup = auth(&app, Method::POST, "/signup")
        .json(&json!({"email": "a@b.c", "password": "x"}))
        .answer()
        .await;
    expect_error(
        signup,
        422,
        "signup_disabled",
        "Signups not allowed for this instance",
    )
    .await;
}

#[tokio::test]
async fn token_grants_fail_as_gotrue_does_without_users() {
    let app = spawn_app().await;
    let cases = [
        (
            "/token?grant_type=password",
            json!({"email": "nobody@acme.test", "password": "x", "gotrue_meta_security": {}}),
            400,
            "invalid_credentials",
            "Invalid login credentials",
        ),
        (
            "/token?grant_type=password",
            json!({"password": "x"}),
            400,
            "validation_failed",
            "missing email or phone",
        ),
        (
            "/token?grant_type=refresh_token",
            json!({"refresh_token": "abc123"}),
            400,
            "refresh_token_not_found",
            "Invalid Refresh Token: Refresh Token Not Found",
        ),
        (
            "/token?grant_type=refresh_token",
            json!({}),
            400,
            "validation_failed",
            "refresh_token required",
        ),
        (
            "/token?grant_type=pkce",
            json!({"auth_code": "a", "code_verifier": "b"}),
            404,
            "flow_state_not_found",
            "invalid flow state, no valid flow state found",
        ),
        (
            "/token?grant_type=magic",
            json!({}),
            400,
            "invalid_credentials",
            "unsupported_grant_type",
        ),
        (
            "/token",
            json!({}),
            400,
            "invalid_credentials",
            "unsupported_grant_type",
        ),
    ];
    for (path, body, status, code, message) in cases {
        let response = auth(&app, Method::POST, path).json(&body).answer().await;
        expect_error(response, status, code, message).await;
    }
    let malformed = auth(&app, Method::POST, "/token?grant_type=password")
        .header("content-type", "application/json")
        .body("{not json")
        .answer()
        .await;
    expect_code(malformed, 400, "bad_json").await;
}

#[tokio::test]
async fn logout_answers_204_for_a_session_and_gotrue_errors_otherwise() {
    let app = spawn_app().await;
    let token = app.sign_in(&[]).await;
    for scope in ["", "?scope=global", "?scope=local", "?scope=others"] {
        let response = auth(&app, Method::POST, &format!("/logout{scope}"))
            .bearer_auth(&token)
            .answer()
            .await;
        assert_eq!(response.status(), 204, "{scope}");
        assert!(response.bytes().await.unwrap().is_empty());
    }
    let logout = || auth(&app, Method::POST, "/logout");
    expect_errors(vec![
        (
            auth(&app, Method::POST, "/logout?scope=everything").bearer_auth(&token),
            400,
            "validation_failed",
            "Unsupported logout scope \"everything\"",
        ),
        (
            logout(),
            401,
            "no_authorization",
            "This endpoint requires a valid Bearer token",
        ),
        (
            logout().bearer_auth(DEMO_ANON_KEY),
            403,
            "bad_jwt",
            "invalid claim: missing sub claim",
        ),
    ])
    .await;
    let forged = logout().bearer_auth("a.b.c").answer().await;
    expect_code(forged, 403, "bad_jwt").await;
}

#[tokio::test]
async fn user_is_read_from_the_token_and_revoked_admin_tokens_are_gone_sessions() {
    let app = spawn_app().await;
    let token = app.sign_in(&[]).await;
    let response = auth(&app, Method::GET, "/user")
        .bearer_auth(&token)
        .answer()
        .await;
    assert_eq!(response.status(), 200);
    let user: Value = response.json().await.unwrap();
    assert_eq!(user["id"], ADMIN_USER_ID);
    assert_eq!(user["aud"], "authenticated");
    assert_eq!(user["role"], "authenticated");
    assert_eq!(user["app_metadata"]["admin"], true);
    assert_eq!(user["identities"], json!([]));
    assert_eq!(user["is_anonymous"], false);
    assert!(user["created_at"].as_str().unwrap().ends_with('Z'));

    let someone = mint_jwt(
        "authenticated",
        json!({"sub": "5b1f0c47-0000-4000-8000-000000000001", "email": "x@acme.test"}),
    );
    // A well-signed token for nobody stored is GoTrue's user_not_found.
    expect_error(
        auth(&app, Method::GET, "/user")
            .bearer_auth(&someone)
            .answer()
            .await,
        403,
        "user_not_found",
        "User from sub claim in JWT does not exist",
    )
    .await;

    let expired = mint_jwt(
        "authenticated",
        json!({"sub": ADMIN_USER_ID, "exp": 1_000_000_000}),
    );
    expect_errors(vec![
        (
            auth(&app, Method::GET, "/user").bearer_auth(&expired),
            403,
            "bad_jwt",
            "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
        ),
        (
            auth(&app, Method::GET, "/user"),
            401,
            "no_authorization",
            "This endpoint requires a valid Bearer token",
        ),
    ])
    .await;

    let new_hash = cb_server::passcode::hash("another-passcode-entirely").unwrap();
    let rotated = spawn_app_with(&[("ADMIN_PASSCODE_HASH", &new_hash)]).await;
    let revoked = auth(&rotated, Method::GET, "/user")
        .bearer_auth(&token)
        .answer()
        .await;
    expect_error(
        revoked,
        403,
        "session_not_found",
        "Session from session_id claim in JWT does not exist",
    )
    .await;
    let fresh = AdminTokens::new(DEMO_JWT_SECRET, &new_hash).issue();
    assert_eq!(
        auth(&rotated, Method::GET, "/user")
            .bearer_auth(&fresh.token)
            .answer()
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn jwks_is_open_and_empty_and_unknown_paths_are_gotrue_404s() {
    let app = spawn_app().await;
    let response = app.get("/auth/v1/.well-known/jwks.json").answer().await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "public, max-age=600");
    assert_eq!(response.json::<Value>().await.unwrap(), json!({"keys": []}));
    let unknown = auth(&app, Method::GET, "/no-such-endpoint").answer().await;
    expect_error(unknown, 404, "not_found", "Not Found").await;
    let wrong_method = auth(&app, Method::DELETE, "/settings").answer().await;
    assert_eq!(wrong_method.status(), 405);
    // Kong's key check still guards everything but the open paths.
    let keyless = app.get("/auth/v1/user").answer().await;
    assert_eq!(keyless.status(), 401);
    assert_eq!(
        keyless.json::<Value>().await.unwrap(),
        json!({"message": "No API key found in request"})
    );
}
