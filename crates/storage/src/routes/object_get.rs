//! Downloads (GET|HEAD), one access rule per route:
//! - `/object/{bucket}/{*path}`: a missing or invalid JWT makes the caller anon (then only public
//!   buckets answer);
//! - `/object/public/{bucket}/{*path}`: public buckets, no credentials;
//! - `/object/authenticated/{bucket}/{*path}`: what the caller's policies show (a JWT is required).
use axum::extract::State;
use axum::response::Response;
use axum::routing::{MethodRouter, get};
use http::Method;

use super::Shared;
use crate::access::{self, ReadMode};
use crate::error::StorageError;
use crate::request::ObjectRequest;
use crate::serve::{self, ServeOptions};

/// The download route with this access rule (`operation`: what `storage.operation()` says).
pub(super) fn route(mode: ReadMode, operation: &'static str) -> MethodRouter<Shared> {
    get(
        move |State(state): State<Shared>, request: ObjectRequest| async move {
            download(&state, mode, operation, &request).await
        },
    )
}

async fn download(
    state: &Shared,
    mode: ReadMode,
    operation: &str,
    request: &ObjectRequest,
) -> Result<Response, StorageError> {
    let row = access::object_for_read(state, mode, request, operation).await?;
    let options = ServeOptions {
        download: request.query_param("download"),
        expires: None,
        head_only: request.method == Method::HEAD,
    };
    serve::serve(state, &row, &request.headers, &options).await
}
