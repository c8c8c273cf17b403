//! CORS as Kong's cors plugin answers it in front of Supabase: preflights are answered at once
//! (200, empty, any origin, the requested headers echoed), and every response to a request
//! with an Origin allows any origin and exposes the headers the clients read.
use axum::body::Body;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use http::{HeaderValue, Method, StatusCode, header};

/// Headers supabase-js and browsers need to read from responses.
pub const EXPOSED_HEADERS: &str = "Content-Range, Content-Profile, Content-Location, Location, \
    Preference-Applied, Range-Unit, X-Total-Count, Link, X-Supabase-Api-Version, x-relay-error, \
    ETag, Content-Disposition, Content-Length, Retry-After, X-Request-Id";

const ALLOWED_METHODS: &str = "GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT";

pub async fn cors(request: Request, next: Next) -> Response {
    let has_origin = request.headers().contains_key(header::ORIGIN);
    let is_preflight = request.method() == Method::OPTIONS
        && has_origin
        && request
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    if is_preflight {
        let mut response = Response::new(Body::empty());
        *response.status_mut() = StatusCode::OK;
        let headers = response.headers_mut();
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        );
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static(ALLOWED_METHODS),
        );
        if let Some(requested) = request
            .headers()
            .get(header::ACCESS_CONTROL_REQUEST_HEADERS)
        {
            headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, requested.clone());
        }
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from_static("0"));
        return response;
    }
    let mut response = next.run(request).await;
    if has_origin {
        let headers = response.headers_mut();
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        );
        headers.insert(
            header::ACCESS_CONTROL_EXPOSE_HEADERS,
            HeaderValue::from_static(EXPOSED_HEADERS),
        );
    }
    response
}
