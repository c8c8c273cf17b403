//! `GET /.well-known/jwks.json`: the public signing keys. Sessions are HS256, and HMAC keys are
//! never published, so the set is empty (auth-js then checks tokens with `GET /user`).
use axum::Json;
use axum::response::IntoResponse;
use http::header;
use serde_json::json;

pub(crate) async fn handle() -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "public, max-age=600")],
        Json(json!({ "keys": [] })),
    )
}
