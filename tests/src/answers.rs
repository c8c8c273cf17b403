//! The anonymous read many tests make, and one assertion on an answer's status and headers.
use reqwest::Response;

use crate::{Answer as _, HeaderText as _, TestApp};

/// `GET path` as the anonymous caller (the anon key as apikey and bearer), answered.
pub async fn anon_get(app: &TestApp, path: &str) -> Response {
    app.anon(reqwest::Method::GET, path).answer().await
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
