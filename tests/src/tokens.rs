//! JWTs for every role, signed with the demo secret; the admin's matches the test passcode.
use jsonwebtoken::{EncodingKey, Header};
use serde_json::{Value, json};

use crate::DEMO_JWT_SECRET;
use crate::app::passcode_hash;

/// Seconds since the Unix epoch (for JWT time claims).
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_secs() as i64
}

/// A JWT signed with the demo secret: `{"role": role, "exp": now + 1h}` plus `extra`.
pub fn mint_jwt(role: &str, extra: Value) -> String {
    let mut claims = json!({ "role": role, "iat": now(), "exp": now() + 3600 });
    if let (Some(claims), Value::Object(extra)) = (claims.as_object_mut(), extra) {
        claims.extend(extra);
    }
    jsonwebtoken::encode(
        &Header::default(),
        &claims,
        &EncodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
    )
    .expect("sign")
}

/// The session every admin token of [`admin_claims`] names (simple-auth gives each sign-in one).
pub const ADMIN_SESSION_ID: &str = "5e551011-0000-4000-8000-00000000ad01";

/// The claims of the admin token simple-auth issues to the apps `spawn_app` starts (their
/// passcode generation is the one RLS checks).
pub fn admin_claims() -> Value {
    let version = cb_server::app::cb_auth::passcode_version(DEMO_JWT_SECRET, passcode_hash());
    json!({ "role": "authenticated", "aud": "authenticated", "sub": "00000000-0000-0000-0000-00000000ad01",
            "session_id": ADMIN_SESSION_ID,
            "app_metadata": { "admin": true, "passcode_version": version } })
}

pub fn admin_jwt() -> String {
    mint_jwt("authenticated", admin_claims())
}
