//! `GET|HEAD /object/sign/{bucket}/{*path}?token=`: serves an object to whoever holds a valid
//! download token for exactly this path (no other credential; RLS was checked at signing).

use axum::extract::State;
use axum::response::Response;
use http::Method;

use super::Shared;
use crate::db;
use crate::error::StorageError;
use crate::request::SignedDownload;
use crate::serve::{self, ServeOptions};

pub(super) async fn handler(
    State(state): State<Shared>,
    SignedDownload { request, claims }: SignedDownload,
) -> Result<Response, StorageError> {
    let path = &request.path;
    let row = db::find_object_as_server(&state.pool, &path.bucket, &path.key)
        .await?
        .ok_or(StorageError::NoSuchKey)?;
    let options = ServeOptions {
        download: request.query_param("download"),
        expires: Some(serve::signed_url_expires(claims.exp)),
        head_only: request.method == Method::HEAD,
    };
    serve::serve(&state, &row, &request.headers, &options).await
}
