//! Signed URLs signed for absurd lifetimes still serve (found by the storage fuzzer: an expiry
//! past the year 9999 could not be written as an HTTP date, and the download answered 500).
use cb_tests::{Answer as _, DEMO_SERVICE_ROLE_KEY, spawn_app};
use serde_json::{Value, json};

#[tokio::test]
async fn a_url_signed_for_ever_serves_with_the_last_http_date() {
    let app = spawn_app().await;
    let call = |method: reqwest::Method, path: &str| {
        app.with_token(method, &format!("/storage/v1{path}"), DEMO_SERVICE_ROLE_KEY)
    };
    let uploaded = call(reqwest::Method::POST, "/object/blog-images/forever.png")
        .header("content-type", "image/png")
        .body(crate::storage::png(64))
        .answer()
        .await;
    assert!(uploaded.status().is_success());
    for expires_in in [json!(1_000_000_000_000_i64), json!(i64::MAX / 2)] {
        let signed: Value = call(
            reqwest::Method::POST,
            "/object/sign/blog-images/forever.png",
        )
        .json(&json!({ "expiresIn": expires_in }))
        .answer()
        .await
        .json()
        .await
        .unwrap();
        let url = signed["signedURL"].as_str().expect("a signed URL");
        for method in [reqwest::Method::GET, reqwest::Method::HEAD] {
            let response = app
                .client
                .request(method.clone(), format!("{}/storage/v1{url}", app.url))
                .answer()
                .await;
            assert_eq!(response.status(), 200, "{method} {expires_in}");
            assert_eq!(
                response.headers()["expires"],
                "Fri, 31 Dec 9999 23:59:59 GMT"
            );
        }
    }
}
