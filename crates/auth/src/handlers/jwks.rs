//! `GET /.well-known/jwks.json`: the public parts of the signing keys, as GoTrue serves them (HMAC
//! keys, the project secret among them, are never published; with HS256 alone the set is empty
//! and auth-js checks tokens with `GET /user` instead).
use axum::Json;
use axum::extract::State;
use axum::response::IntoResponse;
use http::header;

use crate::AuthState;

pub(crate) async fn handle(State(state): State<AuthState>) -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "public, max-age=600")],
        Json(state.keys.jwks()),
    )
}
