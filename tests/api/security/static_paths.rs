//! Paths that try to reach past the build's files (encoded and literal `..`, encoded slashes
//! and backslashes, NUL, dot directories, a symbolic link out of the build): 404 or 400, and
//! nothing of what lies outside (or in the server's dot directories) in the answer.
use std::time::Duration;

use cb_tests::{TestApp, spawn_app_with};

use crate::storage::{RawConnection, raw_status};

const OUTSIDE: &str = "SECRET-BESIDE-THE-BUILD";
const DOT_DIRECTORY: &str = "SECRET-IN-A-DOT-DIRECTORY";

/// `outer/dist` (a page template, the route table, an asset, the favicon, a secret in a dot
/// directory and a link out of the build) beside `outer/secret.txt`.
fn build() -> tempfile::TempDir {
    let outer = tempfile::tempdir().unwrap();
    std::fs::write(outer.path().join("secret.txt"), OUTSIDE).unwrap();
    let dist = outer.path().join("dist");
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::create_dir_all(dist.join(".ssr")).unwrap();
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><html><head><title>ClaimBridge</title></head><body><div id=\"root\"></div></body></html>",
    )
    .unwrap();
    std::fs::copy(
        cb_tests::workspace_root().join("frontend/dist/.ssr/site-manifest.json"),
        dist.join(".ssr/site-manifest.json"),
    )
    .expect("the frontend's route table (make frontend)");
    std::fs::write(dist.join(".ssr/secret.json"), DOT_DIRECTORY).unwrap();
    std::fs::write(dist.join("assets/app-1.js"), "console.log(1)").unwrap();
    std::fs::write(dist.join("assets/app-1.js.br"), "brotli").unwrap();
    std::fs::write(dist.join("favicon.svg"), "<svg/>").unwrap();
    std::os::unix::fs::symlink(outer.path().join("secret.txt"), dist.join("assets/link.js"))
        .unwrap();
    std::os::unix::fs::symlink(outer.path(), dist.join("outer")).unwrap();
    outer
}

/// The raw answer to `GET target`, sent as written (no client normalises it).
async fn raw_get(app: &TestApp, target: &str) -> String {
    let mut connection = RawConnection::open(&app.url).await;
    connection
        .send(
            format!(
                "GET {target} HTTP/1.1\r\nHost: test\r\nAccept-Encoding: br, gzip\r\nConnection: close\r\n\r\n"
            )
            .as_bytes(),
        )
        .await
        .unwrap();
    connection.read_response(Duration::from_secs(10)).await
}

#[tokio::test]
async fn paths_out_of_the_build_find_nothing() {
    let outer = build();
    let dist = outer.path().join("dist");
    let app = spawn_app_with(&[("CLAIMBRIDGE_FRONTEND_DIR", dist.to_str().unwrap())]).await;
    // The files themselves are served, so that a 404 below is the path's doing.
    let served = raw_get(&app, "/assets/app-1.js").await;
    assert_eq!(raw_status(&served), 200, "{served}");
    assert!(served.ends_with("brotli"), "{served}");

    let mut targets = Vec::new();
    for prefix in ["/assets/", "/"] {
        for attack in [
            "..%2fsecret.txt",
            "..%2f..%2fsecret.txt",
            "..%2F..%2Fsecret.txt",
            "%2e%2e/%2e%2e/secret.txt",
            "%2e%2e%2f%2e%2e%2fsecret.txt",
            "%252e%252e%252fsecret.txt",
            "../secret.txt",
            "../../secret.txt",
            "..%5csecret.txt",
            "..%5c..%5csecret.txt",
            "..%5C..%5Csecret.txt",
            "..\\..\\secret.txt",
            "....//....//secret.txt",
            "%2fetc%2fpasswd",
            "/etc/passwd",
            "..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
            "app-1.js%00",
            "app-1.js%00.txt",
            "..%2f.ssr%2fsecret.json",
            ".ssr/secret.json",
            "%2essr/secret.json",
            ".ssr/site-manifest.json",
            "..%2fdist%2f.ssr%2fsecret.json",
            "link.js",
            "assets/link.js",
            "outer/secret.txt",
            "outer%2fsecret.txt",
        ] {
            targets.push(format!("{prefix}{attack}"));
        }
    }
    for target in targets {
        let answer = raw_get(&app, &target).await;
        let status = raw_status(&answer);
        assert!(status == 404 || status == 400, "{target}: {answer}");
        for secret in [OUTSIDE, DOT_DIRECTORY, "root:x:0", "publicPages"] {
            assert!(
                !answer.contains(secret),
                "{target} leaks {secret}: {answer}"
            );
        }
    }
}
