//! Realtime's HTTP answers: the handshake's refusals as `{"error": ...}` (what the socket
//! endpoint sends before any frame) and the broadcast API's as `{"message": ...}`.
use axum::Json;
use axum::response::{IntoResponse, Response};
use http::StatusCode;

#[derive(Debug, thiserror::Error)]
pub(crate) enum RealtimeError {
    #[error("No API key found in request")]
    MissingApiKey,
    #[error("{0}")]
    Unauthorized(String),
    #[error("vsn {0} is not supported: use 1.0.0 or 2.0.0")]
    UnsupportedVsn(String),
    #[error("ConnectionRateLimitReached: Too many connected users")]
    TooManyConnections,
    #[error("{0}")]
    BadRequest(String),
    #[error("You do not have permissions to write to this Channel topic: {0}")]
    Forbidden(String),
    #[error("Payload size exceeded")]
    PayloadTooLarge,
    #[error("the message could not be sent")]
    Database(#[from] sqlx::Error),
}

impl RealtimeError {
    fn status(&self) -> StatusCode {
        match self {
            Self::MissingApiKey | Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::UnsupportedVsn(_) | Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::TooManyConnections => StatusCode::TOO_MANY_REQUESTS,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Database(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// The handshake's form.
    pub(crate) fn handshake(self) -> Response {
        if let Self::Database(err) = &self {
            tracing::warn!(%err, "realtime: handshake failed");
        }
        (
            self.status(),
            Json(serde_json::json!({ "error": self.to_string() })),
        )
            .into_response()
    }
}

/// The HTTP API's form.
impl IntoResponse for RealtimeError {
    fn into_response(self) -> Response {
        if let Self::Database(err) = &self {
            tracing::warn!(%err, "realtime: broadcast API failed");
        }
        (
            self.status(),
            Json(serde_json::json!({ "message": self.to_string() })),
        )
            .into_response()
    }
}
