//! GoTrue's answers for what this server has switched off: SAML SSO, manual identity linking
//! (the identities endpoints of `/user`, after the caller is authenticated, as GoTrue checks).
use axum::extract::State;
use http::HeaderMap;

use crate::session::caller;
use crate::{AuthError, AuthState};

/// `POST /sso`: 404 `saml_provider_disabled`.
pub(crate) async fn sso() -> AuthError {
    AuthError::not_found("saml_provider_disabled", "SAML 2.0 is disabled")
}

/// `GET /user/identities/authorize`, `DELETE /user/identities/{id}`: 404
/// `manual_linking_disabled` for a signed-in caller.
pub(crate) async fn identities(
    State(state): State<AuthState>,
    headers: HeaderMap,
) -> Result<(), AuthError> {
    caller(&headers, &state).await?;
    Err(AuthError::not_found(
        "manual_linking_disabled",
        "Manual linking is disabled",
    ))
}
