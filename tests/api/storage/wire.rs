//! Storage's wire format: the error body and its legacy status line, JWT failures with the
//! verifier's text, route-not-found, role enforcement, and never a 500 for bad input.
use cb_tests::{Answer as _, DEMO_JWT_SECRET, Exchange as _, spawn_app};
use jsonwebtoken::{EncodingKey, Header};
use reqwest::Method;
use serde_json::json;

use super::{admin, anon, assert_error, call, service, url};

#[tokio::test]
async fn missing_things_answer_http_400_with_the_logical_404() {
    let app = spawn_app().await;
    let missing = app
        .client
        .get(url(&app, "/object/public/whitepapers/nope.pdf"))
        .status_json()
        .await;
    assert_eq!(
        missing,
        (
            400,
            json!({"statusCode": "404", "error": "not_found", "message": "Object not found", "code": "NoSuchKey"})
        )
    );
    let bucket = app
        .client
        .get(url(&app, "/object/public/no-such-bucket/a.pdf"))
        .status_json()
        .await;
    assert_eq!(
        bucket,
        (
            400,
            json!({"statusCode": "404", "error": "Bucket not found", "message": "Bucket not found", "code": "NoSuchBucket"})
        )
    );
    let route = app.client.get(url(&app, "/nope?x=1")).status_json().await;
    assert_eq!(
        route,
        (
            404,
            json!({"statusCode": "404", "error": "Not Found", "message": "Route GET:/nope?x=1 not found", "code": "InvalidRequest"})
        )
    );
    let method = app.client.patch(url(&app, "/bucket")).status_json().await;
    assert_error(&method, 404, "404", "InvalidRequest");
}

#[tokio::test]
async fn jwt_failures_carry_the_verifier_text() {
    let app = spawn_app().await;
    let expired = jsonwebtoken::encode(
        &Header::default(),
        &json!({"role": "authenticated", "exp": 1_000_000}),
        &EncodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
    )
    .unwrap();
    let forged = jsonwebtoken::encode(
        &Header::default(),
        &json!({"role": "service_role"}),
        &EncodingKey::from_secret(b"not-the-project-secret-not-the-project-secret"),
    )
    .unwrap();
    for (token, message) in [
        (expired.as_str(), "\"exp\" claim timestamp check failed"),
        (forged.as_str(), "signature verification failed"),
        ("not-a-jwt", "Invalid Compact JWS"),
    ] {
        let got = call(&app, Method::GET, "/bucket", token)
            .status_json()
            .await;
        assert_error(&got, 400, "403", "AccessDenied");
        assert_eq!(got.1["message"], message);
        assert_eq!(got.1["error"], "Unauthorized");
    }
    // The `Bearer ` prefix is optional.
    let raw = app
        .client
        .get(url(&app, "/bucket"))
        .header("authorization", service())
        .answer()
        .await;
    assert_eq!(raw.status(), 200);
    // Read routes that allow an invalid JWT treat the caller as anon.
    let (status, _) = call(&app, Method::GET, "/object/whitepapers/none.pdf", &forged)
        .status_json()
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn emptying_a_bucket_is_for_the_service_role_only_with_a_real_403() {
    let app = spawn_app().await;
    for token in [admin(), anon().to_string()] {
        let got = call(&app, Method::POST, "/bucket/blog-images/empty", &token)
            .json(&json!({}))
            .status_json()
            .await;
        assert_error(&got, 403, "403", "AccessDenied");
        assert_eq!(got.1["message"], "Access denied: Invalid role");
    }
}

#[tokio::test]
async fn bad_input_is_a_4xx_in_storage_format_never_a_500() {
    let app = spawn_app().await;
    let token = service();
    let cases: Vec<(Method, &str, Option<&str>)> = vec![
        (Method::POST, "/object/list/whitepapers", Some("{not json")),
        (Method::POST, "/object/list/whitepapers", Some("[]")),
        (
            Method::POST,
            "/object/list/whitepapers",
            Some(r#"{"prefix": 5}"#),
        ),
        (
            Method::POST,
            "/object/list/whitepapers",
            Some(r#"{"prefix": "", "limit": 0}"#),
        ),
        (
            Method::POST,
            "/object/list/whitepapers",
            Some(r#"{"prefix": "", "limit": 1e400}"#),
        ),
        (
            Method::POST,
            "/object/list/whitepapers",
            Some(r#"{"prefix": "", "sortBy": {"column": "1; drop table x"}}"#),
        ),
        (
            Method::POST,
            "/object/list-v2/whitepapers",
            Some(r#"{"cursor": "%%%"}"#),
        ),
        (
            Method::POST,
            "/object/list-v2/whitepapers",
            Some(r#"{"limit": -1}"#),
        ),
        (
            Method::DELETE,
            "/object/whitepapers",
            Some(r#"{"prefixes": []}"#),
        ),
        (
            Method::DELETE,
            "/object/whitepapers",
            Some(r#"{"prefixes": "a"}"#),
        ),
        (
            Method::POST,
            "/object/move",
            Some(r#"{"bucketId": "whitepapers"}"#),
        ),
        (
            Method::POST,
            "/object/copy",
            Some(r#"{"bucketId": 1, "sourceKey": [], "destinationKey": {}}"#),
        ),
        (
            Method::POST,
            "/object/sign/whitepapers/a.pdf",
            Some(r#"{"expiresIn": 0}"#),
        ),
        (
            Method::POST,
            "/object/sign/whitepapers/a.pdf",
            Some(r#"{"expiresIn": "soon"}"#),
        ),
        (
            Method::POST,
            "/object/sign/whitepapers",
            Some(r#"{"expiresIn": 60}"#),
        ),
        (Method::GET, "/object/sign/whitepapers/a.pdf", None),
        (
            Method::GET,
            "/object/sign/whitepapers/a.pdf?token=abc",
            None,
        ),
        (
            Method::PUT,
            "/object/upload/sign/whitepapers/a.pdf?token=a.b.c",
            None,
        ),
        (Method::POST, "/bucket", Some(r#"{"name": "a/b"}"#)),
        (
            Method::POST,
            "/bucket",
            Some(r#"{"name": "ok-name", "file_size_limit": "lots"}"#),
        ),
        (
            Method::POST,
            "/bucket",
            Some(r#"{"name": "ok-name", "allowed_mime_types": "x"}"#),
        ),
        (Method::POST, "/bucket", Some(r#"{"id": "", "name": ""}"#)),
        (Method::PUT, "/bucket/whitepapers", Some(r#"{}"#)),
        (Method::GET, "/bucket?limit=-3", None),
        (Method::GET, "/bucket?sortColumn=owner;drop", None),
        (Method::POST, "/object/whitepapers/a.pdf", None),
        (Method::POST, "/object/whitepapers/%FF%FE.pdf", Some("x")),
    ];
    for (method, path, body) in cases {
        let mut request =
            call(&app, method.clone(), path, token).header("content-type", "application/json");
        if let Some(body) = body {
            request = request.body(body.to_string());
        }
        let response = request.answer().await;
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        assert!(
            (400..500).contains(&status),
            "{method} {path} {body:?}: {status} {text}"
        );
        let value: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|_| panic!("{text}"));
        assert!(
            value["statusCode"].is_string() && value["code"].is_string(),
            "{method} {path}: {text}"
        );
    }
}
