//! Sessions as auth-js receives them: the access token (GoTrue's claims, passed through the
//! custom access token hook when one is configured, signed with the signing key) and the
//! Session JSON around it; and the random values the server hands out.
use rand::Rng as _;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::model::{AmrEntry, UserBundle};
use crate::request::ClientInfo;
use crate::{AuthError, AuthState};

const ALPHANUMERIC: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";

/// A refresh token: opaque to clients (GoTrue's are 12 lowercase alphanumerics; these are
/// longer, 22 characters, about 113 bits).
pub(crate) fn new_refresh_token() -> String {
    random_text(ALPHANUMERIC, 22)
}

/// A numeric one-time code of `length` digits.
pub(crate) fn new_otp(length: usize) -> String {
    random_text(b"0123456789", length.clamp(6, 10))
}

pub(crate) fn random_text(alphabet: &[u8], length: usize) -> String {
    let mut rng = rand::rng();
    (0..length)
        .map(|_| alphabet[rng.random_range(0..alphabet.len())] as char)
        .collect()
}

/// GoTrue's token hash of an emailed code: hex SHA-224 of the address and the code.
pub(crate) fn token_hash(email_or_phone: &str, otp: &str) -> String {
    use sha2::{Digest as _, Sha224};
    hex::encode(Sha224::digest(format!("{email_or_phone}{otp}").as_bytes()))
}

pub(crate) fn unix_now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// The claims GoTrue puts in an access token.
fn claims(state: &AuthState, bundle: &UserBundle, now: i64) -> Value {
    let user = &bundle.user;
    let session = bundle.session.as_ref();
    let amr: Vec<Value> = session
        .map(|session| {
            session
                .amr
                .iter()
                .map(|AmrEntry { method, timestamp }| {
                    json!({ "method": method, "timestamp": timestamp })
                })
                .collect()
        })
        .unwrap_or_default();
    json!({
        "iss": state.settings.external_url,
        "sub": user.id,
        "aud": user.aud(),
        "exp": now + state.settings.jwt_expiry.as_secs() as i64,
        "iat": now,
        "email": user.email(),
        "phone": user.phone(),
        "app_metadata": user.app_metadata(),
        "user_metadata": user.user_metadata(),
        "role": user.role(),
        "aal": session.map_or("aal1", |session| session.aal.as_str()),
        "amr": amr,
        "session_id": session.map(|session| session.id),
        "is_anonymous": user.is_anonymous,
    })
}

/// The claims every hook output must keep (GoTrue checks them against its schema).
const REQUIRED_CLAIMS: [&str; 10] = [
    "aud",
    "exp",
    "iat",
    "sub",
    "email",
    "phone",
    "role",
    "aal",
    "session_id",
    "is_anonymous",
];

/// Runs the custom access token hook as GoTrue does: `schema.function(event)` as
/// `supabase_auth_admin` (through `claimbridge.auth_run_hook`, one round trip), with
/// `{user_id, claims, authentication_method}`; its `claims` replace ours, its `error` is the
/// answer.
async fn run_hook(
    state: &AuthState,
    user_id: Uuid,
    claims: Value,
    method: &str,
) -> Result<Value, AuthError> {
    let Some(hook) = &state.settings.hook_custom_access_token else {
        return Ok(claims);
    };
    let event = json!({ "user_id": user_id, "claims": claims, "authentication_method": method });
    let output: Value = sqlx::query_scalar("select claimbridge.auth_run_hook($1, $2, $3)")
        .bind(&hook.schema)
        .bind(&hook.function)
        .bind(&event)
        .fetch_one(&state.pool)
        .await
        .map_err(|err| {
            tracing::error!(error = %err, schema = %hook.schema, function = %hook.function, "auth: custom access token hook failed");
            AuthError::internal("Error running hook URI: custom access token hook failed")
        })?;
    if let Some(error) = output.get("error") {
        let status = error
            .get("http_code")
            .and_then(Value::as_u64)
            .and_then(|code| http::StatusCode::from_u16(code as u16).ok())
            .unwrap_or(http::StatusCode::INTERNAL_SERVER_ERROR);
        let message = error
            .get("message")
            .and_then(Value::as_str)
            .unwrap_or("Error from the custom access token hook");
        return Err(AuthError::new(status, "unexpected_failure", message));
    }
    let claims = output
        .get("claims")
        .filter(|claims| {
            claims.is_object()
                && REQUIRED_CLAIMS
                    .iter()
                    .all(|name| claims.get(name).is_some())
        })
        .cloned()
        .ok_or_else(|| {
            AuthError::internal("output claims do not conform to the expected schema")
        })?;
    Ok(claims)
}

/// A signed access token for the bundle's user and session, and its expiry (unix seconds).
pub(crate) async fn access_token(
    state: &AuthState,
    bundle: &UserBundle,
    method: &str,
) -> Result<(String, i64), AuthError> {
    let now = unix_now();
    let claims = run_hook(state, bundle.user.id, claims(state, bundle, now), method).await?;
    let expires_at = claims
        .get("exp")
        .and_then(Value::as_i64)
        .unwrap_or(now + state.settings.jwt_expiry.as_secs() as i64);
    Ok((state.keys.sign(&claims), expires_at))
}

/// GoTrue's Session JSON (`AccessTokenResponse`).
pub(crate) async fn session_response(
    state: &AuthState,
    bundle: &UserBundle,
    refresh_token: &str,
    method: &str,
) -> Result<Value, AuthError> {
    let (token, expires_at) = access_token(state, bundle, method).await?;
    Ok(json!({
        "access_token": token,
        "token_type": "bearer",
        "expires_in": (expires_at - unix_now()).max(0),
        "expires_at": expires_at,
        "refresh_token": refresh_token,
        "user": bundle.to_json(),
    }))
}

/// Starts a session for `user` (who just proved who they are by `method`) and answers it.
pub(crate) async fn sign_in(
    state: &AuthState,
    user: Uuid,
    method: &str,
    client: &ClientInfo,
) -> Result<Value, AuthError> {
    let (session_id, refresh_token): (Uuid, String) = sqlx::query_as(
        "select session_id, refresh_token from claimbridge.auth_start_session($1, $2, $3, $4::inet, $5)",
    )
    .bind(user)
    .bind(method)
    .bind(client.user_agent.as_deref())
    .bind(client.ip_inet())
    .bind(new_refresh_token())
    .fetch_one(&state.pool)
    .await?;
    let bundle = UserBundle::load(&state.pool, user, Some(session_id))
        .await?
        .ok_or_else(|| AuthError::internal("Database error loading user"))?;
    session_response(state, &bundle, &refresh_token, method).await
}
