//! Downloads (GET|HEAD), one access rule per route:
//! - `/object/{bucket}/{*path}`: a missing or invalid JWT makes the caller anon (then only public
//!   buckets answer);
//! - `/object/public/{bucket}/{*path}`: public buckets, no credentials;
//! - `/object/authenticated/{bucket}/{*path}`: what the caller's policies show (a JWT is required).
use axum::extract::State;
use axum::response::Response;
use http::{HeaderMap, Method, Uri};

use super::Shared;
use crate::access::{self, ReadMode};
use crate::error::StorageError;
use crate::request::ObjectPath;
use crate::serve::{self, ServeOptions, query_param};

pub(super) async fn handler(
    state: State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    path: ObjectPath,
) -> Result<Response, StorageError> {
    download(
        state,
        ReadMode::OptionalJwt,
        "storage.object.get_authenticated",
        method,
        uri,
        headers,
        path,
    )
    .await
}

pub(super) async fn public_handler(
    state: State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    path: ObjectPath,
) -> Result<Response, StorageError> {
    download(
        state,
        ReadMode::Public,
        "storage.object.get_public",
        method,
        uri,
        headers,
        path,
    )
    .await
}

pub(super) async fn authenticated_handler(
    state: State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    path: ObjectPath,
) -> Result<Response, StorageError> {
    download(
        state,
        ReadMode::Authenticated,
        "storage.object.get_authenticated",
        method,
        uri,
        headers,
        path,
    )
    .await
}

async fn download(
    State(state): State<Shared>,
    mode: ReadMode,
    operation: &'static str,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    path: ObjectPath,
) -> Result<Response, StorageError> {
    let row = access::object_for_read(
        &state,
        mode,
        (&method, uri.path(), &headers),
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
    serve::serve(&state, &row, &headers, &options).await
}
