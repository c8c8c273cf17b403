//! Signed URLs signed for absurd lifetimes still serve (found by the storage fuzzer: an expiry
//! past the year 9999 could not be written as an HTTP date, and the download answered 500).
use cb_tests::{Answer as _, spawn_app};
use reqwest::Method;
use serde_json::json;

use crate::storage::{expect_stored, png, service, sign_url, url as storage_url};

#[tokio::test]
async fn a_url_signed_for_ever_serves_with_the_last_http_date() {
    let app = spawn_app().await;
    expect_stored(
        &app,
        service(),
        "blog-images",
        "forever.png",
        png(64),
        "image/png",
    )
    .await;
    for expires_in in [json!(1_000_000_000_000_i64), json!(i64::MAX / 2)] {
        let (_, signed) = sign_url(
            &app,
            "blog-images/forever.png",
            expires_in.clone(),
            service(),
        )
        .await;
        let url = signed["signedURL"].as_str().expect("a signed URL");
        for method in [Method::GET, Method::HEAD] {
            let response = app
                .client
                .request(method.clone(), storage_url(&app, url))
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
