//! The keys the auth server signs access tokens with, and the public half it publishes at
//! `/.well-known/jwks.json`. Without asymmetric keys, tokens are HS256 with the project secret
//! (which is never published).
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};

/// The signing key in use and the public keys to publish.
#[derive(Clone)]
pub struct SigningKeys {
    header: Header,
    encoding: EncodingKey,
    /// Public JWKs (no private parts), the signing key's first.
    public: Vec<Value>,
}

impl std::fmt::Debug for SigningKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SigningKeys")
            .field("alg", &self.header.alg)
            .field("kid", &self.header.kid)
            .finish_non_exhaustive()
    }
}

impl SigningKeys {
    /// HS256 with the project's JWT secret.
    pub fn hs256(secret: &str) -> Self {
        Self {
            header: Header::new(Algorithm::HS256),
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            public: Vec::new(),
        }
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
}
