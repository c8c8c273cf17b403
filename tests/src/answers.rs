//! The anonymous read many tests make, a REST write with the rows back, and one assertion on an
//! answer's status and headers.
use reqwest::{Method, Response};
use serde_json::Value;

use crate::{Answer as _, Exchange as _, HeaderText as _, TestApp};

/// `GET path` as the anonymous caller (the anon key as apikey and bearer), answered.
pub async fn anon_get(app: &TestApp, path: &str) -> Response {
    app.anon(reqwest::Method::GET, path).answer().await
}

/// Sends `body` to `/rest/v1/{path}` as `token` (None: anon), asking for the rows back: the
/// status and the JSON answer (null when empty).
pub async fn rest_send(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = match token {
        Some(token) => app.with_token(method, &format!("/rest/v1/{path}"), token),
        None => app.anon(method, &format!("/rest/v1/{path}")),
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

/// Asserts that `response` has the status `status` and, for each `(name, value)` of `headers`,
/// that header with exactly that value.
pub fn assert_status_and_headers(response: &Response, status: u16, headers: &[(&str, &str)]) {
    let url = response.url();
    assert_eq!(response.status(), status, "{url}");
    for (name, value) in headers {
        assert_eq!(response.header_text(name), *value, "{name} of {url}");
    }
}
