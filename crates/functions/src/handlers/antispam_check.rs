//! `antispam-check`: `{email, ip, recaptchaToken}` → 200 `{allowed: true, ticket, expiresAt}`, or
//! a non-2xx JSON error (`{allowed: false, error}`) that the page turns into "Too many requests".
//! The body's `ip` is ignored: the client address comes from the connection (or a trusted proxy).
//! Order: the email's syntax (400), the per-IP and per-email windows (429 with Retry-After), the
//! captcha (403), its single use (403).
//!
//! An allowed visitor gets a lead ticket: 256 random bits, stored only hashed (with the client IP,
//! the email and the lead relay's per-IP limit) by `private.lead_ticket_issue`, valid ten
//! minutes and once. The whitepaper form sends it in the `x-claimbridge-lead-ticket` header of
//! its INSERT into `whitepaper_submissions`, whose trigger consumes it (migration
//! `20261126000200_lead_tickets.sql`).
use axum::Json;
use axum::response::{IntoResponse, Response};
use base64::Engine as _;
use cb_db::sqlx;
use futures_util::FutureExt as _;
use rand::Rng as _;
use serde_json::{Value, json};

use crate::FunctionError;
use crate::captcha::{self, CaptchaError};
use crate::clock::unix_now;
use crate::invocation::{Function, Invocation, json_object};
use crate::lead::is_valid_email;
use crate::rate_limit::{self, wait_text};

pub(crate) const FUNCTION: Function = Function {
    name: "antispam-check",
    aliases: &[],
    verify_jwt: true,
    methods: &["POST"],
    max_body: 16 * 1024,
    handler: |invocation| handle(invocation).boxed(),
};

fn refused(err: FunctionError) -> FunctionError {
    err.with_field("allowed", Value::Bool(false))
}

async fn handle(invocation: Invocation) -> Result<Response, FunctionError> {
    let body = json_object(&invocation.body).map_err(refused)?;
    let email = body
        .get("email")
        .and_then(Value::as_str)
        .map(str::trim)
        .unwrap_or_default()
        .to_lowercase();
    if !is_valid_email(&email) {
        return Err(refused(FunctionError::BadRequest(
            "Invalid email address".into(),
        )));
    }
    let token = ["recaptchaToken", "captchaToken", "altcha"]
        .iter()
        .find_map(|field| body.get(*field).and_then(Value::as_str))
        .map(str::trim)
        .unwrap_or_default()
        .to_string();

    let state = &invocation.state;
    let settings = state.settings();
    let client = invocation.client_key();
    for (scope, key, limit) in [
        ("antispam:ip", client.as_str(), settings.antispam_ip_limit),
        (
            "antispam:email",
            email.as_str(),
            settings.antispam_email_limit,
        ),
    ] {
        if let Some(retry_after_secs) = rate_limit::take(state.pool(), scope, key, limit).await? {
            tracing::info!(%scope, "anti-spam rate limit reached");
            return Err(refused(FunctionError::TooManyRequests {
                message: format!(
                    "Too many requests: please wait {} before submitting again",
                    wait_text(retry_after_secs)
                ),
                retry_after_secs,
            }));
        }
    }

    let verified = state
        .captcha()
        .verify(&token, invocation.client_ip, unix_now())
        .await
        .map_err(|err| {
            refused(match err {
                CaptchaError::Unavailable(why) => {
                    tracing::warn!(%why, "captcha provider unavailable");
                    FunctionError::Unavailable(
                        "Captcha verification is unavailable: try again shortly".into(),
                    )
                }
                other => FunctionError::Forbidden(format!(
                    "Captcha verification failed ({})",
                    other.reason()
                )),
            })
        })?;
    if !captcha::consume(state.pool(), "antispam", &verified).await? {
        return Err(refused(FunctionError::Forbidden(
            "Captcha verification failed (captcha already used)".into(),
        )));
    }
    let ticket = issue_lead_ticket(&invocation, &email).await?;
    Ok(Json(json!({ "allowed": true, "ticket": ticket.0, "expiresAt": ticket.1 })).into_response())
}

/// A new lead ticket for `email` from this client: the ticket and when it expires (unix seconds).
async fn issue_lead_ticket(
    invocation: &Invocation,
    email: &str,
) -> Result<(String, i64), FunctionError> {
    let bytes: [u8; 32] = rand::rng().random();
    let ticket = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes);
    let limit = invocation.state.settings().lead_relay_ip_limit;
    let expires_at: f64 = sqlx::query_scalar(
        "select extract(epoch from private.lead_ticket_issue($1, $2, $3, $4, make_interval(secs => $5)))::float8",
    )
    .bind(&ticket)
    .bind(email)
    .bind(invocation.client_key())
    .bind(i32::try_from(limit.max).unwrap_or(i32::MAX))
    .bind(limit.window.as_secs_f64())
    .fetch_one(invocation.state.pool())
    .await?;
    Ok((ticket, expires_at as i64))
}
