//! `captcha-challenge`: a fresh signed ALTCHA challenge for the widget (GET, or POST as some
//! widget versions send). With another captcha provider there is nothing to issue: 404.
use axum::Json;
use axum::response::{IntoResponse, Response};
use futures_util::FutureExt as _;
use http::header;

use crate::FunctionError;
use crate::captcha::CaptchaProvider;
use crate::clock::unix_now;
use crate::invocation::{Function, Invocation};

pub(crate) const FUNCTION: Function = Function {
    name: "captcha-challenge",
    // The name ALTCHA's documentation uses.
    aliases: &["altcha-challenge"],
    // The captcha widget fetches its challenge without credentials.
    verify_jwt: false,
    methods: &["GET", "POST"],
    max_body: 16 * 1024,
    handler: |invocation| handle(invocation).boxed(),
};

async fn handle(invocation: Invocation) -> Result<Response, FunctionError> {
    let captcha = invocation.state.captcha();
    if captcha.provider() != CaptchaProvider::Altcha {
        return Err(FunctionError::NotFound);
    }
    Ok((
        [(header::CACHE_CONTROL, "no-store")],
        Json(captcha.altcha().challenge(unix_now())),
    )
        .into_response())
}
