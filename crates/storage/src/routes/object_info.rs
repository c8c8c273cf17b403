//! An object's facts, with the access rules of the matching download route:
//! `/object/info/{bucket}/{*path}`, `/object/info/public/...` and `/object/info/authenticated/...`.
use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get};
use http::{HeaderValue, header};

use super::Shared;
use crate::access::{self, ReadMode};
use crate::error::StorageError;
use crate::request::ObjectRequest;

/// The info route with this access rule.
pub(super) fn route(mode: ReadMode) -> MethodRouter<Shared> {
    get(
        move |State(state): State<Shared>, request: ObjectRequest| async move {
            info(&state, mode, &request).await
        },
    )
}

async fn info(
    state: &Shared,
    mode: ReadMode,
    request: &ObjectRequest,
) -> Result<Response, StorageError> {
    let row = access::object_for_read(state, mode, request, "storage.object.info").await?;
    let mut response = Json(row.info_json()).into_response();
    let out = response.headers_mut();
    if let Some(etag) = row
        .etag()
        .and_then(|etag| HeaderValue::from_str(&etag).ok())
    {
        out.insert(header::ETAG, etag);
    }
    if let Some(modified) = row
        .last_modified()
        .and_then(|modified| HeaderValue::from_str(&httpdate::fmt_http_date(modified.into())).ok())
    {
        out.insert(header::LAST_MODIFIED, modified);
    }
    if let Ok(cache) = HeaderValue::from_str(&row.cache_control()) {
        out.insert(header::CACHE_CONTROL, cache);
    }
    Ok(response)
}
