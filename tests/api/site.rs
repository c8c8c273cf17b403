//! The website shell: runtime configuration injected into index.html, SPA fallback, assets.
use cb_tests::{DEMO_ANON_KEY, spawn_app_with};
use serde_json::Value;

const INDEX: &str = "<!doctype html><html><head><title>ClaimBridge</title>\
<script id=\"runtime-config\" type=\"application/json\">{}</script>\
<script type=\"module\" src=\"/assets/index-abc123.js\"></script></head><body><div id=\"root\"></div></body></html>";

fn dist() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), INDEX).unwrap();
    std::fs::create_dir(dir.path().join("assets")).unwrap();
    std::fs::write(
        dir.path().join("assets/index-abc123.js"),
        "console.log('claimbridge')",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("favicon.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    )
    .unwrap();
    dir
}

fn runtime_config(html: &str) -> Value {
    let open = "<script id=\"runtime-config\" type=\"application/json\">";
    let start = html.find(open).unwrap() + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

#[tokio::test]
async fn index_carries_the_runtime_configuration_on_every_app_route() {
    let dist = dist();
    let app = spawn_app_with(&[
        ("CLAIMBRIDGE_FRONTEND_DIR", dist.path().to_str().unwrap()),
        (
            "COMPANY_NAME",
            "Acme </script><script>alert(1)</script> Billing",
        ),
        ("COMPANY_PHONE", "(615) 555-0100"),
    ])
    .await;
    for path in [
        "/",
        "/index.html",
        "/blog/dme-billing-coding-guide",
        "/admin/blog",
        "/no/such/page",
    ] {
        let response = app.get(path).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "text/html; charset=utf-8"
        );
        assert_eq!(response.headers()["cache-control"], "no-cache");
        let html = response.text().await.unwrap();
        assert_eq!(
            html.matches("</script>").count(),
            2,
            "no value can close the element ({path})"
        );
        let config = runtime_config(&html);
        assert_eq!(config["supabaseAnonKey"], DEMO_ANON_KEY);
        assert_eq!(
            config["supabaseUrl"],
            Value::Null,
            "the page's own origin is the Supabase URL"
        );
        assert_eq!(
            config["company"]["name"],
            "Acme </script><script>alert(1)</script> Billing"
        );
        assert_eq!(config["company"]["phone"], "(615) 555-0100");
        assert_eq!(config["captchaProvider"], "altcha");
        let text = serde_json::to_string(&config).unwrap();
        assert!(
            !text.contains("service_role") && !text.contains("super-secret"),
            "no secret reaches the browser"
        );
    }
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_other_files_are_served_as_they_are() {
    let dist = dist();
    let app = spawn_app_with(&[("CLAIMBRIDGE_FRONTEND_DIR", dist.path().to_str().unwrap())]).await;
    let asset = app.get("/assets/index-abc123.js").send().await.unwrap();
    assert_eq!(asset.status(), 200);
    assert_eq!(
        asset.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        asset.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );
    let missing_asset = app.get("/assets/index-zzz.js").send().await.unwrap();
    assert_eq!(
        missing_asset.status(),
        404,
        "a missing hashed asset is not the app shell"
    );
    let icon = app.get("/favicon.svg").send().await.unwrap();
    assert_eq!(icon.status(), 200);
    assert_eq!(icon.headers()["content-type"], "image/svg+xml");
    let traversal = app
        .get("/assets/..%2f..%2fCargo.toml")
        .send()
        .await
        .unwrap();
    assert_ne!(traversal.status(), 200);
}

#[tokio::test]
async fn an_unbuilt_site_says_how_to_build_it() {
    let empty = tempfile::tempdir().unwrap();
    let app = spawn_app_with(&[("CLAIMBRIDGE_FRONTEND_DIR", empty.path().to_str().unwrap())]).await;
    let response = app.get("/").send().await.unwrap();
    assert_eq!(response.status(), 503);
    assert!(response.text().await.unwrap().contains("make run"));
    assert_eq!(
        app.get("/healthz").send().await.unwrap().status(),
        200,
        "the APIs still serve"
    );
}
