//! `verify_jwt` as on Supabase: functions that verify answer only a valid project JWT (the anon
//! key is one) and refuse the rest with the relay's 401; the public ones (the lead webhook,
//! the captcha challenge) and preflights are never checked; config can turn it off or on.
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, TestApp, mint_jwt, spawn_app, spawn_app_with,
};
use serde_json::{Value, json};

const VALIDATE: &str = r#"{"action":"validate","token":"not-a-token"}"#;

async fn simple_auth(app: &TestApp, authorization: Option<&str>) -> (u16, Option<String>, Value) {
    let mut request = app
        .post("/functions/v1/simple-auth")
        .header("content-type", "application/json")
        .body(VALIDATE);
    if let Some(value) = authorization {
        request = request.header("authorization", value);
    }
    let response = request.answer().await;
    let status = response.status().as_u16();
    let code = response
        .headers()
        .get("sb-error-code")
        .map(|v| v.to_str().unwrap().to_string());
    (status, code, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_verifying_function_refuses_missing_malformed_forged_and_expired_tokens() {
    let app = spawn_app().await;
    let expired = mint_jwt("anon", json!({"iat": 1_000, "exp": 2_000}));
    let mut forged = DEMO_ANON_KEY.to_string();
    forged.replace_range(forged.len() - 4.., "AAAA");
    for (authorization, code, message) in [
        (
            None,
            "UNAUTHORIZED_NO_AUTH_HEADER",
            "Missing authorization header",
        ),
        (
            Some("Bearer"),
            "UNAUTHORIZED_INVALID_JWT_FORMAT",
            "Invalid JWT format",
        ),
        (
            Some("Bearer not.a-jwt"),
            "UNAUTHORIZED_INVALID_JWT_FORMAT",
            "Invalid JWT format",
        ),
        (
            Some(&format!("Basic {DEMO_ANON_KEY}")),
            "UNAUTHORIZED_INVALID_JWT_FORMAT",
            "Invalid JWT format",
        ),
        (
            Some(&format!("Bearer {forged}")),
            "UNAUTHORIZED_LEGACY_JWT",
            "Invalid JWT",
        ),
        (
            Some(&format!("Bearer {expired}")),
            "UNAUTHORIZED_LEGACY_JWT",
            "Invalid JWT",
        ),
    ] {
        let (status, header, body) = simple_auth(&app, authorization).await;
        assert_eq!(status, 401, "{authorization:?}: {body}");
        assert_eq!(header.as_deref(), Some(code), "{authorization:?}");
        assert_eq!(
            body,
            json!({"code": code, "message": message, "msg": message})
        );
    }
    // What supabase-js sends (the anon key), a service key and a user's token all pass.
    let user = mint_jwt(
        "authenticated",
        json!({"sub": "7d1e0b0a-5b1c-4c39-8a4e-000000000001"}),
    );
    for token in [DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, user.as_str()] {
        let (status, _, body) = simple_auth(&app, Some(&format!("Bearer {token}"))).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["valid"], false);
    }
}

/// A lead POSTed to the lead webhook with no token and only an email (an incomplete lead).
async fn incomplete_lead(app: &TestApp) -> reqwest::Response {
    app.post("/functions/v1/lead-relay")
        .json(&json!({"email": "a@b.test"}))
        .answer()
        .await
}

#[tokio::test]
async fn public_functions_and_preflights_need_no_token() {
    let app = spawn_app().await;
    let challenge = app.get("/functions/v1/captcha-challenge").answer().await;
    assert_eq!(challenge.status(), 200);
    let alias = app.get("/functions/v1/altcha-challenge").answer().await;
    assert_eq!(alias.status(), 200);
    // The lead webhook answers on its merits (here: an incomplete lead), not 401.
    let relay = incomplete_lead(&app).await;
    assert_eq!(relay.status(), 400);
    let preflight = app
        .request(reqwest::Method::OPTIONS, "/functions/v1/antispam-check")
        .answer()
        .await;
    assert!(preflight.status().is_success(), "{}", preflight.status());
}

#[tokio::test]
async fn the_environment_turns_verification_off_or_on_for_every_function() {
    let off = spawn_app_with(&[("FUNCTIONS_VERIFY_JWT", "false")]).await;
    let (status, _, body) = simple_auth(&off, None).await;
    assert_eq!(status, 200, "{body}");

    let on = spawn_app_with(&[("FUNCTIONS_VERIFY_JWT", "true")]).await;
    let relay = incomplete_lead(&on).await;
    assert_eq!(relay.status(), 401);
    assert_eq!(
        relay.headers()["sb-error-code"],
        "UNAUTHORIZED_NO_AUTH_HEADER"
    );
}
