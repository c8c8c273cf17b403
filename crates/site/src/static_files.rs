//! The build's files (the hashed assets, and the public files such as the favicon and images)
//! held in memory with their build-time `.br`/`.gz` copies (frontend/scripts/precompress.mjs)
//! and every header made once, read when the router is built: a request costs a map lookup and
//! no filesystem access. Conditional requests are answered from the validators before a body is
//! chosen; a single byte range is cut from the chosen body. The whole build is a few megabytes
//! (tests/bench/site/README.md), and the server reads it once, like index.html: a new build is
//! served after a restart.
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use cb_http_file::{ByteRange, RangeRequest, byte_range, whole_seconds};
use cb_zero_copy::Pack;
use http::{HeaderMap, HeaderValue, Method, StatusCode, header};

use crate::delivery::{Encoding, Offered, TEXT, if_none_match, negotiate, weak_etag};

/// Files by URL path (percent-decoded, from the directory they were read from: `/favicon.svg`).
#[derive(Debug)]
pub(crate) struct StaticFiles {
    files: HashMap<String, StaticFile>,
}

/// One file: its bytes in each encoding the build made, and the headers of each answer.
#[derive(Debug)]
pub(crate) struct StaticFile {
    identity: Variant,
    gzip: Option<Variant>,
    brotli: Option<Variant>,
    etag: HeaderValue,
    /// The file's modification time, to the second (Last-Modified's precision).
    modified: SystemTime,
    /// Those of a 200's headers a 304 repeats (RFC 9110 §15.4.5).
    not_modified: HeaderMap,
}

#[derive(Debug)]
struct Variant {
    body: Bytes,
    /// A 200's headers, Content-Length included.
    headers: HeaderMap,
}

impl StaticFiles {
    /// The regular files under `dir` but the compressed copies, those in dot directories and the
    /// URL paths `excluded` names (a file, or a directory and everything under it); every
    /// answer carries `cache_control`. A file that cannot be read is left out (and logged).
    pub(crate) fn read(dir: &Path, excluded: &[&str], cache_control: &'static str) -> Self {
        let cache_control = HeaderValue::from_static(cache_control);
        let files = files_under(dir, excluded)
            .into_iter()
            .filter_map(|(url, path)| {
                let file = StaticFile::read(&path, cache_control.clone())
                    .inspect_err(|err| {
                        tracing::warn!(path = %path.display(), %err, "site: file left out");
                    })
                    .ok()?;
                Some((url, file))
            })
            .collect();
        Self { files }
    }

    /// The file at a percent-decoded URL path.
    pub(crate) fn get(&self, path: &str) -> Option<&StaticFile> {
        self.files.get(path)
    }

    /// The bytes held, every encoding counted.
    pub(crate) fn bytes_held(&self) -> usize {
        self.files
            .values()
            .flat_map(|file| {
                [
                    Some(&file.identity),
                    file.gzip.as_ref(),
                    file.brotli.as_ref(),
                ]
            })
            .flatten()
            .map(|variant| variant.body.len())
            .sum()
    }

    pub(crate) fn len(&self) -> usize {
        self.files.len()
    }
}

/// The handler of a directory of files: the file at the request's path, else 404.
pub(crate) async fn serve(State(files): State<Arc<StaticFiles>>, request: Request) -> Response {
    let path = percent_encoding::percent_decode_str(request.uri().path()).decode_utf8_lossy();
    match files.get(&path) {
        Some(file) => file.respond(request.method(), request.headers()),
        None => not_found(),
    }
}

/// A missing file: said in plain text, never the app (a script tag must not get HTML), and not
/// kept (a build being deployed may bring it).
fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(TEXT)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        "no such file\n",
    )
        .into_response()
}

impl StaticFile {
    fn read(path: &Path, cache_control: HeaderValue) -> std::io::Result<Self> {
        let identity = std::fs::read(path)?;
        let modified = std::fs::metadata(path)?
            .modified()
            .map_or(UNIX_EPOCH, whole_seconds);
        // A copy that cannot be read is simply not offered.
        let sibling = |suffix: &str| {
            let mut name = path.as_os_str().to_owned();
            name.push(suffix);
            std::fs::read(PathBuf::from(name)).ok()
        };
        let (gzip, brotli) = (sibling(".gz"), sibling(".br"));
        let etag = weak_etag(&identity);
        // Kept in one sealed memory file and sent with sendfile (crates/zero-copy).
        let (has_gzip, has_brotli) = (gzip.is_some(), brotli.is_some());
        let [identity, gzip, brotli] = Pack::of([
            identity,
            gzip.unwrap_or_default(),
            brotli.unwrap_or_default(),
        ]);
        let (gzip, brotli) = (has_gzip.then_some(gzip), has_brotli.then_some(brotli));

        let content_type = mime_guess::from_path(path).first_raw().map_or(
            HeaderValue::from_static("application/octet-stream"),
            HeaderValue::from_static,
        );
        let last_modified = HeaderValue::from_str(&httpdate::fmt_http_date(modified))
            .unwrap_or(HeaderValue::from_static("Thu, 01 Jan 1970 00:00:00 GMT"));
        let compressed = gzip.is_some() || brotli.is_some();
        let mut not_modified = HeaderMap::with_capacity(4);
        not_modified.insert(header::ETAG, etag.clone());
        not_modified.insert(header::LAST_MODIFIED, last_modified);
        not_modified.insert(header::CACHE_CONTROL, cache_control);
        if compressed {
            not_modified.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        }
        let variant = |body: Bytes, coding: Option<&'static str>| {
            let mut headers = not_modified.clone();
            headers.insert(header::CONTENT_TYPE, content_type.clone());
            headers.insert(header::CONTENT_LENGTH, HeaderValue::from(body.len()));
            headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
            if let Some(coding) = coding {
                headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
            }
            Variant { body, headers }
        };
        Ok(Self {
            gzip: gzip.map(|body| variant(body, Some("gzip"))),
            brotli: brotli.map(|body| variant(body, Some("br"))),
            identity: variant(identity, None),
            etag,
            modified,
            not_modified,
        })
    }

    /// The answer to a GET or HEAD with `headers`.
    pub(crate) fn respond(&self, method: &Method, headers: &HeaderMap) -> Response {
        // The preconditions in RFC 9110 §13.2.2's order, before any body is looked at.
        if self.modified_since(headers, header::IF_UNMODIFIED_SINCE) == Some(true) {
            return StatusCode::PRECONDITION_FAILED.into_response();
        }
        let unchanged = if headers.contains_key(header::IF_NONE_MATCH) {
            if_none_match(headers, &self.etag)
        } else {
            self.modified_since(headers, header::IF_MODIFIED_SINCE) == Some(false)
        };
        if unchanged {
            return answer(
                StatusCode::NOT_MODIFIED,
                self.not_modified.clone(),
                Bytes::new(),
            );
        }
        let offered = Offered {
            brotli: self.brotli.is_some(),
            gzip: self.gzip.is_some(),
        };
        let variant = match negotiate(headers, offered) {
            Encoding::Brotli => self.brotli.as_ref(),
            Encoding::Gzip => self.gzip.as_ref(),
            Encoding::Identity => None,
        }
        .unwrap_or(&self.identity);
        let length = variant.body.len();
        let range = headers
            .get(header::RANGE)
            .filter(|_| method == Method::GET && self.range_applies(headers))
            .and_then(|range| range.to_str().ok())
            .map_or(RangeRequest::Full, |range| {
                byte_range(range, u64::try_from(length).unwrap_or(u64::MAX))
            });
        match range {
            RangeRequest::Partial(ByteRange { start, end }) => {
                let mut partial = variant.headers.clone();
                partial.insert(header::CONTENT_LENGTH, HeaderValue::from(end - start + 1));
                partial.insert(
                    header::CONTENT_RANGE,
                    content_range(&format!("{start}-{end}"), length),
                );
                // Both are positions in the body, which is in memory.
                let part = usize::try_from(start).unwrap_or(length)
                    ..=usize::try_from(end).unwrap_or(length);
                answer(
                    StatusCode::PARTIAL_CONTENT,
                    partial,
                    variant.body.slice(part),
                )
            }
            RangeRequest::Unsatisfiable => {
                let mut refused = HeaderMap::with_capacity(1);
                refused.insert(header::CONTENT_RANGE, content_range("*", length));
                answer(StatusCode::RANGE_NOT_SATISFIABLE, refused, Bytes::new())
            }
            // HEAD: axum sends the headers without the body.
            RangeRequest::Full => answer(
                StatusCode::OK,
                variant.headers.clone(),
                variant.body.clone(),
            ),
        }
    }

    /// Whether the file changed after the date in `name` (None: no such header, or not a date).
    fn modified_since(&self, headers: &HeaderMap, name: header::HeaderName) -> Option<bool> {
        let since = httpdate::parse_http_date(headers.get(name)?.to_str().ok()?).ok()?;
        Some(self.modified > since)
    }

    /// If-Range (RFC 9110 §13.1.5): a range only of the representation the client holds part
    /// of. Its date must be this Last-Modified exactly; an ETag never matches, as ours are weak
    /// and If-Range compares strongly.
    fn range_applies(&self, headers: &HeaderMap) -> bool {
        let Some(if_range) = headers.get(header::IF_RANGE) else {
            return true;
        };
        if_range
            .to_str()
            .ok()
            .and_then(|text| httpdate::parse_http_date(text).ok())
            .is_some_and(|date| date == self.modified)
    }
}

fn answer(status: StatusCode, headers: HeaderMap, body: Bytes) -> Response {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    *response.headers_mut() = headers;
    response
}

fn content_range(range: &str, length: usize) -> HeaderValue {
    HeaderValue::from_str(&format!("bytes {range}/{length}"))
        .unwrap_or(HeaderValue::from_static("bytes */0"))
}

/// URL paths and files of the regular files under `dir` but the compressed copies, those in
/// dot directories (the server's: .vite's manifest, .ssr's bundle) and the URL paths `excluded`
/// names (a file, or a directory and everything under it).
pub(crate) fn files_under(dir: &Path, excluded: &[&str]) -> Vec<(String, PathBuf)> {
    fn walk(dir: &Path, prefix: &str, excluded: &[&str], found: &mut Vec<(String, PathBuf)>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name().to_string_lossy().into_owned();
            let url = format!("{prefix}/{name}");
            if excluded.contains(&url.as_str()) {
                continue;
            }
            // Symbolic links are not followed: nothing outside the build is served.
            match entry.file_type() {
                Ok(kind) if kind.is_dir() && !name.starts_with('.') => {
                    walk(&entry.path(), &url, excluded, found);
                }
                Ok(kind) if kind.is_file() && !name.ends_with(".br") && !name.ends_with(".gz") => {
                    found.push((url, entry.path()));
                }
                _ => {}
            }
        }
    }
    let mut found = Vec::new();
    walk(dir, "", excluded, &mut found);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_held_with_their_copies_and_answered_without_the_disk() {
        let dir = tempfile::tempdir().unwrap();
        for (name, bytes) in [
            ("app.js", "let a = 1;"),
            ("app.js.br", "br"),
            ("app.js.gz", "gz"),
            ("nested/logo.svg", "<svg/>"),
            (".hidden/secret.txt", "secret"),
        ] {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, bytes).unwrap();
        }
        let files = StaticFiles::read(dir.path(), &["/nested/logo.svg"], "no-cache");
        assert_eq!(files.len(), 1);
        assert_eq!(files.bytes_held(), "let a = 1;".len() + 4);
        assert!(files.get("/.hidden/secret.txt").is_none());
        assert!(files.get("/app.js.br").is_none());
        let file = files.get("/app.js").expect("held");
        // The copies are in memory: the answer needs no file any more.
        drop(dir);
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_static("gzip"));
        let response = file.respond(&Method::GET, &headers);
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_ENCODING], "gzip");
        assert_eq!(response.headers()[header::CONTENT_LENGTH], "2");
        assert_eq!(response.headers()[header::CACHE_CONTROL], "no-cache");
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/javascript");
    }
}
