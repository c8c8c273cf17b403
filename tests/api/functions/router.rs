//! The functions router: names, methods, CORS, and JSON errors with a JSON Content-Type.
use cb_tests::{Answer as _, DEMO_ANON_KEY, HeaderText as _, assert_status_and_headers, spawn_app};
use serde_json::{Value, json};

#[tokio::test]
async fn unknown_and_missing_names_get_the_platform_answers() {
    let app = spawn_app().await;
    let unknown = app.get("/functions/v1/nope/sub/path?x=1").answer().await;
    assert_status_and_headers(&unknown, 404, &[("content-type", "application/json")]);
    assert_eq!(
        unknown.json::<Value>().await.unwrap(),
        json!({"code": "NOT_FOUND", "message": "Requested function was not found"})
    );
    for path in ["/functions/v1", "/functions/v1/"] {
        let missing = app.client.post(format!("{}{path}", app.url)).answer().await;
        assert_eq!(missing.status(), 400, "{path}");
        assert_eq!(
            missing.json::<Value>().await.unwrap()["msg"],
            "missing function name in request"
        );
    }
}

#[tokio::test]
async fn preflights_are_answered_and_responses_carry_cors_headers() {
    let app = spawn_app().await;
    let requested = "authorization, x-client-info, apikey, content-type";
    let preflight = app
        .preflight(
            "/functions/v1/simple-auth",
            "https://www.claimbridge.com",
            requested,
        )
        .await;
    assert_status_and_headers(
        &preflight,
        200,
        &[
            ("access-control-allow-origin", "*"),
            ("access-control-allow-headers", requested),
        ],
    );
    // A bare OPTIONS reaches the function, which answers as hosted Supabase functions do.
    let bare = app
        .request(reqwest::Method::OPTIONS, "/functions/v1/antispam-check")
        .answer()
        .await;
    assert_status_and_headers(&bare, 200, &[("access-control-allow-origin", "*")]);
    assert_eq!(bare.text().await.unwrap(), "ok");

    let error = app
        .post("/functions/v1/antispam-check")
        .bearer_auth(DEMO_ANON_KEY)
        .header("origin", "https://www.claimbridge.com")
        .body("{")
        .answer()
        .await;
    assert_status_and_headers(&error, 400, &[("access-control-allow-origin", "*")]);
    assert!(
        error
            .header_text("access-control-expose-headers")
            .contains("Retry-After")
    );
}

#[tokio::test]
async fn captcha_challenges_are_fresh_signed_and_uncached() {
    let app = spawn_app().await;
    let first = app.get("/functions/v1/captcha-challenge").answer().await;
    assert_status_and_headers(&first, 200, &[("cache-control", "no-store")]);
    let first: Value = first.json().await.unwrap();
    assert_eq!(first["algorithm"], "SHA-256");
    for field in ["challenge", "salt", "signature"] {
        assert!(
            first[field].as_str().is_some_and(|text| !text.is_empty()),
            "{field}"
        );
    }
    assert_eq!(first["maxnumber"], 100_000);
    assert!(first["salt"].as_str().unwrap().contains("?expires="));
    let second: Value = app
        .get("/functions/v1/altcha-challenge")
        .answer()
        .await
        .json()
        .await
        .unwrap();
    assert_ne!(first["challenge"], second["challenge"]);
}
