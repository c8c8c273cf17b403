//! Downloads (GET|HEAD), one access rule per route:
//! - `/object/{bucket}/{*path}`: a missing or invalid JWT makes the caller anon (then only public
//!   buckets answer);
//! - `/object/public/{bucket}/{*path}`: public buckets, no credentials;
//! - `/object/authenticated/{bucket}/{*path}`: what the caller's policies show (a JWT is required).
use axum::extract::State;
use axum::response::Response;
use axum::routing::{MethodRouter, get};
use http::{HeaderMap, Method, Uri};

use super::Shared;
use crate::access::{self, ReadMode};
use crate::error::StorageError;
use crate::request::ObjectPath;
use crate::serve::{self, ServeOptions, query_param};

/// The download route with this access rule (`operation`: what `storage.operation()` says).
pub(super) fn route(mode: ReadMode, operation: &'static str) -> MethodRouter<Shared> {
    get(
        move |State(state): State<Shared>,
              method: Method,
              uri: Uri,
              headers: HeaderMap,
              path: ObjectPath| async move {
            download(&state, mode, operation, &method, &uri, &headers, &path).await
        },
    )
}

async fn download(
    state: &Shared,
    mode: ReadMode,
    operation: &str,
    method: &Method,
    uri: &Uri,
    headers: &HeaderMap,
    path: &ObjectPath,
) -> Result<Response, StorageError> {
    let row = access::object_for_read(
        state,
        mode,
        (method, uri.path(), headers),
        &path.bucket,
        &path.key,
        operation,
    )
    .await?;
    let options = ServeOptions {
        download: query_param(uri.query(), "download"),
        expires: None,
        head_only: method == Method::HEAD,
    };
    serve::serve(state, &row, headers, &options).await
}
