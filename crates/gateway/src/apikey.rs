//! Kong's key-auth plugin as Supabase's self-hosted gateway configures it on /rest/v1 and
//! /auth/v1: the key comes from the `apikey` header or the `?apikey=` query parameter, and the
//! answers are Kong's, byte for byte.
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode, header};

use crate::ApiKeys;

/// Paths under /auth/v1 that Kong leaves open (no key needed).
pub const API_KEY_OPEN_PATHS: &[&str] = &[
    "/auth/v1/verify",
    "/auth/v1/callback",
    "/auth/v1/authorize",
    "/auth/v1/.well-known/jwks.json",
];

enum Presented<'a> {
    None,
    One(&'a str),
    Duplicate,
}

fn presented_key(request: &Request) -> Presented<'_> {
    let mut headers = request.headers().get_all("apikey").iter();
    if let Some(first) = headers.next() {
        if headers.next().is_some() {
            return Presented::Duplicate;
        }
        return first.to_str().map_or(Presented::One(""), Presented::One);
    }
    let mut found = None;
    for pair in request.uri().query().unwrap_or_default().split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        if name == "apikey" {
            if found.is_some() {
                return Presented::Duplicate;
            }
            found = Some(value);
        }
    }
    found.map_or(Presented::None, Presented::One)
}

fn kong_error(message: &str, realm: bool) -> Response {
    let body = serde_json::json!({ "message": message }).to_string();
    let mut response = (StatusCode::UNAUTHORIZED, Body::from(body)).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    if realm {
        headers.insert(
            header::WWW_AUTHENTICATE,
            HeaderValue::from_static("Key realm=\"kong\""),
        );
    }
    response
}

/// Middleware: refuses requests without a known API key, as Kong does.
pub async fn require_api_key(
    State(keys): State<Arc<ApiKeys>>,
    request: Request,
    next: Next,
) -> Response {
    if API_KEY_OPEN_PATHS
        .iter()
        .any(|open| request.uri().path().starts_with(open))
    {
        return next.run(request).await;
    }
    match presented_key(&request) {
        Presented::None => kong_error("No API key found in request", true),
        Presented::Duplicate => kong_error("Duplicate API key found", false),
        Presented::One(key) => {
            let key = percent_decoded(key);
            if keys.role_of(&key).is_some() {
                next.run(request).await
            } else {
                kong_error("Invalid authentication credentials", false)
            }
        }
    }
}

/// Query values arrive percent-encoded; a JWT only contains URL-safe characters, so decoding
/// `%XX` is all that is needed for a fair comparison.
fn percent_decoded(value: &str) -> String {
    fn hex(byte: u8) -> Option<u8> {
        (byte as char).to_digit(16).map(|digit| digit as u8)
    }
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let (Some(high), Some(low)) = (hex(bytes[i + 1]), hex(bytes[i + 2]))
        {
            out.push(high * 16 + low);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
