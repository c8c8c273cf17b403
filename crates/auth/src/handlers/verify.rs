//! `GET /verify` (an emailed link: answers with a redirect) and `POST /verify` (a typed code or
//! a token hash: answers with a session), for signup, invite, recovery, magiclink,
//! email_change (and GoTrue's `email` code, which is a signup or a magic link). A link or code
//! works once and until `otp_expiry`; the user is confirmed and signed in. PKCE links answer
//! with an auth code instead of tokens.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::accounts::{audit, signed_up, validate_email};
use crate::limits::Bucket;
use crate::links::{LinkType, token_matches};
use crate::model::UserBundle;
use crate::request::{ClientInfo, json_body, query_param, redirect_to};
use crate::tokens::{sign_in, token_hash};
use crate::{AuthError, AuthState, flow};

const SINGLE_CONFIRMATION: &str =
    "Confirmation link accepted. Please proceed to confirm link sent to the other email";

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct VerifyParams {
    r#type: Option<String>,
    token: Option<String>,
    token_hash: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    redirect_to: Option<String>,
}

/// What verifying did.
enum Verified {
    /// The user is confirmed (or recovered) and may be signed in.
    User { user: Uuid, method: &'static str },
    /// The first of two email-change confirmations.
    HalfwayEmailChange,
}

pub(crate) async fn handle_get(
    State(state): State<AuthState>,
    RawQuery(query): RawQuery,
    client: ClientInfo,
) -> Result<Response, AuthError> {
    state.rate_limit(Bucket::Verify, client.ip)?;
    let query = query.as_deref();
    let kind = query_param(query, "type").unwrap_or_default();
    let token = query_param(query, "token").unwrap_or_default();
    if kind.is_empty() {
        return Err(AuthError::validation("Verify requires a verification type"));
    }
    if token.is_empty() {
        return Err(AuthError::validation(
            "Verify requires a token or a token hash",
        ));
    }
    let redirect = redirect_to(
        &state.settings,
        query_param(query, "redirect_to").as_deref(),
    );
    let pkce = token.starts_with("pkce_");
    let outcome = verify_token_hash(&state, &kind, &token, &client).await;
    let location = match outcome {
        Ok(Verified::HalfwayEmailChange) => {
            with_fragment(&redirect, &[("message", SINGLE_CONFIRMATION)], pkce)
        }
        Ok(Verified::User { user, method }) if pkce => {
            let code = flow::issue_auth_code(&state.pool, user, method).await?;
            with_query(&redirect, &[("code", &code)])
        }
        Ok(Verified::User { user, .. }) => {
            let session = sign_in(&state, user, "otp", &client).await?;
            let field = |name: &str| match &session[name] {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            let pairs = [
                ("access_token", field("access_token")),
                ("expires_at", field("expires_at")),
                ("expires_in", field("expires_in")),
                ("refresh_token", field("refresh_token")),
                ("token_type", field("token_type")),
                ("type", kind.clone()),
            ];
            let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
            with_fragment(&redirect, &pairs, false)
        }
        Err(err) => {
            let error = match err.status.as_u16() {
                400 => "invalid_request",
                401 => "unauthorized_client",
                403 => "access_denied",
                500 => "server_error",
                503 => "temporarily_unavailable",
                _ => "",
            };
            let mut pairs = vec![
                ("error_code", err.code),
                ("error_description", err.message.as_str()),
            ];
            if !error.is_empty() {
                pairs.insert(0, ("error", error));
            }
            with_fragment(&redirect, &pairs, pkce)
        }
    };
    Ok(Redirect::to(&location).into_response())
}

pub(crate) async fn handle_post(
    State(state): State<AuthState>,
    client: ClientInfo,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    state.rate_limit(Bucket::Verify, client.ip)?;
    let params: VerifyParams = json_body(&body)?;
    let kind = params.r#type.unwrap_or_default();
    if kind.is_empty() {
        return Err(AuthError::validation("Verify requires a verification type"));
    }
    let token = params.token.unwrap_or_default();
    let hash = params.token_hash.unwrap_or_default();
    if token.is_empty() == hash.is_empty() {
        return Err(AuthError::validation(
            "Verify requires either a token or a token hash",
        ));
    }
    let email = params.email.unwrap_or_default();
    let phone = params.phone.unwrap_or_default();
    let outcome = if !hash.is_empty() {
        if !email.is_empty()
            || !phone.is_empty()
            || params.redirect_to.is_some_and(|r| !r.is_empty())
        {
            return Err(AuthError::validation(
                "Only the token_hash and type should be provided",
            ));
        }
        verify_token_hash(&state, &kind, &hash, &client).await?
    } else if !phone.is_empty() && email.is_empty() {
        // No user has a phone here (there is no SMS provider): GoTrue's answer for a valid
        // number nobody has, after its format check.
        let digits = phone.trim_start_matches('+').replace(' ', "");
        let e164 = (2..=15).contains(&digits.len())
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        if !e164 {
            return Err(AuthError::validation(
                "Invalid phone number format (E.164 required)",
            ));
        }
        return Err(AuthError::otp_expired("Token has expired or is invalid"));
    } else if !email.is_empty() && phone.is_empty() {
        let email = validate_email(&email)
            .map_err(|_| AuthError::unprocessable("validation_failed", "Invalid email format"))?;
        verify_code(&state, &kind, &email, &token, &client).await?
    } else {
        return Err(AuthError::validation(
            "Only an email address or phone number should be provided on verify",
        ));
    };
    match outcome {
        Verified::HalfwayEmailChange => {
            Ok(Json(json!({ "msg": SINGLE_CONFIRMATION, "code": "200" })))
        }
        Verified::User { user, .. } => Ok(Json(sign_in(&state, user, "otp", &client).await?)),
    }
}

/// The users a token hash of this type may belong to, found by the stored token.
async fn find_by_token(
    state: &AuthState,
    kind: &str,
    hash: &str,
) -> Result<Option<UserBundle>, AuthError> {
    let condition = match kind {
        "signup" | "invite" => "confirmation_token = $1 or confirmation_token = 'pkce_' || $1",
        "recovery" | "magiclink" => "recovery_token = $1 or recovery_token = 'pkce_' || $1",
        "email_change" => {
            "email_change_token_current = $1 or email_change_token_new = $1
             or email_change_token_current = 'pkce_' || $1 or email_change_token_new = 'pkce_' || $1"
        }
        "email" => {
            "confirmation_token = $1 or recovery_token = $1
             or confirmation_token = 'pkce_' || $1 or recovery_token = 'pkce_' || $1"
        }
        _ => return Err(AuthError::validation("Invalid email verification type")),
    };
    let hash = hash.strip_prefix("pkce_").unwrap_or(hash);
    let id: Option<Uuid> = sqlx::query_scalar(&format!(
        "select id from auth.users where {condition} limit 1"
    ))
    .bind(hash)
    .fetch_optional(&state.pool)
    .await?;
    match id {
        Some(id) => UserBundle::load(&state.pool, id, None).await,
        None => Ok(None),
    }
}

async fn verify_token_hash(
    state: &AuthState,
    kind: &str,
    hash: &str,
    client: &ClientInfo,
) -> Result<Verified, AuthError> {
    let invalid = || AuthError::otp_expired("Email link is invalid or has expired");
    let bundle = find_by_token(state, kind, hash)
        .await?
        .ok_or_else(invalid)?;
    let presented = hash.strip_prefix("pkce_").unwrap_or(hash);
    apply(state, kind, &bundle, presented, client, invalid).await
}

async fn verify_code(
    state: &AuthState,
    kind: &str,
    email: &str,
    code: &str,
    client: &ClientInfo,
) -> Result<Verified, AuthError> {
    let invalid = || AuthError::otp_expired("Token has expired or is invalid");
    let bundle = match kind {
        // An email change's code was made for the new address (or, doubly confirmed, the
        // current one): find the user by either.
        "email_change" => {
            let id: Option<Uuid> = sqlx::query_scalar(
                "select id from auth.users
                  where (lower(email_change) = $1 or lower(email) = $1) and is_sso_user = false
                  order by lower(email_change) = $1 desc limit 1",
            )
            .bind(email)
            .fetch_optional(&state.pool)
            .await?;
            match id {
                Some(id) => UserBundle::load(&state.pool, id, None).await?,
                None => None,
            }
        }
        "signup" | "invite" | "recovery" | "magiclink" | "email" => {
            UserBundle::find_by_email(&state.pool, email).await?
        }
        _ => return Err(AuthError::validation("Invalid email verification type")),
    }
    .ok_or_else(invalid)?;
    let address = if kind == "email_change" && bundle.user.email() != email {
        bundle.user.email_change.clone().unwrap_or_default()
    } else {
        bundle.user.email().to_string()
    };
    apply(
        state,
        kind,
        &bundle,
        &token_hash(&address, code),
        client,
        invalid,
    )
    .await
}

/// Checks the presented hash against the user's token of `kind`, then does what the type does.
async fn apply(
    state: &AuthState,
    kind: &str,
    bundle: &UserBundle,
    presented: &str,
    client: &ClientInfo,
    invalid: impl Fn() -> AuthError,
) -> Result<Verified, AuthError> {
    let user = &bundle.user;
    if user.is_banned() {
        return Err(AuthError::forbidden("user_banned", "User is banned"));
    }
    let expiry = state.settings.otp_expiry;
    let confirmation = || {
        token_matches(
            user.confirmation_token.as_deref(),
            presented,
            user.confirmation_sent_at,
            expiry,
        )
    };
    let recovery = || {
        token_matches(
            user.recovery_token.as_deref(),
            presented,
            user.recovery_sent_at,
            expiry,
        )
    };
    let kind = match kind {
        "email" if confirmation() => "signup",
        "email" if recovery() => "magiclink",
        other => other,
    };
    let link = match kind {
        "signup" => LinkType::Signup,
        "invite" => LinkType::Invite,
        "recovery" => LinkType::Recovery,
        "magiclink" => LinkType::MagicLink,
        "email_change" => return email_change(state, bundle, presented, client, invalid).await,
        _ => return Err(AuthError::validation("Unsupported verification type")),
    };
    if matches!(link, LinkType::Signup | LinkType::Invite) {
        if !confirmation() {
            return Err(invalid());
        }
        if link == LinkType::Invite {
            audit(
                &state.pool,
                Some(user.id),
                "invite_accepted",
                None,
                &client.ip_text(),
            )
            .await?;
        }
        signed_up(&state.pool, user.id, &client.ip_text()).await?;
    } else {
        if !recovery() {
            return Err(invalid());
        }
        sqlx::query(
            "with tokens as (delete from auth.one_time_tokens where user_id = $1)
             update auth.users set recovery_token = '', updated_at = now() where id = $1",
        )
        .bind(user.id)
        .execute(&state.pool)
        .await?;
        if user.is_confirmed() {
            audit(&state.pool, Some(user.id), "login", None, &client.ip_text()).await?;
        } else {
            signed_up(&state.pool, user.id, &client.ip_text()).await?;
        }
    }
    Ok(Verified::User {
        user: user.id,
        method: link.flow_method(),
    })
}

/// An email change: with double confirmation, the first of the two links only records itself;
/// the second (or the only one) moves the address.
async fn email_change(
    state: &AuthState,
    bundle: &UserBundle,
    presented: &str,
    client: &ClientInfo,
    invalid: impl Fn() -> AuthError,
) -> Result<Verified, AuthError> {
    let user = &bundle.user;
    let expiry = state.settings.otp_expiry;
    let current = token_matches(
        user.email_change_token_current.as_deref(),
        presented,
        user.email_change_sent_at,
        expiry,
    );
    let new = token_matches(
        user.email_change_token_new.as_deref(),
        presented,
        user.email_change_sent_at,
        expiry,
    );
    if !current && !new {
        return Err(invalid());
    }
    let needs_both = state.settings.enable_confirmations
        && state.settings.double_confirm_changes
        && user.email_change_confirm_status.unwrap_or(0) == 0
        && !user.email().is_empty();
    if needs_both {
        let (column, token_type) = if current {
            ("email_change_token_current", "email_change_token_current")
        } else {
            ("email_change_token_new", "email_change_token_new")
        };
        // Fixed column names chosen above, never input.
        sqlx::query(&format!(
            "with tokens as (delete from auth.one_time_tokens
                              where user_id = $1 and token_type = '{token_type}')
             update auth.users set email_change_confirm_status = 1, {column} = '' where id = $1"
        ))
        .bind(user.id)
        .execute(&state.pool)
        .await?;
        return Ok(Verified::HalfwayEmailChange);
    }
    let new_email = user.email_change.clone().unwrap_or_default();
    let changed = sqlx::query(
        "with tokens as (delete from auth.one_time_tokens where user_id = $1),
              identity as (
                update auth.identities
                   set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
                       updated_at = now()
                 where user_id = $1 and provider = 'email')
         update auth.users
            set email = $2, email_change = '', email_change_token_current = '',
                email_change_token_new = '', email_change_confirm_status = 0,
                email_confirmed_at = coalesce(email_confirmed_at, now()),
                is_anonymous = false, updated_at = now()
          where id = $1",
    )
    .bind(user.id)
    .bind(&new_email)
    .execute(&state.pool)
    .await;
    match changed {
        Err(sqlx::Error::Database(err)) if err.is_unique_violation() => {
            return Err(crate::accounts::email_exists());
        }
        other => {
            other?;
        }
    }
    audit(
        &state.pool,
        Some(user.id),
        "user_modified",
        None,
        &client.ip_text(),
    )
    .await?;
    Ok(Verified::User {
        user: user.id,
        method: "email_change",
    })
}

/// `url` with `pairs` in its fragment (GoTrue's implicit-flow answer; `sb` marks it as ours),
/// and in its query too when `also_query` (a PKCE redirect).
fn with_fragment(url: &str, pairs: &[(&str, &str)], also_query: bool) -> String {
    let base = if also_query {
        with_query(url, pairs)
    } else {
        url.split('#').next().unwrap_or(url).to_string()
    };
    let mut fragment = url::form_urlencoded::Serializer::new(String::new());
    for (key, value) in pairs {
        fragment.append_pair(key, value);
    }
    fragment.append_pair("sb", "");
    format!("{base}#{}", fragment.finish())
}

fn with_query(url: &str, pairs: &[(&str, &str)]) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) => {
            parsed.set_fragment(None);
            {
                let mut query = parsed.query_pairs_mut();
                for (key, value) in pairs {
                    query.append_pair(key, value);
                }
            }
            parsed.to_string()
        }
        Err(_) => url.to_string(),
    }
}
