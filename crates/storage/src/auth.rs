//! Who is calling, as Storage decides it: `Authorization: <jwt>` with an optional `Bearer `
//! prefix, verified with the project secret. Routes that need a JWT refuse a missing or bad one
//! with AccessDenied and the verifier's text; the read routes that allow an invalid JWT treat
//! the caller as anon.
use cb_db::RequestContext;
use cb_gateway::{Caller, ClaimProblem, JwtError, JwtVerifier, RoleClaim};
use http::{HeaderMap, Method, header};
use serde_json::Value;

use crate::error::StorageError;

/// The caller of one request and what the database policies see of it.
#[derive(Debug, Clone)]
pub(crate) struct Identity {
    pub(crate) caller: Caller,
    /// A valid JWT was presented (Storage's `isAuthenticated`).
    pub(crate) authenticated: bool,
    pub(crate) context: RequestContext,
}

impl Identity {
    /// The `sub` claim: the owner of what this caller uploads.
    pub(crate) fn owner(&self) -> Option<String> {
        self.caller
            .claims
            .get("sub")
            .and_then(Value::as_str)
            .filter(|sub| !sub.is_empty())
            .map(str::to_string)
    }

    /// The server itself (bucket routing, public reads, signed URLs): RLS does not apply.
    pub(crate) fn is_service_role(&self) -> bool {
        self.caller.is_service_role()
    }
}

/// The token after an optional case-insensitive `Bearer` and whitespace.
fn token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?.trim();
    let stripped = match value.get(..6) {
        Some(prefix)
            if prefix.eq_ignore_ascii_case("bearer")
                && value[6..].starts_with(char::is_whitespace) =>
        {
            value[6..].trim_start()
        }
        _ => value,
    };
    (!stripped.is_empty()).then_some(stripped)
}

/// What jose (Storage's verifier) says for each failure.
fn verifier_text(err: &JwtError) -> String {
    match err {
        JwtError::Empty | JwtError::Parts(_) => "Invalid Compact JWS".into(),
        JwtError::Expired => "\"exp\" claim timestamp check failed".into(),
        JwtError::Claim(ClaimProblem::NotANumber(claim)) => {
            format!("\"{claim}\" claim must be a number")
        }
        JwtError::Claim(ClaimProblem::NotYetValid) => "\"nbf\" claim timestamp check failed".into(),
        JwtError::Claim(ClaimProblem::IssuedAtFuture) => {
            "\"iat\" claim timestamp check failed".into()
        }
        JwtError::Claim(ClaimProblem::Unparsable) => "Invalid JWT Claims Set".into(),
        // Storage checks no audience; jose's words, were it asked to.
        JwtError::Claim(ClaimProblem::NotInAudience | ClaimProblem::AudienceNotStringOrArray) => {
            "unexpected \"aud\" claim value".into()
        }
        JwtError::Invalid => "signature verification failed".into(),
    }
}

/// The roles a JWT may name: those the API login role is granted on Supabase, the ones REST
/// accepts (it answers 401 for any other). Storage acts as the JWT's role in PostgreSQL, so a
/// token naming `postgres` must not make it the superuser, nor an unknown role a server error.
const API_ROLES: [&str; 3] = ["anon", "authenticated", "service_role"];

/// Why a presented JWT is not accepted.
enum Refusal {
    Jwt(JwtError),
    Role(String),
}

impl Refusal {
    fn text(&self) -> String {
        match self {
            Refusal::Jwt(err) => verifier_text(err),
            Refusal::Role(role) => format!("role \"{role}\" is not allowed"),
        }
    }
}

fn verify(token: &str, verifier: &JwtVerifier) -> Result<Caller, Refusal> {
    let claims = verifier.verify(token).map_err(Refusal::Jwt)?;
    let caller =
        cb_gateway::caller_from_claims(token, claims, RoleClaim::Storage).map_err(Refusal::Jwt)?;
    if !API_ROLES.contains(&caller.role.as_str()) {
        return Err(Refusal::Role(caller.role));
    }
    Ok(caller)
}

fn context(caller: &Caller, method: &Method, path: &str, headers: &HeaderMap) -> RequestContext {
    RequestContext {
        role: caller.role.clone(),
        claims: caller.claims_json.clone(),
        sub: caller.sub.clone(),
        method: method.to_string(),
        path: path.to_string(),
        // Storage's policies get no client IP (x-real-ip) from us; a client's own is dropped.
        headers: cb_gateway::headers_json(headers, None),
    }
}

/// A valid JWT is required.
pub(crate) fn require(
    verifier: &JwtVerifier,
    method: &Method,
    path: &str,
    headers: &HeaderMap,
) -> Result<Identity, StorageError> {
    let token = token(headers).unwrap_or_default();
    let caller =
        verify(token, verifier).map_err(|refusal| StorageError::AccessDenied(refusal.text()))?;
    Ok(Identity {
        context: context(&caller, method, path, headers),
        caller,
        authenticated: true,
    })
}

/// A valid JWT is used when present; anything else makes the caller anon.
pub(crate) fn optional(
    verifier: &JwtVerifier,
    method: &Method,
    path: &str,
    headers: &HeaderMap,
) -> Identity {
    let verified = token(headers).and_then(|token| verify(token, verifier).ok());
    let authenticated = verified.is_some();
    let caller = verified.unwrap_or_else(Caller::anon);
    Identity {
        context: context(&caller, method, path, headers),
        caller,
        authenticated,
    }
}

/// No caller at all (public and signed routes): the server acts, with the request's facts.
pub(crate) fn server(method: &Method, path: &str, headers: &HeaderMap) -> Identity {
    let caller = Caller::new(
        "service_role".into(),
        serde_json::json!({ "role": "service_role" }),
        None,
    );
    Identity {
        context: context(&caller, method, path, headers),
        caller,
        authenticated: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cb_gateway::{DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY};

    fn headers(authorization: &str) -> HeaderMap {
        let mut map = HeaderMap::new();
        map.insert(header::AUTHORIZATION, authorization.parse().unwrap());
        map
    }

    #[test]
    fn the_bearer_prefix_is_optional() {
        let verifier = JwtVerifier::new(DEMO_JWT_SECRET);
        for value in [
            format!("Bearer {DEMO_SERVICE_ROLE_KEY}"),
            format!("bearer   {DEMO_SERVICE_ROLE_KEY}"),
            DEMO_SERVICE_ROLE_KEY.to_string(),
        ] {
            let identity = require(&verifier, &Method::GET, "/", &headers(&value)).unwrap();
            assert!(identity.is_service_role());
        }
        let anon = require(&verifier, &Method::GET, "/", &headers(DEMO_ANON_KEY)).unwrap();
        assert_eq!(anon.caller.role, "anon");
        assert!(anon.authenticated);
    }

    #[test]
    fn failures_carry_the_verifier_text() {
        let verifier = JwtVerifier::new(DEMO_JWT_SECRET);
        let missing = require(&verifier, &Method::GET, "/", &HeaderMap::new()).unwrap_err();
        assert_eq!(
            missing,
            StorageError::AccessDenied("Invalid Compact JWS".into())
        );
        let forged = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2ln";
        assert_eq!(
            require(&verifier, &Method::GET, "/", &headers(forged)).unwrap_err(),
            StorageError::AccessDenied("signature verification failed".into())
        );
        let anon = optional(&verifier, &Method::GET, "/", &headers(forged));
        assert_eq!(anon.caller.role, "anon");
        assert!(!anon.authenticated);
    }
}
