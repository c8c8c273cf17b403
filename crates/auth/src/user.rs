//! GoTrue's User JSON, built from the claims of an access token.
use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{Value, json};

fn timestamp(seconds: Option<i64>) -> Value {
    seconds
        .and_then(|seconds| DateTime::<Utc>::from_timestamp(seconds, 0))
        .map_or(Value::Null, |time| {
            Value::String(time.to_rfc3339_opts(SecondsFormat::Micros, true))
        })
}

/// The user a token describes (there is no user table: sessions are the tokens themselves).
pub fn user_from_claims(claims: &Value) -> Value {
    let text = |name: &str| claims.get(name).and_then(Value::as_str).unwrap_or_default();
    let iat = timestamp(claims.get("iat").and_then(Value::as_i64));
    let app_metadata = claims
        .get("app_metadata")
        .filter(|value| value.is_object())
        .cloned()
        .unwrap_or_else(|| json!({}));
    let user_metadata = claims
        .get("user_metadata")
        .filter(|value| value.is_object())
        .cloned()
        .unwrap_or_else(|| json!({}));
    json!({
        "id": text("sub"),
        "aud": claims.get("aud").cloned().unwrap_or_else(|| json!("authenticated")),
        "role": text("role"),
        "email": text("email"),
        "phone": text("phone"),
        "app_metadata": app_metadata,
        "user_metadata": user_metadata,
        "identities": [],
        "created_at": iat,
        "updated_at": iat,
        "last_sign_in_at": iat,
        "is_anonymous": claims.get("is_anonymous").and_then(Value::as_bool).unwrap_or(false),
    })
}
