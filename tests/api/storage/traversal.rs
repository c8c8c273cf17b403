//! Traversal attempts: keys that would leave the bucket (encoded `..`, absolute paths, NUL and
//! control characters, empty segments, our reserved `~` names) are InvalidKey on writes and
//! never found on reads; nothing is ever created outside the storage root.
use std::time::Duration;

use cb_tests::{Exchange as _, spawn_app_with};
use reqwest::Method;
use serde_json::json;

use super::{RawConnection, call, expect_stored, files_under, pdf, raw_json, raw_status, service};

const HOSTILE: &[&str] = &[
    "..%2Fescape.pdf",
    "%2E%2E%2Fescape.pdf",
    "%2e%2e/%2e%2e/escape.pdf",
    "a%2F..%2F..%2F..%2Fescape.pdf",
    "../../escape.pdf",
    "a/./b.pdf",
    "%2Fetc%2Fpasswd",
    "a%00b.pdf",
    "a%0Ab.pdf",
    "....%2F%2Fescape.pdf",
    "a//b.pdf",
    "%7Etmp%2Fx.pdf",
    "%C3%BC.pdf",
    "a%5C..%5Cescape.pdf",
];

async fn raw(app: &cb_tests::TestApp, method: &str, path: &str, body: &[u8]) -> String {
    let mut connection = RawConnection::open(&app.url).await;
    let mut request = format!(
        "{method} /storage/v1{path} HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {}\r\n\
         Content-Type: application/pdf\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        service(),
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body);
    connection.send(&request).await.unwrap();
    connection.read_response(Duration::from_secs(10)).await
}

#[tokio::test]
async fn hostile_keys_never_leave_the_storage_root() {
    let outer = tempfile::tempdir().unwrap();
    let data = outer.path().join("data");
    let app = spawn_app_with(&[("CLAIMBRIDGE_DATA_DIR", data.to_str().unwrap())]).await;
    let body = pdf(64);
    for key in HOSTILE {
        for method in ["POST", "PUT"] {
            let response = raw(&app, method, &format!("/object/whitepapers/{key}"), &body).await;
            assert_eq!(raw_status(&response), 400, "{method} {key}: {response}");
            assert_eq!(
                raw_json(&response)["code"],
                "InvalidKey",
                "{method} {key}: {response}"
            );
        }
        for path in [
            format!("/object/public/whitepapers/{key}"),
            format!("/object/whitepapers/{key}"),
            format!("/object/info/public/whitepapers/{key}"),
        ] {
            let response = raw(&app, "GET", &path, b"").await;
            let status = raw_status(&response);
            assert!(status == 400 || status == 404, "GET {path}: {response}");
            assert_ne!(raw_json(&response)["code"], "InternalError", "{response}");
        }
        let response = raw(
            &app,
            "POST",
            &format!("/object/upload/sign/whitepapers/{key}"),
            b"",
        )
        .await;
        assert_eq!(
            raw_json(&response)["code"],
            "InvalidKey",
            "sign {key}: {response}"
        );
    }
    // Buckets that look like paths are unknown buckets.
    for bucket in ["..", "..%2F..", "%2E%2E", "~tmp"] {
        let response = raw(&app, "POST", &format!("/object/{bucket}/x.pdf"), &body).await;
        assert_eq!(raw_status(&response), 400, "{bucket}: {response}");
        assert_eq!(
            raw_json(&response)["code"],
            "NoSuchBucket",
            "{bucket}: {response}"
        );
    }
    // Move and copy validate the destination key too.
    expect_stored(
        &app,
        service(),
        "whitepapers",
        "ok.pdf",
        body.clone(),
        "application/pdf",
    )
    .await;
    for route in ["/object/move", "/object/copy"] {
        for destination in ["../escape.pdf", "/abs.pdf", "a/../../b.pdf", "a\u{0}b.pdf"] {
            let got = call(&app, Method::POST, route, service())
                .json(&json!({"bucketId": "whitepapers", "sourceKey": "ok.pdf", "destinationKey": destination}))
                .status_json()
                .await;
            assert_eq!(
                got.1["code"], "InvalidKey",
                "{route} {destination:?}: {}",
                got.1
            );
        }
    }
    // The only thing in the outer folder is the data folder; only the real object is stored.
    let outer_entries: Vec<_> = std::fs::read_dir(outer.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(outer_entries, vec![std::ffi::OsString::from("data")]);
    let stored_files = files_under(&data);
    assert_eq!(stored_files.len(), 1, "{stored_files:?}");
    assert!(stored_files[0].starts_with(data.join("storage/whitepapers/ok.pdf")));
}
