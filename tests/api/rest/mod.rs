//! /rest/v1 over HTTP: the PostgREST wire protocol as postgrest-js meets it (statuses, headers,
//! error bodies, JSON rendering), on the website's tables and on the contract fixture
//! (tests/contract/fixtures/rest_fixture.sql, loaded into the test's own database).
mod activity_log;
mod analytics_series;
mod auth;
mod data_representations;
mod db_config;
mod embed;
mod embed_computed;
mod embed_views;
mod extension_types;
mod lead_pipeline;
mod media_handlers;
mod media_library;
mod pre_request;
mod reads;
mod revisions;
mod rpc;
mod schema_cache;
pub(crate) mod settings;
mod spread_aggregates;
mod typegen;
mod writes;

use std::future::{Future, IntoFuture};
use std::pin::Pin;
use std::time::Duration;

use cb_tests::{DEMO_ANON_KEY, TestApp, admin_jwt, eventually, sorted_keys, spawn_app};
use reqwest::Method;
use serde_json::Value;

pub(crate) const FIXTURE: &str = include_str!("../../contract/fixtures/rest_fixture.sql");
/// PostgREST's features beyond postgrest-js (extension types, computed relationships, spread
/// aggregates), as their users would set them up.
const DEPTH_FIXTURE: &str = include_str!("depth_fixture.sql");
/// Media type handlers defined in SQL, as their users would write them.
pub(crate) const MEDIA_FIXTURE: &str = include_str!("media_fixture.sql");

/// How long a REST test waits for a reload (NOTIFY pgrst) to show, and how often it looks.
pub(crate) const SETTLED_WITHIN: Duration = Duration::from_secs(10);
pub(crate) const POLL_EVERY: Duration = Duration::from_millis(50);

/// A response, read whole.
pub(crate) struct Reply {
    /// The method and path asked for, so a failing assertion names its request.
    pub(crate) request: String,
    pub(crate) status: u16,
    pub(crate) headers: reqwest::header::HeaderMap,
    pub(crate) text: String,
}

impl Reply {
    pub(crate) fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    /// How many rows a JSON array answer holds (the body is shown when it is no array).
    pub(crate) fn rows(&self) -> usize {
        match self.json() {
            Value::Array(rows) => rows.len(),
            _ => panic!("{}: not an array: {}", self.request, self.text),
        }
    }

    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Asserts the status (showing the body when it differs) and the whole JSON body.
    pub(crate) fn assert_json(&self, status: u16, expected: &Value) {
        assert_eq!(self.status, status, "{}: {}", self.request, self.text);
        assert_eq!(&self.json(), expected, "{}", self.request);
    }

    /// Asserts the status and the body, byte for byte.
    pub(crate) fn assert_text(&self, status: u16, expected: &str) {
        assert_eq!(self.status, status, "{}: {}", self.request, self.text);
        assert_eq!(self.text, expected, "{}", self.request);
    }

    /// Asserts the status (showing the body when it differs) and each of these headers.
    pub(crate) fn assert_headers(&self, status: u16, headers: &[(&str, &str)]) {
        assert_eq!(self.status, status, "{}: {}", self.request, self.text);
        for (name, expected) in headers {
            assert_eq!(
                self.header(name),
                Some(*expected),
                "{}: {name}",
                self.request
            );
        }
    }

    /// Asserts the status and the Content-Range header: the rows a read or a write counted.
    pub(crate) fn assert_range(&self, status: u16, range: &str) {
        self.assert_headers(status, &[("content-range", range)]);
    }

    /// Asserts the status, the body byte for byte and the Content-Range header.
    pub(crate) fn assert_text_range(&self, status: u16, expected: &str, range: &str) {
        self.assert_text(status, expected);
        self.assert_range(status, range);
    }

    /// Asserts a PostgREST error body: exactly code/details/hint/message.
    pub(crate) fn assert_error(&self, status: u16, code: &str) -> Value {
        let request = &self.request;
        assert_eq!(self.status, status, "{request}: {}", self.text);
        let body = self.json();
        assert_eq!(
            sorted_keys(&body),
            ["code", "details", "hint", "message"],
            "{request}: {}",
            self.text
        );
        assert_eq!(body["code"], code, "{request}: {}", self.text);
        assert_eq!(
            self.header("proxy-status"),
            Some(format!("PostgREST; error={code}").as_str()),
            "{request}"
        );
        body
    }

    /// Asserts a PostgREST error body (as [`Reply::assert_error`]) with exactly this message.
    pub(crate) fn assert_error_message(&self, status: u16, code: &str, message: &str) -> Value {
        self.assert_error_with(status, code, &serde_json::json!({ "message": message }))
    }

    /// Asserts a PostgREST error body (as [`Reply::assert_error`]) in which each field of
    /// `fields` (an object of message, details and hint) has exactly that value.
    pub(crate) fn assert_error_with(&self, status: u16, code: &str, fields: &Value) -> Value {
        let body = self.assert_error(status, code);
        for (field, expected) in fields
            .as_object()
            .expect("the expected fields as an object")
        {
            assert_eq!(&body[field], expected, "{}: {field}", self.request);
        }
        body
    }
}

/// A request to /rest/v1 with the anon key (override `authorization` to change role).
pub(crate) struct Call<'a> {
    app: &'a TestApp,
    request: String,
    builder: reqwest::RequestBuilder,
}

impl<'a> Call<'a> {
    pub(crate) fn new(app: &'a TestApp, method: Method, path: &str) -> Self {
        let request = format!("{method} {path}");
        let builder = app
            .client
            .request(method, format!("{}/rest/v1{path}", app.url))
            .header("apikey", DEMO_ANON_KEY);
        Call {
            app,
            request,
            builder,
        }
    }

    pub(crate) fn header(mut self, name: &str, value: &str) -> Self {
        self.builder = self.builder.header(name, value);
        self
    }

    /// Asks for one object rather than an array, as postgrest-js `.single()` does: PostgREST
    /// answers 406 unless exactly one row comes back.
    pub(crate) fn single(self) -> Self {
        self.header("accept", "application/vnd.pgrst.object+json")
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
            request: self.request,
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

/// Inserts `row` at `path` as the admin, as the editor does (`return=representation`); the new
/// row's id. The insert must answer 201.
pub(crate) async fn insert_as_admin(app: &TestApp, path: &str, row: &Value) -> String {
    let reply = post(app, path, row)
        .header("prefer", "return=representation")
        .bearer(&admin_jwt())
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    reply.json()[0]["id"].as_str().unwrap().to_owned()
}

/// The app with the contract fixture loaded and visible to the schema cache.
pub(crate) async fn fixture_app() -> TestApp {
    let app = spawn_app().await;
    app.db.execute(FIXTURE).await;
    wait_for_relation(&app, "fx_users").await;
    app
}

/// The app with [`DEPTH_FIXTURE`] loaded and visible to the schema cache, aggregates enabled.
pub(crate) async fn depth_app() -> TestApp {
    let app = cb_tests::spawn_app_with(&[("PGRST_DB_AGGREGATES_ENABLED", "true")]).await;
    app.db.execute(DEPTH_FIXTURE).await;
    wait_for_relation(&app, "dp_order_reviewers").await;
    app
}

/// The app with [`MEDIA_FIXTURE`] loaded and visible to the schema cache.
pub(crate) async fn media_app() -> TestApp {
    let app = spawn_app().await;
    app.db.execute(MEDIA_FIXTURE).await;
    wait_for_relation(&app, "mh_payers").await;
    app
}

/// GETs each path and expects 200 with exactly that JSON.
pub(crate) async fn expect_reads(app: &TestApp, cases: &[(&str, Value)]) {
    for (path, expected) in cases {
        get(app, path).await.assert_json(200, expected);
    }
}

/// On a fresh [`fixture_app`], GETs each path and expects 200 with exactly that JSON: a test of
/// reads alone.
pub(crate) async fn expect_fixture_reads(cases: &[(&str, Value)]) {
    expect_reads(&fixture_app().await, cases).await;
}

/// Sends each request in turn and expects its status with exactly that JSON.
pub(crate) async fn expect_json(cases: Vec<(Call<'_>, u16, Value)>) {
    for (call, status, expected) in cases {
        call.await.assert_json(status, &expected);
    }
}

/// Sends each request in turn and expects its status with exactly that body text.
pub(crate) async fn expect_texts(cases: Vec<(Call<'_>, u16, &str)>) {
    for (call, status, expected) in cases {
        call.await.assert_text(status, expected);
    }
}

/// Sends each request in turn and expects its status, exactly that body text and that
/// Content-Range (see [`Reply::assert_text_range`]).
pub(crate) async fn expect_text_ranges(cases: Vec<(Call<'_>, u16, &str, &str)>) {
    for (call, status, expected, range) in cases {
        call.await.assert_text_range(status, expected, range);
    }
}

/// Sends each request in turn and expects its PostgREST error: the status, the code and the
/// given fields (see [`Reply::assert_error_with`]).
pub(crate) async fn expect_errors(cases: Vec<(Call<'_>, u16, &str, Value)>) {
    for (call, status, code, fields) in cases {
        call.await.assert_error_with(status, code, &fields);
    }
}

/// Polls until the schema cache knows `relation` (it reloads on NOTIFY pgrst).
pub(crate) async fn wait_for_relation(app: &TestApp, relation: &str) {
    wait_for_status(|| get(app, &format!("/{relation}?limit=0")), 200).await;
}

/// Polls a request (`call` makes it afresh each time) until it answers `status`; fails after
/// [`SETTLED_WITHIN`] with the last answer.
pub(crate) async fn wait_for_status<'a>(call: impl Fn() -> Call<'a>, status: u16) {
    eventually(SETTLED_WITHIN, POLL_EVERY, async || {
        let reply = call().await;
        if reply.status == status {
            return Ok(());
        }
        Err(format!(
            "{} never answered {status}: {} {}",
            reply.request, reply.status, reply.text
        ))
    })
    .await
}
