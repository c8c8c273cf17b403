//! `GET|HEAD /object/sign/{bucket}/{*path}?token=`: serves an object to whoever holds a valid
//! download token for exactly this path (no other credential; RLS was checked at signing).

use axum::extract::State;
use axum::response::Response;
use http::{HeaderMap, Method, Uri};

use super::Shared;
use crate::db;
use crate::error::StorageError;
use crate::request::{ObjectPath, TokenQuery};
use crate::serve::{self, ServeOptions, query_param};
use crate::signing::Scope;

pub(super) async fn handler(
    State(state): State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    path: ObjectPath,
    TokenQuery(token): TokenQuery,
) -> Result<Response, StorageError> {
    let claims = state.signer.verify(&token, &path.full(), Scope::Download)?;
    let row = db::find_object_as_server(&state.pool, &path.bucket, &path.key)
        .await?
        .ok_or(StorageError::NoSuchKey)?;
    let options = ServeOptions {
        download: query_param(uri.query(), "download"),
        expires: Some(serve::signed_url_expires(claims.exp)),
        head_only: method == Method::HEAD,
    };
    serve::serve(&state, &row, &headers, &options).await
}
