//! `GET|HEAD /render/image/public/{bucket}/{*path}`: a transformed image of an object in a
//! public bucket, no credentials (a private bucket answers NoSuchBucket, as downloads do). The
//! hottest variants are answered from memory before any database work (`render::hot`).
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
    if let Some(answer) = render::from_memory(&state, &path.bucket, &path.key, &headers, &prepared)
    {
        return answer;
    }
    let row = access::object_for_read(
        &state,
        ReadMode::Public,
        (&method, uri.path(), &headers),
        &path.bucket,
        &path.key,
        "storage.render.image_public",
    )
    .await?;
    render::respond(&state, &row, &headers, prepared, Route::Public).await
}
