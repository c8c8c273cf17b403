//! Who is calling: the role and claims from `Authorization: Bearer <jwt>`, or the anonymous role
//! without one. Every service resolves its caller here and renders failures in its own wire
//! format.
use std::borrow::Cow;
use std::io::Write as _;
use std::net::IpAddr;
use std::sync::Arc;

use http::HeaderMap;
use http::header::AUTHORIZATION;
use serde_json::{Map, Value, json};

use crate::jwt::check_audience;
use crate::{Claims, JwtError, JwtVerifier};

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

/// PostgREST's rules for a request's caller beyond a token's signature and times.
#[derive(Debug, Clone, Copy, Default)]
pub struct CallerRules<'a> {
    /// The audience a token's `aud` must name (`jwt-aud`); `None`: any.
    pub audience: Option<&'a str>,
    /// The role of a request without a token, or whose token names none (`db-anon-role`);
    /// `None`: such a request has no role.
    pub anon_role: Option<&'a str>,
}

/// Resolves the caller from the request headers as PostgREST does. No Authorization header (or
/// another scheme) means the anonymous role; a bearer token must verify and name the audience;
/// a valid token without a `role` claim runs as the anonymous role too. `Ok(None)`: the request
/// needs the anonymous role and there is none (PostgREST's "Anonymous access is disabled").
pub fn resolve_caller(
    headers: &HeaderMap,
    verifier: &JwtVerifier,
    rules: CallerRules<'_>,
) -> Result<Option<Caller>, JwtError> {
    let Some(token) = bearer_token(headers) else {
        return Ok(rules.anon_role.map(Caller::anonymous));
    };
    // The project's API keys, the tokens most requests carry, were resolved once up front.
    if let Some(caller) = verifier.api_key_caller(token) {
        check_audience(&caller.claims, rules.audience)?;
        return Ok(Some(caller.clone()));
    }
    let claims = verifier.verify(token)?;
    check_audience(&claims.0, rules.audience)?;
    if claims.role().is_none() && rules.anon_role.is_none() {
        return Ok(None);
    }
    let anon_role = rules.anon_role.unwrap_or_default();
    role_from_claims(token, claims, RoleClaim::Postgrest, anon_role).map(Some)
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
fn role_from_claims(
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
mod tests {
    use super::*;
    use crate::{ClaimProblem, DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY};

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

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                value.parse().unwrap(),
            );
        }
        map
    }

    /// Supabase's rules: the anonymous role `anon`, any audience.
    const SUPABASE: CallerRules<'static> = CallerRules {
        audience: None,
        anon_role: Some("anon"),
    };

    /// The caller `headers` resolve to under Supabase's rules (they always give one).
    fn caller(headers: &HeaderMap, verifier: &JwtVerifier) -> Result<Caller, JwtError> {
        resolve_caller(headers, verifier, SUPABASE).map(|caller| caller.expect("a role"))
    }

    fn hs256(claims: &Value) -> String {
        jsonwebtoken::encode(
            &jsonwebtoken::Header::default(),
            claims,
            &jsonwebtoken::EncodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
        )
        .unwrap()
    }

    fn bearer(token: &str) -> HeaderMap {
        headers(&[("authorization", &format!("Bearer {token}"))])
    }

    #[test]
    fn no_token_is_anon_and_keys_give_their_roles() {
        let verifier = JwtVerifier::new(DEMO_JWT_SECRET);
        assert_eq!(caller(&headers(&[]), &verifier).unwrap(), Caller::anon());
        let basic = headers(&[("authorization", "Basic dXNlcjpwYXNz")]);
        assert_eq!(caller(&basic, &verifier).unwrap().role, "anon");
        assert_eq!(
            caller(&bearer(DEMO_ANON_KEY), &verifier).unwrap().role,
            "anon"
        );
        let service = headers(&[("Authorization", &format!("bearer {DEMO_SERVICE_ROLE_KEY}"))]);
        let caller = caller(&service, &verifier).unwrap();
        assert!(caller.is_service_role());
        assert_eq!(caller.token.as_deref(), Some(DEMO_SERVICE_ROLE_KEY));
    }

    #[test]
    fn the_anonymous_role_is_the_configured_one_or_none() {
        let verifier = JwtVerifier::new(DEMO_JWT_SECRET);
        let web_anon = CallerRules {
            anon_role: Some("web_anon"),
            ..SUPABASE
        };
        let none = CallerRules {
            anon_role: None,
            ..SUPABASE
        };
        let tokenless = headers(&[]);
        let roleless = bearer(&hs256(&json!({"sub": "u1"})));
        for request in [&tokenless, &roleless] {
            let caller = resolve_caller(request, &verifier, web_anon)
                .unwrap()
                .unwrap();
            assert_eq!(caller.role, "web_anon");
            assert_eq!(caller.claims["role"], "web_anon");
            assert_eq!(resolve_caller(request, &verifier, none), Ok(None));
        }
        assert_eq!(
            resolve_caller(&roleless, &verifier, web_anon)
                .unwrap()
                .unwrap()
                .claims["sub"],
            "u1"
        );
        // A token naming a role keeps it, the anon key among them; a bad token is still an
        // error, never "no role".
        for (token, role) in [
            (DEMO_ANON_KEY.to_string(), "anon"),
            (hs256(&json!({"role": "authenticated"})), "authenticated"),
        ] {
            let caller = resolve_caller(&bearer(&token), &verifier, none).unwrap();
            assert_eq!(caller.map(|c| c.role).as_deref(), Some(role));
        }
        assert_eq!(
            resolve_caller(&bearer("a.b"), &verifier, none),
            Err(JwtError::Parts(2))
        );
    }

    #[test]
    fn tokens_must_name_the_configured_audience() {
        let verifier = JwtVerifier::new(DEMO_JWT_SECRET);
        let rules = CallerRules {
            audience: Some("authenticated"),
            ..SUPABASE
        };
        let user = |aud: Value| bearer(&hs256(&json!({"role": "authenticated", "aud": aud})));
        assert!(resolve_caller(&user(json!("authenticated")), &verifier, rules).is_ok());
        assert_eq!(
            resolve_caller(&user(json!("other")), &verifier, rules),
            Err(JwtError::Claim(ClaimProblem::NotInAudience))
        );
        assert_eq!(
            resolve_caller(&user(json!(5)), &verifier, SUPABASE),
            Err(JwtError::Claim(ClaimProblem::AudienceNotStringOrArray)),
            "a malformed aud is refused even with no audience configured"
        );
        // The API keys (no aud) and tokenless requests have nothing to check.
        assert!(resolve_caller(&bearer(DEMO_ANON_KEY), &verifier, rules).is_ok());
        assert!(resolve_caller(&headers(&[]), &verifier, rules).is_ok());
        // An API key is checked too, though it was verified up front.
        let keyed = hs256(&json!({"role": "anon", "aud": "elsewhere"}));
        let keys = crate::ApiKeys {
            anon: keyed.clone(),
            service_role: "not-a-key".into(),
            aliases: Vec::new(),
        };
        let verifier = JwtVerifier::new(DEMO_JWT_SECRET).with_api_keys(&keys);
        assert!(verifier.api_key_caller(&keyed).is_some());
        assert_eq!(
            resolve_caller(&bearer(&keyed), &verifier, rules),
            Err(JwtError::Claim(ClaimProblem::NotInAudience))
        );
    }

    #[test]
    fn api_keys_resolve_to_the_caller_their_verified_claims_give() {
        let keys = crate::ApiKeys::for_secret(DEMO_JWT_SECRET);
        let verifier = JwtVerifier::new(DEMO_JWT_SECRET).with_api_keys(&keys);
        for (key, role) in [
            (DEMO_ANON_KEY, "anon"),
            (DEMO_SERVICE_ROLE_KEY, "service_role"),
        ] {
            let kept = verifier.api_key_caller(key).expect("an API key");
            // Decoded on its own here (expiry aside, as for API keys), not through the verifier.
            let mut lenient = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::HS256);
            lenient.validate_exp = false;
            let secret = jsonwebtoken::DecodingKey::from_secret(DEMO_JWT_SECRET.as_bytes());
            let decoded = jsonwebtoken::decode::<Value>(key, &secret, &lenient).unwrap();
            let fresh =
                caller_from_claims(key, Claims(decoded.claims.clone()), RoleClaim::Postgrest)
                    .unwrap();
            assert_eq!(kept, &fresh);
            assert_eq!(verifier.verify(key).unwrap().0, decoded.claims);
            assert_eq!(kept.role, role);
            assert_eq!(&*kept.claims_json, kept.claims.to_string());
            assert_eq!(&caller(&bearer(key), &verifier).unwrap(), kept);
        }
        assert!(verifier.api_key_caller("not-a-key").is_none());
    }

    #[test]
    fn bad_tokens_are_errors_not_anon() {
        let verifier = JwtVerifier::new(DEMO_JWT_SECRET);
        assert_eq!(
            caller(&headers(&[("authorization", "Bearer ")]), &verifier),
            Err(JwtError::Empty)
        );
        assert_eq!(caller(&bearer("a.b"), &verifier), Err(JwtError::Parts(2)));
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
