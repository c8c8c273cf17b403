//! The admin passcode: stored only as an argon2id hash. In local mode a passcode is generated
//! on first start, printed once, and its hash kept under the data directory.
use std::fs;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use argon2::password_hash::{PasswordHash, PasswordHasher, SaltString, rand_core::OsRng};
use argon2::{Argon2, PasswordVerifier};
use rand::Rng;

const HASH_FILE: &str = "admin-passcode.argon2";
/// No look-alike characters (0/O, 1/I/L), so a passcode read off a terminal is typed right.
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

pub fn hash(passcode: &str) -> Result<String, String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(passcode.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|err| err.to_string())
}

/// Constant-time verification against a PHC hash string.
pub fn verify(passcode: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(passcode.as_bytes(), &parsed)
            .is_ok()
    })
}

pub fn check_hash_format(hash: &str) -> Result<(), String> {
    let parsed = PasswordHash::new(hash)
        .map_err(|_| "is not an argon2 PHC hash ($argon2id$...)".to_string())?;
    if parsed.algorithm.as_str().starts_with("argon2") {
        Ok(())
    } else {
        Err(format!("uses {}, not argon2", parsed.algorithm))
    }
}

fn generate() -> String {
    let mut rng = rand::rng();
    let groups: Vec<String> = (0..4)
        .map(|_| {
            (0..4)
                .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
                .collect()
        })
        .collect();
    groups.join("-")
}

/// The configured hash, or the one kept under `data_dir` (created, and its passcode printed
/// once, on first start).
pub fn local_hash(data_dir: &Path) -> anyhow::Result<String> {
    let path = data_dir.join(HASH_FILE);
    if let Ok(existing) = fs::read_to_string(&path) {
        let existing = existing.trim().to_string();
        check_hash_format(&existing).map_err(|reason| {
            anyhow::anyhow!(
                "{} {reason}: delete it to generate a new passcode",
                path.display()
            )
        })?;
        return Ok(existing);
    }
    fs::create_dir_all(data_dir)?;
    let passcode = generate();
    let hashed = hash(&passcode).map_err(anyhow::Error::msg)?;
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)?;
    writeln!(file, "{hashed}")?;
    eprintln!(
        "\n  Admin passcode (shown once; only its hash is kept in {}): {passcode}\n  \
         Sign in at /auth. To replace it, delete that file and restart, or set ADMIN_PASSCODE_HASH.\n",
        path.display()
    );
    Ok(hashed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_only_the_right_passcode() {
        let hashed = hash("7KQ2-M9XD-PA4T-ZE6R").unwrap();
        assert!(hashed.starts_with("$argon2id$"));
        assert!(verify("7KQ2-M9XD-PA4T-ZE6R", &hashed));
        assert!(!verify("7KQ2-M9XD-PA4T-ZE6S", &hashed));
        assert!(!verify("anything", "not a hash"));
    }

    #[test]
    fn generated_passcodes_use_the_unambiguous_alphabet() {
        let passcode = generate();
        assert_eq!(passcode.len(), 19);
        assert!(
            passcode
                .chars()
                .all(|c| c == '-' || ALPHABET.contains(&(c as u8)))
        );
    }

    #[test]
    fn local_hash_is_created_once_and_reused() {
        let dir = std::env::temp_dir().join(format!("cb-passcode-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let first = local_hash(&dir).unwrap();
        let second = local_hash(&dir).unwrap();
        assert_eq!(first, second);
        let _ = fs::remove_dir_all(&dir);
    }
}
