//! `POST /logout?scope=global|local|others`: ends the caller's sessions (all of them, this one,
//! or all but this one) and answers 204. A passcode admin token has no stored session: the
//! client drops it (it ends at its expiry or when the passcode changes).
use axum::extract::{RawQuery, State};
use http::{HeaderMap, StatusCode};

use crate::accounts::{audit, end_sessions};
use crate::request::{ClientInfo, query_param};
use crate::session::{Caller, caller};
use crate::{AuthError, AuthState};

#[derive(Clone, Copy)]
enum Scope {
    Global,
    Local,
    Others,
}

pub(crate) async fn handle(
    State(state): State<AuthState>,
    RawQuery(query): RawQuery,
    client: ClientInfo,
    headers: HeaderMap,
) -> Result<StatusCode, AuthError> {
    let caller = caller(&headers, &state).await?;
    let scope = match query_param(query.as_deref(), "scope").as_deref() {
        None | Some("" | "global") => Scope::Global,
        Some("local") => Scope::Local,
        Some("others") => Scope::Others,
        Some(other) => {
            return Err(AuthError::validation(format!(
                "Unsupported logout scope {other:?}"
            )));
        }
    };
    let Caller::User(bundle) = caller else {
        return Ok(StatusCode::NO_CONTENT);
    };
    let user = bundle.user.id;
    let session = bundle.session.as_ref().map(|session| session.id);
    audit(&state.pool, Some(user), "logout", None, &client.ip_text()).await?;
    match (scope, session) {
        (Scope::Local, Some(session)) => {
            end_sessions(&state.pool, user, Some(session), None).await?
        }
        (Scope::Others, Some(session)) => {
            end_sessions(&state.pool, user, None, Some(session)).await?
        }
        _ => end_sessions(&state.pool, user, None, None).await?,
    }
    Ok(StatusCode::NO_CONTENT)
}
