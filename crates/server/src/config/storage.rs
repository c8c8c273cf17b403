//! /storage/v1: the object store (the data directory or S3), the upload cap, signed URLs and
//! image transformations.
use std::path::PathBuf;
use std::time::Duration;

use cb_gateway::JwtVerifier;

use super::auth::require_secret_length;
use super::lookup::{is_http_url, parse_bool, parse_number};
use super::{ConfigError, supabase_toml};

/// The object store and the upload limits (docs/configuration.md, "Storage" variables).
pub(super) fn settings(
    get: &impl Fn(&str) -> Option<String>,
    jwt_secret: &str,
    verifier: JwtVerifier,
) -> Result<cb_storage::StorageConfig, ConfigError> {
    let data_dir = PathBuf::from(get("CLAIMBRIDGE_DATA_DIR").unwrap_or_else(|| ".data".into()));
    let backend = match get("STORAGE_BACKEND").as_deref() {
        None | Some("file") => cb_storage::BackendConfig::File {
            root: data_dir.join("storage"),
        },
        Some("s3") => {
            let required = |name: &str| {
                get(name).ok_or_else(|| {
                    ConfigError(format!(
                        "{name} is not set, which STORAGE_BACKEND=s3 needs: set it (see docs/configuration.md, Storage)"
                    ))
                })
            };
            let endpoint = get("S3_ENDPOINT");
            if let Some(url) = &endpoint
                && !is_http_url(url)
            {
                return Err(ConfigError(
                    "S3_ENDPOINT must start with http:// or https:// (e.g. http://minio:9000)"
                        .into(),
                ));
            }
            cb_storage::BackendConfig::S3(cb_storage::S3Settings {
                endpoint,
                region: get("S3_REGION").unwrap_or_else(|| "us-east-1".into()),
                bucket: required("S3_BUCKET")?,
                force_path_style: parse_bool(get, "S3_FORCE_PATH_STYLE", false)?,
                access_key_id: required("S3_ACCESS_KEY_ID")?,
                secret_access_key: required("S3_SECRET_ACCESS_KEY")?.into(),
            })
        }
        Some(other) => {
            return Err(ConfigError(format!(
                "STORAGE_BACKEND is '{other}': set it to 'file' or 's3'"
            )));
        }
    };
    let signing_secret = get("STORAGE_SIGNING_SECRET").unwrap_or_else(|| jwt_secret.to_string());
    require_secret_length(
        "STORAGE_SIGNING_SECRET",
        &signing_secret,
        ", or unset it to sign with JWT_SECRET",
    )?;
    let request_timeout = super::listen::request_timeout(get)?;
    Ok(cb_storage::StorageConfig {
        backend,
        file_size_limit: match get("STORAGE_FILE_SIZE_LIMIT") {
            None => 50 * 1024 * 1024,
            Some(text) => supabase_toml::parse_size(&text).ok_or_else(|| {
                ConfigError(format!(
                    "STORAGE_FILE_SIZE_LIMIT is '{text}': set it to bytes or a size such as 50MiB"
                ))
            })?,
        },
        verifier,
        signing_secret: signing_secret.into(),
        signed_upload_expiry: Duration::from_secs(
            parse_number(get, "STORAGE_SIGNED_UPLOAD_EXPIRY_SECS", 7200u64)?.max(1),
        ),
        request_timeout,
        idle_timeout: request_timeout,
        images: cb_storage::ImageConfig {
            enabled: parse_bool(get, "STORAGE_IMAGE_TRANSFORMATION", true)?,
            max_dimension: parse_number(get, "STORAGE_IMAGE_MAX_SIZE", 2500u32)?.max(1),
            max_source_pixels: parse_number(get, "STORAGE_IMAGE_MAX_SOURCE_PIXELS", 50_000_000u64)?,
            max_source_bytes: parse_number(get, "STORAGE_IMAGE_MAX_SOURCE_BYTES", 26_214_400u64)?,
            concurrency: parse_number(
                get,
                "STORAGE_IMAGE_CONCURRENCY",
                cb_storage::ImageConfig::default().concurrency,
            )?
            .max(1),
            memory_cache_bytes: parse_number(
                get,
                "STORAGE_IMAGE_MEMORY_CACHE_BYTES",
                64 * 1024 * 1024u64,
            )?,
        },
    })
}
