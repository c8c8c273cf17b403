//! The service mounted at `/rest/v1`: every method and path goes to the engine.
use std::convert::Infallible;
use std::net::SocketAddr;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, State};
use axum::extract::{FromRequest as _, Request};
use axum::handler::Handler as _;
use axum::response::IntoResponse as _;
use axum::response::Response;
use futures_util::FutureExt as _;
use tower::Service;

use crate::RestState;
use crate::error::ApiError;

/// The service mounted at `mount` (every method and path to one handler, so no router of its
/// own). It is handed whole URIs and leaves `mount` off their paths itself, so that whoever mounts
/// it need not rebuild each request's URI. The state is shared behind one `Arc`: axum clones the
/// state for every request, and a deep clone (the JWT verifier's keys and claims) cost allocations
/// each time.
pub fn service(
    state: RestState,
    mount: &'static str,
) -> impl Service<
    Request,
    Response = Response,
    Error = Infallible,
    Future = impl Future<Output = Result<Response, Infallible>> + Send + 'static,
> + Clone
+ Send
+ Sync
+ 'static {
    handle.with_state(Arc::new(Mounted { state, mount }))
}

struct Mounted {
    state: RestState,
    mount: &'static str,
}

/// The path PostgREST would see behind a gateway that mounts it at `mount`, for a request path
/// under it (`mount` is a whole path segment): with `/rest/v1`, `/rest/v1/blog_posts` is
/// `/blog_posts`, `/rest/v1` is `/`, and `/rest/v10` is not under it.
pub fn path_under<'a>(mount: &str, path: &'a str) -> Option<&'a str> {
    match path.strip_prefix(mount)? {
        "" => Some("/"),
        rest if rest.starts_with('/') => Some(rest),
        _ => None,
    }
}

async fn handle(State(mounted): State<Arc<Mounted>>, request: Request) -> Response {
    // The method, URI and headers are moved out of the request (their extractors clone them);
    // the body is read by `Bytes`' extractor, which keeps the gateway's body limit.
    let (mut parts, body) = request.into_parts();
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(address)| address.ip());
    let method = std::mem::take(&mut parts.method);
    let uri = std::mem::take(&mut parts.uri);
    let headers = std::mem::take(&mut parts.headers);
    let body = match Bytes::from_request(Request::from_parts(parts, body), &()).await {
        Ok(body) => body,
        Err(rejection) => return rejection.into_response(),
    };
    let path = path_under(mounted.mount, uri.path()).unwrap_or(uri.path());
    // Not tower-http's CatchPanicLayer: its handler sees only the panic, and this log line
    // names the request's method and path.
    let outcome = AssertUnwindSafe(crate::engine::run(
        &mounted.state,
        &method,
        path,
        uri.query(),
        &headers,
        body,
        peer,
    ))
    .catch_unwind()
    .await;
    match outcome {
        Ok(Ok(response)) => response,
        Ok(Err(err)) => err.into_response(),
        Err(_) => {
            tracing::error!(%method, path, "rest: the engine panicked");
            ApiError::Internal.into_response()
        }
    }
}
