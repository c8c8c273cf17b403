//! The same API on the S3 backend, against a real S3-compatible server (moto, started by
//! tests/tools/s3-server.sh on loopback): uploads in one part and in several, downloads with
//! ranges and ETags, overwrite, move, copy, delete, signed URLs, limits, and seeding.
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use cb_tests::{Answer as _, Exchange as _, TestApp, spawn_app_with, workspace_root};
use reqwest::Method;
use serde_json::json;

use super::{
    admin, assert_downloads, call, expect_stored, fetch, get_with, object_rows, pdf, png, service,
    sign_url, upload, url,
};

/// The endpoint of the S3 test server, started once per test run (it stops when we exit).
#[expect(
    clippy::zombie_processes,
    reason = "the S3 server lives for the whole test binary and exits when its parent does"
)]
pub(super) fn endpoint() -> &'static str {
    static ENDPOINT: OnceLock<String> = OnceLock::new();
    ENDPOINT.get_or_init(|| {
        if let Ok(endpoint) = std::env::var("CLAIMBRIDGE_TEST_S3_ENDPOINT") {
            return endpoint;
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        Command::new(workspace_root().join("tests/tools/s3-server.sh"))
            .arg("serve")
            .arg(port.to_string())
            .env("S3_SERVER_PARENT", std::process::id().to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .expect("start tests/tools/s3-server.sh");
        // The first run installs the server (pip), so give it time.
        let deadline = Instant::now() + Duration::from_secs(600);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "the S3 test server did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        format!("http://127.0.0.1:{port}")
    })
}

fn s3_vars(bucket: &str) -> Vec<(&'static str, String)> {
    vec![
        ("STORAGE_BACKEND", "s3".into()),
        ("S3_ENDPOINT", endpoint().to_string()),
        ("S3_REGION", "us-east-1".into()),
        ("S3_BUCKET", bucket.into()),
        ("S3_FORCE_PATH_STYLE", "true".into()),
        ("S3_ACCESS_KEY_ID", "test".into()),
        ("S3_SECRET_ACCESS_KEY", "test".into()),
    ]
}

async fn s3_app() -> TestApp {
    s3_app_and_bucket().await.0
}

/// An app on the S3 backend and the S3 bucket its objects go to.
pub(super) async fn s3_app_and_bucket() -> (TestApp, String) {
    let bucket = format!("cb-{}", uuid::Uuid::new_v4().simple());
    let vars = s3_vars(&bucket);
    let pairs: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    (spawn_app_with(&pairs).await, bucket)
}

#[tokio::test]
async fn uploads_and_downloads_stream_through_s3() {
    let app = s3_app().await;
    // Over one 8 MiB part: a multipart upload.
    let big = pdf(9 * 1024 * 1024);
    expect_stored(
        &app,
        &admin(),
        "whitepapers",
        "big/guide.pdf",
        big.clone(),
        "application/pdf",
    )
    .await;
    let public = url(&app, "/object/public/whitepapers/big/guide.pdf");
    let (_, etag) = assert_downloads(&app, &public, &big).await;
    let ranged = get_with(&app, &public, "range", "bytes=-4").await;
    assert_eq!(ranged.status(), 206);
    assert_eq!(
        ranged.bytes().await.unwrap().as_ref(),
        &big[big.len() - 4..]
    );
    let middle = get_with(&app, &public, "range", "bytes=8388600-8388615").await;
    assert_eq!(
        middle.bytes().await.unwrap().as_ref(),
        &big[8_388_600..=8_388_615]
    );
    let cached = get_with(&app, &public, "if-none-match", &etag).await;
    assert_eq!(cached.status(), 304);

    // Overwrite, then move, copy and delete.
    let small = pdf(10);
    let replaced = call(
        &app,
        Method::PUT,
        "/object/whitepapers/big/guide.pdf",
        &admin(),
    )
    .header("content-type", "application/pdf")
    .body(small.clone())
    .answer()
    .await;
    assert_eq!(replaced.status(), 200);
    assert_eq!(
        app.client
            .get(&public)
            .answer()
            .await
            .bytes()
            .await
            .unwrap()
            .to_vec(),
        small
    );
    let moved = call(&app, Method::POST, "/object/move", &admin())
        .json(&json!({"bucketId": "whitepapers", "sourceKey": "big/guide.pdf", "destinationKey": "moved.pdf"})).answer().await;
    assert_eq!(moved.status(), 200);
    let copied = call(&app, Method::POST, "/object/copy", &admin())
        .json(&json!({"bucketId": "whitepapers", "sourceKey": "moved.pdf", "destinationKey": "copied.pdf"})).answer().await;
    assert_eq!(copied.status(), 200);
    for key in ["moved.pdf", "copied.pdf"] {
        let served = fetch(&app, &format!("/object/public/whitepapers/{key}")).await;
        assert_eq!(served.bytes().await.unwrap().to_vec(), small, "{key}");
    }
    let (status, signed) = sign_url(&app, "whitepapers/copied.pdf", 60, service()).await;
    assert_eq!(status, 200);
    let fetched = app
        .client
        .get(format!(
            "{}/storage/v1{}",
            app.url,
            signed["signedURL"].as_str().unwrap()
        ))
        .answer()
        .await;
    assert_eq!(fetched.bytes().await.unwrap().to_vec(), small);
    let removed = call(&app, Method::DELETE, "/object/whitepapers", &admin())
        .json(&json!({"prefixes": ["moved.pdf", "copied.pdf"]}))
        .status_json()
        .await;
    assert_eq!(removed.1.as_array().map(Vec::len), Some(2));
    let gone = app
        .client
        .get(url(&app, "/object/public/whitepapers/copied.pdf"))
        .status_json()
        .await;
    assert_eq!(gone.1["code"], "NoSuchKey");
}

#[tokio::test]
async fn limits_and_types_hold_on_s3() {
    let app = s3_app().await;
    let images = "blog-images";
    let text = b"plain text".to_vec();
    let text = upload(&app, &admin(), "blog-images/fake.png", text, "image/png").await;
    assert_eq!(text.1["code"], "InvalidMimeType");
    expect_stored(&app, &admin(), images, "real.png", png(100), "image/png").await;
    let big = png(11 * 1024 * 1024);
    let big = upload(&app, &admin(), "blog-images/big.png", big, "image/png").await;
    assert_eq!(big.1["code"], "EntityTooLarge");
    assert_eq!(object_rows(&app, images).await, 1);
}

#[tokio::test]
async fn a_new_database_is_seeded_into_s3() {
    let bucket = format!("cb-{}", uuid::Uuid::new_v4().simple());
    let vars = s3_vars(&bucket);
    let pairs: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (_, data) = super::crash::download_a_seeded_whitepaper(&pairs).await;
    assert!(
        !data.path().join("storage/whitepapers").exists(),
        "nothing went to the filesystem store"
    );
}
