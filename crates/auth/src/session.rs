//! The callers of the endpoints that act for someone, as GoTrue resolves them: a bearer JWT that
//! verifies, names an existing user (`sub`) and, when it says so, an existing session
//! (`session_id`); or, for the admin endpoints, a token whose role is an admin role. The admin
//! passcode's tokens (`simple-auth`) name no stored user: they are answered from their claims.
use cb_gateway::{JwtError, bearer_token};
use http::HeaderMap;
use serde_json::Value;
use uuid::Uuid;

use crate::model::UserBundle;
use crate::{AdminTokens, AuthError, AuthState, TokenProblem};

/// A verified caller of `/user`, `/logout`, `/factors`, `/reauthenticate`.
#[derive(Debug, Clone)]
pub(crate) enum Caller {
    /// A stored user, with the session the token names (if it names one).
    User(Box<UserBundle>),
    /// A current admin passcode token: its claims.
    Passcode(Value),
}

fn verified_claims(headers: &HeaderMap, state: &AuthState) -> Result<Value, AuthError> {
    let token = bearer_token(headers)
        .filter(|token| !token.is_empty())
        .ok_or_else(AuthError::no_authorization)?;
    state
        .verifier
        .verify(token)
        .map(|claims| claims.0)
        .map_err(|err| {
            AuthError::bad_jwt(match err {
                JwtError::Expired => "token has invalid claims: token is expired".into(),
                JwtError::Parts(_) => "token is malformed".into(),
                other => other.to_string(),
            })
        })
}

/// The caller of an endpoint that acts for a signed-in user.
pub(crate) async fn caller(headers: &HeaderMap, state: &AuthState) -> Result<Caller, AuthError> {
    let claims = verified_claims(headers, state)?;
    let sub = claims
        .get("sub")
        .and_then(Value::as_str)
        .filter(|sub| !sub.is_empty())
        .ok_or_else(|| AuthError::forbidden("bad_jwt", "invalid claim: missing sub claim"))?;
    if AdminTokens::claims_admin_flag(&claims) {
        return match state.admin_tokens.check_claims(&claims) {
            Ok(()) => Ok(Caller::Passcode(claims)),
            Err(TokenProblem::Revoked) => Err(AuthError::session_not_found()),
            Err(_) => Err(AuthError::forbidden("bad_jwt", "invalid token")),
        };
    }
    let user_id = Uuid::parse_str(sub).map_err(|_| {
        AuthError::bad_request("bad_jwt", "invalid claim: sub claim must be a UUID")
    })?;
    let session_id = match claims.get("session_id").and_then(Value::as_str) {
        None | Some("" | "00000000-0000-0000-0000-000000000000") => None,
        Some(text) => Some(Uuid::parse_str(text).map_err(|_| {
            AuthError::forbidden("bad_jwt", "invalid claim: session_id claim must be a UUID")
        })?),
    };
    let bundle = UserBundle::load(&state.pool, user_id, session_id)
        .await?
        .ok_or_else(|| {
            AuthError::forbidden(
                "user_not_found",
                "User from sub claim in JWT does not exist",
            )
        })?;
    if session_id.is_some() && bundle.session.is_none() {
        return Err(AuthError::session_not_found());
    }
    if bundle.user.is_banned() {
        return Err(AuthError::user_banned());
    }
    Ok(Caller::User(Box::new(bundle)))
}

/// The caller as a stored user (a passcode token has no account to act on).
pub(crate) async fn user_caller(
    headers: &HeaderMap,
    state: &AuthState,
) -> Result<Box<UserBundle>, AuthError> {
    match caller(headers, state).await? {
        Caller::User(bundle) => Ok(bundle),
        Caller::Passcode(_) => Err(AuthError::forbidden(
            "user_not_found",
            "User from sub claim in JWT does not exist",
        )),
    }
}

/// An admin endpoint's caller: the request's token must be verified and carry one of the admin
/// roles (`service_role` by default), as GoTrue's admin API requires.
pub(crate) struct AdminCaller;

impl axum::extract::FromRequestParts<AuthState> for AdminCaller {
    type Rejection = AuthError;

    async fn from_request_parts(
        parts: &mut http::request::Parts,
        state: &AuthState,
    ) -> Result<Self, AuthError> {
        admin_caller(&parts.headers, state).map(|_| AdminCaller)
    }
}

/// The caller of an admin endpoint: a token whose `role` is one of the admin roles (by default
/// `service_role` and `supabase_admin`), as GoTrue's `requireAdmin`. Returns the role.
fn admin_caller(headers: &HeaderMap, state: &AuthState) -> Result<String, AuthError> {
    let claims = verified_claims(headers, state)?;
    let role = claims
        .get("role")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if state.settings.admin_roles.iter().any(|admin| admin == role) {
        Ok(role.to_string())
    } else {
        Err(AuthError::not_admin())
    }
}
