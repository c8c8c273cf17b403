//! The caller of `/user` and `/logout`: a bearer JWT that verifies, names a user, and (for an
//! admin token) belongs to the current passcode.
use cb_gateway::{JwtError, bearer_token};
use http::HeaderMap;
use serde_json::Value;

use crate::{AdminTokens, AuthError, AuthState, TokenProblem};

pub(crate) fn session_claims(headers: &HeaderMap, state: &AuthState) -> Result<Value, AuthError> {
    let token = bearer_token(headers)
        .filter(|token| !token.is_empty())
        .ok_or(AuthError::NoAuthorization)?;
    let claims = state.verifier.verify(token).map_err(|err| {
        AuthError::BadJwt(match err {
            JwtError::Expired => "token has invalid claims: token is expired".into(),
            JwtError::Parts(_) => "token is malformed".into(),
            other => other.to_string(),
        })
    })?;
    let claims = claims.0;
    if claims
        .get("sub")
        .and_then(Value::as_str)
        .is_none_or(str::is_empty)
    {
        return Err(AuthError::MissingSub);
    }
    if AdminTokens::claims_admin_flag(&claims)
        && state.admin_tokens.check_claims(&claims) == Err(TokenProblem::Revoked)
    {
        return Err(AuthError::SessionNotFound);
    }
    Ok(claims)
}
