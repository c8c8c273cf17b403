//! What a verified token says and the checks on it that need no key: PostgREST's time and
//! audience rules and their errors (PGRST301/PGRST303 texts).
use serde_json::Value;

/// PostgREST allows this much clock skew on exp, nbf and iat.
pub(crate) const LEEWAY_SECONDS: u64 = 30;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JwtError {
    #[error("Empty JWT is sent in Authorization header")]
    Empty,
    #[error("Expected 3 parts in JWT; got {0}")]
    Parts(usize),
    #[error("JWT expired")]
    Expired,
    /// A time claim that is not a number, or one that says the token is not valid yet.
    #[error("{0}")]
    Claim(ClaimProblem),
    #[error("JWT cryptographic operation failed")]
    Invalid,
}

/// Why the time claims of a well-signed token are refused (PostgREST's PGRST303 texts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ClaimProblem {
    /// `exp`, `nbf` or `iat` present but not a JSON number. jsonwebtoken skips a time claim it
    /// cannot parse, so a string `exp` would otherwise never expire.
    #[error("The JWT '{0}' claim must be a number")]
    NotANumber(&'static str),
    #[error("JWT not yet valid")]
    NotYetValid,
    #[error("JWT issued at future")]
    IssuedAtFuture,
    /// A claim PostgreSQL cannot take: text with U+0000 (the claims reach it as settings).
    #[error("Parsing claims failed")]
    Unparsable,
    /// `aud` does not name the configured audience (PostgREST's `jwt-aud`).
    #[error("JWT not in audience")]
    NotInAudience,
    /// `aud` is neither a string nor an array of strings (refused whatever `jwt-aud` says).
    #[error("The JWT 'aud' claim must be a string or an array of strings")]
    AudienceNotStringOrArray,
}

/// Verified claims of a JWT.
#[derive(Debug, Clone, PartialEq)]
pub struct Claims(pub Value);

impl Claims {
    pub fn role(&self) -> Option<&str> {
        self.0.get("role").and_then(Value::as_str)
    }
}

/// Whether any key or string in `value` contains U+0000, which PostgreSQL's text and jsonb
/// cannot hold (a JWT's claims and a function's JSON body both reach it).
pub fn contains_nul(value: &Value) -> bool {
    match value {
        Value::String(text) => text.contains('\0'),
        Value::Array(items) => items.iter().any(contains_nul),
        Value::Object(object) => object
            .iter()
            .any(|(key, value)| key.contains('\0') || contains_nul(value)),
        _ => false,
    }
}

/// The wall clock as unix seconds (0 before 1970), which JWT time claims speak.
pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

/// PostgREST's `aud` check, after the time claims: absent or null passes; a string must be
/// `audience`, an array of strings must be empty or hold it (with no audience configured, any
/// passes); any other `aud` is refused even then.
pub(crate) fn check_audience(claims: &Value, audience: Option<&str>) -> Result<(), JwtError> {
    let names = |aud: &str| audience.is_none_or(|audience| aud == audience);
    let in_audience = match claims.get("aud") {
        None | Some(Value::Null) => true,
        Some(Value::String(aud)) => names(aud),
        Some(Value::Array(auds)) if auds.iter().all(Value::is_string) => {
            auds.is_empty() || auds.iter().filter_map(Value::as_str).any(names)
        }
        Some(_) => return Err(JwtError::Claim(ClaimProblem::AudienceNotStringOrArray)),
    };
    if in_audience {
        Ok(())
    } else {
        Err(JwtError::Claim(ClaimProblem::NotInAudience))
    }
}

/// What jsonwebtoken leaves unchecked: time claims of the wrong type (it skips them) and an
/// `iat` in the future. Runs after the signature and `exp`/`nbf` checks.
pub(crate) fn check_time_claims(claims: &Value, now: u64) -> Result<(), JwtError> {
    if contains_nul(claims) {
        return Err(JwtError::Claim(ClaimProblem::Unparsable));
    }
    for name in ["exp", "nbf", "iat"] {
        match claims.get(name) {
            None | Some(Value::Number(_)) => {}
            Some(_) => return Err(JwtError::Claim(ClaimProblem::NotANumber(name))),
        }
    }
    // jsonwebtoken reads exp and nbf as whole seconds and skips a fraction like 1.7e9 or 1e10.5;
    // nbf in the future is refused by it, the rest is checked here.
    let leeway = LEEWAY_SECONDS as f64;
    if let Some(exp) = claims.get("exp").and_then(Value::as_f64)
        && exp + leeway < now as f64
    {
        return Err(JwtError::Expired);
    }
    if let Some(nbf) = claims.get("nbf").and_then(Value::as_f64)
        && nbf > now as f64 + leeway
    {
        return Err(JwtError::Claim(ClaimProblem::NotYetValid));
    }
    if let Some(iat) = claims.get("iat").and_then(Value::as_f64)
        && iat > now as f64 + leeway
    {
        return Err(JwtError::Claim(ClaimProblem::IssuedAtFuture));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_audience_is_checked_as_postgrest_checks_it() {
        let checked =
            |aud: Value, audience| check_audience(&json!({"role": "anon", "aud": aud}), audience);
        let not_in = Err(JwtError::Claim(ClaimProblem::NotInAudience));
        let wrong_type = Err(JwtError::Claim(ClaimProblem::AudienceNotStringOrArray));
        let want = Some("youraudience");
        assert_eq!(check_audience(&json!({"role": "anon"}), want), Ok(()));
        for (aud, expected) in [
            (json!("youraudience"), Ok(())),
            (json!(["other", "youraudience"]), Ok(())),
            (json!([]), Ok(())),
            (json!(null), Ok(())),
            (json!("notyouraudience"), not_in.clone()),
            (json!(""), not_in.clone()),
            (json!(["other"]), not_in.clone()),
            (json!("YOURAUDIENCE"), not_in.clone()),
            (json!({"invalid": "value"}), wrong_type.clone()),
            (
                json!([{"invalid": "value"}, "youraudience"]),
                wrong_type.clone(),
            ),
            (json!(7), wrong_type.clone()),
            (json!(true), wrong_type.clone()),
        ] {
            assert_eq!(checked(aud.clone(), want), expected, "{aud}");
        }
        // Without a configured audience any string or array of strings passes; other types
        // are still refused, as PostgREST refuses them.
        for aud in [json!("anything"), json!(""), json!(["a", "b"]), json!([])] {
            assert_eq!(checked(aud.clone(), None), Ok(()), "{aud}");
        }
        for aud in [json!({"a": 1}), json!([1]), json!(1.5)] {
            assert_eq!(checked(aud.clone(), None), wrong_type, "{aud}");
        }
        assert_eq!(
            ClaimProblem::AudienceNotStringOrArray.to_string(),
            "The JWT 'aud' claim must be a string or an array of strings"
        );
        assert_eq!(
            ClaimProblem::NotInAudience.to_string(),
            "JWT not in audience"
        );
    }
}
