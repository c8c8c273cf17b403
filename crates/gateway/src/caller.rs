//! Who is calling: the caller a token's verified claims describe, the bearer token of a request,
//! and the request headers as PostgREST hands them to SQL.
use std::borrow::Cow;
use std::io::Write as _;
use std::net::IpAddr;
use std::sync::Arc;

use http::HeaderMap;
use http::header::AUTHORIZATION;
use serde_json::{Map, Value, json};

use crate::claims::{Claims, JwtError};

/// The verified identity of a request.
#[derive(Debug, Clone, PartialEq)]
pub struct Caller {
    /// The database role: `anon`, `authenticated`, `service_role` (or any role a JWT names).
    pub role: String,
    /// The JWT claims, always with `role` set.
    pub claims: Arc<Value>,
    /// `claims` as JSON text, rendered once: what `request.jwt.claims` is set to.
    pub claims_json: Arc<str>,
    /// The `sub` claim, or "" (`request.jwt.claim.sub`).
    pub sub: Arc<str>,
    /// The raw bearer token, when one was sent.
    pub token: Option<String>,
}

impl Caller {
    /// A caller with these claims (`role` among them), rendering their JSON text once.
    pub fn new(role: String, claims: Value, token: Option<String>) -> Self {
        let sub = claims
            .get("sub")
            .and_then(Value::as_str)
            .unwrap_or_default();
        Self {
            role,
            sub: sub.into(),
            claims_json: claims.to_string().into(),
            claims: Arc::new(claims),
            token,
        }
    }

    pub fn anon() -> Self {
        Self::anonymous("anon")
    }

    /// A caller without a token, as `role` (claims `{"role": role}`).
    pub fn anonymous(role: &str) -> Self {
        Self::new(role.into(), json!({ "role": role }), None)
    }

    /// The admin token simple-auth issues: role authenticated with `app_metadata.admin = true`.
    pub fn is_admin(&self) -> bool {
        self.role == "authenticated"
            && self
                .claims
                .pointer("/app_metadata/admin")
                .and_then(Value::as_bool)
                == Some(true)
    }

    pub fn is_service_role(&self) -> bool {
        self.role == "service_role"
    }
}

/// How a token's `role` claim names the caller's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoleClaim {
    /// PostgREST's reading: without one the caller is anon; an empty one stays empty (and is
    /// refused later as a role the engine cannot assume).
    Postgrest,
    /// Supabase Storage's reading: without one or with an empty one the caller is anon.
    Storage,
}

/// The caller verified `claims` describe, with `role` set in the claims as it was read.
pub fn caller_from_claims(
    token: &str,
    claims: Claims,
    reading: RoleClaim,
) -> Result<Caller, JwtError> {
    role_from_claims(token, claims, reading, "anon")
}

/// [`caller_from_claims`], with `anon_role` for claims that name no role.
pub(crate) fn role_from_claims(
    token: &str,
    claims: Claims,
    reading: RoleClaim,
    anon_role: &str,
) -> Result<Caller, JwtError> {
    let mut object: Map<String, Value> = match claims.0 {
        Value::Object(object) => object,
        _ => return Err(JwtError::Invalid),
    };
    let role = object
        .get("role")
        .and_then(Value::as_str)
        .filter(|role| reading == RoleClaim::Postgrest || !role.is_empty())
        .unwrap_or(anon_role)
        .to_string();
    object.insert("role".into(), Value::String(role.clone()));
    Ok(Caller::new(
        role,
        Value::Object(object),
        Some(token.to_string()),
    ))
}

/// The token of `Authorization: Bearer <token>` (scheme case-insensitive). `Bearer ` with an
/// empty token is returned as empty, so the verifier can refuse it as PostgREST does.
pub fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ').unwrap_or((value, ""));
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

const REAL_IP: &str = "x-real-ip";

/// Request headers as the text of the JSON object PostgREST puts in `request.headers`:
/// lower-case names, no cookie header, repeated headers joined with ", ". Written straight from
/// the header map (its values for one name come together), without an intermediate JSON value.
///
/// `x-real-ip` is the client IP the gateway resolved (as Kong sets it in front of PostgREST on
/// Supabase), never what the client sent: policies and the audit log may trust it.
pub fn headers_json(headers: &HeaderMap, client_ip: Option<IpAddr>) -> String {
    let mut json = Vec::with_capacity(64 * headers.keys_len() + 2);
    json.push(b'{');
    for name in headers.keys() {
        if name == http::header::COOKIE || name.as_str() == REAL_IP {
            continue;
        }
        let mut values = headers.get_all(name).iter().filter_map(|v| v.to_str().ok());
        let Some(first) = values.next() else { continue };
        if json.len() > 1 {
            json.push(b',');
        }
        let mut joined = Cow::Borrowed(first);
        for value in values {
            let joined = joined.to_mut();
            joined.push_str(", ");
            joined.push_str(value);
        }
        // Writing into a Vec cannot fail; serde_json escapes as JSON requires.
        let _ = serde_json::to_writer(&mut json, name.as_str());
        json.push(b':');
        let _ = serde_json::to_writer(&mut json, joined.as_ref());
    }
    if let Some(ip) = client_ip {
        if json.len() > 1 {
            json.push(b',');
        }
        let _ = write!(json, "\"{REAL_IP}\":\"{ip}\"");
    }
    json.push(b'}');
    // Only JSON text (UTF-8) was written.
    String::from_utf8(json).unwrap_or_default()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn the_role_claim_is_read_as_postgrest_or_storage_reads_it() {
        let role_of = |claims: Value, reading| {
            caller_from_claims("t", Claims(claims), reading).map(|caller| {
                assert_eq!(caller.claims["role"], caller.role.as_str());
                assert_eq!(caller.token.as_deref(), Some("t"));
                caller.role
            })
        };
        for reading in [RoleClaim::Postgrest, RoleClaim::Storage] {
            assert_eq!(role_of(json!({"sub": "u"}), reading).unwrap(), "anon");
            assert_eq!(
                role_of(json!({"role": "authenticated"}), reading).unwrap(),
                "authenticated"
            );
            assert!(matches!(
                role_of(json!(["role"]), reading),
                Err(JwtError::Invalid)
            ));
        }
        assert_eq!(
            role_of(json!({"role": ""}), RoleClaim::Postgrest).unwrap(),
            ""
        );
        assert_eq!(
            role_of(json!({"role": ""}), RoleClaim::Storage).unwrap(),
            "anon"
        );
    }

    /// A header map of these (name, value) pairs, repeated names kept.
    pub(crate) fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                value.parse().unwrap(),
            );
        }
        map
    }

    #[test]
    fn headers_become_postgrest_request_headers() {
        let json: Value = serde_json::from_str(&headers_json(
            &headers(&[
                ("X-ClaimBridge-Session", "session_1_a"),
                ("Cookie", "secret=1"),
                ("accept", "a"),
                ("accept", "b"),
                ("x-quoted", "say \"hi\"\t"),
            ]),
            None,
        ))
        .unwrap();
        assert_eq!(
            json,
            json!({"x-claimbridge-session": "session_1_a", "accept": "a, b", "x-quoted": "say \"hi\"\t"})
        );
    }

    #[test]
    fn x_real_ip_is_the_resolved_client_never_the_clients_own() {
        let forged = headers(&[("x-real-ip", "10.9.9.9"), ("accept", "a")]);
        let json: Value = serde_json::from_str(&headers_json(&forged, None)).unwrap();
        assert_eq!(json, json!({"accept": "a"}));
        let client = "2001:db8::7".parse().ok();
        let json: Value = serde_json::from_str(&headers_json(&forged, client)).unwrap();
        assert_eq!(json, json!({"accept": "a", "x-real-ip": "2001:db8::7"}));
        let json: Value = serde_json::from_str(&headers_json(&headers(&[]), client)).unwrap();
        assert_eq!(json, json!({"x-real-ip": "2001:db8::7"}));
    }
}
