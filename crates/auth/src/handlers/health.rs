//! `GET /health`: GoTrue's liveness answer.
use axum::Json;
use serde_json::{Value, json};

pub(crate) async fn handle() -> Json<Value> {
    Json(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "name": "GoTrue",
        "description": "GoTrue is a user registration and authentication API",
    }))
}
