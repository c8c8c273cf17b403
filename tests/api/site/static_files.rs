//! The build's files as the server holds them: the encoding chosen by Accept-Encoding's weights
//! among the copies the build made, revalidation (ETag, Last-Modified) answered 304 without a
//! body, HEAD, single byte ranges, and plain 404s for what the build does not have.
use super::*;
use cb_tests::{Answer as _, HeaderText as _};
use reqwest::Method;

/// A bundle with both compressed copies, and a stylesheet with none (too small to compress).
const BUNDLE: &str = "export const answer = 42; // the bundle, as the build wrote it\n";
const BUNDLE_GZ: &[u8] = b"gzip copy of the bundle";
const BUNDLE_BR: &[u8] = b"brotli copy of the bundle";
const STYLES: &str = "body{margin:0}";

fn build() -> tempfile::TempDir {
    let dist = dist();
    let assets = dist.path().join("assets");
    std::fs::write(assets.join("bundle-k3y.js"), BUNDLE).unwrap();
    std::fs::write(assets.join("bundle-k3y.js.gz"), BUNDLE_GZ).unwrap();
    std::fs::write(assets.join("bundle-k3y.js.br"), BUNDLE_BR).unwrap();
    std::fs::write(assets.join("styles-k3y.css"), STYLES).unwrap();
    dist
}

/// GET `path` with the request headers `headers`: the status, the headers and the body.
async fn fetch(
    app: &TestApp,
    method: Method,
    path: &str,
    headers: &[(&str, &str)],
) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let mut request = app.request(method, path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.answer().await;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn the_encoding_follows_the_weights_among_the_copies_the_build_made() {
    let dist = build();
    let app = spawn_site(&dist, &[]).await;
    let path = "/assets/bundle-k3y.js";
    let mut etags = Vec::new();
    for (accept, coding, body) in [
        (Some("gzip, deflate, br"), Some("br"), BUNDLE_BR),
        (Some("gzip"), Some("gzip"), BUNDLE_GZ),
        (Some("br;q=0.5, gzip"), Some("gzip"), BUNDLE_GZ),
        (Some("br;q=0.9, gzip;q=0.1"), Some("br"), BUNDLE_BR),
        (Some("*"), Some("br"), BUNDLE_BR),
        (Some("identity;q=1, br;q=0.5"), None, BUNDLE.as_bytes()),
        (Some("br;q=0, gzip;q=0"), None, BUNDLE.as_bytes()),
        (Some("identity"), None, BUNDLE.as_bytes()),
        (Some("zstd"), None, BUNDLE.as_bytes()),
        (None, None, BUNDLE.as_bytes()),
    ] {
        let headers: Vec<(&str, &str)> =
            accept.map(|a| ("accept-encoding", a)).into_iter().collect();
        let (status, answer, bytes) = fetch(&app, Method::GET, path, &headers).await;
        assert_eq!(status, 200, "{accept:?}");
        assert_eq!(
            answer.get("content-encoding").map(|v| v.to_str().unwrap()),
            coding,
            "{accept:?}"
        );
        assert_eq!(bytes, body, "{accept:?}");
        assert_eq!(
            answer.header_text("content-length"),
            body.len().to_string(),
            "{accept:?}"
        );
        assert_eq!(answer["vary"], "Accept-Encoding", "{accept:?}");
        assert_eq!(
            answer["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert_eq!(answer["accept-ranges"], "bytes");
        assert!(answer.header_text("content-type").contains("javascript"));
        assert!(httpdate_is_valid(answer.header_text("last-modified")));
        etags.push(answer.header_text("etag").to_string());
    }
    etags.dedup();
    assert_eq!(etags.len(), 1, "one ETag for every encoding: {etags:?}");
    assert!(etags[0].starts_with("W/\""), "{}", etags[0]);

    // Without compressed copies, the stylesheet goes out as it is, whatever is accepted.
    let (status, answer, bytes) = fetch(
        &app,
        Method::GET,
        "/assets/styles-k3y.css",
        &[("accept-encoding", "br, gzip")],
    )
    .await;
    assert_eq!(status, 200);
    assert!(answer.get("content-encoding").is_none());
    assert!(answer.get("vary").is_none(), "nothing varies");
    assert_eq!(answer["content-type"], "text/css");
    assert_eq!(bytes, STYLES.as_bytes());
}

fn httpdate_is_valid(date: &str) -> bool {
    date.ends_with(" GMT") && date.len() == "Thu, 01 Jan 1970 00:00:00 GMT".len()
}

#[tokio::test]
async fn files_revalidate_by_etag_then_by_date() {
    let dist = build();
    let app = spawn_site(&dist, &[]).await;
    for (path, cache_control) in [
        (
            "/assets/bundle-k3y.js",
            "public, max-age=31536000, immutable",
        ),
        ("/favicon.svg", "public, max-age=86400"),
    ] {
        let (_, first, _) = fetch(&app, Method::GET, path, &[("accept-encoding", "gzip")]).await;
        let etag = first.header_text("etag").to_string();
        let modified = first.header_text("last-modified").to_string();
        let strong = etag.trim_start_matches("W/").to_string();
        let list = format!("\"other\", {strong}");
        for (label, conditional) in [
            ("the ETag", vec![("if-none-match", etag.as_str())]),
            (
                "the ETag, compared weakly",
                vec![("if-none-match", strong.as_str())],
            ),
            ("one ETag of a list", vec![("if-none-match", list.as_str())]),
            ("*", vec![("if-none-match", "*")]),
            ("the date", vec![("if-modified-since", modified.as_str())]),
            (
                "a later date",
                vec![("if-modified-since", "Fri, 01 Jan 2100 00:00:00 GMT")],
            ),
        ] {
            for method in [Method::GET, Method::HEAD] {
                let (status, answer, bytes) = fetch(&app, method.clone(), path, &conditional).await;
                assert_eq!(status, 304, "{path} {method} {label}");
                assert!(bytes.is_empty(), "{path} {label}");
                assert_eq!(answer["etag"], etag.as_str(), "{path} {label}");
                assert_eq!(answer["last-modified"], modified.as_str());
                assert_eq!(answer["cache-control"], cache_control, "{path} {label}");
                assert!(answer.get("content-encoding").is_none());
                assert_eq!(
                    answer["x-content-type-options"], "nosniff",
                    "security headers too"
                );
            }
        }
        for (label, conditional) in [
            ("another ETag", vec![("if-none-match", "\"other\"")]),
            (
                // If-None-Match decides alone when it is there (RFC 9110 §13.2.2).
                "another ETag with a later date",
                vec![
                    ("if-none-match", "W/\"other\""),
                    ("if-modified-since", "Fri, 01 Jan 2100 00:00:00 GMT"),
                ],
            ),
            (
                "an earlier date",
                vec![("if-modified-since", "Mon, 01 Jan 1990 00:00:00 GMT")],
            ),
            ("not a date", vec![("if-modified-since", "yesterday")]),
        ] {
            let (status, _, bytes) = fetch(&app, Method::GET, path, &conditional).await;
            assert_eq!(status, 200, "{path} {label}");
            assert!(!bytes.is_empty(), "{path} {label}");
        }
        let (status, _, bytes) = fetch(
            &app,
            Method::GET,
            path,
            &[("if-unmodified-since", "Mon, 01 Jan 1990 00:00:00 GMT")],
        )
        .await;
        assert_eq!(status, 412, "{path}: changed since");
        assert!(bytes.is_empty());
        let (status, _, _) = fetch(
            &app,
            Method::GET,
            path,
            &[("if-unmodified-since", modified.as_str())],
        )
        .await;
        assert_eq!(status, 200, "{path}: unchanged since");
    }
}

#[tokio::test]
async fn head_answers_the_headers_of_get_without_the_body() {
    let dist = build();
    let app = spawn_site(&dist, &[]).await;
    for (path, accept) in [
        ("/assets/bundle-k3y.js", "br"),
        ("/assets/bundle-k3y.js", "identity"),
        ("/favicon.svg", "gzip"),
    ] {
        let (get_status, get, get_body) =
            fetch(&app, Method::GET, path, &[("accept-encoding", accept)]).await;
        let (status, head, body) =
            fetch(&app, Method::HEAD, path, &[("accept-encoding", accept)]).await;
        assert_eq!((status, get_status), (200, 200), "{path}");
        assert!(body.is_empty(), "{path}");
        assert_eq!(
            head.header_text("content-length"),
            get_body.len().to_string(),
            "{path} {accept}"
        );
        for name in ["content-type", "etag", "last-modified", "cache-control"] {
            assert_eq!(head.get(name), get.get(name), "{path} {name}");
        }
        assert_eq!(head.get("content-encoding"), get.get("content-encoding"));
    }
    let (status, _, body) = fetch(&app, Method::HEAD, "/assets/index-zzz.js", &[]).await;
    assert_eq!(status, 404);
    assert!(body.is_empty());
}

#[tokio::test]
async fn single_byte_ranges_are_cut_from_the_chosen_body() {
    let dist = build();
    let app = spawn_site(&dist, &[]).await;
    let path = "/assets/bundle-k3y.js";
    let length = BUNDLE.len();
    let (_, full, _) = fetch(&app, Method::GET, path, &[]).await;
    let modified = full.header_text("last-modified").to_string();
    let etag = full.header_text("etag").to_string();
    for (range, start, end) in [
        ("bytes=0-4", 0, 5),
        ("bytes=5-", 5, length),
        ("bytes=-6", length - 6, length),
        ("bytes=10-100000", 10, length),
        ("bytes=-100000", 0, length),
    ] {
        let (status, answer, bytes) = fetch(&app, Method::GET, path, &[("range", range)]).await;
        assert_eq!(status, 206, "{range}");
        assert_eq!(bytes, &BUNDLE.as_bytes()[start..end], "{range}");
        assert_eq!(
            answer["content-range"],
            format!("bytes {start}-{}/{length}", end - 1).as_str(),
            "{range}"
        );
        assert_eq!(
            answer.header_text("content-length"),
            (end - start).to_string()
        );
    }
    // A range of the gzip copy when gzip is what goes out.
    let (status, answer, bytes) = fetch(
        &app,
        Method::GET,
        path,
        &[("range", "bytes=0-3"), ("accept-encoding", "gzip")],
    )
    .await;
    assert_eq!(status, 206);
    assert_eq!(answer["content-encoding"], "gzip");
    assert_eq!(bytes, &BUNDLE_GZ[..4]);
    assert_eq!(
        answer["content-range"],
        format!("bytes 0-3/{}", BUNDLE_GZ.len()).as_str()
    );

    for range in [
        format!("bytes={length}-"),
        "bytes=100000-100001".to_string(),
        "bytes=-0".to_string(),
    ] {
        let (status, answer, _) = fetch(&app, Method::GET, path, &[("range", &range)]).await;
        assert_eq!(status, 416, "{range}");
        assert_eq!(
            answer["content-range"],
            format!("bytes */{length}").as_str(),
            "{range}"
        );
    }
    // Ignored: the whole body goes out.
    for range in [
        "bytes=0-1, 4-5",
        "items=0-1",
        "bytes=5-2",
        "bytes=a-b",
        "bytes=",
        "bytes=-",
        "0-4",
    ] {
        let (status, answer, bytes) = fetch(&app, Method::GET, path, &[("range", range)]).await;
        assert_eq!(status, 200, "{range}");
        assert!(answer.get("content-range").is_none(), "{range}");
        assert_eq!(bytes, BUNDLE.as_bytes(), "{range}");
    }
    // If-Range: the range only of the copy the client holds part of.
    for (if_range, partial) in [
        (modified.as_str(), true),
        ("Mon, 01 Jan 1990 00:00:00 GMT", false),
        (etag.as_str(), false),
        ("junk", false),
    ] {
        let (status, _, _) = fetch(
            &app,
            Method::GET,
            path,
            &[("range", "bytes=0-4"), ("if-range", if_range)],
        )
        .await;
        assert_eq!(status, if partial { 206 } else { 200 }, "{if_range}");
    }
    let (status, _, body) = fetch(&app, Method::HEAD, path, &[("range", "bytes=0-4")]).await;
    assert_eq!(status, 200, "HEAD ignores Range");
    assert!(body.is_empty());
}

#[tokio::test]
async fn what_the_build_does_not_have_is_a_plain_404() {
    let dist = build();
    let app = spawn_site(&dist, &[]).await;
    for path in [
        "/assets/index-zzz.js",
        "/assets/index-abc123.js.br",
        "/assets/bundle-k3y.js.gz",
        "/assets/",
        "/assets",
        "/assets/index-abc123.js/",
        "/assets/INDEX-ABC123.JS",
    ] {
        let (status, answer, body) =
            fetch(&app, Method::GET, path, &[("accept-encoding", "br")]).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(
            answer["content-type"], "text/plain; charset=utf-8",
            "{path}"
        );
        assert_eq!(answer["cache-control"], "no-store", "{path}");
        assert_eq!(String::from_utf8(body).unwrap(), "no such file\n", "{path}");
        assert_eq!(answer["x-content-type-options"], "nosniff", "{path}");
    }
    let (status, answer, _) = fetch(&app, Method::POST, "/assets/bundle-k3y.js", &[]).await;
    assert_eq!(status, 405);
    assert!(answer.header_text("allow").contains("GET"));
    let (status, _, _) = fetch(&app, Method::DELETE, "/favicon.svg", &[]).await;
    assert_eq!(status, 405);
}

#[tokio::test]
async fn large_files_leave_by_sendfile_with_the_same_bytes_ranges_included() {
    let dist = build();
    // A bundle large enough to be held in a memory file (crates/zero-copy), with a gzip copy.
    let large: Vec<u8> = (0..300_000u32)
        .map(|i| b"abcdefghijklmnopqrstuvwxyz;\n"[(i % 28) as usize])
        .collect();
    let gz: Vec<u8> = (0..90_000u32).map(|i| (i % 251) as u8).collect();
    let assets = dist.path().join("assets");
    std::fs::write(assets.join("main-l4rge.js"), &large).unwrap();
    std::fs::write(assets.join("main-l4rge.js.gz"), &gz).unwrap();
    let app = spawn_site(&dist, &[]).await;
    let path = "/assets/main-l4rge.js";
    let before = cb_zero_copy::bytes_sent_from_files();
    let (status, _, bytes) = fetch(&app, Method::GET, path, &[]).await;
    assert_eq!(status, 200);
    assert!(bytes == large, "the plain file's bytes differ");
    let (status, answer, bytes) =
        fetch(&app, Method::GET, path, &[("accept-encoding", "gzip")]).await;
    assert_eq!(
        (status, answer.header_text("content-encoding")),
        (200, "gzip")
    );
    assert!(bytes == gz, "the gzip copy's bytes differ");
    let (status, _, bytes) =
        fetch(&app, Method::GET, path, &[("range", "bytes=100000-199999")]).await;
    assert_eq!(status, 206);
    assert!(bytes == large[100_000..200_000], "the range's bytes differ");
    let (status, answer, bytes) = fetch(&app, Method::HEAD, path, &[]).await;
    assert_eq!(
        (status, answer.header_text("content-length")),
        (200, "300000")
    );
    assert!(bytes.is_empty());
    // Other tests' sockets add to the count too; this one's bodies alone are 490,000 bytes.
    let sent = cb_zero_copy::bytes_sent_from_files() - before;
    assert!(sent >= 490_000, "{sent} bytes went by sendfile");
    // Many connections at once get the same bytes.
    let fetches = (0..16).map(|_| fetch(&app, Method::GET, path, &[]));
    for (status, _, bytes) in futures_util::future::join_all(fetches).await {
        assert_eq!(status, 200);
        assert!(bytes == large, "the bytes differ under concurrency");
    }
}
