//! Sessions as auth-js receives them: the access token (GoTrue's claims, passed through the
//! custom access token hook when one is configured, signed with the signing key) and the
//! Session JSON around it; and the random values the server hands out.
use std::sync::LazyLock;

use rand::Rng as _;
use serde_json::{Value, json};
use sqlx::Postgres;
use sqlx::postgres::{PgArguments, PgDatabaseError};
use sqlx::query::QueryAs;
use uuid::Uuid;

use crate::model::{UserBundle, bundle_subquery};
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

/// The select list and `from` item that read a user bundle and build its access token's
/// claims in the statement they are part of, for the user and session given as SQL
/// expressions: columns `bundle` (see [`bundle_subquery`]) and `claims` (GoTrue's claims through
/// the custom access token hook, see `claimbridge.auth_access_claims`), whose settings are
/// parameters `$first` to `$first + 4`, bound by [`bind_claim_settings`].
pub(crate) struct IssueSql {
    pub columns: String,
    pub from_item: String,
}

impl IssueSql {
    pub(crate) fn new(user: &str, session: &str, first: usize) -> Self {
        let params: Vec<String> = (first..first + 5).map(|n| format!("${n}")).collect();
        Self {
            columns: format!(
                "issued.bundle, claimbridge.auth_access_claims(issued.bundle, {}) as claims",
                params.join(", ")
            ),
            // `offset 0` keeps the bundle one value, read once, rather than a subquery the
            // planner copies into each place that uses it.
            from_item: format!(
                "(select {} as bundle offset 0) issued",
                bundle_subquery(user, session)
            ),
        }
    }
}

/// Binds [`IssueSql`]'s settings to `query`: the issuer, the token lifetime, the authentication
/// method the hook is told, and the hook's schema and function (nulls without a hook).
pub(crate) fn bind_claim_settings<'q, O>(
    query: QueryAs<'q, Postgres, O, PgArguments>,
    state: &'q AuthState,
    method: &'q str,
) -> QueryAs<'q, Postgres, O, PgArguments> {
    let settings = &state.settings;
    let hook = settings.hook_custom_access_token.as_ref();
    query
        .bind(settings.external_url.as_str())
        .bind(i32::try_from(settings.jwt_expiry.as_secs()).unwrap_or(i32::MAX))
        .bind(method)
        .bind(hook.map(|hook| hook.schema.as_str()))
        .bind(hook.map(|hook| hook.function.as_str()))
}

/// The answer for an error of a statement that issued a token: the custom access token hook's
/// failures as GoTrue answers them, anything else as a database error.
pub(crate) fn issue_error(err: sqlx::Error) -> AuthError {
    let hook_error = err.as_database_error().and_then(|database| {
        let postgres = database.try_downcast_ref::<PgDatabaseError>();
        let detail = postgres
            .and_then(PgDatabaseError::detail)
            .unwrap_or_default();
        match database.code()?.as_ref() {
            "CBH01" => {
                let status = detail
                    .parse::<u16>()
                    .ok()
                    .and_then(|code| http::StatusCode::from_u16(code).ok())
                    .unwrap_or(http::StatusCode::INTERNAL_SERVER_ERROR);
                Some(AuthError::new(
                    status,
                    "unexpected_failure",
                    database.message(),
                ))
            }
            "CBH02" => Some(AuthError::internal(database.message())),
            // Raised inside the hook (its context names the function that called it).
            _ if postgres
                .and_then(PgDatabaseError::r#where)
                .is_some_and(|context| context.contains("claimbridge.auth_run_hook")) =>
            {
                tracing::error!(error = %err, "auth: custom access token hook failed");
                Some(AuthError::internal(
                    "Error running hook URI: custom access token hook failed",
                ))
            }
            _ => None,
        }
    });
    hook_error.unwrap_or_else(|| err.into())
}

/// One answer of a statement built with [`IssueSql`]: the user and their token's claims.
#[derive(sqlx::FromRow)]
pub(crate) struct Issued {
    pub bundle: Option<sqlx::types::Json<UserBundle>>,
    pub claims: Option<Value>,
}

impl Issued {
    /// GoTrue's Session JSON (`AccessTokenResponse`) around a newly signed access token; `None`
    /// when the user was not found.
    pub(crate) fn session(self, state: &AuthState, refresh_token: &str) -> Option<Value> {
        let (bundle, claims) = (self.bundle?.0, self.claims?);
        let expires_at = claims
            .get("exp")
            .and_then(Value::as_i64)
            .unwrap_or(unix_now() + state.settings.jwt_expiry.as_secs() as i64);
        Some(json!({
            "access_token": state.keys.sign(&claims),
            "token_type": "bearer",
            "expires_in": (expires_at - unix_now()).max(0),
            "expires_at": expires_at,
            "refresh_token": refresh_token,
            "user": bundle.to_json(),
        }))
    }
}

/// [`session_response`]'s statement: the user `$1` in session `$2`, and their claims.
static ISSUE: LazyLock<String> = LazyLock::new(|| {
    let issue = IssueSql::new("$1", "$2", 3);
    format!("select {} from {}", issue.columns, issue.from_item)
});

/// The Session JSON for `user` in `session`, with a new access token (one statement reads the
/// user and builds the claims).
pub(crate) async fn session_response(
    state: &AuthState,
    user: Uuid,
    session: Uuid,
    refresh_token: &str,
    method: &str,
) -> Result<Value, AuthError> {
    let issued: Issued = bind_claim_settings(
        sqlx::query_as(ISSUE.as_str()).bind(user).bind(session),
        state,
        method,
    )
    .fetch_one(&state.pool)
    .await
    .map_err(issue_error)?;
    issued
        .session(state, refresh_token)
        .ok_or_else(|| AuthError::internal("Database error loading user"))
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
    session_response(state, user, session_id, &refresh_token, method).await
}
