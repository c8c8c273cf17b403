//! The service mounted at `/rest/v1`: every method and path goes to the engine.
use std::convert::Infallible;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::Request;
use axum::extract::State;
use axum::handler::Handler as _;
use axum::response::Response;
use futures_util::FutureExt as _;
use http::{HeaderMap, Method, Uri};
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

impl Mounted {
    /// The path PostgREST would see behind the gateway: `/rest/v1/blog_posts` is `/blog_posts`,
    /// `/rest/v1` is `/`.
    fn path<'a>(&self, uri: &'a Uri) -> &'a str {
        match uri.path().strip_prefix(self.mount) {
            Some("") => "/",
            Some(path) => path,
            None => uri.path(),
        }
    }
}

async fn handle(
    State(mounted): State<Arc<Mounted>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = mounted.path(&uri);
    let outcome = AssertUnwindSafe(crate::engine::run(
        &mounted.state,
        &method,
        path,
        uri.query(),
        &headers,
        body,
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
