//! /realtime/v1's routes.
mod broadcast;
mod websocket;

use axum::Router;
use axum::routing::{get, post};

use crate::Realtime;

/// The routes, relative to /realtime/v1 (the server nests them).
pub fn router(realtime: Realtime) -> Router {
    Router::new()
        .route("/websocket", get(websocket::upgrade))
        .route("/api/broadcast", post(broadcast::messages))
        .route(
            "/api/broadcast/{topic}/events/{event}",
            post(broadcast::one),
        )
        .with_state(realtime)
}
