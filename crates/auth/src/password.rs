//! Passwords: bcrypt hashes as GoTrue stores them (so hashes move between this server and
//! Supabase), computed on the blocking pool so the async workers stay free, and GoTrue's
//! strength rules.
use std::sync::OnceLock;

use crate::{AuthError, AuthSettings, PasswordRequirements};

/// bcrypt reads at most 72 bytes; GoTrue refuses longer passwords rather than ignoring the rest.
const MAX_PASSWORD_LENGTH: usize = 72;

/// How many bcrypt computations run at once: all cores but one (at least one), so a burst of
/// sign-ins, each a deliberate ~50 ms of CPU, cannot take the cores every other request needs.
/// The others wait their turn here, on no thread.
fn hashing_slots() -> &'static tokio::sync::Semaphore {
    static SLOTS: OnceLock<tokio::sync::Semaphore> = OnceLock::new();
    SLOTS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        tokio::sync::Semaphore::new(cores.saturating_sub(1).max(1))
    })
}

/// Runs a bcrypt computation on the blocking pool when a slot is free.
async fn hashing<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let _slot = hashing_slots().acquire().await.ok()?;
    tokio::task::spawn_blocking(work).await.ok()
}

/// A hash to check against when there is no user, so an unknown email takes as long as a wrong
/// password (no account enumeration by timing).
fn decoy_hash(cost: u32) -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| {
        bcrypt::hash("claimbridge decoy password", cost).expect("bcrypt of a short text")
    })
}

/// The bcrypt hash of `password` at `cost`.
pub(crate) async fn hash(password: String, cost: u32) -> Result<String, AuthError> {
    hashing(move || bcrypt::hash(password, cost))
        .await
        .ok_or_else(|| AuthError::internal("Error hashing password"))?
        .map_err(|err| {
            tracing::error!(error = %err, "auth: bcrypt failed");
            AuthError::internal("Error hashing password")
        })
}

/// Whether `password` matches `stored` (a bcrypt hash; anything else never matches). With no
/// stored hash, a decoy is checked so the answer takes the same time.
pub(crate) async fn verify(password: String, stored: Option<String>, cost: u32) -> bool {
    let real = stored.filter(|hash| hash.starts_with("$2"));
    let is_real = real.is_some();
    let matched = hashing(move || {
        // The decoy is made (once) here, on the blocking pool, like any other hash.
        let hash = real.unwrap_or_else(|| decoy_hash(cost).to_string());
        bcrypt::verify(password, &hash)
    })
    .await
    .and_then(Result::ok)
    .unwrap_or(false);
    is_real && matched
}

/// GoTrue's checks: at most 72 characters (400 `validation_failed`), then the minimum length and
/// the required character classes (422 `weak_password` with the reasons).
pub(crate) fn check_strength(password: &str, settings: &AuthSettings) -> Result<(), AuthError> {
    if password.len() > MAX_PASSWORD_LENGTH {
        return Err(AuthError::validation(format!(
            "Password cannot be longer than {MAX_PASSWORD_LENGTH} characters"
        )));
    }
    let mut reasons = Vec::new();
    let mut messages = Vec::new();
    if password.chars().count() < settings.minimum_password_length {
        reasons.push("length");
        messages.push(format!(
            "Password should be at least {} characters.",
            settings.minimum_password_length
        ));
    }
    let sets = required_sets(settings.password_requirements);
    if sets
        .iter()
        .any(|set| !password.chars().any(|c| set.contains(c)))
    {
        reasons.push("characters");
        messages.push(format!(
            "Password should contain at least one character of each: {}.",
            sets.join(", ")
        ));
    }
    if reasons.is_empty() {
        Ok(())
    } else {
        Err(AuthError::weak_password(messages.join(" "), &reasons))
    }
}

fn required_sets(requirements: PasswordRequirements) -> Vec<&'static str> {
    const LOWER: &str = "abcdefghijklmnopqrstuvwxyz";
    const UPPER: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const LETTERS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const DIGITS: &str = "0123456789";
    const SYMBOLS: &str = "!@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~";
    match requirements {
        PasswordRequirements::None => Vec::new(),
        PasswordRequirements::LettersDigits => vec![LETTERS, DIGITS],
        PasswordRequirements::LowerUpperLettersDigits => vec![LOWER, UPPER, DIGITS],
        PasswordRequirements::LowerUpperLettersDigitsSymbols => {
            vec![LOWER, UPPER, DIGITS, SYMBOLS]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strength_follows_gotrue() {
        let settings = AuthSettings {
            minimum_password_length: 8,
            password_requirements: PasswordRequirements::LettersDigits,
            ..AuthSettings::default()
        };
        assert!(check_strength("abcdefg1", &settings).is_ok());
        let weak = check_strength("abc", &settings).unwrap_err();
        assert_eq!(weak.code, "weak_password");
        assert_eq!(
            weak.message,
            "Password should be at least 8 characters. Password should contain at least one \
             character of each: abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789."
        );
        let long = check_strength(&"a1".repeat(40), &settings).unwrap_err();
        assert_eq!(long.code, "validation_failed");
    }

    #[tokio::test]
    async fn hashes_verify_and_nothing_else_does() {
        let hashed = hash("correct horse".into(), 4).await.unwrap();
        assert!(hashed.starts_with("$2b$04$"));
        assert!(verify("correct horse".into(), Some(hashed.clone()), 4).await);
        assert!(!verify("wrong".into(), Some(hashed), 4).await);
        assert!(!verify("claimbridge decoy password".into(), None, 4).await);
        assert!(!verify("x".into(), Some("plain".into()), 4).await);
    }
}
