//! /storage/v1 over HTTP: the spec's storage calls, Storage's wire format and quirks, limits,
//! traversal attempts, concurrent writers, ranges, kill -9 during an upload, image
//! transformations, and the same surface on the S3 backend (a real S3-compatible server on
//! loopback).
mod concurrency;
mod crash;
mod limits;
mod ranges;
mod render;
mod s3;
mod spec;
mod surface;
mod traversal;
mod wire;

use std::time::Duration;

use cb_tests::{
    DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, Exchange as _, HeaderText as _, TestApp, admin_jwt,
    sorted_keys,
};
use reqwest::header::HeaderMap;
use reqwest::{Method, RequestBuilder, Response};
use serde_json::Value;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

/// Every file below `dir`, in any folder depth (none when `dir` does not exist).
pub(crate) fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                files.extend(files_under(&path));
            } else {
                files.push(path);
            }
        }
    }
    files
}

/// `<app>/storage/v1<path>`.
pub(crate) fn url(app: &TestApp, path: &str) -> String {
    format!("{}/storage/v1{path}", app.url)
}

/// A plain `GET <app>/storage/v1<path>` (no apikey, no token), as a browser fetches a public URL.
pub(crate) async fn fetch(app: &TestApp, path: &str) -> Response {
    app.client
        .get(url(app, path))
        .send()
        .await
        .expect("request")
}

/// A GET of `address` with no credentials and one header (a range, a condition), as a browser
/// sends it.
pub(crate) async fn get_with(app: &TestApp, address: &str, name: &str, value: &str) -> Response {
    app.client
        .get(address)
        .header(name, value)
        .send()
        .await
        .expect("request")
}

/// Downloads `address` with no credentials and asserts it is exactly `bytes`: 200, the length,
/// the body and an ETag that is their MD5. The answer's headers and its ETag.
pub(crate) async fn assert_downloads(
    app: &TestApp,
    address: &str,
    bytes: &[u8],
) -> (HeaderMap, String) {
    let response = app.client.get(address).send().await.expect("request");
    assert_eq!(response.status(), 200, "{address}");
    let headers = response.headers().clone();
    let length = bytes.len().to_string();
    assert_eq!(headers["content-length"], length.as_str(), "{address}");
    let etag = headers.header_text("etag").to_owned();
    let downloaded = response.bytes().await.unwrap();
    // Not assert_eq: a failure would print megabytes.
    assert!(
        downloaded.as_ref() == bytes,
        "{address}: the downloaded bytes are the uploaded ones"
    );
    assert_eq!(etag, md5_etag(app, bytes).await, "{address}");
    (headers, etag)
}

/// A request with `Authorization: Bearer <token>` (and the anon apikey, as supabase-js sends).
pub(crate) fn call(app: &TestApp, method: Method, path: &str, token: &str) -> RequestBuilder {
    app.client
        .request(method, url(app, path))
        .header("apikey", DEMO_ANON_KEY)
        .bearer_auth(token)
}

/// createSignedUrl: a download URL for the object at `path` (`bucket/key`), valid for
/// `expires_in`, asked for with `token`. The status and the answer.
pub(crate) async fn sign_url(
    app: &TestApp,
    path: &str,
    expires_in: impl Into<Value>,
    token: &str,
) -> (u16, Value) {
    call(app, Method::POST, &format!("/object/sign/{path}"), token)
        .json(&serde_json::json!({"expiresIn": expires_in.into()}))
        .status_json()
        .await
}

pub(crate) fn admin() -> String {
    admin_jwt()
}

pub(crate) fn service() -> &'static str {
    DEMO_SERVICE_ROLE_KEY
}

pub(crate) fn anon() -> &'static str {
    DEMO_ANON_KEY
}

/// A raw upload (`POST`, no upsert) of `bytes` declared as `content_type` to `path`
/// (`bucket/key`): the status and the answer.
pub(crate) async fn upload(
    app: &TestApp,
    token: &str,
    path: &str,
    bytes: Vec<u8>,
    content_type: &str,
) -> (u16, Value) {
    call(app, Method::POST, &format!("/object/{path}"), token)
        .header("content-type", content_type)
        .header("x-upsert", "false")
        .header("cache-control", "max-age=3600")
        .body(bytes)
        .status_json()
        .await
}

/// An [`upload`] that must store the object (200; the path and the answer shown when not).
pub(crate) async fn expect_stored(
    app: &TestApp,
    token: &str,
    bucket: &str,
    key: &str,
    bytes: Vec<u8>,
    content_type: &str,
) {
    let path = format!("{bucket}/{key}");
    let (status, body) = upload(app, token, &path, bytes, content_type).await;
    assert_eq!(status, 200, "{path}: {body}");
}

/// The status and the JSON body of an answer already received.
pub(crate) async fn json(response: Response) -> (u16, Value) {
    response.status_json().await
}

/// Asserts Storage's error shape, its legacy HTTP status, and the codes.
pub(crate) fn assert_error(got: &(u16, Value), http: u16, status_code: &str, code: &str) {
    assert_case_error("", got, http, status_code, code);
}

/// [`assert_error`] for one case of a table: `case` names it in every failure.
pub(crate) fn assert_case_error(
    case: &str,
    got: &(u16, Value),
    http: u16,
    status_code: &str,
    code: &str,
) {
    let (status, body) = got;
    assert_eq!(*status, http, "{case} {body}");
    assert_eq!(body["statusCode"], status_code, "{case} {body}");
    assert_eq!(body["code"], code, "{case} {body}");
    assert!(
        body["error"].is_string() && body["message"].is_string(),
        "{case} {body}"
    );
    assert_eq!(
        sorted_keys(body),
        ["code", "error", "message", "statusCode"],
        "{case} {body}"
    );
}

/// Sends each named request in turn and expects Storage's error: the legacy HTTP status,
/// `statusCode` and `code` (see [`assert_error`]).
pub(crate) async fn expect_errors(cases: Vec<(&str, RequestBuilder, u16, &str, &str)>) {
    for (case, request, http, status_code, code) in cases {
        assert_case_error(case, &request.status_json().await, http, status_code, code);
    }
}

/// A small but real PDF header followed by `len` bytes of padding.
pub(crate) fn pdf(len: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    bytes.extend((0..len).map(|i| (i % 251) as u8));
    bytes
}

/// A PNG signature and IHDR start followed by `len` bytes.
pub(crate) fn png(len: usize) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    bytes.extend((0..len).map(|i| (i * 7 % 256) as u8));
    bytes
}

/// How many objects `bucket` holds (its rows in storage.objects).
pub(crate) async fn object_rows(app: &TestApp, bucket: &str) -> i64 {
    cb_db::sqlx::query_scalar("select count(*) from storage.objects where bucket_id = $1")
        .bind(bucket)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

/// The quoted MD5 of `bytes` (computed by PostgreSQL: the test crate has no hash crate).
pub(crate) async fn md5_etag(app: &TestApp, bytes: &[u8]) -> String {
    let hex: String = cb_db::sqlx::query_scalar("select md5($1)")
        .bind(bytes)
        .fetch_one(&app.db.pool)
        .await
        .expect("md5");
    format!("\"{hex}\"")
}

/// A raw HTTP/1.1 exchange: full control over the request line (no client-side path
/// normalisation) and over when the body stops.
pub(crate) struct RawConnection {
    stream: tokio::net::TcpStream,
}

impl RawConnection {
    pub(crate) async fn open(app_url: &str) -> Self {
        let address = app_url.trim_start_matches("http://");
        Self {
            stream: tokio::net::TcpStream::connect(address)
                .await
                .expect("connect"),
        }
    }

    pub(crate) async fn send(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.stream.write_all(bytes).await
    }

    /// Reads until the server closes or `timeout` passes; returns what arrived.
    pub(crate) async fn read_response(&mut self, timeout: Duration) -> String {
        let mut buffer = Vec::new();
        let mut chunk = [0u8; 8192];
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let read = tokio::time::timeout_at(deadline, self.stream.read(&mut chunk)).await;
            match read {
                Ok(Ok(0)) | Err(_) | Ok(Err(_)) => break,
                Ok(Ok(n)) => {
                    buffer.extend_from_slice(&chunk[..n]);
                    let text = String::from_utf8_lossy(&buffer);
                    if let Some((head, body)) = text.split_once("\r\n\r\n") {
                        let length = head
                            .lines()
                            .find_map(|line| {
                                let (name, value) = line.split_once(':')?;
                                name.eq_ignore_ascii_case("content-length")
                                    .then(|| value.trim().parse::<usize>().ok())?
                            })
                            .unwrap_or(usize::MAX);
                        if body.len() >= length {
                            break;
                        }
                    }
                }
            }
        }
        String::from_utf8_lossy(&buffer).into_owned()
    }
}

/// The JSON body of a raw response.
pub(crate) fn raw_json(response: &str) -> Value {
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b)
        .unwrap_or("");
    serde_json::from_str(body).unwrap_or(Value::Null)
}

pub(crate) fn raw_status(response: &str) -> u16 {
    response
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0)
}
