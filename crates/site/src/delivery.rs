//! How a rendered response leaves the server: compressed once (brotli and gzip) when it is
//! rendered, chosen per request by Accept-Encoding, with a weak ETag and 304 on If-None-Match.
use std::io::Write as _;
use std::sync::OnceLock;

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
    /// Its heads, made on its first [`Rendered::respond_prepared`].
    prepared: OnceLock<PreparedHeads>,
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
            prepared: OnceLock::new(),
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
            prepared: OnceLock::new(),
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
        let answer = self.answer_to(headers);
        self.response(answer, self.head(answer))
    }

    /// The response for a request with `headers`, its head a clone of one made once, finished
    /// by `finish` (the headers the site adds to every response, always the same): a kept
    /// page's requests clone a head instead of building it, which was a tenth of the server's
    /// time per request in the kept pages' profile.
    pub(crate) fn respond_prepared(
        &self,
        headers: &HeaderMap,
        finish: impl Fn(&mut HeaderMap),
    ) -> Response {
        let prepared = self.prepared.get_or_init(|| self.prepare(finish));
        let answer = self.answer_to(headers);
        let head = match answer {
            Answer::NotModified => &prepared.not_modified,
            Answer::Body(Encoding::Brotli) => &prepared.brotli,
            Answer::Body(Encoding::Gzip) => &prepared.gzip,
            Answer::Body(Encoding::Identity) => &prepared.identity,
        };
        self.response(answer, head.clone())
    }

    /// Every head this response can go out with, each finished by `finish`.
    fn prepare(&self, finish: impl Fn(&mut HeaderMap)) -> PreparedHeads {
        let head = |answer| {
            let mut head = self.head(answer);
            finish(&mut head);
            head
        };
        PreparedHeads {
            not_modified: head(Answer::NotModified),
            brotli: head(Answer::Body(Encoding::Brotli)),
            gzip: head(Answer::Body(Encoding::Gzip)),
            identity: head(Answer::Body(Encoding::Identity)),
        }
    }

    /// What a request with `headers` gets.
    fn answer_to(&self, headers: &HeaderMap) -> Answer {
        // Only a successful response can be revalidated (RFC 9110 §13.2.1).
        if self.status.is_success() && if_none_match(headers, &self.etag) {
            Answer::NotModified
        } else {
            Answer::Body(
                self.only
                    .unwrap_or_else(|| negotiate(headers, Offered::ALL)),
            )
        }
    }

    /// The headers of `answer`, with room for those added on the way out.
    fn head(&self, answer: Answer) -> HeaderMap {
        let mut head = HeaderMap::with_capacity(RESPONSE_HEADERS);
        if let Answer::Body(encoding) = answer {
            head.insert(header::CONTENT_TYPE, self.content_type.clone());
            match encoding {
                Encoding::Brotli => {
                    head.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
                }
                Encoding::Gzip => {
                    head.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
                }
                Encoding::Identity => {}
            }
        }
        head.insert(header::ETAG, self.etag.clone());
        head.insert(header::CACHE_CONTROL, self.cache_control.clone());
        head.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        head
    }

    fn response(&self, answer: Answer, head: HeaderMap) -> Response {
        let (status, body) = match answer {
            Answer::NotModified => (StatusCode::NOT_MODIFIED, Body::empty()),
            Answer::Body(Encoding::Brotli) => (self.status, Body::from(self.brotli.clone())),
            Answer::Body(Encoding::Gzip) => (self.status, Body::from(self.gzip.clone())),
            Answer::Body(Encoding::Identity) => (self.status, Body::from(self.identity.clone())),
        };
        let mut response = Response::new(body);
        *response.status_mut() = status;
        *response.headers_mut() = head;
        response
    }
}

/// What a request gets of a response.
#[derive(Debug, Clone, Copy)]
enum Answer {
    /// 304: its copy is current.
    NotModified,
    Body(Encoding),
}

/// The heads of a response, one per answer.
#[derive(Debug)]
struct PreparedHeads {
    not_modified: HeaderMap,
    brotli: HeaderMap,
    gzip: HeaderMap,
    identity: HeaderMap,
}

/// Headers a page's response ends up with: its own five, the site's security headers, the
/// server's baseline and the request id (a map built with room for them all does not grow and
/// move on the way out, which showed in the kept pages' profile).
const RESPONSE_HEADERS: usize = 20;

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
    if !headers.contains_key(header::IF_NONE_MATCH) {
        return false;
    }
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

    #[test]
    fn a_prepared_head_is_the_built_one_with_what_finish_adds() {
        let rendered = Rendered::new(StatusCode::OK, HTML, "<p>kept</p>".repeat(50));
        let etag = rendered.etag.to_str().unwrap().to_string();
        let finish = |head: &mut HeaderMap| {
            head.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        };
        let requests = [
            headers(&[("accept-encoding", "br")]),
            headers(&[("accept-encoding", "gzip")]),
            headers(&[]),
            headers(&[("if-none-match", "\"nope\"")]),
            {
                let mut conditional = headers(&[("accept-encoding", "gzip")]);
                conditional.insert(header::IF_NONE_MATCH, HeaderValue::from_str(&etag).unwrap());
                conditional
            },
        ];
        for request in &requests {
            let mut built = rendered.respond(request);
            finish(built.headers_mut());
            let prepared = rendered.respond_prepared(request, finish);
            assert_eq!(prepared.status(), built.status(), "{request:?}");
            assert_eq!(prepared.headers(), built.headers(), "{request:?}");
        }
        // The heads are made once: a later `finish` is not used.
        let again = rendered.respond_prepared(&requests[0], |_| panic!("made again"));
        assert_eq!(again.headers()["x-frame-options"], "DENY");
    }
}
