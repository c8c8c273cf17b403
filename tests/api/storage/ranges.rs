//! Range and conditional requests on downloads: single ranges of every form, unsatisfiable
//! ranges (416 with `bytes */size`), ranges ignored when malformed or multiple, If-Range,
//! If-None-Match and If-Modified-Since, and HEAD.
use cb_tests::{Answer as _, HeaderText as _, spawn_app};

use super::{expect_stored, get_with, pdf, service, url};

#[tokio::test]
async fn range_edge_cases() {
    let app = spawn_app().await;
    let bytes = pdf(990);
    let size = bytes.len();
    assert_eq!(size, 1005);
    expect_stored(
        &app,
        service(),
        "whitepapers",
        "r.pdf",
        bytes.clone(),
        "application/pdf",
    )
    .await;
    let public = url(&app, "/object/public/whitepapers/r.pdf");
    let get = |range: &'static str| {
        let request = app.client.get(&public).header("range", range);
        async move { request.answer().await }
    };

    for (range, start, end) in [
        ("bytes=0-0", 0, 0),
        ("bytes=0-9", 0, 9),
        ("bytes=1000-", 1000, 1004),
        ("bytes=-5", 1000, 1004),
        ("bytes=-5000", 0, 1004),
        ("bytes=1004-1004", 1004, 1004),
        ("bytes=10-999999", 10, 1004),
        // A last position beyond any size still ends at the object's end (RFC 9110 §14.1.2).
        ("bytes=0-18446744073709551616", 0, 1004),
        (" bytes= 2 - 3 ", 2, 3),
    ] {
        let response = get(range).await;
        assert_eq!(response.status(), 206, "{range}");
        assert_eq!(
            response.headers()["content-range"],
            format!("bytes {start}-{end}/{size}").as_str(),
            "{range}"
        );
        assert_eq!(
            response.headers()["content-length"],
            (end - start + 1).to_string().as_str()
        );
        assert_eq!(
            response.bytes().await.unwrap().as_ref(),
            &bytes[start..=end],
            "{range}"
        );
    }
    for range in ["bytes=1005-", "bytes=2000-3000", "bytes=-0"] {
        let response = get(range).await;
        assert_eq!(response.status(), 416, "{range}");
        assert_eq!(
            response.headers()["content-range"],
            format!("bytes */{size}").as_str()
        );
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["code"], "InvalidRange");
        assert_eq!(body["statusCode"], "416");
    }
    for range in ["bytes=5-1", "bytes=0-1,5-6", "pages=1-2", "bytes=x-y"] {
        let response = get(range).await;
        assert_eq!(response.status(), 200, "{range}");
        assert_eq!(response.bytes().await.unwrap().len(), size);
    }

    let full = app.client.get(&public).answer().await;
    let etag = full.header_text("etag").to_string();
    let modified = full.header_text("last-modified").to_string();
    // If-Range: the range only while the entity is unchanged.
    let matching = app
        .client
        .get(&public)
        .header("range", "bytes=0-3")
        .header("if-range", &etag)
        .answer()
        .await;
    assert_eq!(matching.status(), 206);
    let stale = app
        .client
        .get(&public)
        .header("range", "bytes=0-3")
        .header("if-range", "\"other\"")
        .answer()
        .await;
    assert_eq!(stale.status(), 200);
    // Conditional GETs.
    for (name, value) in [
        ("if-none-match", etag.clone()),
        ("if-none-match", format!("\"x\", W/{etag}")),
        ("if-none-match", "*".to_string()),
        ("if-modified-since", modified.clone()),
    ] {
        let response = get_with(&app, &public, name, &value).await;
        assert_eq!(response.status(), 304, "{name}: {value}");
        assert_eq!(response.headers()["etag"], etag.as_str());
    }
    // A changed entity, or one modified since: the whole download.
    for (name, value) in [
        ("if-none-match", "\"other\""),
        ("if-modified-since", "Mon, 01 Jan 2001 00:00:00 GMT"),
    ] {
        let response = get_with(&app, &public, name, value).await;
        assert_eq!(response.status(), 200, "{name}: {value}");
    }
    // HEAD: the download's headers, no body.
    let head = app.client.head(&public).answer().await;
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()["content-length"], size.to_string().as_str());
    assert_eq!(head.headers()["etag"], etag.as_str());
    assert!(head.bytes().await.unwrap().is_empty());
}
