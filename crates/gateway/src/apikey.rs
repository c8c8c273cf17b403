//! Kong's key-auth plugin as Supabase's self-hosted gateway configures it on /rest/v1 and
//! /auth/v1: the key comes from the `apikey` header or the `?apikey=` query parameter, and the
//! answers are Kong's, byte for byte.
use std::borrow::Cow;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::body::Body;
use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use futures_util::future::{Either, Ready, ready};
use http::{HeaderValue, StatusCode, header};
use tower::{Layer, Service};

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
    One(Cow<'a, str>),
    Duplicate,
}

fn presented_key(request: &Request) -> Presented<'_> {
    let mut headers = request.headers().get_all("apikey").iter();
    if let Some(first) = headers.next() {
        if headers.next().is_some() {
            return Presented::Duplicate;
        }
        // A header is compared as sent, as Kong does: only query values arrive percent-encoded.
        return Presented::One(Cow::Borrowed(first.to_str().unwrap_or_default()));
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
    // Query values arrive percent-encoded; a JWT only contains URL-safe characters, so decoding
    // `%XX` is all a fair comparison needs (borrowed when there is nothing to decode).
    found.map_or(Presented::None, |value| {
        Presented::One(percent_encoding::percent_decode_str(value).decode_utf8_lossy())
    })
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

/// Refuses requests without a known API key, as Kong does: [`ApiKeyLayer`] on a router
/// (hand-written, like [`crate::CorsLayer`], to spare a service clone and a boxed future per
/// request).
#[derive(Debug, Clone)]
pub struct ApiKeyLayer {
    keys: Arc<ApiKeys>,
}

impl ApiKeyLayer {
    pub fn new(keys: ApiKeys) -> Self {
        Self {
            keys: Arc::new(keys),
        }
    }
}

impl<S> Layer<S> for ApiKeyLayer {
    type Service = RequireApiKey<S>;

    fn layer(&self, inner: S) -> RequireApiKey<S> {
        RequireApiKey {
            keys: Arc::clone(&self.keys),
            inner,
        }
    }
}

#[derive(Debug, Clone)]
pub struct RequireApiKey<S> {
    keys: Arc<ApiKeys>,
    inner: S,
}

impl<S> Service<Request> for RequireApiKey<S>
where
    S: Service<Request, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Either<Ready<Result<Response, S::Error>>, S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        match refusal(&self.keys, &request) {
            Some(refused) => Either::Left(ready(Ok(refused))),
            None => Either::Right(self.inner.call(request)),
        }
    }
}

/// Kong's answer to a request whose key is missing, repeated or unknown; `None` lets it pass.
fn refusal(keys: &ApiKeys, request: &Request) -> Option<Response> {
    if API_KEY_OPEN_PATHS
        .iter()
        .any(|open| request.uri().path().starts_with(open))
    {
        return None;
    }
    match presented_key(request) {
        Presented::None => Some(kong_error("No API key found in request", true)),
        Presented::Duplicate => Some(kong_error("Duplicate API key found", false)),
        Presented::One(key) if keys.role_of(&key).is_some() => None,
        Presented::One(_) => Some(kong_error("Invalid authentication credentials", false)),
    }
}
