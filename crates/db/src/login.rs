//! The `authenticator` login on a database the server did not start (DATABASE_URL): /rest/v1
//! logs in as that role, as PostgREST does, so a request can only ever become `anon`,
//! `authenticated` or `service_role` (the roles granted to it), never the database owner.
//!
//! The server gives `authenticator` DATABASE_URL's password when it may and the role has none
//! yet (Supabase's self-hosting convention: one password for the service logins). It sends a
//! SCRAM-SHA-256 verifier, not the password, so the password itself never crosses the wire or
//! reaches the server's statement log.
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};
use sqlx::PgPool;

use crate::{quote_ident, quote_literal};

/// The role /rest/v1 logs in as (PostgREST's).
pub const AUTHENTICATOR: &str = "authenticator";

/// PostgreSQL's default `scram_iterations`.
const SCRAM_ITERATIONS: u32 = 4096;

/// Gives `role` (in practice [`AUTHENTICATOR`]) this password when it has none and the pool's
/// login can see so (a superuser; pg_authid is theirs alone), and says whether it did. A
/// password someone already set is never replaced: it may be the one another service (say,
/// PostgREST) logs in with.
pub async fn give_role_password(
    pool: &PgPool,
    role: &str,
    password: &str,
) -> Result<bool, sqlx::Error> {
    let superuser: bool =
        sqlx::query_scalar("select rolsuper from pg_roles where rolname = current_user")
            .fetch_one(pool)
            .await?;
    if !superuser {
        return Ok(false);
    }
    let mut tx = pool.begin().await?;
    // Locks the role's row, so two servers starting together give it one password.
    let without_password: Option<bool> = sqlx::query_scalar(
        "select rolpassword is null from pg_authid where rolname = $1 for update",
    )
    .bind(role)
    .fetch_optional(&mut *tx)
    .await?;
    if without_password != Some(true) {
        return Ok(false);
    }
    let verifier = scram_sha256_verifier(password, &rand::random::<[u8; 16]>(), SCRAM_ITERATIONS);
    // ALTER ROLE takes no parameters: the verifier goes in as a literal (base64, `$` and `:`).
    sqlx::raw_sql(&format!(
        "alter role {} password {}",
        quote_ident(role),
        quote_literal(&verifier)
    ))
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

// Kept over postgres-protocol: its public scram_sha_256 draws its own salt (the salted one is crate-private).
/// A SCRAM-SHA-256 verifier as PostgreSQL stores it (RFC 5803):
/// `SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>`, base64 throughout. The password
/// is prepared with SASLprep, as PostgreSQL and its clients do, and used as it is when that
/// fails, as they do too.
pub fn scram_sha256_verifier(password: &str, salt: &[u8], iterations: u32) -> String {
    let prepared = stringprep::saslprep(password).unwrap_or(std::borrow::Cow::Borrowed(password));
    let salted = salted_password(prepared.as_bytes(), salt, iterations);
    let client_key = hmac_sha256(&salted, b"Client Key");
    let stored_key = Sha256::digest(client_key);
    let server_key = hmac_sha256(&salted, b"Server Key");
    format!(
        "SCRAM-SHA-256${iterations}:{}${}:{}",
        STANDARD.encode(salt),
        STANDARD.encode(stored_key),
        STANDARD.encode(server_key)
    )
}

/// PBKDF2-HMAC-SHA-256 with one output block (RFC 5802's `Hi`).
fn salted_password(password: &[u8], salt: &[u8], iterations: u32) -> [u8; 32] {
    let key = Hmac::<Sha256>::new_from_slice(password).expect("HMAC takes a key of any length");
    let mut block = key.clone();
    block.update(salt);
    block.update(&1u32.to_be_bytes());
    let mut previous: [u8; 32] = block.finalize().into_bytes().into();
    let mut result = previous;
    for _ in 1..iterations {
        let mut round = key.clone();
        round.update(&previous);
        previous = round.finalize().into_bytes().into();
        for (out, byte) in result.iter_mut().zip(previous) {
            *out ^= byte;
        }
    }
    result
}

fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(message);
    mac.finalize().into_bytes().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SALT: &[u8] = b"0123456789abcdef";

    // Expected values computed independently with Python's hashlib.pbkdf2_hmac and hmac.
    #[test]
    fn verifier_matches_an_independent_computation() {
        assert_eq!(
            scram_sha256_verifier("pencil", SALT, 4096),
            "SCRAM-SHA-256$4096:MDEyMzQ1Njc4OWFiY2RlZg==$\
             nQpbZ77WudtqufPwikHXGRt6g2QJ4zns8bZLw273DRM=:jn2amWP1q1h+jgjy0YTO14S6/F02SV7taipOeB7ef20="
        );
    }

    #[test]
    fn the_password_is_prepared_with_saslprep() {
        // SASLprep maps a soft hyphen to nothing: "I\u{AD}X" is "IX" (RFC 4013's example).
        let expected = "SCRAM-SHA-256$4096:MDEyMzQ1Njc4OWFiY2RlZg==$\
             w8BKFJL+iPDCA6QJz7ppAW4jPKiyJ62aIffAhgWQ2KU=:2iwiFsNsJUOcxyRv8AAXWij6Fkx6Dme2WsTE+/SN7BQ=";
        assert_eq!(scram_sha256_verifier("I\u{AD}X", SALT, 4096), expected);
        assert_eq!(scram_sha256_verifier("IX", SALT, 4096), expected);
        // A password SASLprep refuses (a control character) is used as it is.
        assert_ne!(scram_sha256_verifier("I\u{7}X", SALT, 4096), expected);
    }
}
