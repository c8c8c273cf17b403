//! The function registry: `/functions/v1/{name}[/sub/path]` is dispatched by name to one of the
//! handlers listed here. A new function is one file in `handlers/` that defines a
//! [`Function`], plus its line in [`FUNCTIONS`]. The registry imports the handlers, never the
//! reverse: what they share lives in [`crate::invocation`].
use std::net::SocketAddr;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request, State};
use axum::response::{IntoResponse, Response};
use http::{HeaderMap, HeaderValue, Method, StatusCode, header};

use cb_gateway::JwtVerifier;

use crate::error::JwtRefusal;
use crate::handlers;
use crate::invocation::{Function, Invocation};
use crate::{FunctionError, FunctionsState};

/// Every function this server runs.
const FUNCTIONS: &[Function] = &[
    handlers::simple_auth::FUNCTION,
    handlers::antispam_check::FUNCTION,
    handlers::captcha_challenge::FUNCTION,
    handlers::lead_relay::FUNCTION,
    handlers::staff_invite::FUNCTION,
];

/// `verify_jwt`: the request's `Authorization: Bearer` must be a valid JWT of the project.
fn check_jwt(headers: &HeaderMap, verifier: &JwtVerifier) -> Result<(), JwtRefusal> {
    let value = headers
        .get(header::AUTHORIZATION)
        .ok_or(JwtRefusal::NoAuthHeader)?;
    let token = value
        .to_str()
        .ok()
        .and_then(|text| {
            let (scheme, token) = text.split_once(' ')?;
            scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
        })
        .filter(|token| token.split('.').count() == 3)
        .ok_or(JwtRefusal::InvalidFormat)?;
    verifier
        .verify(token)
        .map(drop)
        .map_err(|_| JwtRefusal::Invalid)
}

/// The headers supabase-js sends, for an OPTIONS that reaches a function (hosted Supabase's
/// pattern; real preflights are answered by the gateway before this).
const ALLOW_HEADERS: &str = "authorization, x-client-info, apikey, content-type, x-retry-count, traceparent, tracestate, baggage, x-region";

/// The router to nest at `/functions/v1`.
pub fn router(state: FunctionsState) -> Router {
    Router::new().fallback(dispatch).with_state(state)
}

/// Every function's name and whether it verifies JWTs unless configured otherwise.
pub fn declared_verify_jwt() -> impl Iterator<Item = (&'static str, bool)> {
    FUNCTIONS
        .iter()
        .map(|function| (function.name, function.verify_jwt))
}

/// Every name a function answers to (aliases included).
pub fn function_names() -> impl Iterator<Item = &'static str> {
    FUNCTIONS
        .iter()
        .flat_map(|function| std::iter::once(function.name).chain(function.aliases.iter().copied()))
}

async fn dispatch(State(state): State<FunctionsState>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let path = parts.uri.path().trim_start_matches('/');
    // Whatever follows the name (`/sub/path`) is the function's own business; none uses it.
    let name = path.split_once('/').map_or(path, |(name, _)| name);
    if name.is_empty() {
        return FunctionError::MissingName.into_response();
    }
    let Some(function) = FUNCTIONS
        .iter()
        .find(|function| function.name == name || function.aliases.contains(&name))
    else {
        return FunctionError::NotFound.into_response();
    };
    if parts.method == Method::OPTIONS {
        return options_response(function);
    }
    // The relay checks the JWT before the function sees anything, as on Supabase.
    if state
        .settings()
        .verify_jwt
        .applies_to(function.name, function.verify_jwt)
        && let Err(refusal) = check_jwt(&parts.headers, &state.settings().jwt_verifier)
    {
        return FunctionError::Unauthorized(refusal).into_response();
    }
    if !function.methods.contains(&parts.method.as_str()) {
        return FunctionError::MethodNotAllowed {
            allowed: function.methods,
        }
        .into_response();
    }
    let Ok(body) = axum::body::to_bytes(body, function.max_body).await else {
        return FunctionError::PayloadTooLarge {
            limit: function.max_body,
        }
        .into_response();
    };
    let peer = parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(address)| address.ip());
    let client_ip = state
        .settings()
        .trusted_proxies
        .client_ip(peer, &parts.headers);
    let invocation = Invocation {
        state,
        headers: parts.headers,
        body,
        client_ip,
    };
    let response = match (function.handler)(invocation).await {
        Ok(response) => response,
        Err(err) => err.into_response(),
    };
    if response.status() == StatusCode::TOO_MANY_REQUESTS {
        metrics::counter!("claimbridge_rate_limit_refusals_total", "limit" => function.name)
            .increment(1);
    }
    response
}

fn options_response(function: &Function) -> Response {
    let mut response = Response::new(Body::from("ok"));
    *response.status_mut() = StatusCode::OK;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_HEADERS,
        HeaderValue::from_static(ALLOW_HEADERS),
    );
    let mut methods = function.methods.to_vec();
    methods.push("OPTIONS");
    if let Ok(value) = HeaderValue::from_str(&methods.join(", ")) {
        headers.insert(header::ACCESS_CONTROL_ALLOW_METHODS, value);
    }
    response
}
