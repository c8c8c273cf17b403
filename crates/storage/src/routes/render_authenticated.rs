//! `GET|HEAD /render/image/authenticated/{bucket}/{*path}` (storage-js `download` with a
//! `transform`): a transformed image of an object the caller's policies show; a JWT is required
//! and the row is read under RLS as the caller, exactly as `/object/authenticated/...`.
use axum::extract::State;
use axum::response::Response;
use http::{HeaderMap, Method, Uri};

use super::Shared;
use crate::access::{self, ReadMode};
use crate::error::StorageError;
use crate::render::params::Transform;
use crate::render::{self, RenderRequest, Route};
use crate::request::ObjectPath;
use crate::serve::query_param;

pub(super) async fn handler(
    State(state): State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    path: ObjectPath,
) -> Result<Response, StorageError> {
    let transform = Transform::from_query(uri.query(), state.renderer.max_dimension())?;
    let request = RenderRequest {
        transform,
        download: query_param(uri.query(), "download"),
        expires: None,
    };
    let prepared = render::prepare(&state, &headers, request)?;
    let row = access::object_for_read(
        &state,
        ReadMode::Authenticated,
        (&method, uri.path(), &headers),
        &path.bucket,
        &path.key,
        "storage.render.image_authenticated",
    )
    .await?;
    render::respond(&state, &row, &headers, prepared, Route::Checked).await
}
