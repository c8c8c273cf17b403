use super::*;
use cb_gateway::{JwtError, JwtVerifier};

/// An ES256 key then an RS256 key, as `gen signing-key` writes them (tests/fixtures).
const ES256_RS256: &str = include_str!("../../../../tests/fixtures/signing-keys/es256-rs256.json");
const SECRET: &str = "the-project-secret-of-these-tests-0123456789";

fn fixture() -> Vec<Value> {
    serde_json::from_str(ES256_RS256).unwrap()
}

fn load(keys: &[Value]) -> Result<SigningKeys, String> {
    SigningKeys::from_jwks(&Value::from(keys.to_vec()).to_string())
}

fn verifier(keys: &SigningKeys) -> JwtVerifier {
    JwtVerifier::new(SECRET).with_keys(keys.verification_keys())
}

fn header_of(token: &str) -> jsonwebtoken::Header {
    jsonwebtoken::decode_header(token).unwrap()
}

const PRIVATE_PARTS: [&str; 7] = ["d", "p", "q", "dp", "dq", "qi", "k"];

#[test]
fn the_first_key_signs_and_every_public_key_is_published() {
    let file = fixture();
    let keys = SigningKeys::from_jwks(ES256_RS256).unwrap();
    let token = keys.sign(&json!({"role": "authenticated", "sub": "u1"}));
    let header = header_of(&token);
    assert_eq!(header.alg, Algorithm::ES256);
    assert_eq!(header.kid.as_deref(), file[0]["kid"].as_str());
    let claims = verifier(&keys).verify(&token).unwrap();
    assert_eq!(claims.0["sub"], "u1");

    let jwks = keys.jwks();
    let published = jwks["keys"].as_array().unwrap();
    assert_eq!(published.len(), 2);
    assert_eq!(
        published[0],
        json!({"kty": "EC", "kid": file[0]["kid"], "use": "sig", "key_ops": ["verify"],
                   "alg": "ES256", "ext": true, "crv": "P-256", "x": file[0]["x"], "y": file[0]["y"]})
    );
    assert_eq!(
        published[1],
        json!({"kty": "RSA", "kid": file[1]["kid"], "use": "sig", "key_ops": ["verify"],
                   "alg": "RS256", "ext": true, "n": file[1]["n"], "e": file[1]["e"]})
    );
    let text = jwks.to_string();
    for key in &file {
        for part in PRIVATE_PARTS {
            if let Some(value) = key[part].as_str() {
                assert!(!text.contains(value), "{part} published");
            }
        }
    }
}

#[test]
fn rs256_signs_when_it_comes_first_and_the_other_key_still_verifies() {
    let file = fixture();
    let reversed = [file[1].clone(), file[0].clone()];
    let keys = load(&reversed).unwrap();
    let token = keys.sign(&json!({"role": "anon"}));
    assert_eq!(header_of(&token).alg, Algorithm::RS256);
    assert_eq!(header_of(&token).kid.as_deref(), file[1]["kid"].as_str());
    let verifier = verifier(&keys);
    assert!(verifier.verify(&token).is_ok());
    let es_first = SigningKeys::from_jwks(ES256_RS256).unwrap();
    let es_token = es_first.sign(&json!({"role": "anon"}));
    assert!(verifier.verify(&es_token).is_ok(), "the ES256 key verifies");
}

#[test]
fn as_gotrue_the_key_whose_key_ops_hold_sign_signs() {
    let mut file = fixture();
    file[0]["key_ops"] = json!(["verify"]);
    let keys = load(&file).unwrap();
    let token = keys.sign(&json!({"role": "anon"}));
    assert_eq!(header_of(&token).kid.as_deref(), file[1]["kid"].as_str());
    assert_eq!(keys.jwks()["keys"].as_array().unwrap().len(), 2);
    file[1]["key_ops"] = json!(["verify"]);
    assert_eq!(
        load(&file).err().unwrap(),
        "no key may sign: give the signing key \"key_ops\": [\"sign\", \"verify\"]"
    );
    file[1].as_object_mut().unwrap().remove("key_ops");
    assert!(load(&file).unwrap_err().starts_with("no key may sign"));
}

#[test]
fn hmac_keys_verify_by_kid_and_are_never_published() {
    let oct = json!({"kty": "oct", "kid": "legacy", "alg": "HS256", "key_ops": ["verify"],
                         "k": URL_SAFE_NO_PAD.encode("an-hmac-key-of-the-set-0123456789")});
    let mut file = fixture();
    file.push(oct.clone());
    let keys = load(&file).unwrap();
    assert_eq!(keys.jwks()["keys"].as_array().unwrap().len(), 2);
    assert!(!keys.jwks().to_string().contains(oct["k"].as_str().unwrap()));
    let hmac = SigningKeys::from_jwks(
        &json!([{"kty": "oct", "kid": "legacy", "key_ops": ["sign", "verify"], "k": oct["k"]}])
            .to_string(),
    )
    .unwrap();
    let token = hmac.sign(&json!({"role": "anon"}));
    assert_eq!(header_of(&token).alg, Algorithm::HS256);
    assert_eq!(header_of(&token).kid.as_deref(), Some("legacy"));
    assert_eq!(hmac.jwks(), json!({"keys": []}));
    assert!(verifier(&keys).verify(&token).is_ok());
    assert_eq!(
        JwtVerifier::new(SECRET).verify(&token),
        Err(JwtError::Invalid)
    );
}

#[test]
fn bad_sets_are_refused_with_one_line_naming_the_key() {
    let file = fixture();
    let es = &file[0];
    let rs = &file[1];
    let with = |key: &Value, field: &str, value: Value| {
        let mut key = key.clone();
        match value {
            Value::Null => key.as_object_mut().unwrap().remove(field),
            value => key.as_object_mut().unwrap().insert(field.into(), value),
        };
        key
    };
    for (text, expected) in [
        ("".to_string(), "not a JSON array of JWKs"),
        ("{\"keys\": []}".into(), "not a JSON array of JWKs"),
        ("[]".into(), "holds no key: add one with"),
        (
            json!([with(es, "kty", json!("OKP"))]).to_string(),
            "key 1 (kid '",
        ),
        (
            json!([with(es, "kid", Value::Null)]).to_string(),
            "key 1 (kid ''): has no kid",
        ),
        (json!([es, es]).to_string(), "key 2 (kid '"),
        (
            json!([with(es, "crv", json!("P-384"))]).to_string(),
            "crv 'P-384' is not supported",
        ),
        (
            json!([with(es, "alg", json!("RS256"))]).to_string(),
            "alg 'RS256' does not go with kty 'EC'",
        ),
        (
            json!([with(es, "x", rs["e"].clone())]).to_string(),
            "'x' and 'y' are not the public point of 'd'",
        ),
        (
            json!([with(es, "d", json!("not base64!"))]).to_string(),
            "'d' is not base64url",
        ),
        (
            json!([es, with(rs, "d", Value::Null)]).to_string(),
            "key 2 (kid '",
        ),
        (
            json!([es, with(rs, "q", es["d"].clone())]).to_string(),
            "is not a consistent RSA private key",
        ),
        (
            json!([with(rs, "n", json!(URL_SAFE_NO_PAD.encode([0xff; 128])))]).to_string(),
            "an RSA modulus of 1024 bits is too small: use at least 2048",
        ),
    ] {
        let err = SigningKeys::from_jwks(&text).err().unwrap();
        assert!(err.contains(expected), "{text}: {err}");
        assert!(!err.contains('\n'), "{err}");
        for key in [es, rs] {
            for part in PRIVATE_PARTS {
                if let Some(value) = key[part].as_str() {
                    assert!(!err.contains(value), "{part} in {err}");
                }
            }
        }
    }
    assert!(
        SigningKeys::from_jwks(&json!([es, es]).to_string())
            .unwrap_err()
            .ends_with("another key has the same kid")
    );
}

#[test]
fn generated_keys_are_the_clis_and_load() {
    for (algorithm, kty, alg, fields) in [
        (
            "ES256",
            "EC",
            Algorithm::ES256,
            &[
                "kty", "kid", "use", "key_ops", "alg", "ext", "d", "crv", "x", "y",
            ][..],
        ),
        (
            "RS256",
            "RSA",
            Algorithm::RS256,
            &[
                "kty", "kid", "use", "key_ops", "alg", "ext", "n", "e", "d", "p", "q", "dp", "dq",
                "qi",
            ][..],
        ),
    ] {
        let jwk = SigningKeys::generate(algorithm).unwrap();
        let mut names: Vec<&str> = jwk
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut expected = fields.to_vec();
        names.sort_unstable();
        expected.sort_unstable();
        assert_eq!(names, expected);
        assert_eq!(jwk["kty"], kty);
        assert_eq!(jwk["key_ops"], json!(["sign", "verify"]));
        assert_eq!(jwk["use"], "sig");
        assert_eq!(jwk["ext"], true);
        assert!(uuid::Uuid::parse_str(jwk["kid"].as_str().unwrap()).is_ok());
        let keys = load(std::slice::from_ref(&jwk)).unwrap();
        let token = keys.sign(&json!({"role": "anon"}));
        assert_eq!(header_of(&token).alg, alg);
        assert!(verifier(&keys).verify(&token).is_ok());
    }
    assert_ne!(
        SigningKeys::generate("ES256").unwrap()["kid"],
        SigningKeys::generate("ES256").unwrap()["kid"]
    );
    assert_eq!(
        SigningKeys::generate("HS256").unwrap_err(),
        "unsupported algorithm: HS256 (ES256 or RS256)"
    );
}

#[test]
fn debug_shows_no_key() {
    let keys = SigningKeys::from_jwks(ES256_RS256).unwrap();
    let shown = format!("{keys:?}");
    assert!(shown.contains("ES256"), "{shown}");
    for key in fixture() {
        assert!(!shown.contains(key["d"].as_str().unwrap()), "{shown}");
    }
}
