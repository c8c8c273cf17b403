//! The anonymous read many tests make, REST requests with the rows back, a password sign-in, and
//! assertions on an answer's status, headers and JSON.
use reqwest::{Method, Response};
use serde_json::{Value, json};

use crate::{
    Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, Exchange as _, HeaderText as _, TestApp,
};

/// `GET path` as the anonymous caller (the anon key as apikey and bearer), answered.
pub async fn anon_get(app: &TestApp, path: &str) -> Response {
    app.anon(reqwest::Method::GET, path).answer().await
}

/// One caller's REST requests (`token`, or None for anon), each asking for the rows back: the
/// status and the JSON answer (null when empty).
#[derive(Clone, Copy)]
pub struct RestCaller<'a> {
    app: &'a TestApp,
    token: Option<&'a str>,
}

/// The REST requests of `token`'s caller (None: anon).
pub fn rest_as<'a>(app: &'a TestApp, token: Option<&'a str>) -> RestCaller<'a> {
    RestCaller { app, token }
}

impl RestCaller<'_> {
    pub async fn get(self, path: &str) -> (u16, Value) {
        self.send(Method::GET, path, None).await
    }

    pub async fn post(self, path: &str, body: Value) -> (u16, Value) {
        self.send(Method::POST, path, Some(body)).await
    }

    pub async fn patch(self, path: &str, body: Value) -> (u16, Value) {
        self.send(Method::PATCH, path, Some(body)).await
    }

    pub async fn delete(self, path: &str) -> (u16, Value) {
        self.send(Method::DELETE, path, None).await
    }

    /// Sends `body` to `/rest/v1/{path}`.
    async fn send(self, method: Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let url = format!("/rest/v1/{path}");
        let mut request = match self.token {
            Some(token) => self.app.with_token(method, &url, token),
            None => self.app.anon(method, &url),
        }
        .header("Prefer", "return=representation");
        if let Some(body) = body {
            request = request.json(&body);
        }
        let (status, text) = request.status_text().await;
        let body = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"))
        };
        (status, body)
    }
}

/// Asserts that `response` has the status `status` and, for each `(name, value)` of `headers`,
/// that header with exactly that value.
pub fn assert_status_and_headers(response: &Response, status: u16, headers: &[(&str, &str)]) {
    let url = response.url();
    assert_eq!(response.status(), status, "{url}");
    for (name, value) in headers {
        assert_eq!(response.header_text(name), *value, "{name} of {url}");
    }
}

/// The JSON of a successful answer (the status must be 200).
pub async fn ok_json(request: reqwest::RequestBuilder) -> Value {
    let (status, body) = request.status_json().await;
    assert_eq!(status, 200, "{body}");
    body
}

/// A password sign-in through /auth/v1 as supabase-js sends it; the session it answers (the
/// status must be 200).
pub async fn password_sign_in(app: &TestApp, email: &str, password: &str) -> Value {
    ok_json(
        app.post("/auth/v1/token?grant_type=password")
            .header("apikey", DEMO_ANON_KEY)
            .json(&json!({"email": email, "password": password, "gotrue_meta_security": {}})),
    )
    .await
}

/// A confirmed user made through GoTrue's admin API (the service role key); their id.
pub async fn create_user(app: &TestApp, email: &str, password: &str) -> String {
    let user = ok_json(
        app.post("/auth/v1/admin/users")
            .header("apikey", DEMO_ANON_KEY)
            .bearer_auth(DEMO_SERVICE_ROLE_KEY)
            .json(&json!({"email": email, "password": password, "email_confirm": true})),
    )
    .await;
    user["id"].as_str().expect("an id").to_string()
}

/// The keys of a JSON object, sorted, to compare an answer's shape (panics on anything else).
pub fn sorted_keys(value: &Value) -> Vec<&str> {
    let object = value
        .as_object()
        .unwrap_or_else(|| panic!("not a JSON object: {value}"));
    let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}
