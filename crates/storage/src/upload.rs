//! Uploads: the body as storage-js sends it (multipart with the file part last, or raw bytes
//! with headers), streamed to the backend through a meter that hashes it, enforces the size
//! limit as the bytes arrive (never after buffering them) and fails on an idle client; the type
//! of the first bytes must be one the bucket allows; then the row is written as the caller.
use std::io;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use base64::Engine as _;
use bytes::{Bytes, BytesMut};
use futures_util::{Stream, StreamExt as _};
use http::{HeaderMap, header};
use md5::{Digest as _, Md5};
use serde_json::Value;

use crate::StorageState;
use crate::auth::Identity;
use crate::backend::{ByteStream, Location, StoreError, delete_quietly};
use crate::changes::{self, Change};
use crate::db::{self, BucketRow, NewObject, ObjectRow};
use crate::error::StorageError;
use crate::keys;
use crate::mime;

/// Largest user metadata (the `x-metadata` header or the `metadata` form field).
const MAX_USER_METADATA: usize = 1024 * 1024;
/// Largest text field of a multipart upload other than metadata.
const MAX_FIELD: usize = 64 * 1024;
/// Storage allows at most this many fields before the file.
const MAX_FIELDS: usize = 10;
/// What a multipart upload may carry besides the file: its fields, part headers and boundaries.
pub(crate) const MAX_FORM_OVERHEAD: u64 =
    (MAX_USER_METADATA + MAX_FIELDS * MAX_FIELD) as u64 + 64 * 1024;

/// What the client sent, before any byte of the file was read.
pub(crate) struct UploadBody {
    pub(crate) declared_type: String,
    pub(crate) cache_control: String,
    pub(crate) user_metadata: Option<Value>,
    /// Content-Length of a raw upload (multipart lengths include the form's overhead).
    pub(crate) declared_length: Option<u64>,
    pub(crate) stream: ByteStream,
}

/// Errors that a body stream reports to whoever consumes it; the reason is kept aside so the
/// handler can answer with it.
#[derive(Debug, Clone, Default)]
struct AbortReason(Arc<Mutex<Option<StorageError>>>);

impl AbortReason {
    fn set(&self, error: StorageError) {
        if let Ok(mut slot) = self.0.lock() {
            slot.get_or_insert(error);
        }
    }

    fn take(&self) -> Option<StorageError> {
        self.0.lock().ok().and_then(|mut slot| slot.take())
    }
}

/// Wraps the request body: every chunk must arrive within `idle` of the previous one.
fn idle_limited<S, E>(stream: S, idle: Duration) -> ByteStream
where
    S: Stream<Item = Result<Bytes, E>> + Send + 'static,
    E: std::fmt::Display,
{
    let stream = Box::pin(stream);
    Box::pin(futures_util::stream::unfold(
        (stream, false),
        move |(mut stream, done)| async move {
            if done {
                return None;
            }
            match tokio::time::timeout(idle, stream.next()).await {
                Ok(Some(Ok(bytes))) => Some((Ok(bytes), (stream, false))),
                Ok(Some(Err(err))) => {
                    Some((Err(io::Error::other(err.to_string())), (stream, true)))
                }
                Ok(None) => None,
                Err(_) => Some((
                    Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "no upload data within the idle timeout",
                    )),
                    (stream, true),
                )),
            }
        },
    ))
}

fn header_text<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get(name)
        .and_then(|value| value.to_str().ok())
        .map(str::trim)
        .filter(|value| !value.is_empty())
}

fn parse_user_metadata(text: &str) -> Option<Value> {
    serde_json::from_str::<Value>(text)
        .ok()
        .filter(Value::is_object)
}

/// Reads what precedes the file: the multipart fields, or the headers of a raw upload.
pub(crate) async fn read_upload(
    headers: &HeaderMap,
    body: Body,
    idle: Duration,
) -> Result<UploadBody, StorageError> {
    let content_type = header_text(headers, header::CONTENT_TYPE.as_str()).unwrap_or_default();
    let raw_body = idle_limited(body.into_data_stream(), idle);
    if content_type
        .to_ascii_lowercase()
        .starts_with("multipart/form-data")
    {
        return read_multipart(content_type, raw_body).await;
    }

    let user_metadata = match header_text(headers, "x-metadata") {
        Some(encoded) => {
            if encoded.len() > MAX_USER_METADATA * 4 / 3 + 4 {
                return Err(StorageError::MetadataTooLarge);
            }
            base64::engine::general_purpose::STANDARD
                .decode(encoded)
                .ok()
                .and_then(|bytes| String::from_utf8(bytes).ok())
                .and_then(|text| parse_user_metadata(&text))
        }
        None => None,
    };
    Ok(UploadBody {
        declared_type: if content_type.is_empty() {
            "application/octet-stream".into()
        } else {
            content_type.to_string()
        },
        cache_control: header_text(headers, header::CACHE_CONTROL.as_str())
            .unwrap_or("no-cache")
            .to_string(),
        user_metadata,
        declared_length: header_text(headers, header::CONTENT_LENGTH.as_str())
            .and_then(|length| length.parse().ok()),
        stream: raw_body,
    })
}

async fn read_field(
    field: &mut multer::Field<'static>,
    max: usize,
) -> Result<String, StorageError> {
    let mut text = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(|_| StorageError::NoContent)? {
        text.extend_from_slice(&chunk);
        if text.len() > max {
            return Err(StorageError::MetadataTooLarge);
        }
    }
    String::from_utf8(text).map_err(|_| StorageError::NoContent)
}

async fn read_multipart(content_type: &str, body: ByteStream) -> Result<UploadBody, StorageError> {
    let boundary = multer::parse_boundary(content_type).map_err(|_| StorageError::NoContent)?;
    let mut multipart = multer::Multipart::new(body, boundary);
    let mut cache_time = None;
    let mut field_type = None;
    let mut user_metadata = None;
    let mut fields = 0;
    loop {
        let Some(mut field) = multipart.next_field().await.map_err(|err| match err {
            multer::Error::StreamReadFailed(inner) if inner.to_string().contains("idle") => {
                StorageError::RequestTimeout
            }
            _ => StorageError::NoContent,
        })?
        else {
            return Err(StorageError::NoContent);
        };
        if field.file_name().is_some() {
            let declared_type = field_type
                .or_else(|| field.content_type().map(ToString::to_string))
                .unwrap_or_else(|| "application/octet-stream".to_string());
            // The multipart reader lives as long as the file stream does.
            let stream = futures_util::stream::unfold(
                (field, multipart),
                |(mut field, multipart)| async move {
                    match field.chunk().await {
                        Ok(Some(bytes)) => Some((Ok(bytes), (field, multipart))),
                        Ok(None) => None,
                        Err(err) => {
                            let kind = if err.to_string().contains("idle") {
                                io::ErrorKind::TimedOut
                            } else {
                                io::ErrorKind::UnexpectedEof
                            };
                            Some((
                                Err(io::Error::new(kind, err.to_string())),
                                (field, multipart),
                            ))
                        }
                    }
                },
            );
            return Ok(UploadBody {
                declared_type,
                cache_control: cache_time.map_or_else(
                    || "no-cache".to_string(),
                    |seconds: String| format!("max-age={seconds}"),
                ),
                user_metadata,
                declared_length: None,
                stream: Box::pin(stream),
            });
        }
        fields += 1;
        if fields > MAX_FIELDS {
            return Err(StorageError::InvalidRequest(
                "Too many fields in the upload form".into(),
            ));
        }
        match field.name().unwrap_or_default() {
            "cacheControl" => cache_time = Some(read_field(&mut field, MAX_FIELD).await?),
            "contentType" => {
                let value = read_field(&mut field, MAX_FIELD).await?;
                field_type = (!value.trim().is_empty()).then_some(value);
            }
            "metadata" | "userMetadata" => {
                let text = read_field(&mut field, MAX_USER_METADATA).await?;
                user_metadata = parse_user_metadata(&text);
            }
            _ => {
                read_field(&mut field, MAX_FIELD).await?;
            }
        }
    }
}

/// The bytes as stored: size, quoted MD5 entity tag, and the type kept for them.
#[derive(Debug, Clone)]
pub(crate) struct Stored {
    pub(crate) size: u64,
    pub(crate) etag: String,
    pub(crate) mimetype: String,
}

/// The largest object this bucket takes.
pub(crate) fn size_limit(state: &StorageState, bucket: &BucketRow, key: &str) -> u64 {
    if keys::is_empty_folder_placeholder(key) {
        return 0;
    }
    let global = state.config.file_size_limit;
    match bucket.file_size_limit {
        Some(limit) if limit >= 0 => global.min(limit as u64),
        _ => global,
    }
}

/// Checks what can be checked before any byte is read: the declared type and length.
pub(crate) fn precheck(
    state: &StorageState,
    bucket: &BucketRow,
    key: &str,
    upload: &UploadBody,
) -> Result<(), StorageError> {
    if let Some(allowed) = bucket.allowed_types()
        && !keys::is_empty_folder_placeholder(key)
        && !mime::is_generic(&upload.declared_type)
        && !mime::is_allowed(&upload.declared_type, allowed)
    {
        return Err(StorageError::InvalidMimeType(upload.declared_type.clone()));
    }
    if let Some(length) = upload.declared_length
        && length > size_limit(state, bucket, key)
    {
        return Err(StorageError::EntityTooLarge);
    }
    Ok(())
}

fn body_error(err: &io::Error) -> StorageError {
    if err.kind() == io::ErrorKind::TimedOut {
        StorageError::RequestTimeout
    } else {
        StorageError::InvalidRequest("Request stream closed before upload could complete".into())
    }
}

/// Streams the body to `location`: sniffs the first bytes against the bucket's types, counts
/// (413 the moment the limit is passed) and hashes everything on the way.
pub(crate) async fn store_body(
    state: &StorageState,
    bucket: &BucketRow,
    key: &str,
    location: &Location,
    upload: UploadBody,
) -> Result<Stored, StorageError> {
    let limit = size_limit(state, bucket, key);
    let mut stream = upload.stream;

    // The first bytes, for the type check.
    let mut head = BytesMut::new();
    let mut ended = false;
    while head.len() < mime::SNIFF_BYTES {
        match stream.next().await {
            Some(Ok(chunk)) => {
                head.extend_from_slice(&chunk);
                if head.len() as u64 > limit {
                    return Err(StorageError::EntityTooLarge);
                }
            }
            Some(Err(err)) => return Err(body_error(&err)),
            None => {
                ended = true;
                break;
            }
        }
    }
    if head.is_empty() && ended && !keys::is_empty_folder_placeholder(key) {
        return Err(StorageError::NoContent);
    }
    let mimetype = match bucket.allowed_types() {
        Some(allowed) if !keys::is_empty_folder_placeholder(key) => {
            let detected = mime::sniff(&head).unwrap_or("application/octet-stream");
            if !mime::is_allowed(detected, allowed) {
                return Err(StorageError::InvalidContent {
                    detected: detected.to_string(),
                    declared: upload.declared_type.clone(),
                });
            }
            if mime::essence(&upload.declared_type) == detected {
                upload.declared_type.clone()
            } else {
                detected.to_string()
            }
        }
        _ => upload.declared_type.clone(),
    };

    let abort = AbortReason::default();
    let hasher = Arc::new(Mutex::new(Md5::new()));
    let head = head.freeze();
    let first: ByteStream = Box::pin(futures_util::stream::iter(
        (!head.is_empty()).then(|| Ok(head)),
    ));
    // A finished body stream must not be polled again.
    let rest: ByteStream = if ended {
        Box::pin(futures_util::stream::empty())
    } else {
        stream
    };
    let mut seen = 0u64;
    let metered = {
        let abort = abort.clone();
        let hasher = hasher.clone();
        first.chain(rest).map(move |chunk| {
            let chunk = chunk.inspect_err(|err| abort.set(body_error(err)))?;
            seen += chunk.len() as u64;
            if seen > limit {
                abort.set(StorageError::EntityTooLarge);
                return Err(io::Error::other(
                    "the object exceeded the maximum allowed size",
                ));
            }
            if let Ok(mut hasher) = hasher.lock() {
                hasher.update(&chunk);
            }
            Ok(chunk)
        })
    };
    let size = match state.store.put(location, Box::pin(metered)).await {
        Ok(size) => size,
        Err(StoreError::Body(err)) => return Err(abort.take().unwrap_or_else(|| body_error(&err))),
        Err(StoreError::OutsideRoot(key)) => return Err(StorageError::InvalidKey(key)),
        Err(err) => return Err(StorageError::internal(err)),
    };
    let digest = hasher
        .lock()
        .map(|hasher| hasher.clone().finalize())
        .map_err(|_| StorageError::internal("hasher poisoned"))?;
    Ok(Stored {
        size,
        etag: format!("\"{}\"", hex::encode(digest)),
        mimetype,
    })
}

/// Everything an upload needs to know about where it goes and who sends it.
pub(crate) struct UploadTarget<'a> {
    pub(crate) identity: &'a Identity,
    pub(crate) bucket: &'a str,
    pub(crate) key: &'a str,
    pub(crate) upsert: bool,
    pub(crate) owner: Option<String>,
    pub(crate) operation: &'a str,
}

/// The whole upload: bucket, type and size pre-checks, the policy check as the caller before
/// the body is read, the streamed write under a new version, then the row (as the caller) and
/// the removal of the version it replaced.
pub(crate) async fn upload(
    state: &StorageState,
    target: &UploadTarget<'_>,
    headers: &HeaderMap,
    body: Body,
) -> Result<ObjectRow, StorageError> {
    let bucket = db::require_bucket(&state.pool, target.bucket).await?;
    keys::validate_key(target.key)?;
    let upload = read_upload(headers, body, state.config.idle_timeout).await?;
    precheck(state, &bucket, target.key, &upload)?;

    let placeholder = serde_json::json!({
        "mimetype": upload.declared_type,
        "contentLength": upload.declared_length,
    });
    let probe = NewObject {
        bucket: target.bucket,
        name: target.key,
        owner: target.owner.as_deref(),
        version: "1",
        metadata: &placeholder,
        user_metadata: upload.user_metadata.as_ref(),
    };
    db::test_write(
        &state.pool,
        target.identity,
        target.operation,
        &probe,
        target.upsert,
    )
    .await?;

    let version = uuid::Uuid::new_v4().to_string();
    let location = Location::new(target.bucket, target.key, &version);
    let user_metadata = upload.user_metadata.clone();
    let cache_control = upload.cache_control.clone();
    let stored = store_body(state, &bucket, target.key, &location, upload).await?;

    let metadata = db::system_metadata(&stored.etag, stored.size, &stored.mimetype, &cache_control);
    let object = NewObject {
        bucket: target.bucket,
        name: target.key,
        owner: target.owner.as_deref(),
        version: &version,
        metadata: &metadata,
        user_metadata: user_metadata.as_ref(),
    };
    match commit_row(state, target, &object).await {
        Ok((row, replaced)) => {
            if let Some(old) = replaced {
                delete_quietly(state.store.as_ref(), &[old]).await;
            }
            Ok(row)
        }
        Err(err) => {
            delete_quietly(state.store.as_ref(), &[location]).await;
            Err(err)
        }
    }
}

/// Writes the row as the caller, holding the key's lock; returns it and the location of the
/// version it replaced.
async fn commit_row(
    state: &StorageState,
    target: &UploadTarget<'_>,
    object: &NewObject<'_>,
) -> Result<(ObjectRow, Option<Location>), StorageError> {
    let mut tx = db::begin(&state.pool, target.identity, target.operation, false).await?;
    db::lock_key(&mut tx, target.bucket, target.key).await?;
    let previous = db::find_object(&mut tx, target.bucket, target.key).await?;
    let row = db::write_object(&mut tx, object, target.upsert).await?;
    let change = Change::Object(target.bucket, target.key);
    changes::announce(&mut *tx, change).await?;
    tx.commit().await?;
    changes::forget(state, change);
    let replaced = previous
        .filter(|old| old.version.as_deref() != Some(object.version))
        .map(|old| old.location());
    Ok((row, replaced))
}
