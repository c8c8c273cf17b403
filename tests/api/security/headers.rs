//! Security headers on every kind of response (Mozilla Observatory's criteria): the site's pages
//! and assets, each API's answers and errors, Storage's downloads.
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, HeaderText as _, TestApp, spawn_app,
    spawn_app_with,
};
use reqwest::header::HeaderMap;
use reqwest::{Method, RequestBuilder};

const API_POLICY: &str = "default-src 'none'; frame-ancestors 'none'";

fn check_common(what: &str, headers: &HeaderMap) {
    assert_eq!(headers["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(headers["x-frame-options"], "DENY", "{what}");
    assert_eq!(
        headers["referrer-policy"], "strict-origin-when-cross-origin",
        "{what}"
    );
}

fn request(app: &TestApp, method: Method, path: &str) -> RequestBuilder {
    app.client
        .request(method, format!("{}{path}", app.url))
        .header("apikey", DEMO_ANON_KEY)
}

#[tokio::test]
async fn every_service_answers_with_the_security_headers() {
    let app = spawn_app().await;
    let api_answers = [
        request(&app, Method::GET, "/rest/v1/blog_posts?select=id"),
        request(&app, Method::GET, "/rest/v1/nope"),
        request(&app, Method::GET, "/storage/v1/bucket").bearer_auth("forged"),
        request(&app, Method::POST, "/storage/v1/object/list/blog-images")
            .bearer_auth(DEMO_ANON_KEY)
            .json(&serde_json::json!({"prefix": ""})),
        request(&app, Method::POST, "/functions/v1/simple-auth")
            .json(&serde_json::json!({"action": "validate", "token": "x"})),
        request(&app, Method::GET, "/functions/v1/nope"),
        request(&app, Method::GET, "/auth/v1/settings"),
        request(&app, Method::GET, "/auth/v1/user").bearer_auth("forged"),
        app.get("/healthz"),
    ];
    for answer in api_answers {
        let response = answer.answer().await;
        let what = format!("{} {}", response.url().path(), response.status());
        check_common(&what, response.headers());
        assert_eq!(
            response.headers()["content-security-policy"],
            API_POLICY,
            "{what}"
        );
    }

    // A stored image opened on its own keeps a viewer (no CSP), and the rest of the set.
    let png = crate::storage::png(256);
    let uploaded = request(
        &app,
        Method::POST,
        "/storage/v1/object/blog-images/headers.png",
    )
    .bearer_auth(DEMO_SERVICE_ROLE_KEY)
    .header("content-type", "image/png")
    .body(png)
    .answer()
    .await;
    assert!(uploaded.status().is_success(), "{}", uploaded.status());
    let image = app
        .get("/storage/v1/object/public/blog-images/headers.png")
        .answer()
        .await;
    assert_eq!(image.status(), 200);
    check_common("public image", image.headers());
    assert!(image.headers().get("content-security-policy").is_none());

    // The site's own, stricter set wins on pages and assets.
    for path in ["/", "/blog", "/favicon.svg", "/no-such-page"] {
        let response = app.get(path).answer().await;
        check_common(path, response.headers());
        let policy = response.header_text("content-security-policy").to_string();
        assert!(
            policy.starts_with("default-src 'none'; script-src 'self'"),
            "{path}: {policy}"
        );
        let scripts = policy
            .split(';')
            .find(|d| d.trim().starts_with("script-src"))
            .unwrap();
        assert!(!scripts.contains("unsafe"), "{path}: {scripts}");
    }
}

#[tokio::test]
async fn production_adds_hsts_to_the_apis_too() {
    let app = spawn_app_with(&[
        ("CLAIMBRIDGE_ENV", "production"),
        (
            "JWT_SECRET",
            "a-production-secret-that-is-long-enough-0123456789",
        ),
        ("CLAIMBRIDGE_HOST", "127.0.0.1"),
    ])
    .await;
    for path in [
        "/rest/v1/",
        "/storage/v1/bucket",
        "/auth/v1/settings",
        "/healthz",
    ] {
        let response = app.get(path).answer().await;
        let hsts = response.header_text("strict-transport-security");
        assert_eq!(hsts, "max-age=63072000; includeSubDomains", "{path}");
    }
}
