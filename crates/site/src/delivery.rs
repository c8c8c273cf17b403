//! How a rendered response leaves the server: compressed once (brotli and gzip) when it is
//! rendered, chosen per request by Accept-Encoding, with a weak ETag and 304 on If-None-Match.
use std::io::Write as _;

use axum::body::Body;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use http::{HeaderMap, HeaderValue, StatusCode, header};
use sha2::{Digest as _, Sha256};

use crate::ssr::DateValidity;

/// A response body in every encoding the server offers, with what identifies it.
#[derive(Debug)]
pub(crate) struct Rendered {
    pub(crate) status: StatusCode,
    content_type: HeaderValue,
    cache_control: HeaderValue,
    etag: HeaderValue,
    identity: Bytes,
    gzip: Bytes,
    brotli: Bytes,
    /// For a page that shows today's date: how long it stays right.
    validity: Option<DateValidity>,
    /// Made for one request: only this encoding was made (see [`Rendered::for_one_request`]).
    only: Option<Encoding>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

pub(crate) const HTML: &str = "text/html; charset=utf-8";
pub(crate) const XML: &str = "application/xml; charset=utf-8";
pub(crate) const RSS: &str = "application/rss+xml; charset=utf-8";
pub(crate) const TEXT: &str = "text/plain; charset=utf-8";
/// Pages and feeds change with the data: revalidated on every use (cheap with the ETag).
pub(crate) const REVALIDATE: &str = "no-cache";

impl Rendered {
    pub(crate) fn new(status: StatusCode, content_type: &'static str, body: String) -> Self {
        Self::with_cache_control(status, content_type, REVALIDATE, body)
    }

    pub(crate) fn with_cache_control(
        status: StatusCode,
        content_type: &'static str,
        cache_control: &'static str,
        body: String,
    ) -> Self {
        let identity = Bytes::from(body);
        Self {
            status,
            content_type: HeaderValue::from_static(content_type),
            cache_control: HeaderValue::from_static(cache_control),
            etag: weak_etag(&identity),
            gzip: gzip(&identity, flate2::Compression::best()),
            brotli: brotli(&identity, BROTLI_BEST),
            identity,
            validity: None,
            only: None,
        }
    }

    /// A response sent once (a search, a made-up path): compressed only in the encoding the
    /// request takes, at a fast level (the best levels take tens of milliseconds for a page,
    /// which only pays when the page is kept for many requests).
    pub(crate) fn for_one_request(
        status: StatusCode,
        content_type: &'static str,
        body: String,
        headers: &HeaderMap,
    ) -> Self {
        let encoding = negotiate(headers);
        let identity = Bytes::from(body);
        let (gzip, brotli) = match encoding {
            Encoding::Brotli => (Bytes::new(), brotli(&identity, BROTLI_FAST)),
            Encoding::Gzip => (gzip(&identity, flate2::Compression::fast()), Bytes::new()),
            Encoding::Identity => (Bytes::new(), Bytes::new()),
        };
        Self {
            status,
            content_type: HeaderValue::from_static(content_type),
            cache_control: HeaderValue::from_static(REVALIDATE),
            etag: weak_etag(&identity),
            gzip,
            brotli,
            identity,
            validity: None,
            only: Some(encoding),
        }
    }

    /// Marks a page as right only while what it shows of its rendering day holds.
    pub(crate) fn valid_while(mut self, validity: DateValidity) -> Self {
        self.validity = Some(validity);
        self
    }

    /// Whether the page is still right on `today`.
    pub(crate) fn is_fresh_on(&self, today: chrono::NaiveDate) -> bool {
        self.validity
            .is_none_or(|validity| validity.holds_on(today))
    }

    /// The response for a request with `headers`.
    pub(crate) fn respond(&self, headers: &HeaderMap) -> Response {
        // Only a successful response can be revalidated (RFC 9110 §13.2.1).
        let mut response = if self.status.is_success() && if_none_match(headers, &self.etag) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let encoding = self.only.unwrap_or_else(|| negotiate(headers));
            let body = match encoding {
                Encoding::Brotli => self.brotli.clone(),
                Encoding::Gzip => self.gzip.clone(),
                Encoding::Identity => self.identity.clone(),
            };
            let mut response = (self.status, Body::from(body)).into_response();
            let response_headers = response.headers_mut();
            response_headers.insert(header::CONTENT_TYPE, self.content_type.clone());
            match encoding {
                Encoding::Brotli => {
                    response_headers
                        .insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
                }
                Encoding::Gzip => {
                    response_headers
                        .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
                }
                Encoding::Identity => {}
            }
            response
        };
        let response_headers = response.headers_mut();
        response_headers.insert(header::ETAG, self.etag.clone());
        response_headers.insert(header::CACHE_CONTROL, self.cache_control.clone());
        response_headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        response
    }
}

/// A weak ETag of the body's digest.
fn weak_etag(body: &[u8]) -> HeaderValue {
    let digest = Sha256::digest(body);
    let etag = format!("W/\"{}\"", hex::encode(&digest[..12]));
    HeaderValue::from_str(&etag).unwrap_or(HeaderValue::from_static("W/\"0\""))
}

/// Brotli's best quality, for what is compressed once and sent many times.
const BROTLI_BEST: u32 = 11;
/// A quality that compresses a page in about a millisecond, for what is sent once.
const BROTLI_FAST: u32 = 4;

fn gzip(bytes: &[u8], level: flate2::Compression) -> Bytes {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), level);
    // Writing into a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    Bytes::from(encoder.finish().unwrap_or_default())
}

fn brotli(bytes: &[u8], quality: u32) -> Bytes {
    let mut output = Vec::with_capacity(bytes.len() / 3);
    {
        let mut writer = brotli::CompressorWriter::new(&mut output, 4096, quality, 22);
        let _ = writer.write_all(bytes);
    }
    Bytes::from(output)
}

/// Brotli when accepted, else gzip, else the bytes as they are (RFC 9110 §12.5.3: a coding
/// with q=0 is refused; `*` stands for the codings not named).
pub(crate) fn negotiate(headers: &HeaderMap) -> Encoding {
    let mut brotli = None;
    let mut gzip = None;
    let mut any = None;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
            let quality = parts
                .find_map(|param| {
                    let (name, value) = param.split_once('=')?;
                    (name.trim().eq_ignore_ascii_case("q"))
                        .then(|| value.trim().parse::<f32>().ok())?
                })
                .unwrap_or(1.0);
            let accepted = quality > 0.0;
            match coding.as_str() {
                "br" => brotli = Some(accepted),
                "gzip" | "x-gzip" => gzip = Some(accepted),
                "*" => any = Some(accepted),
                _ => {}
            }
        }
    }
    if brotli.or(any) == Some(true) {
        Encoding::Brotli
    } else if gzip.or(any) == Some(true) {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

/// Whether If-None-Match names `etag` (weak comparison, as RFC 9110 §13.1.2 requires) or is `*`.
fn if_none_match(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    let Ok(etag) = etag.to_str() else {
        return false;
    };
    let opaque = etag.trim_start_matches("W/");
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .any(|candidate| candidate == "*" || candidate.trim_start_matches("W/") == opaque)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read as _;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|(name, value)| {
                (
                    http::HeaderName::from_static(name),
                    HeaderValue::from_static(value),
                )
            })
            .collect()
    }

    #[test]
    fn negotiation_prefers_brotli_and_respects_q_zero() {
        let cases = [
            ("gzip, deflate, br, zstd", Encoding::Brotli),
            ("gzip", Encoding::Gzip),
            ("br;q=0, gzip;q=0.5", Encoding::Gzip),
            ("*", Encoding::Brotli),
            ("*;q=0, gzip", Encoding::Gzip),
            ("identity", Encoding::Identity),
            ("br;q=0,gzip;q=0", Encoding::Identity),
        ];
        for (accept, expected) in cases {
            let mut map = HeaderMap::new();
            map.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(accept));
            assert_eq!(negotiate(&map), expected, "{accept}");
        }
        assert_eq!(negotiate(&HeaderMap::new()), Encoding::Identity);
    }

    #[test]
    fn compressed_variants_decode_to_the_body_and_etags_revalidate() {
        let body = "<p>hello</p>".repeat(100);
        let rendered = Rendered::new(StatusCode::OK, HTML, body.clone());
        let mut gunzipped = String::new();
        flate2::read::GzDecoder::new(&rendered.gzip[..])
            .read_to_string(&mut gunzipped)
            .unwrap();
        assert_eq!(gunzipped, body);
        let mut unbrotlied = String::new();
        brotli::Decompressor::new(&rendered.brotli[..], 4096)
            .read_to_string(&mut unbrotlied)
            .unwrap();
        assert_eq!(unbrotlied, body);

        let etag = rendered.etag.to_str().unwrap().to_string();
        assert!(etag.starts_with("W/\""));
        let fresh = rendered.respond(&headers(&[("accept-encoding", "br")]));
        assert_eq!(fresh.status(), StatusCode::OK);
        assert_eq!(fresh.headers()["content-encoding"], "br");
        assert_eq!(fresh.headers()["vary"], "Accept-Encoding");
        let mut conditional = HeaderMap::new();
        conditional.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_str(&format!("\"other\", {}", etag.trim_start_matches("W/")))
                .unwrap(),
        );
        let revalidated = rendered.respond(&conditional);
        assert_eq!(revalidated.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(revalidated.headers()["etag"], etag.as_str());
        let stale = rendered.respond(&headers(&[("if-none-match", "\"nope\"")]));
        assert_eq!(stale.status(), StatusCode::OK);
    }
}
