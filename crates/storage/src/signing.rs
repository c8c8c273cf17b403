//! Signed URLs: HS256 capability tokens naming one `bucket/key`, a scope and an expiry.
//! Download tokens (`scope: download`) serve the object without any other credential; upload
//! tokens (`scope: upload`, with the owner and upsert flag) accept one upload to that key.
//! A download token may also carry image transformations (`transformations`, `format`, as
//! Storage writes them): it then opens `/render/image/sign/...` with exactly those.
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::error::StorageError;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub(crate) struct SignedClaims {
    pub(crate) url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) scope: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) owner: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) upsert: Option<bool>,
    /// `height:100,width:100,resize:cover,...` for a transformed image.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) transformations: Option<String>,
    /// The transform's `format` (`origin`, `webp`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) format: Option<String>,
    pub(crate) iat: i64,
    pub(crate) exp: i64,
}

#[derive(Clone)]
pub(crate) struct Signer {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Signer").finish_non_exhaustive()
    }
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// What each route expects of a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    Download,
    Upload,
}

impl Signer {
    pub(crate) fn new(secret: &str) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.validate_aud = false;
        validation.set_required_spec_claims(&["exp"]);
        Self {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
            validation,
        }
    }

    fn sign(&self, claims: &SignedClaims) -> Result<String, StorageError> {
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding)
            .map_err(StorageError::internal)
    }

    pub(crate) fn sign_download(&self, url: &str, expires_in: i64) -> Result<String, StorageError> {
        self.sign_transformed_download(url, expires_in, None, None)
    }

    /// A download token carrying image transformations (empty ones are left out, as Storage
    /// drops falsy claims).
    pub(crate) fn sign_transformed_download(
        &self,
        url: &str,
        expires_in: i64,
        transformations: Option<String>,
        format: Option<String>,
    ) -> Result<String, StorageError> {
        let iat = now();
        self.sign(&SignedClaims {
            url: url.to_string(),
            scope: Some("download".into()),
            owner: None,
            upsert: None,
            transformations: transformations.filter(|text| !text.is_empty()),
            format: format.filter(|text| !text.is_empty()),
            iat,
            exp: iat.saturating_add(expires_in),
        })
    }

    pub(crate) fn sign_upload(
        &self,
        url: &str,
        owner: Option<String>,
        upsert: bool,
        expires_in: i64,
    ) -> Result<String, StorageError> {
        let iat = now();
        self.sign(&SignedClaims {
            url: url.to_string(),
            scope: Some("upload".into()),
            owner,
            upsert: Some(upsert),
            transformations: None,
            format: None,
            iat,
            exp: iat.saturating_add(expires_in),
        })
    }

    /// Verifies `token` for `url` (`bucket/key`, decoded) and `scope`.
    pub(crate) fn verify(
        &self,
        token: &str,
        url: &str,
        scope: Scope,
    ) -> Result<SignedClaims, StorageError> {
        if token.split('.').count() != 3 {
            return Err(StorageError::InvalidJwt("Invalid Compact JWS".into()));
        }
        let claims = jsonwebtoken::decode::<SignedClaims>(token, &self.decoding, &self.validation)
            .map_err(|err| match err.kind() {
                ErrorKind::ExpiredSignature => StorageError::ExpiredToken,
                ErrorKind::InvalidSignature => {
                    StorageError::InvalidJwt("signature verification failed".into())
                }
                ErrorKind::MissingRequiredClaim(claim) => {
                    StorageError::InvalidJwt(format!("missing required \"{claim}\" claim"))
                }
                _ => StorageError::InvalidJwt("Invalid Compact JWS".into()),
            })?
            .claims;
        if claims.url != url {
            return Err(StorageError::InvalidSignature("Invalid signature".into()));
        }
        match scope {
            Scope::Download => {
                let legacy = claims.scope.is_none() && claims.upsert.is_none();
                if claims.scope.as_deref() != Some("download") && !legacy {
                    return Err(StorageError::InvalidSignature(
                        "Token is not scoped for download".into(),
                    ));
                }
            }
            Scope::Upload => {
                if claims.scope.as_deref() != Some("upload") {
                    return Err(StorageError::InvalidSignature(
                        "Token is not scoped for upload".into(),
                    ));
                }
            }
        }
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_bound_to_their_url_scope_and_expiry() {
        let signer = Signer::new("a-signing-secret-that-is-long-enough-123");
        let token = signer.sign_download("b/a.pdf", 60).unwrap();
        assert_eq!(
            signer
                .verify(&token, "b/a.pdf", Scope::Download)
                .unwrap()
                .url,
            "b/a.pdf"
        );
        assert_eq!(
            signer.verify(&token, "b/other.pdf", Scope::Download),
            Err(StorageError::InvalidSignature("Invalid signature".into()))
        );
        assert!(matches!(
            signer.verify(&token, "b/a.pdf", Scope::Upload),
            Err(StorageError::InvalidSignature(_))
        ));
        let upload = signer.sign_upload("b/a.pdf", None, false, 60).unwrap();
        assert_eq!(
            signer.verify(&upload, "b/a.pdf", Scope::Download),
            Err(StorageError::InvalidSignature(
                "Token is not scoped for download".into()
            ))
        );
        let expired = signer.sign_download("b/a.pdf", -10).unwrap();
        assert_eq!(
            signer.verify(&expired, "b/a.pdf", Scope::Download),
            Err(StorageError::ExpiredToken)
        );
        let other = Signer::new("another-secret-another-secret-another");
        assert_eq!(
            other.verify(&token, "b/a.pdf", Scope::Download),
            Err(StorageError::InvalidJwt(
                "signature verification failed".into()
            ))
        );
        assert!(matches!(
            signer.verify("garbage", "b/a.pdf", Scope::Download),
            Err(StorageError::InvalidJwt(_))
        ));
    }

    #[test]
    fn download_tokens_carry_their_transformations() {
        let signer = Signer::new("a-signing-secret-that-is-long-enough-123");
        let token = signer
            .sign_transformed_download(
                "b/a.png",
                60,
                Some("height:10,width:20".into()),
                Some("origin".into()),
            )
            .unwrap();
        let claims = signer.verify(&token, "b/a.png", Scope::Download).unwrap();
        assert_eq!(
            claims.transformations.as_deref(),
            Some("height:10,width:20")
        );
        assert_eq!(claims.format.as_deref(), Some("origin"));
        let plain = signer.sign_download("b/a.png", 60).unwrap();
        let claims = signer.verify(&plain, "b/a.png", Scope::Download).unwrap();
        assert_eq!((claims.transformations, claims.format), (None, None));
        let empty = signer
            .sign_transformed_download("b/a.png", 60, Some(String::new()), Some(String::new()))
            .unwrap();
        let payload = empty.split('.').nth(1).unwrap();
        use base64::Engine as _;
        let json = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(payload)
            .unwrap();
        let text = String::from_utf8(json).unwrap();
        assert!(
            !text.contains("transformations") && !text.contains("format"),
            "{text}"
        );
    }
}
