//! `GET /`: the OpenAPI description of what the caller's role can reach.
use std::collections::BTreeSet;

use axum::response::Response;
use cb_postgrest_syntax::{MediaType, media_type_error};

use super::scope::Exec;
use crate::error::ApiError;
use crate::response;
use crate::schema_cache::SchemaCache;

/// `GET /`: the OpenAPI description of what the caller's role can reach.
pub(super) async fn schema_read(
    exec: &Exec<'_>,
    cache: &SchemaCache,
    head: bool,
) -> Result<Response, ApiError> {
    let req = exec.req;
    let acceptable = req.accept.iter().any(|m| {
        matches!(
            m,
            MediaType::OpenApi | MediaType::ApplicationJson | MediaType::Any
        )
    });
    if !acceptable {
        return Err(media_type_error(&req.accept).into());
    }
    let row = exec
        .read_row(cache, crate::openapi::VISIBLE_SQL, &req.schema)
        .await?;
    let names = |i: usize| -> BTreeSet<String> {
        row.try_get::<_, String>(i)
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default()
    };
    let visible = crate::openapi::Visible {
        tables: names(0),
        routines: names(1),
        description: row.try_get::<_, Option<String>>(2).ok().flatten(),
    };
    let header = |name: &str| exec.call.headers.get(name).and_then(|v| v.to_str().ok());
    let host = header("x-forwarded-host")
        .or_else(|| header("host"))
        .unwrap_or("localhost");
    let scheme = header("x-forwarded-proto").unwrap_or("http");
    let document = crate::openapi::document(cache, &req.schema, &visible, host, scheme);
    let mut answer = response::Answer::new(http::StatusCode::OK);
    answer.header(
        http::header::CONTENT_TYPE,
        MediaType::OpenApi.content_type(),
    );
    if req.negotiated_by_profile {
        answer.header(
            http::HeaderName::from_static("content-profile"),
            req.schema.clone(),
        );
    }
    if !head {
        answer.body = axum::body::Body::from(document.to_string());
    }
    Ok(answer.into_response())
}
