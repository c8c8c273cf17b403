//! `simple-auth`: the admin passcode login and the admin token check.
//! - `{action: "login", passcode}` → `{success: true, token, expiresAt}` or
//!   `{success: false, error}` (200, so the page can say "Access Denied" with the text);
//!   after too many failures from one client IP, 429 with Retry-After and no passcode check.
//!   Each outcome goes to the admin activity log (`private.record_sign_in`) with the client IP
//!   and user agent; a correct passcode with the new token's session id.
//! - `{action: "validate", token}` → `{valid: true, expiresAt}` or `{valid: false, error}`.
use std::time::Instant;

use axum::Json;
use axum::response::{IntoResponse, Response};
use cb_db::sqlx;
use futures_util::FutureExt as _;
use serde_json::{Value, json};

use crate::invocation::{Function, Invocation, json_object};
use crate::rate_limit::{self, wait_text};
use crate::{FunctionError, passcode};

pub(crate) const FUNCTION: Function = Function {
    name: "simple-auth",
    aliases: &[],
    verify_jwt: true,
    methods: &["POST"],
    max_body: 16 * 1024,
    handler: |invocation| handle(invocation).boxed(),
};

const LOGIN_SCOPE: &str = "login:ip";
const MAX_PASSCODE_CHARS: usize = 1024;

async fn handle(invocation: Invocation) -> Result<Response, FunctionError> {
    let body = json_object(&invocation.body)
        .map_err(|err| err.with_field("success", Value::Bool(false)))?;
    match body.get("action").and_then(Value::as_str) {
        Some("login") => login(&invocation, body.get("passcode")).await,
        Some("validate") => Ok(validate(&invocation, body.get("token"))),
        _ => Err(
            FunctionError::BadRequest("Unknown action: use 'login' or 'validate'".into())
                .with_field("success", Value::Bool(false)),
        ),
    }
}

async fn login(
    invocation: &Invocation,
    passcode: Option<&Value>,
) -> Result<Response, FunctionError> {
    let passcode = match passcode {
        Some(Value::String(text))
            if !text.is_empty() && text.chars().count() <= MAX_PASSCODE_CHARS =>
        {
            text.clone()
        }
        _ => {
            return Err(FunctionError::BadRequest("Passcode is required".into())
                .with_field("success", Value::Bool(false)));
        }
    };
    let state = &invocation.state;
    let settings = state.settings();
    let client = invocation.client_key();
    // Each attempt takes a slot; a correct passcode clears the slots of its IP, so what stays
    // counted are the failures. Over the limit, the passcode is not even looked at.
    if let Some(retry_after_secs) = rate_limit::take(
        state.pool(),
        LOGIN_SCOPE,
        &client,
        settings.login_failure_limit,
    )
    .await?
    {
        tracing::warn!(client = %client, "admin login locked out");
        audit_failure(invocation, SignIn::Locked).await;
        return Err(FunctionError::TooManyRequests {
            message: format!(
                "Too many failed attempts. Try again in {}.",
                wait_text(retry_after_secs)
            ),
            retry_after_secs,
        }
        .with_field("success", Value::Bool(false)));
    }
    let started = Instant::now();
    let correct = passcode::verify(state.passcode_permits(), passcode, state.passcode_hash()).await;
    if correct {
        rate_limit::clear(state.pool(), LOGIN_SCOPE, &client).await?;
        let issued = state.admin_tokens().issue();
        // An admin session the log does not show would make everything it does anonymous, so a
        // sign-in that cannot be recorded is refused (503, as for any database outage: the
        // token would be of no use without the database anyway), not granted unrecorded.
        if let Err(err) = record(invocation, SignIn::Succeeded, Some(&issued.session_id)).await {
            tracing::warn!(client = %client, %err, "admin login refused: the sign-in could not be recorded");
            return Err(FunctionError::Unavailable(
                "The sign-in could not be recorded: try again shortly".into(),
            )
            .with_field("success", Value::Bool(false)));
        }
        tracing::info!(client = %client, session = %issued.session_id, "admin login");
        return Ok(Json(json!({
            "success": true,
            "token": issued.token,
            "expiresAt": issued.expires_at,
        }))
        .into_response());
    }
    tracing::warn!(client = %client, "admin login with a wrong passcode");
    audit_failure(invocation, SignIn::Failed).await;
    tokio::time::sleep_until((started + settings.login_failure_delay).into()).await;
    Ok(Json(json!({ "success": false, "error": "Invalid passcode" })).into_response())
}

#[derive(Debug, Clone, Copy)]
enum SignIn {
    Succeeded,
    Failed,
    Locked,
}

impl SignIn {
    fn action(self) -> &'static str {
        match self {
            Self::Succeeded => "sign_in",
            Self::Failed => "sign_in_failed",
            Self::Locked => "sign_in_locked",
        }
    }
}

/// One entry in the admin activity log, with the client IP this function resolved (the peer, or
/// what a trusted proxy says) and the request's User-Agent.
async fn record(
    invocation: &Invocation,
    outcome: SignIn,
    session_id: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query("select private.record_sign_in($1, $2, $3, $4)")
        .bind(outcome.action())
        .bind(session_id)
        .bind(invocation.client_ip.map(|ip| ip.to_string()))
        .bind(invocation.user_agent())
        .execute(invocation.state.pool())
        .await
        .map(drop)
}

/// A refused attempt is answered as refused whether or not the log took it: failing it as a 5xx
/// would tell a guesser nothing useful and the admin nothing new (the warning is in the logs).
async fn audit_failure(invocation: &Invocation, outcome: SignIn) {
    if let Err(err) = record(invocation, outcome, None).await {
        tracing::warn!(
            client = %invocation.client_key(),
            action = outcome.action(),
            %err,
            "admin login attempt not recorded in the activity log"
        );
    }
}

fn validate(invocation: &Invocation, token: Option<&Value>) -> Response {
    let Some(token) = token
        .and_then(Value::as_str)
        .filter(|token| !token.is_empty())
    else {
        return Json(json!({ "valid": false, "error": "Token is required" })).into_response();
    };
    match invocation.state.admin_tokens().validate(token) {
        Ok(claims) => {
            Json(json!({ "valid": true, "expiresAt": claims.get("exp") })).into_response()
        }
        Err(problem) => Json(json!({ "valid": false, "error": problem.message() })).into_response(),
    }
}
