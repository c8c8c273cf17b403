//! The keys the auth server signs access tokens with, and the public half it publishes at
//! `/.well-known/jwks.json`. Without a signing key set, tokens are HS256 with the project secret
//! (which is never published). With one (the Supabase CLI's `[auth] signing_keys_path` file, or
//! GoTrue's `GOTRUE_JWT_KEYS`): a JSON array of private JWKs, RSA (RS256), EC P-256 (ES256) or
//! `oct` (an HMAC secret).
//!
//! Which key signs: GoTrue signs with the key whose `key_ops` holds `sign` and refuses a set with
//! none or several; the CLI writes every key it generates with `["sign", "verify"]` and signs its
//! own API keys with the first. Both read the same here: the first key that may sign signs, so a
//! key appended after it (`gen signing-key --append`) is published and verifies tokens without
//! signing any. Every asymmetric key's public part is published; `oct` keys verify tokens that
//! name them by `kid` and are never published.
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use cb_gateway::VerificationKey;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header};
use p256::pkcs8::EncodePrivateKey as _;
use rsa::pkcs1::EncodeRsaPrivateKey as _;
use rsa::traits::{PrivateKeyParts as _, PublicKeyParts as _};
use rsa::{BigUint, RsaPrivateKey};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The smallest RSA modulus ring signs and verifies with.
const MIN_RSA_BITS: usize = 2048;

/// The signing key in use and the public keys to publish.
#[derive(Clone)]
pub struct SigningKeys {
    header: Header,
    encoding: EncodingKey,
    /// Public JWKs (no private parts), in the set's order.
    public: Vec<Value>,
    /// Every key of the set, to verify the tokens that name it (parsed once, here).
    verification: Vec<VerificationKey>,
}

impl std::fmt::Debug for SigningKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SigningKeys")
            .field("alg", &self.header.alg)
            .field("kid", &self.header.kid)
            .finish_non_exhaustive()
    }
}

/// A JWK as the Supabase CLI writes it (`supabase gen signing-key`), in its field order.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Jwk {
    kty: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    kid: Option<String>,
    #[serde(rename = "use", skip_serializing_if = "Option::is_none")]
    use_: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    key_ops: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alg: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ext: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    n: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    e: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    d: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    p: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    q: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dp: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dq: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    qi: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    crv: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    x: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    y: Option<String>,
    /// An `oct` key's secret.
    #[serde(skip_serializing_if = "Option::is_none")]
    k: Option<String>,
}

/// One key of the set, parsed and checked.
struct LoadedKey {
    kid: String,
    algorithm: Algorithm,
    may_sign: bool,
    encoding: EncodingKey,
    decoding: DecodingKey,
    /// None for an HMAC key, which is never published.
    public: Option<Value>,
}

impl SigningKeys {
    /// HS256 with the project's JWT secret.
    pub fn hs256(secret: &str) -> Self {
        Self {
            header: Header::new(Algorithm::HS256),
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            public: Vec::new(),
            verification: Vec::new(),
        }
    }

    /// The signing key set in `text`: a JSON array of private JWKs, the format of the CLI's
    /// signing keys file and of `GOTRUE_JWT_KEYS`. The error is one line naming the key at fault
    /// (never a key's value).
    pub fn from_jwks(text: &str) -> Result<Self, String> {
        let jwks: Vec<Jwk> = serde_json::from_str(text)
            .map_err(|err| format!("not a JSON array of JWKs ({err})"))?;
        if jwks.is_empty() {
            return Err(
                "holds no key: add one with `claimbridge gen signing-key --append <file>`".into(),
            );
        }
        let mut keys: Vec<LoadedKey> = Vec::with_capacity(jwks.len());
        for (index, jwk) in jwks.iter().enumerate() {
            let kid = jwk.kid.as_deref().unwrap_or("");
            let name = format!("key {} (kid '{kid}')", index + 1);
            let key = load(jwk).map_err(|reason| format!("{name}: {reason}"))?;
            if keys.iter().any(|other| other.kid == key.kid) {
                return Err(format!("{name}: another key has the same kid"));
            }
            keys.push(key);
        }
        let signing = keys
            .iter()
            .find(|key| key.may_sign)
            .ok_or("no key may sign: give the signing key \"key_ops\": [\"sign\", \"verify\"]")?;
        let mut header = Header::new(signing.algorithm);
        header.kid = Some(signing.kid.clone());
        let signing_keys = Self {
            header,
            encoding: signing.encoding.clone(),
            public: keys.iter().filter_map(|key| key.public.clone()).collect(),
            verification: keys
                .iter()
                .map(|key| VerificationKey::new(&key.kid, key.algorithm, key.decoding.clone()))
                .collect(),
        };
        // ring reads the private key only when it signs: sign once now, so a key it refuses
        // stops the start instead of every sign-in.
        let probe = jsonwebtoken::encode(&signing_keys.header, &json!({}), &signing.encoding)
            .map_err(|err| format!("kid '{}' cannot sign ({err})", signing.kid))?;
        let mut validation = jsonwebtoken::Validation::new(signing.algorithm);
        validation.required_spec_claims.clear();
        jsonwebtoken::decode::<Value>(&probe, &signing.decoding, &validation).map_err(|_| {
            format!(
                "kid '{}': its private part does not match its public part",
                signing.kid
            )
        })?;
        Ok(signing_keys)
    }

    /// A signed JWT of `claims`, with the signing key's `alg` and `kid` in its header.
    pub fn sign(&self, claims: &Value) -> String {
        jsonwebtoken::encode(&self.header, claims, &self.encoding)
            .expect("signing a JSON object with a loaded key cannot fail")
    }

    /// The JWKS document: `{"keys": [...]}` with every public key (empty for HS256 alone).
    pub fn jwks(&self) -> Value {
        json!({ "keys": self.public })
    }

    /// The keys that verify tokens naming them by `kid` (for `JwtVerifier::with_keys`).
    pub fn verification_keys(&self) -> Vec<VerificationKey> {
        self.verification.clone()
    }

    /// A new private JWK as `supabase gen signing-key --algorithm <ES256|RS256>` prints it: a
    /// random UUID as `kid`, `use` "sig", `key_ops` ["sign", "verify"], `ext` true, and the
    /// private parts (RSA: 2048 bits).
    pub fn generate(algorithm: &str) -> Result<Value, String> {
        let mut rng = rsa::rand_core::OsRng;
        let common = Jwk {
            kid: Some(uuid::Uuid::new_v4().to_string()),
            use_: Some("sig".into()),
            key_ops: Some(vec!["sign".into(), "verify".into()]),
            ext: Some(true),
            ..Jwk::default()
        };
        let jwk = match algorithm {
            "RS256" => {
                let key = RsaPrivateKey::new(&mut rng, MIN_RSA_BITS)
                    .map_err(|err| format!("generating an RSA key failed: {err}"))?;
                let part = |number: &BigUint| Some(b64(&number.to_bytes_be()));
                let crt = |number: Option<&BigUint>| number.and_then(part);
                Jwk {
                    kty: "RSA".into(),
                    alg: Some("RS256".into()),
                    n: part(key.n()),
                    e: part(key.e()),
                    d: part(key.d()),
                    p: part(&key.primes()[0]),
                    q: part(&key.primes()[1]),
                    dp: crt(key.dp()),
                    dq: crt(key.dq()),
                    qi: key.crt_coefficient().as_ref().and_then(part),
                    ..common
                }
            }
            "ES256" => {
                let secret = p256::SecretKey::random(&mut rng);
                let point = p256::elliptic_curve::sec1::ToEncodedPoint::to_encoded_point(
                    &secret.public_key(),
                    false,
                );
                Jwk {
                    kty: "EC".into(),
                    alg: Some("ES256".into()),
                    crv: Some("P-256".into()),
                    x: point.x().map(|x| b64(x)),
                    y: point.y().map(|y| b64(y)),
                    d: Some(b64(&secret.to_bytes())),
                    ..common
                }
            }
            other => return Err(format!("unsupported algorithm: {other} (ES256 or RS256)")),
        };
        Ok(serde_json::to_value(jwk).expect("a JWK serializes"))
    }
}

/// Parses and checks one private JWK.
fn load(jwk: &Jwk) -> Result<LoadedKey, String> {
    let kid = jwk
        .kid
        .clone()
        .filter(|kid| !kid.is_empty())
        .ok_or("has no kid: tokens name their key by it")?;
    let may_sign = jwk
        .key_ops
        .as_ref()
        .is_some_and(|ops| ops.iter().any(|op| op == "sign"));
    let algorithm = |allowed: &[(&str, Algorithm)]| -> Result<Algorithm, String> {
        let wanted = jwk.alg.as_deref().unwrap_or(allowed[0].0);
        allowed
            .iter()
            .find(|(name, _)| *name == wanted)
            .map(|(_, algorithm)| *algorithm)
            .ok_or_else(|| format!("alg '{wanted}' does not go with kty '{}'", jwk.kty))
    };
    let (algorithm, encoding, decoding, public) = match jwk.kty.as_str() {
        "RSA" => {
            let algorithm = algorithm(&[("RS256", Algorithm::RS256)])?;
            let (encoding, decoding, n, e) = rsa_key(jwk)?;
            let public = Jwk {
                n: Some(n),
                e: Some(e),
                ..public_fields(jwk, &kid, "RS256")
            };
            (algorithm, encoding, decoding, Some(public))
        }
        "EC" => {
            let algorithm = algorithm(&[("ES256", Algorithm::ES256)])?;
            let (encoding, decoding, x, y) = ec_key(jwk)?;
            let public = Jwk {
                crv: Some("P-256".into()),
                x: Some(x),
                y: Some(y),
                ..public_fields(jwk, &kid, "ES256")
            };
            (algorithm, encoding, decoding, Some(public))
        }
        "oct" => {
            let algorithm = algorithm(&[
                ("HS256", Algorithm::HS256),
                ("HS384", Algorithm::HS384),
                ("HS512", Algorithm::HS512),
            ])?;
            let secret = decode_part(jwk.k.as_deref(), "k")?;
            (
                algorithm,
                EncodingKey::from_secret(&secret),
                DecodingKey::from_secret(&secret),
                None,
            )
        }
        other => {
            return Err(format!(
                "kty '{other}' is not supported: use RSA (RS256), EC P-256 (ES256) or oct"
            ));
        }
    };
    let public = public.map(|jwk| serde_json::to_value(jwk).expect("a JWK serializes"));
    Ok(LoadedKey {
        kid,
        algorithm,
        may_sign,
        encoding,
        decoding,
        public,
    })
}

/// The fields a published key carries besides its public numbers, as GoTrue publishes them:
/// `use` "sig" and `key_ops` ["verify"] whatever the private key said.
fn public_fields(jwk: &Jwk, kid: &str, alg: &str) -> Jwk {
    Jwk {
        kty: jwk.kty.clone(),
        kid: Some(kid.to_string()),
        use_: Some("sig".into()),
        key_ops: Some(vec!["verify".into()]),
        alg: Some(alg.into()),
        ext: jwk.ext,
        ..Jwk::default()
    }
}

/// A base64url part of a JWK, which must be there.
fn decode_part(part: Option<&str>, name: &str) -> Result<Vec<u8>, String> {
    let text = part.ok_or_else(|| format!("has no '{name}'"))?;
    URL_SAFE_NO_PAD
        .decode(text.trim_end_matches('='))
        .map_err(|_| format!("'{name}' is not base64url"))
}

fn biguint(jwk_part: Option<&str>, name: &str) -> Result<BigUint, String> {
    decode_part(jwk_part, name).map(|bytes| BigUint::from_bytes_be(&bytes))
}

fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// An RSA key: ring's PKCS#1 DER for signing, the public numbers (as given) for verifying.
fn rsa_key(jwk: &Jwk) -> Result<(EncodingKey, DecodingKey, String, String), String> {
    let n = biguint(jwk.n.as_deref(), "n")?;
    let e = biguint(jwk.e.as_deref(), "e")?;
    let d = biguint(jwk.d.as_deref(), "d")?;
    let primes = match (jwk.p.as_deref(), jwk.q.as_deref()) {
        (Some(p), Some(q)) => vec![biguint(Some(p), "p")?, biguint(Some(q), "q")?],
        // Recovered from n, e and d.
        _ => Vec::new(),
    };
    if n.bits() < MIN_RSA_BITS {
        return Err(format!(
            "an RSA modulus of {} bits is too small: use at least {MIN_RSA_BITS}",
            n.bits()
        ));
    }
    let private = RsaPrivateKey::from_components(n, e, d, primes)
        .map_err(|err| format!("is not a consistent RSA private key ({err})"))?;
    let der = private
        .to_pkcs1_der()
        .map_err(|err| format!("cannot be encoded ({err})"))?;
    let n = b64(&private.n().to_bytes_be());
    let e = b64(&private.e().to_bytes_be());
    let decoding = DecodingKey::from_rsa_components(&n, &e)
        .map_err(|err| format!("has an unusable public part ({err})"))?;
    Ok((EncodingKey::from_rsa_der(der.as_bytes()), decoding, n, e))
}

/// An EC P-256 key: PKCS#8 DER for signing, and the public point computed from `d` (which `x`
/// and `y` must be), full-length as WebCrypto wants it.
fn ec_key(jwk: &Jwk) -> Result<(EncodingKey, DecodingKey, String, String), String> {
    if jwk.crv.as_deref() != Some("P-256") {
        return Err(format!(
            "crv '{}' is not supported: ES256 keys are P-256",
            jwk.crv.as_deref().unwrap_or("")
        ));
    }
    let d = decode_part(jwk.d.as_deref(), "d")?;
    let secret = p256::SecretKey::from_slice(&d).map_err(|_| "'d' is not a P-256 private key")?;
    let point =
        p256::elliptic_curve::sec1::ToEncodedPoint::to_encoded_point(&secret.public_key(), false);
    let (x, y) = match (point.x(), point.y()) {
        (Some(x), Some(y)) => (x.to_vec(), y.to_vec()),
        _ => return Err("'d' gives no public point".into()),
    };
    // The CLI writes big-endian numbers without leading zeros; compare them as numbers.
    let same = |given: Option<&str>, name: &str, computed: &[u8]| -> Result<bool, String> {
        let given = decode_part(given, name)?;
        Ok(BigUint::from_bytes_be(&given) == BigUint::from_bytes_be(computed))
    };
    if !(same(jwk.x.as_deref(), "x", &x)? && same(jwk.y.as_deref(), "y", &y)?) {
        return Err("'x' and 'y' are not the public point of 'd'".into());
    }
    let der = secret
        .to_pkcs8_der()
        .map_err(|err| format!("cannot be encoded ({err})"))?;
    let (x, y) = (b64(&x), b64(&y));
    let decoding = DecodingKey::from_ec_components(&x, &y)
        .map_err(|err| format!("has an unusable public part ({err})"))?;
    Ok((EncodingKey::from_ec_der(der.as_bytes()), decoding, x, y))
}

#[cfg(test)]
mod tests;
