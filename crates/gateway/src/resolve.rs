//! Resolving a request's caller: the role and claims from `Authorization: Bearer <jwt>`, or the
//! anonymous role without one. Every service resolves its caller here and renders failures in its
//! own wire format.
use http::HeaderMap;

use crate::caller::{Caller, RoleClaim, bearer_token, role_from_claims};
use crate::claims::{JwtError, check_audience};
use crate::jwt::JwtVerifier;

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

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::caller::caller_from_claims;
    use crate::caller::tests::headers;
    use crate::claims::{ClaimProblem, Claims};
    use crate::{DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY};

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
}
