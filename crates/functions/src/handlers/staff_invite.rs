//! `staff-invite`: an owner invites a staff member, or sends an invitation again.
//! - `{action: "invite", email, role, display_name?}` → `{user: {id, email}, status: "invited"}`:
//!   the account is made through the auth server's invite (GoTrue's `/invite`: an email with a
//!   link to `/auth/welcome`), and the role recorded where staff cannot write it
//!   (`private.staff_add`); the custom access token hook puts it in their tokens.
//! - `{action: "resend", user_id}` → `{status: "invited"}` for someone who has not accepted yet.
//!
//! Only an owner may: an active staff member whose role is owner, or the passcode (the owner's
//! break-glass sign-in). The Deno twin in supabase/functions/staff-invite does the same through
//! GoTrue's admin API on hosted Supabase.
use axum::Json;
use axum::response::{IntoResponse, Response};
use cb_db::sqlx;
use cb_db::{RequestContext, begin_scoped};
use futures_util::FutureExt as _;
use serde_json::{Map, Value, json};
use uuid::Uuid;

use crate::FunctionError;
use crate::invocation::{Function, Invocation, json_object};

pub(crate) const FUNCTION: Function = Function {
    name: "staff-invite",
    aliases: &[],
    verify_jwt: true,
    methods: &["POST"],
    max_body: 16 * 1024,
    handler: |invocation| handle(invocation).boxed(),
};

const ROLES: [&str; 3] = ["owner", "editor", "author"];

async fn handle(invocation: Invocation) -> Result<Response, FunctionError> {
    let inviter = owner(&invocation).await?;
    let body = json_object(&invocation.body)?;
    let auth = invocation.state.auth();
    let welcome = format!(
        "{}/auth/welcome",
        auth.settings.site_url.trim_end_matches('/')
    );
    match body.get("action").and_then(Value::as_str) {
        Some("invite") => {
            let email = text(&body, "email");
            let role = text(&body, "role");
            if !ROLES.contains(&role) {
                return Err(FunctionError::Unprocessable(
                    "Choose a role: owner, editor or author.".into(),
                ));
            }
            let mut data = Map::new();
            let name = text(&body, "display_name").trim();
            if !name.is_empty() {
                data.insert(
                    "display_name".into(),
                    json!(name.chars().take(120).collect::<String>()),
                );
            }
            let user = cb_auth::invite(auth, email, data, Some(&welcome))
                .await
                .map_err(|err| refusal(&err, email))?;
            let id = user["id"]
                .as_str()
                .and_then(|id| Uuid::parse_str(id).ok())
                .ok_or_else(|| FunctionError::Internal("the invited user has no id".into()))?;
            sqlx::query("select private.staff_add($1, $2, $3)")
                .bind(id)
                .bind(role)
                .bind(inviter)
                .execute(invocation.state.pool())
                .await?;
            Ok(Json(json!({
                "user": { "id": id, "email": user["email"] },
                "status": "invited",
            }))
            .into_response())
        }
        Some("resend") => {
            let user = body
                .get("user_id")
                .and_then(Value::as_str)
                .and_then(|id| Uuid::parse_str(id).ok())
                .ok_or_else(|| FunctionError::BadRequest("user_id is required".into()))?;
            let member: Option<bool> =
                sqlx::query_scalar("select true from private.staff_members where user_id = $1")
                    .bind(user)
                    .fetch_optional(invocation.state.pool())
                    .await?;
            if member.is_none() {
                return Err(FunctionError::Unprocessable(
                    "That person is not on the staff list.".into(),
                ));
            }
            cb_auth::resend_invite(auth, user, Some(&welcome))
                .await
                .map_err(|err| refusal(&err, "That person"))?;
            Ok(Json(json!({ "status": "invited" })).into_response())
        }
        _ => Err(FunctionError::BadRequest(
            "Unknown action: use 'invite' or 'resend'".into(),
        )),
    }
}

fn text<'a>(body: &'a Map<String, Value>, name: &str) -> &'a str {
    body.get(name).and_then(Value::as_str).unwrap_or_default()
}

/// The inviter's user id when the caller is an owner (None for the passcode); 403 otherwise.
async fn owner(invocation: &Invocation) -> Result<Option<Uuid>, FunctionError> {
    let token = cb_gateway::bearer_token(&invocation.headers).unwrap_or_default();
    let state = &invocation.state;
    if state.admin_tokens().validate(token).is_ok() {
        return Ok(None);
    }
    let not_owner = || FunctionError::Forbidden("Only an owner can invite staff.".into());
    let claims = state
        .settings()
        .jwt_verifier
        .verify(token)
        .map_err(|_| not_owner())?;
    let user = claims
        .0
        .get("sub")
        .and_then(Value::as_str)
        .and_then(|sub| Uuid::parse_str(sub).ok())
        .ok_or_else(not_owner)?;
    // The database decides, as for every write: `private.is_owner()` with the caller's claims
    // (a demoted, deactivated, banned or deleted owner, or a session that ended, is no owner).
    let context = RequestContext::new(
        "authenticated",
        &claims.0,
        "POST",
        "/functions/v1/staff-invite",
        "{}".into(),
    );
    let mut scope = begin_scoped(state.pool(), &context, true).await?;
    let is_owner: bool = sqlx::query_scalar("select private.is_owner()")
        .fetch_one(&mut *scope)
        .await?;
    scope.rollback().await?;
    if is_owner {
        Ok(Some(user))
    } else {
        Err(not_owner())
    }
}

/// The auth server's refusal as words for the owner.
fn refusal(err: &cb_auth::AuthError, who: &str) -> FunctionError {
    match err.code {
        "email_exists" => FunctionError::Conflict(format!("{who} already has an account.")),
        "validation_failed" => FunctionError::Unprocessable("Enter a valid email address.".into()),
        "user_not_found" => {
            FunctionError::Unprocessable("That person is not on the staff list.".into())
        }
        "over_email_send_rate_limit" | "over_request_rate_limit" => {
            FunctionError::TooManyRequests {
                message: "Too many invitations at once: try again in a minute.".into(),
                retry_after_secs: 60,
            }
        }
        _ if err.status.is_server_error() => FunctionError::Unavailable(
            "The invitation could not be sent: try again shortly.".into(),
        ),
        _ => FunctionError::Unprocessable(err.message.clone()),
    }
}
