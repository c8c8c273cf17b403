//! `POST /object/sign/{bucket}/{*path}`: a signed download URL for an object the caller's
//! policies show, relative to `/storage/v1` and not percent-encoded (the client encodes it).
//! With a `transform` that changes the image (storage-js `createSignedUrl(path, n,
//! {transform})`), the token carries the transformations and the URL is
//! `/render/image/sign/...`, as Storage answers.
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use serde_json::{Value, json};

use super::Shared;
use crate::db;
use crate::error::StorageError;
use crate::render::params::{AVIF_UNSUPPORTED, Format, Transform};
use crate::request::{CallerJson, ObjectPath, required};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SignBody {
    expires_in: Option<Value>,
    #[serde(default)]
    transform: Option<Value>,
}

/// `expiresIn`: a whole number of seconds, at least 1; a numeric string counts, as Storage's
/// request validation coerces it (supabase-py sends `"60"`).
pub(super) fn expires_in(value: Option<&Value>) -> Result<i64, StorageError> {
    let value = required(value, "expiresIn")?;
    let whole = |f: f64| (f.fract() == 0.0 && f.abs() < 1e15).then_some(f as i64);
    let seconds = match value {
        Value::String(text) => {
            let text = text.trim();
            text.parse::<i64>()
                .ok()
                .or_else(|| text.parse::<f64>().ok().and_then(whole))
        }
        other => other.as_i64().or_else(|| other.as_f64().and_then(whole)),
    }
    .ok_or_else(|| StorageError::BadRequest("body/expiresIn must be integer".into()))?;
    if seconds < 1 {
        return Err(StorageError::BadRequest(
            "body/expiresIn must be >= 1".into(),
        ));
    }
    Ok(seconds)
}

pub(super) async fn handler(
    State(state): State<Shared>,
    path: ObjectPath,
    CallerJson { identity, body }: CallerJson<SignBody>,
) -> Result<Json<Value>, StorageError> {
    let seconds = expires_in(body.expires_in.as_ref())?;
    // Storage ignores `transform` when transformations are off.
    let transform = match &body.transform {
        Some(value) if state.renderer.enabled() && !value.is_null() => {
            let transform = Transform::from_json(value, state.renderer.max_dimension())?;
            if transform.format == Some(Format::Avif) {
                return Err(StorageError::InvalidRequest(AVIF_UNSUPPORTED.into()));
            }
            Some(transform)
        }
        _ => None,
    };
    db::find_object_as(
        &state.pool,
        &identity,
        "storage.object.sign",
        &path.bucket,
        &path.key,
    )
    .await?
    .ok_or(StorageError::NoSuchKey)?;
    let url = path.full();
    let transformations = transform
        .map(|transform| transform.signed_claim())
        .filter(|text| !text.is_empty());
    let format = transform
        .and_then(|transform| transform.format)
        .map(|format| format.as_str().to_string());
    let route = if transformations.is_some() {
        "render/image"
    } else {
        "object"
    };
    let token = state
        .signer
        .sign_transformed_download(&url, seconds, transformations, format)?;
    Ok(Json(
        json!({ "signedURL": format!("/{route}/sign/{url}?token={token}") }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expires_in_takes_whole_numbers_and_numeric_strings() {
        for (value, expected) in [
            (json!(60), Ok(60)),
            (json!(60.0), Ok(60)),
            (json!("60"), Ok(60)),
            (json!(" 3600 "), Ok(3600)),
            (json!(i64::MAX / 2), Ok(i64::MAX / 2)),
            (json!("1000000000000"), Ok(1_000_000_000_000)),
            (json!("60.5"), Err("body/expiresIn must be integer")),
            (json!("soon"), Err("body/expiresIn must be integer")),
            (json!(""), Err("body/expiresIn must be integer")),
            (json!(null), Err("body/expiresIn must be integer")),
            (json!(0), Err("body/expiresIn must be >= 1")),
            (json!("-5"), Err("body/expiresIn must be >= 1")),
        ] {
            let got = expires_in(Some(&value)).map_err(|err| err.to_string());
            assert_eq!(got, expected.map_err(str::to_string), "{value}");
        }
    }
}
