//! What a function is and what it receives: the [`Function`] declaration each handler file
//! defines, the [`Invocation`] the registry hands it, and the JSON body reading they share.
use std::net::IpAddr;

use axum::body::Bytes;
use axum::response::Response;
use futures_util::future::BoxFuture;
use http::{HeaderMap, header};

use crate::{FunctionError, FunctionsState};

/// What a function receives.
#[derive(Debug)]
pub(crate) struct Invocation {
    pub state: FunctionsState,
    pub headers: HeaderMap,
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
