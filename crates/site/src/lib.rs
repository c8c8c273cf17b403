//! Serves the website: the Vite build in `frontend/dist`, with the runtime configuration
//! injected into index.html so one build runs anywhere, and the SPA fallback that hands every
//! unknown path to the React router.
mod inject;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use http::{HeaderValue, StatusCode, header};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

pub use inject::{RUNTIME_CONFIG_OPEN_TAG, inject_runtime_config};

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("could not read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The website's index page, ready to send.
#[derive(Debug, Clone)]
struct IndexPage {
    html: Option<Arc<str>>,
}

/// Builds the website router. A missing build is not fatal: the API still serves, and pages say
/// how to build the site.
pub fn router(dist_dir: &Path, runtime_config: &serde_json::Value) -> Result<Router, SiteError> {
    let index_path = dist_dir.join("index.html");
    let html = match std::fs::read_to_string(&index_path) {
        Ok(template) => Some(Arc::from(inject_runtime_config(&template, runtime_config))),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            tracing::warn!(path = %index_path.display(), "the website is not built; run `make run` to build it");
            None
        }
        Err(source) => {
            return Err(SiteError::Read {
                path: index_path,
                source,
            });
        }
    };
    let index = IndexPage { html };
    let index_router = Router::new()
        .route("/", get(serve_index))
        .route("/index.html", get(serve_index))
        .with_state(index.clone());
    // Vite puts content-hashed files under /assets: they never change.
    let assets = Router::new()
        .fallback_service(ServeDir::new(dist_dir.join("assets")))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ));
    let files = ServeDir::new(dist_dir)
        .append_index_html_on_directories(false)
        .fallback(get(serve_index).with_state(index));
    Ok(index_router
        .nest_service("/assets", assets)
        .fallback_service(files))
}

async fn serve_index(State(index): State<IndexPage>) -> Response {
    match index.html {
        Some(html) => (
            [
                (header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            ],
            Body::from(html.to_string()),
        )
            .into_response(),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"))],
            "<!doctype html><title>ClaimBridge</title><p>The website has not been built yet: run \
             <code>make run</code> (it builds frontend/dist). The APIs under /rest/v1, /storage/v1, \
             /functions/v1 and /auth/v1 are available.</p>",
        )
            .into_response(),
    }
}
