//! The function registry: `/functions/v1/{name}[/sub/path]` is dispatched by name to one of the
//! handlers listed here. A new function is one file in `handlers/` that defines a
//! [`Function`], plus its line in [`FUNCTIONS`].
use std::net::{IpAddr, SocketAddr};

use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::response::{IntoResponse, Response};
use futures_util::future::BoxFuture;
use http::{HeaderMap, HeaderValue, Method, StatusCode, header};

use cb_gateway::JwtVerifier;

use crate::error::JwtRefusal;
use crate::handlers;
use crate::{FunctionError, FunctionsState};

/// What a function receives.
#[derive(Debug)]
pub(crate) struct Invocation {
    pub state: FunctionsState,
    #[allow(dead_code, reason = "part of the invocation every function may use")]
    pub method: Method,
    pub headers: HeaderMap,
    /// The path after the function's name (`""` or `/sub/path`).
    #[allow(dead_code, reason = "part of the invocation every function may use")]
    pub subpath: String,
    #[allow(dead_code, reason = "part of the invocation every function may use")]
    pub query: Option<String>,
    pub body: Bytes,
    /// The client's address (the peer, or what a trusted proxy says).
    pub client_ip: Option<IpAddr>,
}

impl Invocation {
    /// The client address as a rate-limit key.
    pub(crate) fn client_key(&self) -> String {
        self.client_ip
            .map_or_else(|| "unknown".to_string(), |ip| ip.to_string())
    }

    pub(crate) fn user_agent(&self) -> Option<String> {
        self.headers
            .get(header::USER_AGENT)
            .and_then(|value| value.to_str().ok())
            .map(|agent| agent.chars().take(1024).collect())
    }
}

pub(crate) type Handler = fn(Invocation) -> BoxFuture<'static, Result<Response, FunctionError>>;

/// One function.
pub(crate) struct Function {
    pub name: &'static str,
    /// Other names it answers to; config.toml settings are read under `name`.
    pub aliases: &'static [&'static str],
    /// Whether it needs a valid JWT unless configured otherwise (Supabase's `verify_jwt`,
    /// which supabase/config.toml states for hosted deploys; a test keeps the two equal).
    pub verify_jwt: bool,
    /// Methods it answers (OPTIONS is always answered).
    pub methods: &'static [&'static str],
    /// Largest request body, in bytes.
    pub max_body: usize,
    pub handler: Handler,
}

/// Every function this server runs.
pub(crate) const FUNCTIONS: &[Function] = &[
    handlers::simple_auth::FUNCTION,
    handlers::antispam_check::FUNCTION,
    handlers::captcha_challenge::FUNCTION,
    handlers::lead_relay::FUNCTION,
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

pub(crate) async fn dispatch(State(state): State<FunctionsState>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let path = parts.uri.path().trim_start_matches('/');
    let (name, subpath) = match path.find('/') {
        Some(index) => (&path[..index], &path[index..]),
        None => (path, ""),
    };
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
        method: parts.method,
        headers: parts.headers,
        subpath: subpath.to_string(),
        query: parts.uri.query().map(str::to_string),
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

/// Parses a JSON object body whatever its declared Content-Type.
pub(crate) fn json_object(
    body: &[u8],
) -> Result<serde_json::Map<String, serde_json::Value>, FunctionError> {
    match serde_json::from_slice(body) {
        Ok(value) if cb_gateway::contains_nul(&value) => {
            Err(FunctionError::BadRequest(NUL_TEXT.into()))
        }
        Ok(serde_json::Value::Object(object)) => Ok(object),
        _ => Err(FunctionError::BadRequest(
            "The body must be a JSON object".into(),
        )),
    }
}

/// PostgreSQL's text and jsonb cannot hold U+0000: a body carrying one is refused up front, not
/// left to fail in the database as a server error.
pub(crate) const NUL_TEXT: &str = "Text in the body cannot contain NUL (\\u0000) characters";
