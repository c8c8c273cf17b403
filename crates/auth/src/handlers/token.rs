//! `POST /token?grant_type=password|refresh_token|pkce`: the three grants auth-js uses; other
//! grants answer as GoTrue does when their provider is off.
use axum::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::Value;
use std::sync::LazyLock;

use crate::limits::{Bucket, account_locked, clear_failures, record_failure};
use crate::model::UserBundle;
use crate::password::{check_strength, verify};
use crate::request::{ClientInfo, json_body, query_param};
use crate::tokens::{
    IssueSql, Issued, bind_claim_settings, issue_error, new_refresh_token, sign_in,
};
use crate::{AuthError, AuthState, flow};

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct GrantParams {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    refresh_token: Option<String>,
    auth_code: Option<String>,
    code_verifier: Option<String>,
}

fn non_empty(value: &Option<String>) -> Option<&str> {
    value.as_deref().filter(|value| !value.is_empty())
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    RawQuery(query): RawQuery,
    client: ClientInfo,
    body: Bytes,
) -> Result<Response, AuthError> {
    let grant = query_param(query.as_deref(), "grant_type").unwrap_or_default();
    match grant.as_str() {
        "password" => state.rate_limit(Bucket::SignIn, client.ip)?,
        "refresh_token" => state.rate_limit(Bucket::Refresh, client.ip)?,
        "pkce" | "id_token" => state.rate_limit(Bucket::SignIn, client.ip)?,
        "web3" => {
            return Err(AuthError::unprocessable(
                "web3_provider_disabled",
                "Web3 provider is disabled",
            ));
        }
        _ => {
            return Err(AuthError::bad_request(
                "invalid_credentials",
                "unsupported_grant_type",
            ));
        }
    }
    let params: GrantParams = json_body(&body)?;
    match grant.as_str() {
        "password" => password_grant(&state, &client, &params).await,
        "refresh_token" => refresh_grant(&state, &client, &params).await,
        "pkce" => pkce_grant(&state, &client, &params).await,
        _ => Err(AuthError::bad_request(
            "provider_disabled",
            "Provider is not enabled",
        )),
    }
    .map(|body| Json(body).into_response())
}

/// Email and password. Wrong password, unknown email and a user without a password are one
/// answer, taking one time (a decoy hash is checked when there is no user); past the per-account
/// failure limit the account is locked for a while, whether or not it exists.
async fn password_grant(
    state: &AuthState,
    client: &ClientInfo,
    params: &GrantParams,
) -> Result<Value, AuthError> {
    let email = non_empty(&params.email);
    let phone = non_empty(&params.phone);
    if email.is_some() && phone.is_some() {
        return Err(AuthError::validation(
            "Only an email address or phone number should be provided on login.",
        ));
    }
    let Some(email) = email else {
        return Err(match phone {
            Some(_) => {
                AuthError::unprocessable("phone_provider_disabled", "Phone logins are disabled")
            }
            None => AuthError::validation("missing email or phone"),
        });
    };
    let account = email.trim().to_lowercase();
    let lockout = state.settings.rate_limits.failed_sign_ins_per_account;
    if let Some(seconds) = account_locked(&state.pool, &account, lockout).await? {
        return Err(AuthError::too_many(
            "over_request_rate_limit",
            format!(
                "Too many failed sign-in attempts for this account. Try again in {} minutes.",
                seconds.div_ceil(60)
            ),
            seconds,
        ));
    }
    let bundle = UserBundle::find_by_email(&state.pool, &account).await?;
    let password = params.password.clone().unwrap_or_default();
    let stored = bundle
        .as_ref()
        .and_then(|bundle| bundle.user.encrypted_password.clone());
    let matched = verify(password.clone(), stored, state.settings.bcrypt_cost).await;
    let Some(bundle) = bundle.filter(|_| matched) else {
        record_failure(&state.pool, &account).await?;
        return Err(AuthError::invalid_credentials());
    };
    if bundle.user.is_banned() {
        return Err(AuthError::bad_request("user_banned", "User is banned"));
    }
    if !bundle.user.is_confirmed() {
        return Err(AuthError::bad_request(
            "email_not_confirmed",
            "Email not confirmed",
        ));
    }
    clear_failures(&state.pool, &account).await?;
    let mut session = sign_in(state, bundle.user.id, "password", client).await?;
    // GoTrue signs in with a password that no longer meets the rules and says so.
    if let Err(weak) = check_strength(&password, &state.settings)
        && weak.code == "weak_password"
    {
        session["weak_password"] = serde_json::json!({
            "reasons": weak_reasons(&weak),
            "message": weak.message,
        });
    }
    Ok(session)
}

fn weak_reasons(error: &AuthError) -> Vec<&'static str> {
    let mut reasons = Vec::new();
    if error.message.contains("at least") && error.message.contains("characters.") {
        reasons.push("length");
    }
    if error.message.contains("one character of each") {
        reasons.push("characters");
    }
    reasons
}

/// The refresh grant's one statement: the rotation (`claimbridge.auth_refresh`), then for a
/// token it accepted the user read and the access token's claims (through the hook, whose
/// failure aborts the rotation too).
static REFRESH: LazyLock<String> = LazyLock::new(|| {
    let issue = IssueSql::new("r.user_id", "r.session_id", 7);
    format!(
        "select r.outcome, r.refresh_token, {}
           from claimbridge.auth_refresh($1, $2, $3, $4, $5, $6::inet) r
           left join lateral {} on r.outcome in ('ok', 'reused')",
        issue.columns, issue.from_item,
    )
});

/// One answer of [`REFRESH`].
#[derive(sqlx::FromRow)]
struct Refreshed {
    outcome: String,
    refresh_token: Option<String>,
    #[sqlx(flatten)]
    issued: Issued,
}

/// The refresh grant, in one round trip (see [`REFRESH`]).
async fn refresh_grant(
    state: &AuthState,
    client: &ClientInfo,
    params: &GrantParams,
) -> Result<Value, AuthError> {
    let Some(token) = non_empty(&params.refresh_token) else {
        return Err(AuthError::bad_request(
            "validation_failed",
            "refresh_token required",
        ));
    };
    let settings = &state.settings;
    let reuse_seconds =
        i32::try_from(settings.refresh_token_reuse_interval.as_secs()).unwrap_or(i32::MAX);
    let refreshed: Refreshed = bind_claim_settings(
        sqlx::query_as(REFRESH.as_str())
            .bind(token)
            .bind(new_refresh_token())
            .bind(reuse_seconds)
            .bind(settings.refresh_token_rotation)
            .bind(client.user_agent.as_deref())
            .bind(client.ip_inet()),
        state,
        "token_refresh",
    )
    .fetch_one(&state.pool)
    .await
    .map_err(issue_error)?;
    let refused = |code: &'static str, message: &str| Err(AuthError::bad_request(code, message));
    match refreshed.outcome.as_str() {
        "ok" | "reused" => {}
        "not_found" => {
            return refused(
                "refresh_token_not_found",
                "Invalid Refresh Token: Refresh Token Not Found",
            );
        }
        "banned" => return refused("user_banned", "Invalid Refresh Token: User Banned"),
        "no_session" => {
            return refused(
                "session_not_found",
                "Invalid Refresh Token: No Valid Session Found",
            );
        }
        "session_expired" => {
            return refused("session_expired", "Invalid Refresh Token: Session Expired");
        }
        _ => {
            return refused(
                "refresh_token_already_used",
                "Invalid Refresh Token: Already Used",
            );
        }
    }
    let not_found = || {
        AuthError::bad_request(
            "refresh_token_not_found",
            "Invalid Refresh Token: Refresh Token Not Found",
        )
    };
    let issued = refreshed.refresh_token.ok_or_else(not_found)?;
    refreshed
        .issued
        .session(state, &issued)
        .ok_or_else(not_found)
}

/// The PKCE grant: an auth code from an emailed link and the verifier of its challenge.
async fn pkce_grant(
    state: &AuthState,
    client: &ClientInfo,
    params: &GrantParams,
) -> Result<Value, AuthError> {
    let (Some(code), Some(verifier)) = (
        non_empty(&params.auth_code),
        non_empty(&params.code_verifier),
    ) else {
        return Err(AuthError::validation(
            "invalid request: both auth code and code verifier should be non-empty",
        ));
    };
    let (user, method) = flow::redeem(&state.pool, code, verifier).await?;
    sign_in(state, user, &method, client).await
}
