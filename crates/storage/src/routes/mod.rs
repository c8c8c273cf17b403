//! The routes of `/storage/v1`, one handler per file. Requests that do not stream a body run
//! under the request timeout; uploads stream under an idle timeout instead, so a large upload
//! is never cut off while its bytes keep coming.
use std::any::Any;
use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::middleware::{Next, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, delete, get, post, put};
use tower_http::catch_panic::CatchPanicLayer;

use crate::StorageState;
use crate::access::ReadMode;
use crate::drain::{DrainLimits, drain_refused};
use crate::error::StorageError;
use crate::{request, upload};

mod bucket_create;
mod bucket_delete;
mod bucket_empty;
mod bucket_get;
mod bucket_list;
mod bucket_update;
mod object_copy;
mod object_delete;
mod object_get;
mod object_get_signed;
mod object_info;
mod object_list;
mod object_list_v2;
mod object_move;
mod object_remove;
mod object_sign;
mod object_sign_many;
mod object_upload;
mod render_authenticated;
mod render_public;
mod render_signed;
mod upload_sign;
mod upload_signed;

type Shared = Arc<StorageState>;

async fn time_limit(State(state): State<Shared>, request: Request, next: Next) -> Response {
    match tokio::time::timeout(state.config.request_timeout, next.run(request)).await {
        Ok(response) => response,
        Err(_) => StorageError::RequestTimeout.into_response(),
    }
}

/// A bug must not take the connection down silently: a panicking handler answers 500 in
/// Storage's format (and is logged).
fn panic_response(_panic: Box<dyn Any + Send + 'static>) -> Response {
    StorageError::internal("a storage handler panicked").into_response()
}

async fn not_found(request: Request) -> Response {
    let path = request
        .uri()
        .path_and_query()
        .map(|p| p.as_str().to_string())
        .unwrap_or_default();
    StorageError::RouteNotFound {
        method: request.method().to_string(),
        path,
    }
    .into_response()
}

pub(crate) fn router(state: Shared) -> Router {
    // The largest body a route takes: an upload at the global size limit in a multipart form,
    // or a JSON body.
    let drain = DrainLimits {
        max_bytes: state
            .config
            .file_size_limit
            .max(request::MAX_JSON_BYTES as u64)
            + upload::MAX_FORM_OVERHEAD,
        idle: state.config.idle_timeout,
    };
    let timed =
        |routes: MethodRouter<Shared>| routes.layer(from_fn_with_state(state.clone(), time_limit));
    // Image transformations exist only when enabled (Storage's ENABLE_IMAGE_TRANSFORMATION);
    // otherwise their paths are unknown routes.
    let mut renders: Router<Shared> = Router::new();
    if state.renderer.enabled() {
        renders = renders
            .route(
                "/render/image/public/{bucket}/{*path}",
                timed(get(render_public::handler)),
            )
            .route(
                "/render/image/authenticated/{bucket}/{*path}",
                timed(get(render_authenticated::handler)),
            )
            .route(
                "/render/image/sign/{bucket}/{*path}",
                timed(get(render_signed::handler)),
            );
    }
    Router::new()
        .route(
            "/bucket",
            timed(get(bucket_list::handler).post(bucket_create::handler)),
        )
        .route(
            "/bucket/{id}",
            timed(
                get(bucket_get::handler)
                    .put(bucket_update::handler)
                    .delete(bucket_delete::handler),
            ),
        )
        .route("/bucket/{id}/empty", timed(post(bucket_empty::handler)))
        .route("/object/list/{bucket}", timed(post(object_list::handler)))
        .route(
            "/object/list-v2/{bucket}",
            timed(post(object_list_v2::handler)),
        )
        .route("/object/move", timed(post(object_move::handler)))
        .route("/object/copy", timed(post(object_copy::handler)))
        .route(
            "/object/sign/{bucket}",
            timed(post(object_sign_many::handler)),
        )
        .route(
            "/object/sign/{bucket}/{*path}",
            timed(post(object_sign::handler).get(object_get_signed::handler)),
        )
        .route(
            "/object/upload/sign/{bucket}/{*path}",
            timed(post(upload_sign::handler)).merge(put(upload_signed::handler)),
        )
        .route(
            "/object/public/{bucket}/{*path}",
            timed(object_get::route(
                ReadMode::Public,
                "storage.object.get_public",
            )),
        )
        .route(
            "/object/authenticated/{bucket}/{*path}",
            timed(object_get::route(
                ReadMode::Authenticated,
                "storage.object.get_authenticated",
            )),
        )
        .route(
            "/object/info/{bucket}/{*path}",
            timed(object_info::route(ReadMode::OptionalJwt)),
        )
        .route(
            "/object/info/public/{bucket}/{*path}",
            timed(object_info::route(ReadMode::Public)),
        )
        .route(
            "/object/info/authenticated/{bucket}/{*path}",
            timed(object_info::route(ReadMode::Authenticated)),
        )
        .route("/object/{bucket}", timed(delete(object_remove::handler)))
        .route(
            "/object/{bucket}/{*path}",
            timed(
                object_get::route(ReadMode::OptionalJwt, "storage.object.get_authenticated")
                    .delete(object_delete::handler),
            )
            .merge(post(object_upload::handler).put(object_upload::update_handler)),
        )
        .merge(renders)
        .fallback(not_found)
        .method_not_allowed_fallback(not_found)
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(from_fn_with_state(drain, drain_refused))
        .with_state(state)
}

#[cfg(test)]
mod tests {
    use http_body_util::BodyExt as _;

    use super::*;

    #[tokio::test]
    async fn a_panic_answers_500_in_storage_format() {
        let response = panic_response(Box::new("boom"));
        assert_eq!(response.status(), http::StatusCode::INTERNAL_SERVER_ERROR);
        let body = response.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(
            body,
            r#"{"statusCode":"500","error":"Internal","message":"Internal Server Error","code":"InternalError"}"#
        );
    }
}
