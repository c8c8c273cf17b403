//! The `/auth/v1` routes (GoTrue's `internal/api/api.go`), GoTrue's answers for unknown paths
//! and methods, and the API version header GoTrue puts on every answer.
use axum::Router;
use axum::http::HeaderValue;
use axum::response::Response;
use axum::routing::{delete, get, post};

use crate::handlers;
use crate::{API_VERSION, API_VERSION_HEADER, AuthError, AuthState};

/// The router to nest at `/auth/v1`.
pub fn router(state: AuthState) -> Router {
    Router::new()
        .route("/health", get(handlers::health::handle))
        .route("/settings", get(handlers::settings::handle))
        .route("/signup", post(handlers::signup::handle))
        .route("/token", post(handlers::token::handle))
        .route("/logout", post(handlers::logout::handle))
        .route(
            "/user",
            get(handlers::user_get::handle).put(handlers::user_update::handle),
        )
        .route(
            "/user/identities/authorize",
            get(handlers::disabled::identities),
        )
        .route(
            "/user/identities/{identity_id}",
            delete(handlers::disabled::identities),
        )
        .route("/sso", post(handlers::disabled::sso))
        .route("/recover", post(handlers::recover::handle))
        .route(
            "/verify",
            get(handlers::verify::handle_get).post(handlers::verify::handle_post),
        )
        .route("/otp", post(handlers::otp::handle))
        .route("/magiclink", post(handlers::otp::handle))
        .route("/resend", post(handlers::resend::handle))
        .route("/reauthenticate", get(handlers::reauthenticate::handle))
        .route("/invite", post(handlers::invite::handle))
        .route("/factors", post(handlers::factor_enroll::handle))
        .route(
            "/factors/{factor_id}/challenge",
            post(handlers::factor_challenge::handle),
        )
        .route(
            "/factors/{factor_id}/verify",
            post(handlers::factor_verify::handle),
        )
        .route(
            "/factors/{factor_id}",
            delete(handlers::factor_unenroll::handle),
        )
        .route(
            "/admin/users",
            get(handlers::admin_user_list::handle).post(handlers::admin_user_create::handle),
        )
        .route(
            "/admin/users/{user_id}",
            get(handlers::admin_user_get::handle)
                .put(handlers::admin_user_update::handle)
                .delete(handlers::admin_user_delete::handle),
        )
        .route(
            "/admin/users/{user_id}/factors",
            get(handlers::admin_factors::list),
        )
        .route(
            "/admin/users/{user_id}/factors/{factor_id}",
            delete(handlers::admin_factors::delete).put(handlers::admin_factors::update),
        )
        .route(
            "/admin/generate_link",
            post(handlers::generate_link::handle),
        )
        .route("/.well-known/jwks.json", get(handlers::jwks::handle))
        .method_not_allowed_fallback(|| async {
            AuthError::new(
                http::StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
                "Method Not Allowed",
            )
        })
        .fallback(|| async { AuthError::not_found("not_found", "Not Found") })
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
