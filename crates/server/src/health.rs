//! `/healthz`: the process answers. `/readyz`: the database answers, every migration is applied
//! and the instance is not shutting down, so a load balancer sends traffic only to instances that
//! can serve it and stops before one goes away.
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::AppState;

pub(crate) async fn healthz() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

pub(crate) async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    let not_ready = |reason: &str| {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "unavailable", "reason": reason })),
        )
    };
    if state.draining.load(std::sync::atomic::Ordering::Acquire) {
        return not_ready("shutting down");
    }
    if let Err(err) = cb_db::sqlx::query("select 1").execute(&state.pool).await {
        tracing::warn!(%err, "readiness: database unreachable");
        return not_ready("database unreachable");
    }
    match cb_db::pending_count(&state.pool).await {
        Ok(0) => (StatusCode::OK, Json(json!({ "status": "ready" }))),
        Ok(_) => not_ready("migrations pending"),
        Err(err) => {
            tracing::warn!(%err, "readiness: cannot read the migration table");
            not_ready("database unreachable")
        }
    }
}
