//! How a rendered response leaves the server: compressed once (brotli and gzip) when it is
//! rendered, chosen per request by Accept-Encoding, with a weak ETag and 304 on If-None-Match.
use std::io::Write as _;

use axum::body::Body;
use axum::response::Response;
use bytes::Bytes;
use cb_zero_copy::Pack;
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
        let etag = weak_etag(body.as_bytes());
        let gzip = gzip(body.as_bytes(), flate2::Compression::best());
        let brotli = brotli(body.as_bytes(), BROTLI_BEST);
        // Kept for many requests: in one sealed memory file, sent with sendfile
        // (crates/zero-copy).
        let [identity, gzip, brotli] = Pack::of([body.into_bytes(), gzip, brotli]);
        Self {
            status,
            content_type: HeaderValue::from_static(content_type),
            cache_control: HeaderValue::from_static(cache_control),
            etag,
            gzip,
            brotli,
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
        let encoding = negotiate(headers, Offered::ALL);
        let identity = Bytes::from(body);
        let (gzip, brotli) = match encoding {
            Encoding::Brotli => (Bytes::new(), brotli(&identity, BROTLI_FAST).into()),
            Encoding::Gzip => (
                gzip(&identity, flate2::Compression::fast()).into(),
                Bytes::new(),
            ),
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
            with_room(StatusCode::NOT_MODIFIED, Body::empty())
        } else {
            let encoding = self
                .only
                .unwrap_or_else(|| negotiate(headers, Offered::ALL));
            let body = match encoding {
                Encoding::Brotli => self.brotli.clone(),
                Encoding::Gzip => self.gzip.clone(),
                Encoding::Identity => self.identity.clone(),
            };
            let mut response = with_room(self.status, Body::from(body));
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

/// Headers a page's response ends up with: its own five, the site's security headers, the
/// server's baseline and the request id.
const RESPONSE_HEADERS: usize = 20;

/// A response with room for all its headers at once: the map would otherwise grow (and move)
/// twice on the way out, which showed in the kept pages' profile.
fn with_room(status: StatusCode, body: Body) -> Response {
    let mut response = Response::new(body);
    *response.status_mut() = status;
    response.headers_mut().reserve(RESPONSE_HEADERS);
    response
}

/// A weak ETag of the body's digest.
pub(crate) fn weak_etag(body: &[u8]) -> HeaderValue {
    let digest = Sha256::digest(body);
    let etag = format!("W/\"{}\"", hex::encode(&digest[..12]));
    HeaderValue::from_str(&etag).unwrap_or(HeaderValue::from_static("W/\"0\""))
}

/// Brotli's best quality, for what is compressed once and sent many times.
const BROTLI_BEST: u32 = 11;
/// A quality that compresses a page in about a millisecond, for what is sent once.
const BROTLI_FAST: u32 = 4;

fn gzip(bytes: &[u8], level: flate2::Compression) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), level);
    // Writing into a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

fn brotli(bytes: &[u8], quality: u32) -> Vec<u8> {
    let mut output = Vec::with_capacity(bytes.len() / 3);
    {
        let mut writer = brotli::CompressorWriter::new(&mut output, 4096, quality, 22);
        let _ = writer.write_all(bytes);
    }
    output
}

/// The compressed copies a response has besides its bytes as they are.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Offered {
    pub(crate) brotli: bool,
    pub(crate) gzip: bool,
}

impl Offered {
    pub(crate) const ALL: Self = Self {
        brotli: true,
        gzip: true,
    };
}

/// The encoding of those `offered` that Accept-Encoding weighs highest (RFC 9110 §12.5.3):
/// brotli before gzip on a tie; a coding it does not name takes the weight of `*`, or is
/// refused. The bytes as they are go out when no compressed copy is accepted (refused or not:
/// there is nothing better to send), when the request asks for no coding, or when it weighs
/// `identity` above the best compressed copy.
pub(crate) fn negotiate(headers: &HeaderMap, offered: Offered) -> Encoding {
    // Weights in thousandths, the q-value's precision.
    let (mut brotli, mut gzip, mut identity, mut any) = (None, None, None, None);
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or_default().trim();
            let weight = match parts.find_map(|param| {
                let (name, value) = param.split_once('=')?;
                name.trim().eq_ignore_ascii_case("q").then(|| value.trim())
            }) {
                None => Some(1000),
                Some(q) => quality(q),
            };
            // An item with an unreadable weight says nothing.
            let Some(weight) = weight else { continue };
            let slot = if coding.eq_ignore_ascii_case("br") {
                &mut brotli
            } else if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
                &mut gzip
            } else if coding.eq_ignore_ascii_case("identity") {
                &mut identity
            } else if coding == "*" {
                &mut any
            } else {
                continue;
            };
            *slot = Some(weight);
        }
    }
    let weight = |named: Option<u16>, offered: bool| {
        named
            .or(any)
            .filter(|weight| offered && *weight > 0)
            .unwrap_or(0)
    };
    let brotli = weight(brotli, offered.brotli);
    let gzip = weight(gzip, offered.gzip);
    let best = brotli.max(gzip);
    if best == 0 || identity.or(any).is_some_and(|weight| weight > best) {
        Encoding::Identity
    } else if brotli == best {
        Encoding::Brotli
    } else {
        Encoding::Gzip
    }
}

/// A q-value in thousandths (`0`, `0.5`, `1.000`); None when it is not one.
fn quality(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if !matches!(whole, "0" | "1")
        || fraction.len() > 3
        || !fraction.bytes().all(|byte| byte.is_ascii_digit())
    {
        return None;
    }
    let thousandths = fraction
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(3)
        .fold(0, |number, digit| number * 10 + u16::from(digit - b'0'));
    let weight = if whole == "1" { 1000 } else { thousandths };
    (whole == "0" || thousandths == 0).then_some(weight)
}

/// Whether If-None-Match names `etag` (weak comparison, as RFC 9110 §13.1.2 requires) or is `*`.
pub(crate) fn if_none_match(headers: &HeaderMap, etag: &HeaderValue) -> bool {
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
    fn negotiation_follows_the_weights_and_what_is_offered() {
        let only_gzip = Offered {
            brotli: false,
            gzip: true,
        };
        let nothing = Offered {
            brotli: false,
            gzip: false,
        };
        let cases = [
            ("gzip, deflate, br, zstd", Offered::ALL, Encoding::Brotli),
            ("gzip", Offered::ALL, Encoding::Gzip),
            ("br;q=0, gzip;q=0.5", Offered::ALL, Encoding::Gzip),
            ("*", Offered::ALL, Encoding::Brotli),
            ("*;q=0, gzip", Offered::ALL, Encoding::Gzip),
            ("identity", Offered::ALL, Encoding::Identity),
            ("br;q=0,gzip;q=0", Offered::ALL, Encoding::Identity),
            ("gzip;q=1, br;q=0.8", Offered::ALL, Encoding::Gzip),
            ("GZIP;Q=0.9, BR;q=0.95", Offered::ALL, Encoding::Brotli),
            ("x-gzip", Offered::ALL, Encoding::Gzip),
            ("gzip;q=0.5", Offered::ALL, Encoding::Gzip),
            ("identity;q=1, br;q=0.5", Offered::ALL, Encoding::Identity),
            ("identity;q=0, br;q=0.5", Offered::ALL, Encoding::Brotli),
            ("*;q=0.3, br;q=0.2", Offered::ALL, Encoding::Gzip),
            ("br, gzip", only_gzip, Encoding::Gzip),
            ("br", only_gzip, Encoding::Identity),
            ("br, gzip", nothing, Encoding::Identity),
            // Unreadable weights say nothing; the rest of the header still counts.
            (
                "br;q=2, gzip;q=abc, br;q=1.5, gzip;q=0.0001",
                Offered::ALL,
                Encoding::Identity,
            ),
            (
                "br;q=0.5x, gzip;q=.5, deflate",
                Offered::ALL,
                Encoding::Identity,
            ),
            ("br;q=1.000, gzip", Offered::ALL, Encoding::Brotli),
            ("", Offered::ALL, Encoding::Identity),
        ];
        for (accept, offered, expected) in cases {
            let mut map = HeaderMap::new();
            map.insert(header::ACCEPT_ENCODING, HeaderValue::from_static(accept));
            assert_eq!(negotiate(&map, offered), expected, "{accept} ({offered:?})");
        }
        assert_eq!(
            negotiate(&HeaderMap::new(), Offered::ALL),
            Encoding::Identity
        );
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
