//! The lead the website's contact and whitepaper forms send (product spec §3 and §7), checked
//! with the forms' own rules: every answer present, the email pattern of spec §5.
use serde_json::{Map, Value};

/// The answers a lead must carry, non-empty after trimming.
pub const REQUIRED_FIELDS: [&str; 10] = [
    "companyName",
    "yourName",
    "email",
    "phone",
    "howCanWeHelp",
    "howManyUsers",
    "yearsInBusiness",
    "claimsPerMonth",
    "currentSoftware",
    "aboutProducts",
];
/// No single answer is longer than this many characters.
const MAX_FIELD_CHARS: usize = 10_000;
const MAX_EMAIL_CHARS: usize = 320;

/// A lead that passed validation.
#[derive(Debug, Clone)]
pub(crate) struct Lead {
    /// The body as sent (all its fields, including any the form adds later).
    pub payload: Value,
    pub email: String,
    pub company_name: String,
    pub full_name: String,
    pub source: String,
    pub captcha_token: Option<String>,
}

/// The spec's pattern: text, at-sign, text, dot, text, and no spaces anywhere.
pub fn is_valid_email(email: &str) -> bool {
    if email.is_empty() || email.chars().count() > MAX_EMAIL_CHARS {
        return false;
    }
    if email.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return false;
    }
    let mut parts = email.split('@');
    let (Some(local), Some(domain), None) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    if local.is_empty() {
        return false;
    }
    // `[^@\s]+\.[^@\s]+`: a dot with something on both sides.
    domain
        .char_indices()
        .any(|(index, c)| c == '.' && index > 0 && index + 1 < domain.len())
}

/// Parses and checks a lead body, whatever Content-Type it was declared with.
pub(crate) fn parse(body: &[u8]) -> Result<Lead, String> {
    let value: Value =
        serde_json::from_slice(body).map_err(|_| "The body must be a JSON object".to_string())?;
    if cb_gateway::contains_nul(&value) {
        return Err(crate::invocation::NUL_TEXT.into());
    }
    let Value::Object(object) = value else {
        return Err("The body must be a JSON object".into());
    };
    let mut missing = Vec::new();
    for field in REQUIRED_FIELDS {
        match object.get(field) {
            Some(Value::String(text)) if !text.trim().is_empty() => {
                if text.chars().count() > MAX_FIELD_CHARS {
                    return Err(format!(
                        "{field} is longer than {MAX_FIELD_CHARS} characters"
                    ));
                }
            }
            _ => missing.push(field),
        }
    }
    if !missing.is_empty() {
        return Err(format!("Missing required fields: {}", missing.join(", ")));
    }
    let text = |object: &Map<String, Value>, field: &str| {
        object
            .get(field)
            .and_then(Value::as_str)
            .map(|text| text.trim().to_string())
            .unwrap_or_default()
    };
    let email = text(&object, "email");
    if !is_valid_email(&email) {
        return Err("Invalid email address".into());
    }
    for field in ["source", "timestamp", "recaptchaToken"] {
        match object.get(field) {
            None | Some(Value::Null | Value::String(_)) => {}
            Some(_) => return Err(format!("{field} must be a string")),
        }
    }
    let source = match text(&object, "source") {
        source if source.is_empty() => "website".to_string(),
        source => source.chars().take(200).collect(),
    };
    let captcha_token = Some(text(&object, "recaptchaToken")).filter(|token| !token.is_empty());
    Ok(Lead {
        email,
        company_name: text(&object, "companyName"),
        full_name: text(&object, "yourName"),
        source,
        captcha_token,
        payload: Value::Object(object),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn lead() -> Value {
        json!({
            "companyName": "Acme Medical Supply", "yourName": "Dana Scully", "email": "dana@acme.test",
            "phone": "555-0100", "howCanWeHelp": "Claims backlog", "howManyUsers": "10-50",
            "yearsInBusiness": "12", "claimsPerMonth": "2000", "currentSoftware": "Brightree",
            "aboutProducts": "CPAP, oxygen", "timestamp": "2026-01-05T10:00:00.000Z",
            "source": "ClaimBridge website contact form", "recaptchaToken": "token"
        })
    }

    #[test]
    fn a_complete_lead_parses_with_its_extra_fields() {
        let mut body = lead();
        body["whitepaper"] = json!("DME billing guide");
        let parsed = parse(body.to_string().as_bytes()).unwrap();
        assert_eq!(parsed.email, "dana@acme.test");
        assert_eq!(parsed.full_name, "Dana Scully");
        assert_eq!(parsed.source, "ClaimBridge website contact form");
        assert_eq!(parsed.captcha_token.as_deref(), Some("token"));
        assert_eq!(parsed.payload["whitepaper"], "DME billing guide");
    }

    #[test]
    fn missing_answers_and_bad_emails_are_refused() {
        let mut body = lead();
        body["phone"] = json!("  ");
        body.as_object_mut().unwrap().remove("aboutProducts");
        let err = parse(body.to_string().as_bytes()).unwrap_err();
        assert_eq!(err, "Missing required fields: phone, aboutProducts");
        for bad in [
            "dana",
            "dana@acme",
            "dana @acme.test",
            "@acme.test",
            "dana@.test",
            "dana@acme.",
            "a@b@c.d",
        ] {
            let mut body = lead();
            body["email"] = json!(bad);
            assert!(parse(body.to_string().as_bytes()).is_err(), "{bad}");
        }
        assert!(parse(b"not json").is_err());
        assert!(parse(b"[1,2]").is_err());
        let mut body = lead();
        body["source"] = json!(42);
        assert!(parse(body.to_string().as_bytes()).is_err());
    }

    #[test]
    fn the_email_pattern_is_the_spec_one() {
        for good in ["a@b.c", "first.last+tag@sub.example.co.uk", "x@y.z.w"] {
            assert!(is_valid_email(good), "{good}");
        }
    }
}
