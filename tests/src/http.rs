//! One step from a request to what a test asserts on: the answer's status with its body read
//! whole, as JSON or as text, and its headers as text.
use std::future::Future;

use reqwest::header::HeaderMap;
use reqwest::{RequestBuilder, Response};
use serde_json::Value;

/// Sends a request; one that cannot be sent fails the test.
pub trait Answer {
    /// The response.
    fn answer(self) -> impl Future<Output = Response> + Send;
}

impl Answer for RequestBuilder {
    async fn answer(self) -> Response {
        self.send().await.expect("request")
    }
}

/// Sends a request and reads the whole answer; a request that cannot be sent, or a body that is
/// not what was asked for, fails the test.
pub trait Exchange {
    /// The status and the body as JSON.
    fn status_json(self) -> impl Future<Output = (u16, Value)> + Send;

    /// The status and the body as text.
    fn status_text(self) -> impl Future<Output = (u16, String)> + Send;
}

impl Exchange for RequestBuilder {
    async fn status_json(self) -> (u16, Value) {
        self.answer().await.status_json().await
    }

    async fn status_text(self) -> (u16, String) {
        self.answer().await.status_text().await
    }
}

impl Exchange for Response {
    async fn status_json(self) -> (u16, Value) {
        let (status, text) = self.status_text().await;
        let value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"));
        (status, value)
    }

    async fn status_text(self) -> (u16, String) {
        let status = self.status().as_u16();
        (status, self.text().await.expect("body"))
    }
}

/// A header of an answer as text; a header that is missing or not text fails the test.
pub trait HeaderText {
    /// The value of the header `name`.
    fn header_text(&self, name: &str) -> &str;
}

impl HeaderText for HeaderMap {
    fn header_text(&self, name: &str) -> &str {
        self.get(name)
            .unwrap_or_else(|| panic!("no {name} header"))
            .to_str()
            .unwrap_or_else(|_| panic!("the {name} header is not text"))
    }
}

impl HeaderText for Response {
    fn header_text(&self, name: &str) -> &str {
        self.headers().header_text(name)
    }
}

/// A client that hands back redirects instead of following them (their status and Location are
/// what the test asserts on).
pub fn without_redirects() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client")
}
