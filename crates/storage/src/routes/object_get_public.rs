//! `GET|HEAD /object/public/{bucket}/{*path}`: downloads from a public bucket, no credentials.
use axum::extract::State;
use axum::response::Response;
use http::{HeaderMap, Method, Uri};

use super::Shared;
use crate::access::{self, ReadMode};
use crate::error::StorageError;
use crate::request::ObjectPath;
use crate::serve::{self, ServeOptions, query_param};

pub(super) async fn handler(
    State(state): State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    path: ObjectPath,
) -> Result<Response, StorageError> {
    let row = access::object_for_read(
        &state,
        ReadMode::Public,
        (&method, uri.path(), &headers),
        &path.bucket,
        &path.key,
        "storage.object.get_public",
    )
    .await?;
    let options = ServeOptions {
        download: query_param(uri.query(), "download"),
        expires: None,
        head_only: method == Method::HEAD,
    };
    serve::serve(&state, &row, &headers, &options).await
}
