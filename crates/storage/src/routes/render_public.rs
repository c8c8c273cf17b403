//! `GET|HEAD /render/image/public/{bucket}/{*path}`: a transformed image of an object in a
//! public bucket, no credentials (a private bucket answers NoSuchBucket, as downloads do). The
//! hottest variants are answered from memory before any database work (`render::hot`).
use axum::extract::State;
use axum::response::Response;

use super::Shared;
use crate::access::{self, ReadMode};
use crate::error::StorageError;
use crate::render::{self, Route};
use crate::request::ObjectRequest;

pub(super) async fn handler(
    State(state): State<Shared>,
    request: ObjectRequest,
) -> Result<Response, StorageError> {
    let prepared = render::prepare_from_query(&state, request.uri.query(), &request.headers)?;
    let path = &request.path;
    if let Some(answer) =
        render::from_memory(&state, &path.bucket, &path.key, &request.headers, &prepared)
    {
        return answer;
    }
    let row = access::object_for_read(
        &state,
        ReadMode::Public,
        &request,
        "storage.render.image_public",
    )
    .await?;
    render::respond(&state, &row, &request.headers, prepared, Route::Public).await
}
