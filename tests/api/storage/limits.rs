//! Bucket limits: the size limit enforced while the bytes arrive (an answer before the body
//! ends), the global cap, and types judged by the first bytes rather than the client's word.
use std::time::Duration;

use cb_tests::{Answer as _, Exchange as _, spawn_app, spawn_app_with};
use reqwest::Method;
use serde_json::json;

use super::{
    RawConnection, admin, assert_case_error, assert_error, call, expect_stored, fetch, files_under,
    object_rows, pdf, png, raw_json, raw_status, service, upload,
};

async fn small_bucket(app: &cb_tests::TestApp, limit: u64) {
    let created = call(app, Method::POST, "/bucket", service())
        .json(&json!({"id": "small", "name": "small", "public": true, "file_size_limit": limit}))
        .answer()
        .await;
    assert_eq!(created.status(), 200);
}

#[tokio::test]
async fn the_size_limit_answers_413_as_soon_as_it_is_passed() {
    let data = tempfile::tempdir().unwrap();
    let app = spawn_app_with(&[("CLAIMBRIDGE_DATA_DIR", data.path().to_str().unwrap())]).await;
    small_bucket(&app, 100_000).await;

    // A chunked body that never ends: the answer must come once 100 000 bytes are passed.
    let mut connection = RawConnection::open(&app.url).await;
    let head = format!(
        "POST /storage/v1/object/small/big.bin HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {}\r\n\
         Content-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n",
        service()
    );
    connection.send(head.as_bytes()).await.unwrap();
    let chunk = vec![b'x'; 64 * 1024];
    for _ in 0..2 {
        let mut framed = format!("{:x}\r\n", chunk.len()).into_bytes();
        framed.extend_from_slice(&chunk);
        framed.extend_from_slice(b"\r\n");
        connection.send(&framed).await.unwrap();
    }
    let response = connection.read_response(Duration::from_secs(10)).await;
    assert_eq!(raw_status(&response), 400, "{response}");
    let body = raw_json(&response);
    assert_eq!(body["statusCode"], "413", "{response}");
    assert_eq!(body["code"], "EntityTooLarge");
    assert_eq!(
        body["message"],
        "The object exceeded the maximum allowed size"
    );

    // A declared Content-Length over the limit is refused before any byte is sent.
    let mut connection = RawConnection::open(&app.url).await;
    let head = format!(
        "POST /storage/v1/object/small/declared.bin HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {}\r\n\
         Content-Type: application/octet-stream\r\nContent-Length: 5000000\r\n\r\n",
        service()
    );
    connection.send(head.as_bytes()).await.unwrap();
    let response = connection.read_response(Duration::from_secs(10)).await;
    assert_eq!(raw_json(&response)["code"], "EntityTooLarge", "{response}");

    // Nothing was kept: no row, no bytes (only the store's empty temp folder).
    assert_eq!(object_rows(&app, "small").await, 0);
    let leftovers = files_under(&data.path().join("storage"));
    assert!(leftovers.is_empty(), "{leftovers:?}");

    // Exactly at the limit is fine.
    expect_stored(
        &app,
        service(),
        "small",
        "fits.bin",
        vec![7u8; 100_000],
        "application/octet-stream",
    )
    .await;
}

#[tokio::test]
async fn the_global_cap_applies_to_every_bucket() {
    let app = spawn_app_with(&[("STORAGE_FILE_SIZE_LIMIT", "1000")]).await;
    let refused = upload(
        &app,
        &admin(),
        "whitepapers/big.pdf",
        pdf(2000),
        "application/pdf",
    )
    .await;
    assert_error(&refused, 400, "413", "EntityTooLarge");
    expect_stored(
        &app,
        &admin(),
        "whitepapers",
        "small.pdf",
        pdf(500),
        "application/pdf",
    )
    .await;
}

#[tokio::test]
async fn types_are_judged_by_the_first_bytes() {
    let app = spawn_app().await;
    let token = admin();
    let svg = b"<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_vec();
    // (bucket/key, body, declared type, the message when the case pins it)
    let refusals = [
        // A text file named .png, declared image/png.
        (
            "blog-images/fake.png",
            b"just some text\n".to_vec(),
            "image/png",
            Some(
                "mime type text/plain is not supported (detected from the file's content; declared image/png)",
            ),
        ),
        // SVG is refused in blog-images, whatever it claims to be.
        (
            "blog-images/x.png",
            svg.clone(),
            "image/png",
            Some(
                "mime type image/svg+xml is not supported (detected from the file's content; declared image/png)",
            ),
        ),
        ("blog-images/x.svg", svg, "image/svg+xml", None),
        // HTML dressed as a PDF in whitepapers.
        (
            "whitepapers/x.pdf",
            b"<!DOCTYPE html><script>x</script>".to_vec(),
            "application/pdf",
            Some(
                "mime type text/html is not supported (detected from the file's content; declared application/pdf)",
            ),
        ),
        // A declared type the bucket does not take is refused before the body is read.
        (
            "whitepapers/x.gif",
            b"GIF89a".to_vec(),
            "image/gif",
            Some("mime type image/gif is not supported"),
        ),
    ];
    for (path, body, declared, message) in refusals {
        let case = format!("{path} as {declared}:");
        let refused = upload(&app, &token, path, body, declared).await;
        assert_case_error(&case, &refused, 400, "415", "InvalidMimeType");
        assert_eq!(refused.1["error"], "invalid_mime_type", "{case}");
        if let Some(message) = message {
            assert_eq!(refused.1["message"], message, "{case}");
        }
    }
    // Real PDFs and images pass; a generic declared type takes the detected one.
    expect_stored(
        &app,
        &token,
        "whitepapers",
        "real.pdf",
        pdf(100),
        "application/pdf",
    )
    .await;
    let generic = "application/octet-stream";
    expect_stored(&app, &token, "blog-images", "real.bin", png(100), generic).await;
    let info = call(
        &app,
        Method::GET,
        "/object/info/blog-images/real.bin",
        &token,
    )
    .status_json()
    .await;
    assert_eq!(info.1["content_type"], "image/png", "{}", info.1);
    // A PNG declared as JPEG is kept as what it is.
    expect_stored(
        &app,
        &token,
        "blog-images",
        "wrong.jpg",
        png(100),
        "image/jpeg",
    )
    .await;
    let served = fetch(&app, "/object/public/blog-images/wrong.jpg").await;
    assert_eq!(served.headers()["content-type"], "image/png");
    // Nothing refused was stored.
    assert_eq!(object_rows(&app, "blog-images").await, 2);
    assert_eq!(object_rows(&app, "whitepapers").await, 1);
}

#[tokio::test]
async fn empty_bodies_and_oversized_metadata_are_refused() {
    let app = spawn_app().await;
    let empty = upload(
        &app,
        service(),
        "whitepapers/empty.pdf",
        Vec::new(),
        "application/pdf",
    )
    .await;
    assert_error(&empty, 400, "400", "InvalidRequest");
    assert_eq!(empty.1["message"], "No content provided");
    // Studio's folder marker: 0 bytes allowed, anything more is too large.
    let marker = "application/octet-stream";
    let folder = "dir/.emptyFolderPlaceholder";
    expect_stored(&app, service(), "whitepapers", folder, Vec::new(), marker).await;
    let marker_path = "whitepapers/dir2/.emptyFolderPlaceholder";
    let big = upload(&app, service(), marker_path, vec![1], marker).await;
    assert_error(&big, 400, "413", "EntityTooLarge");
    // Multipart without a file part.
    let boundary = "b0undary";
    let form = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"cacheControl\"\r\n\r\n60\r\n--{boundary}--\r\n"
    );
    // supabase-js's multipart upload of `form` to whitepapers/`key`.
    let post_form = |key: &str, form: Vec<u8>| {
        call(
            &app,
            Method::POST,
            &format!("/object/whitepapers/{key}"),
            service(),
        )
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(form)
    };
    let none = post_form("nofile.pdf", form.into_bytes())
        .status_json()
        .await;
    assert_eq!(none.1["message"], "No content provided");
    // User metadata over 1 MiB (a multipart field: headers that large never reach a handler).
    let huge = format!("{{\"a\":\"{}\"}}", "x".repeat(1_100_000));
    let mut form = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"metadata\"\r\n\r\n{huge}\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"\"; filename=\"blob\"\r\n\
         Content-Type: application/pdf\r\n\r\n"
    )
    .into_bytes();
    form.extend_from_slice(&pdf(10));
    form.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let refused = post_form("meta.pdf", form).status_json().await;
    assert_error(&refused, 400, "413", "EntityTooLarge");
    // Metadata that fits is kept and shown by info.
    let ok = call(
        &app,
        Method::POST,
        "/object/whitepapers/meta.pdf",
        service(),
    )
    .header("content-type", "application/pdf")
    .header("x-metadata", base64_encode(br#"{"title":"Guide"}"#))
    .body(pdf(10))
    .answer()
    .await;
    assert_eq!(ok.status(), 200);
    let info = call(
        &app,
        Method::GET,
        "/object/info/whitepapers/meta.pdf",
        service(),
    )
    .status_json()
    .await;
    assert_eq!(info.1["metadata"], json!({"title": "Guide"}));
}

fn base64_encode(bytes: &[u8]) -> String {
    const TABLE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(TABLE[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}
