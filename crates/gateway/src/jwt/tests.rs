use super::*;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{EncodingKey, Header};
use serde_json::json;

const SECRET: &str = "test-secret-test-secret-test-secret-42";

fn sign(claims: &Value, secret: &str, alg: Algorithm) -> String {
    jsonwebtoken::encode(
        &Header::new(alg),
        claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap()
}

/// `claims` signed as the verifier under test expects: HS256 with [`SECRET`].
fn hs256(claims: &Value) -> String {
    sign(claims, SECRET, Algorithm::HS256)
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

#[test]
fn accepts_a_valid_token_with_or_without_exp() {
    let verifier = JwtVerifier::new(SECRET);
    let with_exp = hs256(&json!({"role": "authenticated", "exp": now() + 60}));
    assert_eq!(
        verifier.verify(&with_exp).unwrap().role(),
        Some("authenticated")
    );
    let without = sign(&json!({"role": "anon"}), SECRET, Algorithm::HS512);
    assert_eq!(verifier.verify(&without).unwrap().role(), Some("anon"));
}

#[test]
fn project_api_keys_stay_valid_past_their_exp() {
    let expired_key = hs256(&json!({"role": "anon", "exp": now() - 86_400}));
    let keys = crate::ApiKeys {
        anon: expired_key.clone(),
        service_role: "not-a-key".into(),
        aliases: Vec::new(),
    };
    assert_eq!(
        JwtVerifier::new(SECRET).verify(&expired_key),
        Err(JwtError::Expired)
    );
    let verifier = JwtVerifier::new(SECRET).with_api_keys(&keys);
    assert_eq!(verifier.verify(&expired_key).unwrap().role(), Some("anon"));
    let other_expired = hs256(&json!({"role": "anon", "exp": now() - 86_401}));
    assert_eq!(
        verifier.verify(&other_expired),
        Err(JwtError::Expired),
        "only the exact key"
    );
    let forged_keys = crate::ApiKeys {
        anon: sign(
            &json!({"role": "anon"}),
            "some-other-secret-some-other-secret",
            Algorithm::HS256,
        ),
        service_role: String::new().into(),
        aliases: Vec::new(),
    };
    let verifier = JwtVerifier::new(SECRET).with_api_keys(&forged_keys);
    assert_eq!(
        verifier.verify(&forged_keys.anon),
        Err(JwtError::Invalid),
        "keys must verify"
    );
}

#[test]
fn refuses_expired_forged_and_malformed_tokens() {
    let verifier = JwtVerifier::new(SECRET);
    let expired = hs256(&json!({"role": "anon", "exp": now() - 120}));
    assert_eq!(verifier.verify(&expired), Err(JwtError::Expired));
    let within_leeway = hs256(&json!({"role": "anon", "exp": now() - 10}));
    assert!(verifier.verify(&within_leeway).is_ok());
    let forged = sign(
        &json!({"role": "service_role"}),
        "another-secret-another-secret-000",
        Algorithm::HS256,
    );
    assert_eq!(verifier.verify(&forged), Err(JwtError::Invalid));
    assert_eq!(verifier.verify(""), Err(JwtError::Empty));
    assert_eq!(verifier.verify("abc"), Err(JwtError::Parts(1)));
    // alg none: header {"alg":"none"} with an empty signature
    let none = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.";
    assert_eq!(verifier.verify(none), Err(JwtError::Invalid));
}

#[test]
fn time_claims_of_the_wrong_type_are_refused_not_skipped() {
    let verifier = JwtVerifier::new(SECRET);
    for (name, value) in [
        ("exp", json!("1000000000")),
        ("exp", json!("9999999999")),
        ("nbf", json!("0")),
        ("iat", json!(true)),
        ("exp", json!(null)),
    ] {
        let token = hs256(&json!({"role": "authenticated", name: value}));
        let err = verifier.verify(&token).unwrap_err();
        assert_eq!(
            err,
            JwtError::Claim(ClaimProblem::NotANumber(name)),
            "{name}: {value}"
        );
        assert_eq!(
            err.to_string(),
            format!("The JWT '{name}' claim must be a number")
        );
    }
}

#[test]
fn fractional_and_future_time_claims_are_checked() {
    let verifier = JwtVerifier::new(SECRET);
    let past = hs256(&json!({"role": "anon", "exp": 1_000_000_000.5}));
    assert_eq!(verifier.verify(&past), Err(JwtError::Expired));
    let not_yet = hs256(&json!({"role": "anon", "nbf": (now() + 3600) as f64 + 0.5}));
    assert_eq!(
        verifier.verify(&not_yet),
        Err(JwtError::Claim(ClaimProblem::NotYetValid))
    );
    let future = hs256(&json!({"role": "anon", "iat": now() + 3600}));
    assert_eq!(
        verifier.verify(&future),
        Err(JwtError::Claim(ClaimProblem::IssuedAtFuture))
    );
    let skewed =
        hs256(&json!({"role": "anon", "iat": now() + 20, "exp": (now() + 60) as f64 + 0.25}));
    assert_eq!(verifier.verify(&skewed).unwrap().role(), Some("anon"));
}

#[test]
fn claims_with_nul_characters_are_refused() {
    let verifier = JwtVerifier::new(SECRET);
    for claims in [
        json!({"role": "anon", "sub": "\u{0}"}),
        json!({"role": "authenticated", "app_metadata": {"x\u{0}": 1}}),
    ] {
        let token = hs256(&claims);
        assert_eq!(
            verifier.verify(&token),
            Err(JwtError::Claim(ClaimProblem::Unparsable))
        );
    }
}

#[test]
fn a_rotations_other_secret_verifies_too() {
    let other = "the-next-secret-of-a-rotation-0123456789";
    let token = |secret: &str| {
        jsonwebtoken::encode(
            &jsonwebtoken::Header::default(),
            &serde_json::json!({"role": "anon", "exp": unix_now() + 60}),
            &jsonwebtoken::EncodingKey::from_secret(secret.as_bytes()),
        )
        .unwrap()
    };
    let strict = JwtVerifier::new(SECRET);
    assert_eq!(strict.verify(&token(other)), Err(JwtError::Invalid));
    let rotating = JwtVerifier::new(SECRET).accepting(&[other.to_string()]);
    assert!(rotating.verify(&token(other)).is_ok());
    assert!(rotating.verify(&token(SECRET)).is_ok());
    assert_eq!(
        rotating.verify(&token("a-third-secret-nobody-accepts-0123456789")),
        Err(JwtError::Invalid)
    );
}

/// Test keys of the signing key set (testdata/, made with OpenSSL for these tests only).
const ES256_PRIVATE: &str = include_str!("../../testdata/es256.private.pem");
const ES256_PUBLIC: &str = include_str!("../../testdata/es256.public.pem");
const RS256_PRIVATE: &str = include_str!("../../testdata/rs256.private.pem");
const RS256_PUBLIC: &str = include_str!("../../testdata/rs256.public.pem");
/// Another P-256 key, in no set: an attacker's.
const OTHER_ES256_PRIVATE: &str = include_str!("../../testdata/es256-other.private.pem");
const ES_KID: &str = "es-key";
const RS_KID: &str = "rs-key";
const OCT_KID: &str = "oct-key";
const OCT_SECRET: &str = "an-hmac-key-of-the-signing-key-set-0123456789";

/// The secret, plus an ES256, an RS256 and an HMAC key named by kid.
fn keyed_verifier() -> JwtVerifier {
    JwtVerifier::new(SECRET).with_keys(vec![
        VerificationKey::new(
            ES_KID,
            Algorithm::ES256,
            DecodingKey::from_ec_pem(ES256_PUBLIC.as_bytes()).unwrap(),
        ),
        VerificationKey::new(
            RS_KID,
            Algorithm::RS256,
            DecodingKey::from_rsa_pem(RS256_PUBLIC.as_bytes()).unwrap(),
        ),
        VerificationKey::new(
            OCT_KID,
            Algorithm::HS256,
            DecodingKey::from_secret(OCT_SECRET.as_bytes()),
        ),
    ])
}

/// `claims` signed with `key` under a header of `alg` and `kid`.
fn signed(claims: &Value, alg: Algorithm, kid: Option<&str>, key: &EncodingKey) -> String {
    let mut header = Header::new(alg);
    header.kid = kid.map(str::to_string);
    jsonwebtoken::encode(&header, claims, key).unwrap()
}

fn es256_key() -> EncodingKey {
    EncodingKey::from_ec_pem(ES256_PRIVATE.as_bytes()).unwrap()
}

fn rs256_key() -> EncodingKey {
    EncodingKey::from_rsa_pem(RS256_PRIVATE.as_bytes()).unwrap()
}

fn user(exp_in: i64) -> Value {
    json!({"role": "authenticated", "sub": "u1", "exp": now() + exp_in})
}

#[test]
fn tokens_of_each_key_of_the_set_verify_by_kid() {
    let verifier = keyed_verifier();
    let es = signed(&user(60), Algorithm::ES256, Some(ES_KID), &es256_key());
    let rs = signed(&user(60), Algorithm::RS256, Some(RS_KID), &rs256_key());
    for token in [&es, &rs, &es] {
        let claims = verifier.verify(token).unwrap();
        assert_eq!(claims.role(), Some("authenticated"));
        assert_eq!(claims.0["sub"], "u1");
    }
    let oct = EncodingKey::from_secret(OCT_SECRET.as_bytes());
    let hmac = signed(&user(60), Algorithm::HS256, Some(OCT_KID), &oct);
    assert!(verifier.verify(&hmac).is_ok(), "an oct key by its kid");
    let hmac_without_kid = signed(&user(60), Algorithm::HS256, None, &oct);
    assert_eq!(
        verifier.verify(&hmac_without_kid),
        Err(JwtError::Invalid),
        "without its kid an oct key's token is checked with the secret"
    );
}

#[test]
fn secret_tokens_verify_as_before_with_a_key_set() {
    let verifier = keyed_verifier();
    assert!(verifier.verify(&hs256(&user(60))).is_ok());
    let secret = EncodingKey::from_secret(SECRET.as_bytes());
    // As GoTrue: an HMAC token naming no key of the set falls back to the secret.
    let unknown_kid = signed(&user(60), Algorithm::HS256, Some("legacy"), &secret);
    assert!(verifier.verify(&unknown_kid).is_ok());
    assert_eq!(verifier.verify(&hs256(&user(-120))), Err(JwtError::Expired));
}

#[test]
fn tokens_naming_the_wrong_key_or_algorithm_are_refused() {
    let verifier = keyed_verifier();
    let secret = EncodingKey::from_secret(SECRET.as_bytes());
    let other = EncodingKey::from_ec_pem(OTHER_ES256_PRIVATE.as_bytes()).unwrap();
    for (why, token) in [
        (
            "ES256 signature naming the RS256 key",
            signed(&user(60), Algorithm::ES256, Some(RS_KID), &es256_key()),
        ),
        (
            "RS256 signature naming the ES256 key",
            signed(&user(60), Algorithm::RS256, Some(ES_KID), &rs256_key()),
        ),
        (
            "unknown kid with an asymmetric alg",
            signed(&user(60), Algorithm::ES256, Some("unknown"), &es256_key()),
        ),
        (
            "asymmetric alg without kid",
            signed(&user(60), Algorithm::ES256, None, &es256_key()),
        ),
        (
            "HS256 with the secret, naming the ES256 key (alg confusion)",
            signed(&user(60), Algorithm::HS256, Some(ES_KID), &secret),
        ),
        (
            "HS256 keyed with the ES256 public key PEM (alg confusion)",
            signed(
                &user(60),
                Algorithm::HS256,
                Some(ES_KID),
                &EncodingKey::from_secret(ES256_PUBLIC.as_bytes()),
            ),
        ),
        (
            "another P-256 key reusing the kid (forged signature)",
            signed(&user(60), Algorithm::ES256, Some(ES_KID), &other),
        ),
        (
            "HS256 with the secret, naming the oct key",
            signed(&user(60), Algorithm::HS256, Some(OCT_KID), &secret),
        ),
    ] {
        assert_eq!(verifier.verify(&token), Err(JwtError::Invalid), "{why}");
    }
    // alg none, naming a key: the header is refused before any key is looked at.
    let none = format!(
        "{}.{}.",
        URL_SAFE_NO_PAD.encode(format!(r#"{{"alg":"none","kid":"{ES_KID}"}}"#)),
        URL_SAFE_NO_PAD.encode(user(60).to_string())
    );
    assert_eq!(verifier.verify(&none), Err(JwtError::Invalid));
    // No key set: an asymmetric token is refused as before.
    let es = signed(&user(60), Algorithm::ES256, Some(ES_KID), &es256_key());
    assert_eq!(JwtVerifier::new(SECRET).verify(&es), Err(JwtError::Invalid));
}

#[test]
fn asymmetric_tokens_are_checked_for_time_and_tampering_even_when_kept() {
    let verifier = keyed_verifier();
    let expired = signed(&user(-120), Algorithm::ES256, Some(ES_KID), &es256_key());
    assert_eq!(verifier.verify(&expired), Err(JwtError::Expired));
    let within_leeway = signed(&user(-10), Algorithm::RS256, Some(RS_KID), &rs256_key());
    assert!(verifier.verify(&within_leeway).is_ok());
    let not_yet = json!({"role": "anon", "nbf": now() + 3600});
    let not_yet = signed(&not_yet, Algorithm::ES256, Some(ES_KID), &es256_key());
    assert_eq!(
        verifier.verify(&not_yet),
        Err(JwtError::Claim(ClaimProblem::NotYetValid))
    );
    let string_exp = json!({"role": "anon", "exp": "9999999999"});
    let string_exp = signed(&string_exp, Algorithm::ES256, Some(ES_KID), &es256_key());
    assert_eq!(
        verifier.verify(&string_exp),
        Err(JwtError::Claim(ClaimProblem::NotANumber("exp")))
    );
    // A kept token's claims with another signature, and its signature on other claims.
    let good = signed(&user(60), Algorithm::ES256, Some(ES_KID), &es256_key());
    assert!(verifier.verify(&good).is_ok());
    let other = EncodingKey::from_ec_pem(OTHER_ES256_PRIVATE.as_bytes()).unwrap();
    let forged = signed(&user(60), Algorithm::ES256, Some(ES_KID), &other);
    let (head, _) = good.rsplit_once('.').unwrap();
    let (_, forged_signature) = forged.rsplit_once('.').unwrap();
    let resigned = format!("{head}.{forged_signature}");
    assert_eq!(verifier.verify(&resigned), Err(JwtError::Invalid));
    let mut parts: Vec<String> = good.split('.').map(String::from).collect();
    parts[1] = URL_SAFE_NO_PAD.encode(json!({"role": "service_role"}).to_string());
    assert_eq!(verifier.verify(&parts.join(".")), Err(JwtError::Invalid));
    // Clones share what was verified; a verifier of other keys does not see it.
    assert!(verifier.clone().verify(&good).is_ok());
    let unkeyed = JwtVerifier::new(SECRET);
    assert_eq!(unkeyed.verify(&good), Err(JwtError::Invalid));
}

#[test]
fn api_keys_signed_by_a_key_of_the_set_are_accepted_past_their_exp() {
    let anon = signed(
        &json!({"role": "anon", "exp": now() - 86_400}),
        Algorithm::ES256,
        Some(ES_KID),
        &es256_key(),
    );
    let keys = crate::ApiKeys {
        anon: anon.clone(),
        service_role: "not-a-key".into(),
        aliases: Vec::new(),
    };
    assert_eq!(keyed_verifier().verify(&anon), Err(JwtError::Expired));
    let verifier = keyed_verifier().with_api_keys(&keys);
    assert_eq!(verifier.verify(&anon).unwrap().role(), Some("anon"));
}
