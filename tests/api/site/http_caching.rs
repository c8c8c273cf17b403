//! The site's HTTP: security headers, ETag revalidation and compressed answers.
use super::*;
use cb_tests::{Answer as _, HeaderText as _};

#[tokio::test]
async fn site_responses_carry_the_security_headers() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    for path in [
        "/",
        "/no/such/page",
        "/assets/index-abc123.js",
        "/robots.txt",
        "/favicon.svg",
    ] {
        let response = app.get(path).answer().await;
        let headers = response.headers();
        let policy = headers.header_text("content-security-policy");
        let script_src = policy
            .split(';')
            .map(str::trim)
            .find(|directive| directive.starts_with("script-src"))
            .expect("script-src");
        assert_eq!(script_src, "script-src 'self'", "{path}");
        for directive in [
            "default-src 'none'",
            "frame-ancestors 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "object-src 'none'",
            "worker-src 'self' blob:",
            "connect-src 'self'",
        ] {
            assert!(policy.contains(directive), "{directive} ({path})");
        }
        assert!(!policy.contains("unsafe-eval"));
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(
            headers["referrer-policy"],
            "strict-origin-when-cross-origin"
        );
        assert!(
            headers
                .header_text("permissions-policy")
                .contains("camera=()")
        );
        assert_eq!(headers["x-frame-options"], "DENY");
        assert!(
            headers.get("strict-transport-security").is_none(),
            "no HSTS outside production"
        );
    }
    assert_eq!(
        app.get("/rest/v1/").answer().await.headers()["content-security-policy"],
        "default-src 'none'; frame-ancestors 'none'",
        "the APIs are not the site: their answers allow nothing"
    );

    let production = spawn_site(
        &dist,
        &[
            ("CLAIMBRIDGE_ENV", "production"),
            (
                "JWT_SECRET",
                "a-production-secret-that-is-long-enough-0123456789",
            ),
            ("CLAIMBRIDGE_HOST", "127.0.0.1"),
        ],
    )
    .await;
    let response = production.get("/").answer().await;
    let hsts = response.header_text("strict-transport-security");
    let max_age: u64 = hsts
        .split(';')
        .find_map(|part| part.trim().strip_prefix("max-age="))
        .unwrap()
        .parse()
        .unwrap();
    assert!(max_age >= 15_768_000, "{hsts}");
}

#[tokio::test]
async fn pages_revalidate_with_etags_and_come_compressed() {
    let app = crate::site_rendering::spawn_rendering_site(&[]).await;
    let first = app.get("/services").answer().await;
    assert_eq!(first.status(), 200);
    let etag = first.header_text("etag").to_string();
    assert_eq!(first.headers()["vary"], "Accept-Encoding");
    let revalidated = app
        .get("/services")
        .header("if-none-match", &etag)
        .answer()
        .await;
    assert_eq!(revalidated.status(), 304);
    assert_eq!(revalidated.headers()["etag"], etag.as_str());
    assert!(revalidated.bytes().await.unwrap().is_empty());
    let other = app
        .get("/about")
        .header("if-none-match", &etag)
        .answer()
        .await;
    assert_eq!(other.status(), 200, "another page has another ETag");
    let missing = app
        .get("/no/such")
        .header("if-none-match", "*")
        .answer()
        .await;
    assert_eq!(missing.status(), 404, "a 404 is never 304");

    for (accept, encoding) in [("gzip, deflate, br", "br"), ("gzip", "gzip")] {
        let response = app
            .get("/services")
            .header("accept-encoding", accept)
            .answer()
            .await;
        assert_eq!(response.headers()["content-encoding"], encoding, "{accept}");
        assert_eq!(response.headers()["etag"], etag.as_str());
    }
}

#[tokio::test]
async fn assets_come_precompressed_and_kept_for_a_year() {
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    let asset = app
        .get("/assets/index-abc123.js")
        .header("accept-encoding", "gzip, br")
        .answer()
        .await;
    assert_eq!(asset.status(), 200);
    assert_eq!(asset.headers()["content-encoding"], "br");
    assert_eq!(
        asset.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        asset
            .header_text("vary")
            .to_ascii_lowercase()
            .contains("accept-encoding")
    );
    assert!(asset.header_text("content-type").contains("javascript"));
    assert_eq!(
        &asset.bytes().await.unwrap()[..],
        APP_JS_BR,
        "the build's brotli copy"
    );
    let plain = app.get("/assets/index-abc123.js").answer().await;
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.text().await.unwrap(), APP_JS);
}
