//! The `/auth/v1` routes, GoTrue's answers for unknown paths and methods, and the API version
//! header GoTrue puts on every answer.
use axum::Router;
use axum::http::HeaderValue;
use axum::response::Response;
use axum::routing::{get, post};

use crate::handlers;
use crate::{API_VERSION, API_VERSION_HEADER, AuthError, AuthState};

/// The router to nest at `/auth/v1`.
pub fn router(state: AuthState) -> Router {
    Router::new()
        .route("/settings", get(handlers::settings::handle))
        .route("/token", post(handlers::token::handle))
        .route("/logout", post(handlers::logout::handle))
        .route("/user", get(handlers::user::handle))
        .route("/.well-known/jwks.json", get(handlers::jwks::handle))
        .route("/signup", post(handlers::signup::handle))
        .method_not_allowed_fallback(|| async { AuthError::MethodNotAllowed })
        .fallback(|| async { AuthError::NotFound })
        .with_state(state)
        .layer(axum::middleware::map_response(with_api_version))
}

/// GoTrue names its API version on every answer; auth-js reads error codes only when it can.
async fn with_api_version(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(API_VERSION_HEADER, HeaderValue::from_static(API_VERSION));
    response
}
