//! Answers for API routes whose service is not built yet, each in its service's wire format, so
//! clients get a clear error instead of the website's HTML.
use axum::Json;
use axum::Router;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

pub(crate) fn rest() -> Router {
    Router::new().fallback(|request: Request| async move {
        let message = format!(
            "The REST API is not available yet on this server ({} {})",
            request.method(),
            request.uri().path()
        );
        (
            StatusCode::NOT_FOUND,
            Json(json!({ "code": "PGRST125", "details": null, "hint": null, "message": message })),
        )
            .into_response()
    })
}

pub(crate) fn storage() -> Router {
    Router::new().fallback(|request: Request| async move {
        let message = format!("Route {}:{} not found", request.method(), request.uri().path());
        (StatusCode::NOT_FOUND, Json(json!({ "statusCode": "404", "code": "not_found", "error": "Not Found", "message": message })))
            .into_response()
    })
}

pub(crate) fn functions() -> Router {
    Router::new().fallback(|| async {
        (
            StatusCode::NOT_FOUND,
            Json(json!({ "code": "NOT_FOUND", "message": "Requested function was not found" })),
        )
            .into_response()
    })
}

pub(crate) fn auth() -> Router {
    Router::new().fallback(|| async {
        let mut response: Response = (
            StatusCode::NOT_FOUND,
            Json(json!({ "code": 404, "error_code": "not_found", "msg": "The auth endpoint is not available on this server" })),
        )
            .into_response();
        response.headers_mut().insert("x-supabase-api-version", "2024-01-01".parse().expect("static header"));
        response
    })
}
