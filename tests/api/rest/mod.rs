//! /rest/v1 over HTTP: the PostgREST wire protocol as postgrest-js meets it (statuses, headers,
//! error bodies, JSON rendering), on the website's tables and on the contract fixture
//! (tests/contract/fixtures/rest_fixture.sql, loaded into the test's own database).
mod activity_log;
mod auth;
mod db_config;
mod embed;
mod embed_computed;
mod embed_views;
mod lead_pipeline;
mod media_library;
mod pre_request;
mod reads;
mod revisions;
mod rpc;
mod schema_cache;
mod typegen;
mod writes;

use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::time::{Duration, Instant};

use cb_tests::{DEMO_ANON_KEY, TestApp, spawn_app};
use reqwest::Method;
use serde_json::Value;

pub(crate) const FIXTURE: &str = include_str!("../../contract/fixtures/rest_fixture.sql");

/// A response, read whole.
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) headers: reqwest::header::HeaderMap,
    pub(crate) text: String,
}

impl Reply {
    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Asserts the status (showing the body when it differs) and the whole JSON body.
    pub(crate) fn assert_json(&self, status: u16, expected: &Value) {
        assert_eq!(self.status, status, "{}", self.text);
        assert_eq!(&self.json(), expected);
    }

    /// Asserts a PostgREST error body: exactly code/details/hint/message.
    pub(crate) fn assert_error(&self, status: u16, code: &str) -> Value {
        assert_eq!(self.status, status, "{}", self.text);
        let body = self.json();
        let object = body.as_object().expect("error object");
        let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            ["code", "details", "hint", "message"],
            "{}",
            self.text
        );
        assert_eq!(body["code"], code, "{}", self.text);
        assert_eq!(
            self.header("proxy-status"),
            Some(format!("PostgREST; error={code}").as_str())
        );
        body
    }
}

/// A request to /rest/v1 with the anon key (override `authorization` to change role).
pub(crate) struct Call<'a> {
    app: &'a TestApp,
    builder: reqwest::RequestBuilder,
}

impl<'a> Call<'a> {
    pub(crate) fn new(app: &'a TestApp, method: Method, path: &str) -> Self {
        let builder = app
            .client
            .request(method, format!("{}/rest/v1{path}", app.url))
            .header("apikey", DEMO_ANON_KEY);
        Call { app, builder }
    }

    pub(crate) fn header(mut self, name: &str, value: &str) -> Self {
        self.builder = self.builder.header(name, value);
        self
    }

    pub(crate) fn bearer(self, token: &str) -> Self {
        self.header("authorization", &format!("Bearer {token}"))
    }

    pub(crate) fn json(mut self, body: &Value) -> Self {
        self.builder = self
            .builder
            .header("content-type", "application/json")
            .body(body.to_string());
        self
    }

    pub(crate) fn body(mut self, content_type: &str, body: &str) -> Self {
        self.builder = self
            .builder
            .header("content-type", content_type)
            .body(body.to_owned());
        self
    }

    pub(crate) async fn send(self) -> Reply {
        let _ = self.app;
        let response = self.builder.send().await.expect("request");
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.expect("body");
        Reply {
            status,
            headers,
            text,
        }
    }
}

/// `call.await` sends it: the request and its reading are one step in the tests.
impl<'a> IntoFuture for Call<'a> {
    type Output = Reply;
    type IntoFuture = Pin<Box<dyn Future<Output = Reply> + Send + 'a>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.send())
    }
}

pub(crate) fn get<'a>(app: &'a TestApp, path: &str) -> Call<'a> {
    Call::new(app, Method::GET, path)
}

pub(crate) fn post<'a>(app: &'a TestApp, path: &str, body: &Value) -> Call<'a> {
    Call::new(app, Method::POST, path).json(body)
}

pub(crate) fn patch<'a>(app: &'a TestApp, path: &str, body: &Value) -> Call<'a> {
    Call::new(app, Method::PATCH, path).json(body)
}

pub(crate) fn delete<'a>(app: &'a TestApp, path: &str) -> Call<'a> {
    Call::new(app, Method::DELETE, path)
}

/// The app with the contract fixture loaded and visible to the schema cache.
pub(crate) async fn fixture_app() -> TestApp {
    let app = spawn_app().await;
    cb_db::sqlx::raw_sql(FIXTURE)
        .execute(&app.db.pool)
        .await
        .expect("load the REST fixture");
    wait_for_relation(&app, "fx_users").await;
    app
}

/// GETs each path and expects 200 with exactly that JSON.
pub(crate) async fn expect_reads(app: &TestApp, cases: &[(&str, Value)]) {
    for (path, expected) in cases {
        let reply = get(app, path).send().await;
        assert_eq!(reply.status, 200, "{path}: {}", reply.text);
        assert_eq!(&reply.json(), expected, "{path}");
    }
}

/// Polls until the schema cache knows `relation` (it reloads on NOTIFY pgrst).
pub(crate) async fn wait_for_relation(app: &TestApp, relation: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let reply = get(app, &format!("/{relation}?limit=0")).send().await;
        if reply.status == 200 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the schema cache never showed {relation}: {} {}",
            reply.status,
            reply.text
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
