//! The HTTP answer about one variant: its validators and caching headers, 304 when the
//! client's copy is current, and the whole variant or the requested range of it.
use std::time::SystemTime;

use axum::body::Body;
use axum::response::Response;
use bytes::Bytes;
use http::{HeaderMap, HeaderValue, StatusCode, header};

use super::Prepared;
use super::hot::HotEntry;
use super::streams::window;
use crate::backend::ByteStream;
use crate::db::ObjectRow;
use crate::error::StorageError;
use cb_http_file::{RangeRequest, byte_range};

use crate::serve;

/// What the validators and caching headers are made of.
#[derive(Debug, Clone)]
pub(super) struct Meta {
    pub(super) etag: String,
    pub(super) modified: Option<SystemTime>,
    pub(super) cache_control: String,
}

impl Meta {
    /// The variant's entity tag is the source's (its MD5, or its version) and the variant's name.
    pub(super) fn of(row: &ObjectRow, name: &str) -> Self {
        let base = row
            .etag()
            .map(|etag| {
                etag.trim()
                    .trim_start_matches("W/")
                    .trim_matches('"')
                    .to_string()
            })
            .filter(|etag| !etag.is_empty())
            .unwrap_or_else(|| row.stored_version());
        Self {
            etag: format!("\"{base}-{name}\""),
            modified: row.last_modified().map(SystemTime::from),
            cache_control: row.cache_control(),
        }
    }

    fn of_entry(entry: &HotEntry) -> Self {
        Self {
            etag: entry.etag.clone(),
            modified: entry.modified,
            cache_control: entry.cache_control.clone(),
        }
    }
}

/// The headers of every answer about this variant, Content-Type and length aside.
fn variant_headers(meta: &Meta, prepared: &Prepared) -> HeaderMap {
    let request = &prepared.request;
    let mut headers = HeaderMap::new();
    serve::insert(&mut headers, header::ETAG, &meta.etag);
    if let Some(modified) = meta.modified {
        serve::insert(
            &mut headers,
            header::LAST_MODIFIED,
            &httpdate::fmt_http_date(modified),
        );
    }
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    match request.expires {
        Some(expires) => serve::insert(
            &mut headers,
            header::EXPIRES,
            &httpdate::fmt_http_date(expires),
        ),
        None => serve::insert(&mut headers, header::CACHE_CONTROL, &meta.cache_control),
    }
    headers.insert("x-robots-tag", HeaderValue::from_static("none"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if let Some(value) = request
        .transform
        .x_transformations()
        .and_then(|applied| HeaderValue::from_str(&applied).ok())
    {
        headers.insert("x-transformations", value);
    }
    if prepared.varies {
        headers.insert(header::VARY, HeaderValue::from_static("Accept"));
    }
    serve::set_disposition(&mut headers, request.download.as_deref());
    headers
}

/// 304 when the client's copy is current.
pub(super) fn not_modified(
    request_headers: &HeaderMap,
    meta: &Meta,
    prepared: &Prepared,
) -> Option<Response> {
    if !serve::not_modified(request_headers, Some(&meta.etag), meta.modified) {
        return None;
    }
    let mut response = Response::new(Body::empty());
    *response.status_mut() = StatusCode::NOT_MODIFIED;
    *response.headers_mut() = variant_headers(meta, prepared);
    Some(response)
}

/// The bytes of an answer.
pub(super) enum Payload {
    Memory(Bytes),
    Stream(ByteStream),
}

/// The full answer (or the requested range of it).
pub(super) fn answer(
    request_headers: &HeaderMap,
    prepared: &Prepared,
    meta: &Meta,
    content_type: &str,
    payload: Payload,
    len: u64,
) -> Result<Response, StorageError> {
    let mut headers = variant_headers(meta, prepared);
    let range = match request_headers
        .get(header::RANGE)
        .and_then(|value| value.to_str().ok())
    {
        Some(value)
            if serve::if_range_matches(request_headers, Some(&meta.etag), meta.modified) =>
        {
            byte_range(value, len)
        }
        _ => RangeRequest::Full,
    };
    let (status, body, length) = match (range, payload) {
        (RangeRequest::Full, Payload::Memory(bytes)) => (StatusCode::OK, Body::from(bytes), len),
        (RangeRequest::Full, Payload::Stream(stream)) => {
            (StatusCode::OK, Body::from_stream(stream), len)
        }
        (RangeRequest::Partial(range), payload) => {
            serve::insert(
                &mut headers,
                header::CONTENT_RANGE,
                &format!("bytes {}-{}/{len}", range.start, range.end),
            );
            let body = match payload {
                Payload::Memory(bytes) => {
                    Body::from(bytes.slice(range.start as usize..=range.end as usize))
                }
                Payload::Stream(stream) => {
                    Body::from_stream(window(stream, range.start, range.len()))
                }
            };
            (StatusCode::PARTIAL_CONTENT, body, range.len())
        }
        (RangeRequest::Unsatisfiable, _) => return Err(StorageError::InvalidRange { size: len }),
    };
    serve::insert(&mut headers, header::CONTENT_TYPE, content_type);
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    let mut response = Response::new(body);
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    Ok(response)
}

/// The answer from a variant memory holds.
pub(super) fn answer_entry(
    request_headers: &HeaderMap,
    prepared: &Prepared,
    entry: &HotEntry,
) -> Result<Response, StorageError> {
    let meta = Meta::of_entry(entry);
    if let Some(response) = not_modified(request_headers, &meta, prepared) {
        return Ok(response);
    }
    answer(
        request_headers,
        prepared,
        &meta,
        entry.content_type,
        Payload::Memory(entry.bytes.clone()),
        entry.bytes.len() as u64,
    )
}
