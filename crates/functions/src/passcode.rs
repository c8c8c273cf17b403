//! The admin passcode check: argon2 (constant time in the passcode, by construction of the
//! hash comparison), off the async runtime, and at most a few at once so a flood of guesses
//! cannot take every core.
use std::sync::Arc;

use argon2::password_hash::PasswordHash;
use argon2::{Argon2, PasswordVerifier};
use tokio::sync::Semaphore;

/// Verifications running at the same time (each uses ~19 MiB and one core for tens of ms).
pub(crate) const CONCURRENT_CHECKS: usize = 2;

pub(crate) fn verify_blocking(passcode: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(passcode.as_bytes(), &parsed)
            .is_ok()
    })
}

/// Whether `passcode` matches `hash`.
pub(crate) async fn verify(permits: &Arc<Semaphore>, passcode: String, hash: Arc<str>) -> bool {
    let Ok(_permit) = permits.acquire().await else {
        return false;
    };
    tokio::task::spawn_blocking(move || verify_blocking(&passcode, &hash))
        .await
        .unwrap_or(false)
}
