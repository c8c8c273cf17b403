//! What the auth tests share: requests as auth-js sends them, GoTrue's error checks, users made
//! through the admin API.
use cb_tests::{Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, HeaderText as _, TestApp};
use reqwest::Method;
use serde_json::{Value, json};

/// The settings the flow tests run with: sign-ups on and confirmed at once (the auth-js test
/// project's), a short reuse interval.
pub(super) const OPEN_SIGNUPS: &[(&str, &str)] = &[
    ("GOTRUE_DISABLE_SIGNUP", "false"),
    ("GOTRUE_MAILER_AUTOCONFIRM", "true"),
];

/// A request to /auth/v1 as auth-js sends it (the anon key, the API version header).
pub(super) fn auth(app: &TestApp, method: Method, path: &str) -> reqwest::RequestBuilder {
    app.client
        .request(method, format!("{}/auth/v1{path}", app.url))
        .header("apikey", DEMO_ANON_KEY)
        .header("x-supabase-api-version", "2024-01-01")
}

/// A request to an admin endpoint with the service role key.
pub(super) fn admin(app: &TestApp, method: Method, path: &str) -> reqwest::RequestBuilder {
    auth(app, method, path).bearer_auth(DEMO_SERVICE_ROLE_KEY)
}

/// Asserts GoTrue's error answer: the status, the code in the header and the body, the message
/// as `msg` and `message`, the API version header and JSON.
pub(super) async fn expect_error(
    response: reqwest::Response,
    status: u16,
    code: &str,
    message: &str,
) {
    let what = format!("{} {code}", response.url().path());
    assert_eq!(response.status(), status, "{what}");
    assert_eq!(
        response.headers()["x-supabase-api-version"],
        "2024-01-01",
        "{what}"
    );
    assert_eq!(response.headers()["x-sb-error-code"], code, "{what}");
    assert!(
        response
            .header_text("content-type")
            .starts_with("application/json"),
        "{what}"
    );
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], code, "{what}: {body}");
    assert_eq!(body["error_code"], code, "{what}");
    assert_eq!(body["msg"], message, "{what}");
    assert_eq!(body["message"], message, "{what}");
}

/// Asserts a GoTrue error answer's status and code only.
pub(super) async fn expect_code(response: reqwest::Response, status: u16, code: &str) {
    let what = format!("{} {code}", response.url().path());
    assert_eq!(response.status(), status, "{what}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], code, "{what}: {body}");
}

/// Sends each request in turn and expects its GoTrue error (see [`expect_error`]).
pub(super) async fn expect_errors(cases: Vec<(reqwest::RequestBuilder, u16, &str, &str)>) {
    for (request, status, code, message) in cases {
        expect_error(request.answer().await, status, code, message).await;
    }
}

/// A refresh-token grant's answer.
pub(super) async fn refresh(app: &TestApp, token: &str) -> reqwest::Response {
    auth(app, Method::POST, "/token?grant_type=refresh_token")
        .json(&json!({"refresh_token": token}))
        .answer()
        .await
}

/// The claims of a JWT (not verified: the server's answers are under test, not its keys).
pub(super) fn claims(token: &str) -> Value {
    use base64::Engine as _;
    let payload = token.split('.').nth(1).expect("a JWT");
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload)
        .expect("base64url");
    serde_json::from_slice(&bytes).expect("JSON claims")
}

pub(super) fn text(value: &Value) -> &str {
    value.as_str().expect("a string")
}
