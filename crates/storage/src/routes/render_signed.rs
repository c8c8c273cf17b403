//! `GET|HEAD /render/image/sign/{bucket}/{*path}?token=`: the transformed image a signed URL
//! names. The transformations come from the token (signed by `POST /object/sign` with a
//! `transform`), never from the query, so a signed URL cannot be re-targeted at another size;
//! the token must be a valid download token for exactly this path (no other credential).

use axum::extract::State;
use axum::response::Response;

use super::Shared;
use crate::db;
use crate::error::StorageError;
use crate::render::params::Transform;
use crate::render::{self, RenderRequest, Route};
use crate::request::SignedDownload;
use crate::serve;

pub(super) async fn handler(
    State(state): State<Shared>,
    SignedDownload { request, claims }: SignedDownload,
) -> Result<Response, StorageError> {
    let path = &request.path;
    let transform = Transform::from_signed(
        claims.transformations.as_deref().unwrap_or_default(),
        claims.format.as_deref(),
        state.renderer.max_dimension(),
    );
    let render_request = RenderRequest {
        transform,
        download: request.query_param("download"),
        expires: Some(serve::signed_url_expires(claims.exp)),
    };
    let prepared = render::prepare(&state, &request.headers, render_request)?;
    let row = db::find_object_as_server(&state.pool, &path.bucket, &path.key)
        .await?
        .ok_or(StorageError::NoSuchKey)?;
    render::respond(&state, &row, &request.headers, prepared, Route::Checked).await
}
