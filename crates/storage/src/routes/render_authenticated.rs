//! `GET|HEAD /render/image/authenticated/{bucket}/{*path}` (storage-js `download` with a
//! `transform`): a transformed image of an object the caller's policies show; a JWT is required
//! and the row is read under RLS as the caller, exactly as `/object/authenticated/...`.
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
    let row = access::object_for_read(
        &state,
        ReadMode::Authenticated,
        &request,
        "storage.render.image_authenticated",
    )
    .await?;
    render::respond(&state, &row, &request.headers, prepared, Route::Checked).await
}
