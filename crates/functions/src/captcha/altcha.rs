//! ALTCHA proof of work, issued and verified here (no third party, works offline). A challenge
//! is `{algorithm: "SHA-256", challenge, maxnumber, salt, signature}` where
//! `challenge = hex(SHA-256(salt + number))` for a secret random `number <= maxnumber`,
//! `signature = hex(HMAC-SHA256(key, challenge))`, and the salt is `<24 hex digits>?expires=<unix>&`.
//! The widget finds `number` and sends base64(JSON {algorithm, challenge, number, salt, signature}).
//!
//! The salt's closing `&` is what keeps the expiry honest: the signature covers only
//! `SHA-256(salt + number)`, so with a salt ending in the expiry's digits, leading digits of
//! `number` could be moved into the salt (`...?expires=1700000000` + `4521` →
//! `...?expires=17000000004` + `521`): same hash, same signature, an expiry far in the future. A
//! salt must therefore be exactly the form issued here, ending in the delimiter, and anything
//! else (an older salt without it included) is refused, as ALTCHA's own libraries now do.
use std::time::Duration;

use base64::Engine as _;
use hmac::{Hmac, Mac};
use rand::Rng;
use serde::Deserialize;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use super::{CaptchaError, Verified};

const ALGORITHM: &str = "SHA-256";
/// A solution is small; anything much larger is not one.
const MAX_PAYLOAD_LEN: usize = 4096;

#[derive(Clone)]
pub struct Altcha {
    key: Vec<u8>,
    max_number: u64,
    ttl: Duration,
}

impl std::fmt::Debug for Altcha {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Altcha")
            .field("max_number", &self.max_number)
            .field("ttl", &self.ttl)
            .finish_non_exhaustive()
    }
}

#[derive(Deserialize)]
struct Payload {
    algorithm: String,
    challenge: String,
    number: u64,
    salt: String,
    signature: String,
}

fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

impl Altcha {
    pub fn new(key: Vec<u8>, max_number: u64, ttl: Duration) -> Self {
        Self {
            key,
            max_number: max_number.max(1),
            ttl,
        }
    }

    fn mac(&self) -> Hmac<Sha256> {
        <Hmac<Sha256> as Mac>::new_from_slice(&self.key).expect("HMAC accepts keys of any length")
    }

    /// A new signed challenge that expires `ttl` after `now` (unix seconds).
    pub fn challenge(&self, now: i64) -> Value {
        let mut rng = rand::rng();
        let salt_bytes: [u8; 12] = rng.random();
        let expires = now + self.ttl.as_secs() as i64;
        let salt = format!("{}?expires={expires}&", hex::encode(salt_bytes));
        let number = rng.random_range(0..=self.max_number);
        let challenge = sha256_hex(&format!("{salt}{number}"));
        let mut mac = self.mac();
        mac.update(challenge.as_bytes());
        let signature = hex::encode(mac.finalize().into_bytes());
        json!({
            "algorithm": ALGORITHM,
            "challenge": challenge,
            "maxnumber": self.max_number,
            "salt": salt,
            "signature": signature,
        })
    }

    /// Checks a solution payload; on success returns the key that marks it used.
    pub fn verify(&self, payload: &str, now: i64) -> Result<Verified, CaptchaError> {
        if payload.len() > MAX_PAYLOAD_LEN {
            return Err(CaptchaError::Invalid("the solution is too long"));
        }
        let bytes = decode_base64(payload.trim()).ok_or(CaptchaError::Invalid("not base64"))?;
        let payload: Payload = serde_json::from_slice(&bytes)
            .map_err(|_| CaptchaError::Invalid("not an ALTCHA solution"))?;
        if payload.algorithm != ALGORITHM {
            return Err(CaptchaError::Invalid("unsupported algorithm"));
        }
        let expires = expires_of(&payload.salt).ok_or(CaptchaError::Invalid("no expiry"))?;
        if expires <= now {
            return Err(CaptchaError::Expired);
        }
        if sha256_hex(&format!("{}{}", payload.salt, payload.number)) != payload.challenge {
            return Err(CaptchaError::Invalid("wrong solution"));
        }
        let signature =
            hex::decode(&payload.signature).map_err(|_| CaptchaError::Invalid("bad signature"))?;
        let mut mac = self.mac();
        mac.update(payload.challenge.as_bytes());
        mac.verify_slice(&signature)
            .map_err(|_| CaptchaError::Invalid("bad signature"))?;
        Ok(Verified {
            replay_key: sha256_hex(&format!("altcha:{}", payload.challenge)),
            expires_at: expires,
        })
    }
}

fn decode_base64(text: &str) -> Option<Vec<u8>> {
    use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
    STANDARD
        .decode(text)
        .ok()
        .or_else(|| URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok())
}

/// Hex digits of the random part of a salt (12 bytes).
const SALT_HEX_LEN: usize = 24;

/// The expiry of a salt of exactly the issued form `<24 lowercase hex>?expires=<unix>&`; `None`
/// for any other salt (in particular one not ending in `&`, whose expiry digits could have been
/// taken from the number).
fn expires_of(salt: &str) -> Option<i64> {
    let (random, rest) = salt.split_once("?expires=")?;
    let digits = rest.strip_suffix('&')?;
    let well_formed = random.len() == SALT_HEX_LEN
        && random
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        && (1..=12).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit());
    if well_formed {
        digits.parse().ok()
    } else {
        None
    }
}

/// Solves a challenge the way the widget does (tests and benchmarks use it).
pub fn solve(challenge: &Value) -> Option<String> {
    let salt = challenge.get("salt")?.as_str()?;
    let target = challenge.get("challenge")?.as_str()?;
    let max = challenge.get("maxnumber")?.as_u64()?;
    let number = (0..=max).find(|n| sha256_hex(&format!("{salt}{n}")) == target)?;
    let payload = json!({
        "algorithm": challenge.get("algorithm")?,
        "challenge": target,
        "number": number,
        "salt": salt,
        "signature": challenge.get("signature")?,
        "took": 1,
    });
    Some(base64::engine::general_purpose::STANDARD.encode(payload.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000;

    fn altcha() -> Altcha {
        Altcha::new(b"unit-test-key".to_vec(), 500, Duration::from_secs(600))
    }

    #[test]
    fn a_solved_challenge_verifies_once_per_key() {
        let altcha = altcha();
        let challenge = altcha.challenge(NOW);
        assert_eq!(challenge["algorithm"], "SHA-256");
        assert!(
            challenge["salt"]
                .as_str()
                .unwrap()
                .ends_with(&format!("?expires={}&", NOW + 600))
        );
        let solution = solve(&challenge).unwrap();
        let verified = altcha.verify(&solution, NOW + 5).unwrap();
        assert_eq!(verified.expires_at, NOW + 600);
        assert_eq!(
            verified.replay_key,
            altcha.verify(&solution, NOW + 6).unwrap().replay_key
        );
    }

    #[test]
    fn expired_forged_and_garbage_solutions_fail() {
        let altcha = altcha();
        let challenge = altcha.challenge(NOW);
        let solution = solve(&challenge).unwrap();
        assert_eq!(
            altcha.verify(&solution, NOW + 600),
            Err(CaptchaError::Expired)
        );

        let other_key = Altcha::new(b"another-key".to_vec(), 500, Duration::from_secs(600));
        assert_eq!(
            other_key.verify(&solution, NOW),
            Err(CaptchaError::Invalid("bad signature"))
        );

        // A later expiry written into the salt changes the challenge: the signature no longer fits.
        let mut stretched = challenge.clone();
        let salt = stretched["salt"]
            .as_str()
            .unwrap()
            .replace(&format!("{}", NOW + 600), "9999999999");
        stretched["salt"] = json!(salt);
        let number = (0..=500u64).find(|n| {
            sha256_hex(&format!("{salt}{n}")) == challenge["challenge"].as_str().unwrap()
        });
        assert!(
            number.is_none(),
            "the original challenge cannot be matched with a new salt"
        );

        let mut wrong: Value = serde_json::from_slice(&decode_base64(&solution).unwrap()).unwrap();
        wrong["number"] = json!(wrong["number"].as_u64().unwrap() + 1);
        let wrong = base64::engine::general_purpose::STANDARD.encode(wrong.to_string());
        assert_eq!(
            altcha.verify(&wrong, NOW),
            Err(CaptchaError::Invalid("wrong solution"))
        );

        for garbage in ["", "!!!", "bm90IGpzb24=", &"A".repeat(5000)] {
            assert!(altcha.verify(garbage, NOW).is_err(), "{garbage}");
        }
    }

    /// A solution signed by `altcha` for `salt` and `number`, as a widget would send it.
    fn signed_solution(altcha: &Altcha, salt: &str, number: u64) -> String {
        let challenge = sha256_hex(&format!("{salt}{number}"));
        let mut mac = altcha.mac();
        mac.update(challenge.as_bytes());
        let signature = hex::encode(mac.finalize().into_bytes());
        let payload = json!({"algorithm": ALGORITHM, "challenge": challenge, "number": number,
                             "salt": salt, "signature": signature});
        base64::engine::general_purpose::STANDARD.encode(payload.to_string())
    }

    #[test]
    fn digits_of_the_number_cannot_move_into_the_expiry() {
        let altcha = altcha();
        let random = "0123456789abcdef01234567";
        // An expired solution in the salt form issued before the fix: moving the number's first
        // digit into the salt keeps the hash and the signature but multiplies the expiry by ten.
        let expired = NOW - 60;
        let legacy = signed_solution(&altcha, &format!("{random}?expires={expired}"), 4521);
        let spliced = signed_solution(&altcha, &format!("{random}?expires={expired}4"), 521);
        let decoded = |token: &str| -> Value {
            serde_json::from_slice(&decode_base64(token).unwrap()).unwrap()
        };
        assert_eq!(
            decoded(&legacy)["challenge"],
            decoded(&spliced)["challenge"]
        );
        assert_eq!(
            decoded(&legacy)["signature"],
            decoded(&spliced)["signature"]
        );
        assert_eq!(
            altcha.verify(&spliced, NOW),
            Err(CaptchaError::Invalid("no expiry"))
        );
        assert!(altcha.verify(&legacy, NOW).is_err());

        // With the issued form, the moved digit lands after the delimiter: not a salt we issue.
        let issued = format!("{random}?expires={expired}&");
        let spliced = signed_solution(&altcha, &format!("{issued}4"), 521);
        assert_eq!(
            altcha.verify(&spliced, NOW),
            Err(CaptchaError::Invalid("no expiry"))
        );
        assert_eq!(
            altcha.verify(&signed_solution(&altcha, &issued, 4521), NOW),
            Err(CaptchaError::Expired)
        );
        let fresh = format!("{random}?expires={}&", NOW + 60);
        assert!(
            altcha
                .verify(&signed_solution(&altcha, &fresh, 4521), NOW)
                .is_ok()
        );

        for salt in [
            format!("{random}?expires={}", NOW + 60),
            format!("{random}?expires={}&&", NOW + 60),
            format!("{random}?expires={}&x=1&", NOW + 60),
            format!("{random}?x=1&expires={}&", NOW + 60),
            format!("{}?expires={}&", &random[..23], NOW + 60),
            format!("{}?expires={}&", random.to_uppercase(), NOW + 60),
            format!("{random}?expires=+{}&", NOW + 60),
            format!("{random}?expires=&"),
        ] {
            assert_eq!(
                altcha.verify(&signed_solution(&altcha, &salt, 7), NOW),
                Err(CaptchaError::Invalid("no expiry")),
                "{salt}"
            );
        }
    }
}
