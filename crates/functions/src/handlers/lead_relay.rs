//! `lead-relay`: the default target of the website's webhook URL. It accepts the forms' lead
//! payload as JSON whatever the declared Content-Type (a browser `no-cors` POST says
//! text/plain), checks it with the forms' rules, and commits the lead together with one outbox
//! row per configured webhook target before answering 202; the outbox worker then delivers.
//! A lead whose captcha does not verify is still stored (nothing is lost) but flagged in
//! `spam_reason` and not forwarded; the answer is the same, so a bot learns nothing.
use axum::Json;
use axum::response::{IntoResponse, Response};
use cb_db::sqlx::{self, types::Json as SqlJson};
use futures_util::FutureExt as _;
use http::StatusCode;
use serde_json::json;
use uuid::Uuid;

use crate::FunctionError;
use crate::captcha::{CaptchaError, Verified, purpose_key};
use crate::clock::unix_now;
use crate::invocation::{Function, Invocation};
use crate::lead;
use crate::rate_limit::{self, wait_text};

pub(crate) const FUNCTION: Function = Function {
    name: "lead-relay",
    aliases: &[],
    // The lead webhook: browsers post to it with plain fetch, as to any webhook URL.
    verify_jwt: false,
    methods: &["POST"],
    max_body: 64 * 1024,
    handler: |invocation| handle(invocation).boxed(),
};

/// Stores the lead, marks its captcha used, and queues its deliveries: one statement, one
/// transaction. A captcha already used for a lead flags the lead instead of dropping it.
const INSERT_LEAD: &str = "
with used as (
  insert into private.used_captcha_tokens (token_hash, expires_at)
  select $1, to_timestamp($2) where $1::text is not null
  on conflict (token_hash) do nothing
  returning 1
), lead as (
  insert into public.leads (source, email, company_name, full_name, payload, client_ip, user_agent, spam_reason)
  values ($3, $4, $5, $6, $7, $8::text::inet, $9,
          coalesce($10::text, case when $1::text is not null and not exists (select 1 from used)
                                   then 'captcha already used' end))
  returning id, spam_reason
), queued as (
  insert into public.lead_deliveries (lead_id, target_url)
  select lead.id, target from lead, unnest($11::text[]) as target
   where lead.spam_reason is null
  returning 1
)
select id, spam_reason, (select count(*) from queued) from lead";

async fn handle(invocation: Invocation) -> Result<Response, FunctionError> {
    let lead = lead::parse(&invocation.body).map_err(FunctionError::BadRequest)?;
    let state = &invocation.state;
    let settings = state.settings();
    let client = invocation.client_key();
    if let Some(retry_after_secs) = rate_limit::take(
        state.pool(),
        "relay:ip",
        &client,
        settings.lead_relay_ip_limit,
    )
    .await?
    {
        return Err(FunctionError::TooManyRequests {
            message: format!(
                "Too many submissions: please wait {} before sending again",
                wait_text(retry_after_secs)
            ),
            retry_after_secs,
        });
    }

    let mut verified: Option<Verified> = None;
    let mut spam_reason: Option<String> = None;
    if settings.lead_relay_require_captcha {
        let token = lead.captcha_token.as_deref().unwrap_or_default();
        match state
            .captcha()
            .verify(token, invocation.client_ip, unix_now())
            .await
        {
            Ok(ok) => verified = Some(ok),
            Err(CaptchaError::Unavailable(why)) => {
                // The provider is down: a real visitor is likelier than a bot that got this far.
                tracing::warn!(%why, "lead accepted without captcha verification");
            }
            Err(err) => spam_reason = Some(err.reason()),
        }
    }

    let (id, flagged, queued): (Uuid, Option<String>, i64) = sqlx::query_as(INSERT_LEAD)
        .bind(verified.as_ref().map(|v| purpose_key("lead", v)))
        .bind(verified.as_ref().map_or(0.0, |v| v.expires_at as f64))
        .bind(&lead.source)
        .bind(&lead.email)
        .bind(&lead.company_name)
        .bind(&lead.full_name)
        .bind(SqlJson(&lead.payload))
        .bind(invocation.client_ip.map(|ip| ip.to_string()))
        .bind(invocation.user_agent())
        .bind(spam_reason)
        .bind(&settings.webhooks.targets)
        .fetch_one(state.pool())
        .await?;
    if let Some(reason) = &flagged {
        tracing::info!(lead = %id, %reason, "lead stored but not forwarded");
    }
    if queued > 0 {
        state.wake_outbox();
    }
    Ok((StatusCode::ACCEPTED, Json(json!({ "ok": true, "id": id }))).into_response())
}
