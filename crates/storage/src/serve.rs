//! Download responses: the stored bytes streamed from the backend with Storage's headers,
//! conditional requests (If-None-Match, If-Modified-Since → 304), single byte ranges (206, or
//! 416 when unsatisfiable), `?download` dispositions, and the headers that keep an uploaded
//! file from running as a page of our origin.
use std::time::{Duration, SystemTime};

use axum::body::Body;
use axum::response::Response;
use cb_http_file::{RangeRequest, byte_range, whole_seconds};
use http::{HeaderMap, HeaderValue, StatusCode, header};

use crate::StorageState;
use crate::backend::StoreError;
use crate::db::ObjectRow;
use crate::error::StorageError;
use crate::mime;

/// What the route adds to the plain download.
#[derive(Debug, Default, Clone)]
pub(crate) struct ServeOptions {
    /// `?download` (empty) or `?download=name`.
    pub(crate) download: Option<String>,
    /// Signed URLs answer with `Expires` instead of the stored Cache-Control.
    pub(crate) expires: Option<SystemTime>,
    /// HEAD: headers only.
    pub(crate) head_only: bool,
}

/// The `Expires` of a signed URL whose token ends at `exp` (Unix seconds). A token may be signed
/// for any number of seconds, but an HTTP date ends with the year 9999 (and httpdate panics past
/// it): later expiries are given as the last second of 9999.
pub(crate) fn signed_url_expires(exp: i64) -> SystemTime {
    const LAST_HTTP_DATE: u64 = 253_402_300_799; // 9999-12-31T23:59:59Z
    SystemTime::UNIX_EPOCH + Duration::from_secs((exp.max(0) as u64).min(LAST_HTTP_DATE))
}

/// The value of `name` in a query string, percent-decoded (`+` is a space); `?name` alone is
/// an empty value.
pub(crate) fn query_param(query: Option<&str>, name: &str) -> Option<String> {
    query?.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (decode(key) == name).then(|| decode(value))
    })
}

fn decode(text: &str) -> String {
    percent_encoding::percent_decode_str(&text.replace('+', " "))
        .decode_utf8_lossy()
        .into_owned()
}

/// encodeURIComponent.
pub(crate) fn encode_component(text: &str) -> String {
    const COMPONENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'_')
        .remove(b'.')
        .remove(b'!')
        .remove(b'~')
        .remove(b'*')
        .remove(b'\'')
        .remove(b'(')
        .remove(b')');
    percent_encoding::utf8_percent_encode(text, COMPONENT).to_string()
}

fn weak_equals(a: &str, b: &str) -> bool {
    a.trim().trim_start_matches("W/") == b.trim().trim_start_matches("W/")
}

/// Whether the client's cached copy is current.
pub(crate) fn not_modified(
    headers: &HeaderMap,
    etag: Option<&str>,
    modified: Option<SystemTime>,
) -> bool {
    if let Some(candidates) = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
    {
        return candidates.split(',').any(|candidate| {
            candidate.trim() == "*" || etag.is_some_and(|etag| weak_equals(candidate, etag))
        });
    }
    let since = headers
        .get(header::IF_MODIFIED_SINCE)
        .and_then(|value| value.to_str().ok())
        .and_then(|text| httpdate::parse_http_date(text).ok());
    match (since, modified) {
        (Some(since), Some(modified)) => whole_seconds(modified) <= since,
        _ => false,
    }
}

pub(crate) fn if_range_matches(
    headers: &HeaderMap,
    etag: Option<&str>,
    modified: Option<SystemTime>,
) -> bool {
    let Some(value) = headers
        .get(header::IF_RANGE)
        .and_then(|value| value.to_str().ok())
    else {
        return true;
    };
    let value = value.trim();
    if value.starts_with('"') || value.starts_with("W/") {
        // Strong comparison for If-Range.
        return !value.starts_with("W/") && etag == Some(value);
    }
    match (httpdate::parse_http_date(value), modified) {
        (Ok(date), Some(modified)) => whole_seconds(modified) == date,
        _ => false,
    }
}

pub(crate) fn insert(headers: &mut HeaderMap, name: header::HeaderName, value: &str) {
    if let Ok(value) = HeaderValue::from_str(value) {
        headers.insert(name, value);
    }
}

/// The response headers every answer about this object carries.
fn object_headers(row: &ObjectRow, options: &ServeOptions) -> HeaderMap {
    let mut headers = HeaderMap::new();
    let stored = row.mimetype();
    let content_type = if mime::essence(&stored) == "text/html" {
        stored
            .to_ascii_lowercase()
            .replacen("text/html", "text/plain", 1)
    } else {
        stored.clone()
    };
    insert(&mut headers, header::CONTENT_TYPE, &content_type);
    if let Some(etag) = row.etag() {
        insert(&mut headers, header::ETAG, &etag);
    }
    if let Some(modified) = row.last_modified() {
        insert(
            &mut headers,
            header::LAST_MODIFIED,
            &httpdate::fmt_http_date(SystemTime::from(modified)),
        );
    }
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    match options.expires {
        Some(expires) => insert(
            &mut headers,
            header::EXPIRES,
            &httpdate::fmt_http_date(expires),
        ),
        None => insert(&mut headers, header::CACHE_CONTROL, &row.cache_control()),
    }
    headers.insert("x-robots-tag", HeaderValue::from_static("none"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if mime::is_active_content(&stored) {
        // An SVG or a page opened from our origin must not run script there.
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
            ),
        );
    }
    set_disposition(&mut headers, options.download.as_deref());
    headers
}

/// `Content-Disposition` for `?download` (empty) or `?download=name`.
pub(crate) fn set_disposition(headers: &mut HeaderMap, download: Option<&str>) {
    match download {
        Some("") => {
            headers.insert(
                header::CONTENT_DISPOSITION,
                HeaderValue::from_static("attachment;"),
            );
        }
        Some(name) => {
            let encoded = encode_component(name);
            insert(
                headers,
                header::CONTENT_DISPOSITION,
                &format!("attachment; filename={encoded}; filename*=UTF-8''{encoded}"),
            );
        }
        None => {}
    }
}

/// Answers a download of `row`.
pub(crate) async fn serve(
    state: &StorageState,
    row: &ObjectRow,
    request_headers: &HeaderMap,
    options: &ServeOptions,
) -> Result<Response, StorageError> {
    let size = row.size();
    let etag = row.etag();
    let modified = row.last_modified().map(SystemTime::from);
    let mut headers = object_headers(row, options);

    if not_modified(request_headers, etag.as_deref(), modified) {
        let mut response = Response::new(Body::empty());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        headers.remove(header::CONTENT_TYPE);
        *response.headers_mut() = headers;
        return Ok(response);
    }

    let range = match request_headers
        .get(header::RANGE)
        .and_then(|value| value.to_str().ok())
    {
        Some(value) if if_range_matches(request_headers, etag.as_deref(), modified) => {
            byte_range(value, size)
        }
        _ => RangeRequest::Full,
    };
    let (status, byte_range, length) = match range {
        RangeRequest::Full => (StatusCode::OK, None, size),
        RangeRequest::Partial(range) => (StatusCode::PARTIAL_CONTENT, Some(range), range.len()),
        RangeRequest::Unsatisfiable => return Err(StorageError::InvalidRange { size }),
    };
    if let Some(range) = byte_range {
        insert(
            &mut headers,
            header::CONTENT_RANGE,
            &format!("bytes {}-{}/{size}", range.start, range.end),
        );
    }
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));

    let body = if options.head_only || length == 0 {
        Body::empty()
    } else {
        let stream =
            state
                .store
                .get(&row.location(), byte_range)
                .await
                .map_err(|err| match err {
                    StoreError::NotFound => StorageError::MissingBytes,
                    StoreError::OutsideRoot(key) => StorageError::InvalidKey(key),
                    other => StorageError::internal(other),
                })?;
        Body::from_stream(stream)
    };
    let mut response = Response::new(body);
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_parameters_are_decoded() {
        assert_eq!(
            query_param(Some("download"), "download"),
            Some(String::new())
        );
        assert_eq!(
            query_param(Some("a=1&download=My%20File.pdf"), "download"),
            Some("My File.pdf".into())
        );
        assert_eq!(query_param(Some("token=x"), "download"), None);
        assert_eq!(query_param(None, "download"), None);
        assert_eq!(encode_component("a b/é.pdf"), "a%20b%2F%C3%A9.pdf");
    }
}
