//! The PKCE flow (RFC 7636) as GoTrue runs it: a request that sends a code challenge records a
//! flow state; following the emailed link answers with an auth code instead of tokens; the
//! `pkce` grant trades the code and its verifier for a session.
use base64::Engine as _;
use sha2::{Digest as _, Sha256};
use sqlx::PgPool;
use uuid::Uuid;

use crate::AuthError;

/// How long a flow state (and its auth code) lives.
const FLOW_STATE_LIFETIME_SECONDS: i64 = 300;

/// Which flow a request uses: PKCE when it sent a code challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Flow {
    Implicit,
    Pkce { method: String, challenge: String },
}

impl Flow {
    /// GoTrue's checks of `code_challenge_method` and `code_challenge`.
    pub(crate) fn from_params(
        method: Option<&str>,
        challenge: Option<&str>,
    ) -> Result<Self, AuthError> {
        let method = method.unwrap_or_default();
        let challenge = challenge.unwrap_or_default();
        if method.is_empty() != challenge.is_empty() {
            return Err(AuthError::validation(
                "PKCE flow requires code_challenge_method and code_challenge",
            ));
        }
        if challenge.is_empty() {
            return Ok(Self::Implicit);
        }
        if !(43..=128).contains(&challenge.len()) {
            return Err(AuthError::validation(
                "code challenge has to be between 43 and 128 characters",
            ));
        }
        if !challenge
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '~' | '-'))
        {
            return Err(AuthError::validation(
                "code challenge can only contain alphanumeric characters, hyphens, periods, \
                 underscores and tildes",
            ));
        }
        let method = match method.to_ascii_lowercase().as_str() {
            "s256" => "s256",
            "plain" => "plain",
            _ => {
                return Err(AuthError::validation(format!(
                    "code challenge method not supported: {method}"
                )));
            }
        };
        Ok(Self::Pkce {
            method: method.into(),
            challenge: challenge.into(),
        })
    }

    /// The stored form of an emailed token hash: PKCE tokens carry a `pkce_` prefix.
    pub(crate) fn stored_token(&self, hash: &str) -> String {
        match self {
            Self::Implicit => hash.to_string(),
            Self::Pkce { .. } => format!("pkce_{hash}"),
        }
    }

    /// Records the flow state of a PKCE request by `user` for `method` (signup, recovery,
    /// magiclink, email_change, invite).
    pub(crate) async fn record(
        &self,
        pool: &PgPool,
        user: Uuid,
        method: &str,
    ) -> Result<(), AuthError> {
        let Self::Pkce {
            method: challenge_method,
            challenge,
        } = self
        else {
            return Ok(());
        };
        sqlx::query(
            "insert into auth.flow_state (id, user_id, auth_code, code_challenge_method,
                                          code_challenge, provider_type, created_at, updated_at,
                                          authentication_method)
             values (gen_random_uuid(), $1, gen_random_uuid()::text,
                     $2::auth.code_challenge_method, $3, $4, now(), now(), $4)",
        )
        .bind(user)
        .bind(challenge_method)
        .bind(challenge)
        .bind(method)
        .execute(pool)
        .await?;
        Ok(())
    }
}

/// The auth code of the user's latest flow state for `method`, marked as issued now.
pub(crate) async fn issue_auth_code(
    pool: &PgPool,
    user: Uuid,
    method: &str,
) -> Result<String, AuthError> {
    let code: Option<String> = sqlx::query_scalar(
        "update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
          where id = (select id from auth.flow_state
                       where user_id = $1 and authentication_method = $2 and auth_code is not null
                       order by created_at desc limit 1)
          returning auth_code",
    )
    .bind(user)
    .bind(method)
    .fetch_optional(pool)
    .await?;
    code.ok_or_else(|| {
        AuthError::unprocessable(
            "flow_state_not_found",
            "No valid flow state found for user.",
        )
    })
}

/// Trades an auth code and its verifier for the user it was issued to (the flow state is
/// consumed); returns the user and the authentication method to name the session by.
pub(crate) async fn redeem(
    pool: &PgPool,
    auth_code: &str,
    verifier: &str,
) -> Result<(Uuid, String), AuthError> {
    let row: Option<(Uuid, Option<Uuid>, String, String, String, bool)> = sqlx::query_as(
        "select id, user_id, coalesce(code_challenge_method::text, ''), coalesce(code_challenge, ''),
                authentication_method,
                coalesce(case when authentication_method = 'magiclink'
                              then auth_code_issued_at else created_at end, created_at)
                  < now() - make_interval(secs => $2)
           from auth.flow_state where auth_code = $1",
    )
    .bind(auth_code)
    .bind(FLOW_STATE_LIFETIME_SECONDS as f64)
    .fetch_optional(pool)
    .await?;
    let Some((id, Some(user), method, challenge, authentication_method, expired)) = row else {
        return Err(AuthError::not_found(
            "flow_state_not_found",
            "invalid flow state, no valid flow state found",
        ));
    };
    if expired {
        return Err(AuthError::unprocessable(
            "flow_state_expired",
            "invalid flow state, flow state has expired",
        ));
    }
    let computed = match method.as_str() {
        "s256" => base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(Sha256::digest(verifier.as_bytes())),
        _ => verifier.to_string(),
    };
    if !bool::from(subtle::ConstantTimeEq::ct_eq(
        computed.as_bytes(),
        challenge.as_bytes(),
    )) {
        return Err(AuthError::bad_request(
            "bad_code_verifier",
            "code challenge does not match previously saved code verifier",
        ));
    }
    sqlx::query("delete from auth.flow_state where id = $1")
        .bind(id)
        .execute(pool)
        .await?;
    Ok((user, authentication_method))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn challenges_are_checked_as_gotrue_checks_them() {
        assert_eq!(Flow::from_params(None, None).unwrap(), Flow::Implicit);
        let challenge = "a".repeat(43);
        assert!(matches!(
            Flow::from_params(Some("S256"), Some(&challenge)).unwrap(),
            Flow::Pkce { ref method, .. } if method == "s256"
        ));
        assert!(Flow::from_params(Some("s256"), None).is_err());
        assert!(Flow::from_params(Some("s256"), Some("short")).is_err());
        assert!(Flow::from_params(Some("md5"), Some(&challenge)).is_err());
        assert!(Flow::from_params(Some("plain"), Some(&"a b".repeat(20))).is_err());
        assert_eq!(
            Flow::from_params(Some("plain"), Some(&challenge))
                .unwrap()
                .stored_token("abc"),
            "pkce_abc"
        );
    }
}
