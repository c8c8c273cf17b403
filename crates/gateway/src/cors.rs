//! CORS as Kong's cors plugin answers it in front of Supabase: preflights are answered at once
//! (200, empty, any origin, the requested headers echoed), and every response to a request
//! with an Origin allows any origin and exposes the headers the clients read.
use std::task::{Context, Poll};

use axum::body::Body;
use axum::extract::Request;
use axum::response::Response;
use futures_util::FutureExt as _;
use futures_util::future::{Either, Map, Ready, ready};
use http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use tower::{Layer, Service};

/// Headers supabase-js and browsers need to read from responses.
pub const EXPOSED_HEADERS: &str = "Content-Range, Content-Profile, Content-Location, Location, \
    Preference-Applied, Range-Unit, X-Total-Count, Link, X-Supabase-Api-Version, x-relay-error, \
    ETag, Content-Disposition, Content-Length, Retry-After, X-Request-Id";

const ALLOWED_METHODS: &str = "GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT";

const ANY_ORIGIN: &str = "*";

/// The CORS answers around a service: [`CorsLayer`] on a router.
///
/// A hand-written layer rather than `axum::middleware::from_fn`: that clones the inner service
/// and boxes a future on every request, which cost a few microseconds per request (a
/// noticeable share of a cached /rest/v1 read; tests/bench/rest).
#[derive(Debug, Clone, Copy, Default)]
pub struct CorsLayer;

impl<S> Layer<S> for CorsLayer {
    type Service = Cors<S>;

    fn layer(&self, inner: S) -> Cors<S> {
        Cors { inner }
    }
}

#[derive(Debug, Clone)]
pub struct Cors<S> {
    inner: S,
}

type Decorate<E> = fn(Result<Response, E>) -> Result<Response, E>;

impl<S> Service<Request> for Cors<S>
where
    S: Service<Request, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Either<Ready<Result<Response, S::Error>>, Map<S::Future, Decorate<S::Error>>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let has_origin = request.headers().contains_key(header::ORIGIN);
        let is_preflight = request.method() == Method::OPTIONS
            && has_origin
            && request
                .headers()
                .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
        if is_preflight {
            return Either::Left(ready(Ok(preflight(&request))));
        }
        let decorate: Decorate<S::Error> = if has_origin {
            |result| result.map(allow_any_origin)
        } else {
            |result| result
        };
        Either::Right(self.inner.call(request).map(decorate))
    }
}

/// A preflight's answer: 200, empty, any origin, the requested headers echoed.
fn preflight(request: &Request) -> Response {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = StatusCode::OK;
    let headers = response.headers_mut();
    insert_static(
        headers,
        [
            (header::ACCESS_CONTROL_ALLOW_ORIGIN, ANY_ORIGIN),
            (header::ACCESS_CONTROL_ALLOW_METHODS, ALLOWED_METHODS),
        ],
    );
    if let Some(requested) = request
        .headers()
        .get(header::ACCESS_CONTROL_REQUEST_HEADERS)
    {
        headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, requested.clone());
    }
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from_static("0"));
    response
}

/// A response to a request with an Origin: any origin, the client headers exposed.
fn allow_any_origin(mut response: Response) -> Response {
    insert_static(
        response.headers_mut(),
        [
            (header::ACCESS_CONTROL_ALLOW_ORIGIN, ANY_ORIGIN),
            (header::ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSED_HEADERS),
        ],
    );
    response
}

/// Sets fixed headers, in this order.
fn insert_static<const N: usize>(headers: &mut HeaderMap, fixed: [(HeaderName, &'static str); N]) {
    for (name, value) in fixed {
        headers.insert(name, HeaderValue::from_static(value));
    }
}
