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
    // (a GET with no credentials, its status, its whole body)
    let cases = [
        (
            "/object/public/whitepapers/nope.pdf",
            400,
            json!({"statusCode": "404", "error": "not_found", "message": "Object not found", "code": "NoSuchKey"}),
        ),
        (
            "/object/public/no-such-bucket/a.pdf",
            400,
            json!({"statusCode": "404", "error": "Bucket not found", "message": "Bucket not found", "code": "NoSuchBucket"}),
        ),
        (
            "/nope?x=1",
            404,
            json!({"statusCode": "404", "error": "Not Found", "message": "Route GET:/nope?x=1 not found", "code": "InvalidRequest"}),
        ),
    ];
    for (path, status, body) in cases {
        let got = app.client.get(url(&app, path)).status_json().await;
        assert_eq!(got, (status, body), "{path}");
    }
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
    // Each endpoint with the JSON bodies it must refuse, then the requests that carry no body.
    let refused_bodies: [(Method, &str, &[&str]); 10] = [
        (
            Method::POST,
            "/object/list/whitepapers",
            &[
                "{not json",
                "[]",
                r#"{"prefix": 5}"#,
                r#"{"prefix": "", "limit": 0}"#,
                r#"{"prefix": "", "limit": 1e400}"#,
                r#"{"prefix": "", "sortBy": {"column": "1; drop table x"}}"#,
            ],
        ),
        (
            Method::POST,
            "/object/list-v2/whitepapers",
            &[r#"{"cursor": "%%%"}"#, r#"{"limit": -1}"#],
        ),
        (
            Method::DELETE,
            "/object/whitepapers",
            &[r#"{"prefixes": []}"#, r#"{"prefixes": "a"}"#],
        ),
        (
            Method::POST,
            "/object/move",
            &[r#"{"bucketId": "whitepapers"}"#],
        ),
        (
            Method::POST,
            "/object/copy",
            &[r#"{"bucketId": 1, "sourceKey": [], "destinationKey": {}}"#],
        ),
        (
            Method::POST,
            "/object/sign/whitepapers/a.pdf",
            &[r#"{"expiresIn": 0}"#, r#"{"expiresIn": "soon"}"#],
        ),
        (
            Method::POST,
            "/object/sign/whitepapers",
            &[r#"{"expiresIn": 60}"#],
        ),
        (
            Method::POST,
            "/bucket",
            &[
                r#"{"name": "a/b"}"#,
                r#"{"name": "ok-name", "file_size_limit": "lots"}"#,
                r#"{"name": "ok-name", "allowed_mime_types": "x"}"#,
                r#"{"id": "", "name": ""}"#,
            ],
        ),
        (Method::PUT, "/bucket/whitepapers", &["{}"]),
        (Method::POST, "/object/whitepapers/%FF%FE.pdf", &["x"]),
    ];
    let without_body = [
        (Method::GET, "/object/sign/whitepapers/a.pdf"),
        (Method::GET, "/object/sign/whitepapers/a.pdf?token=abc"),
        (
            Method::PUT,
            "/object/upload/sign/whitepapers/a.pdf?token=a.b.c",
        ),
        (Method::GET, "/bucket?limit=-3"),
        (Method::GET, "/bucket?sortColumn=owner;drop"),
        (Method::POST, "/object/whitepapers/a.pdf"),
    ];
    // A 4xx with Storage's error body, whatever is wrong with the request.
    let expect_refused = async |method: &Method, path: &str, body: Option<&str>| {
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
    };
    for (method, path, bodies) in &refused_bodies {
        for body in *bodies {
            expect_refused(method, path, Some(body)).await;
        }
    }
    for (method, path) in &without_body {
        expect_refused(method, path, None).await;
    }
}
