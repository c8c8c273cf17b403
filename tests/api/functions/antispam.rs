//! antispam-check: captcha (ALTCHA issued here, or a provider's verify URL), single use, and the
//! per-IP and per-email windows.
use cb_tests::{Answer as _, DEMO_ANON_KEY, HeaderText as _, TestApp, sorted_keys, spawn_app_with};
use serde_json::{Value, json};

use super::support::{
    FAST, Receiver, altcha_token, assert_captcha_refused, assert_error_starts_with, fast_with,
};

async fn check(app: &TestApp, email: &str, token: &str, ip: &str) -> (u16, Value, Option<String>) {
    let response = app
        .post("/functions/v1/antispam-check")
        .bearer_auth(DEMO_ANON_KEY)
        .header("apikey", DEMO_ANON_KEY)
        .header("x-forwarded-for", ip)
        .json(&json!({"email": email, "ip": "unknown", "recaptchaToken": token}))
        .answer()
        .await;
    let status = response.status().as_u16();
    assert!(
        response
            .header_text("content-type")
            .starts_with("application/json")
    );
    let retry_after = response
        .headers()
        .get("retry-after")
        .map(|value| value.to_str().unwrap().to_string());
    (status, response.json().await.unwrap(), retry_after)
}

/// 200 `{allowed: true, ticket, expiresAt}`: the lead ticket the whitepaper insert needs (256
/// random bits, base64url) and when it expires (ten minutes on).
fn assert_allowed(status: u16, body: &Value) {
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        sorted_keys(body),
        ["allowed", "expiresAt", "ticket"],
        "{body}"
    );
    assert_eq!(body["allowed"], true);
    assert_eq!(body["ticket"].as_str().unwrap().len(), 43, "{body}");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let expires_at = body["expiresAt"].as_i64().unwrap();
    assert!((now + 590..=now + 610).contains(&expires_at), "{body}");
}

#[tokio::test]
async fn a_solved_altcha_is_allowed_once() {
    let app = spawn_app_with(FAST).await;
    let token = altcha_token(&app.client, &app.url).await;
    let (status, body, _) = check(&app, "dana@acme.test", &token, "198.51.100.1").await;
    assert_allowed(status, &body);

    let (status, body, _) = check(&app, "dana@acme.test", &token, "198.51.100.1").await;
    assert_captcha_refused("used twice", (status, &body), Some("captcha already used"));
}

#[tokio::test]
async fn bad_captchas_and_emails_are_refused() {
    let app = spawn_app_with(FAST).await;
    for (n, token) in ["", "not-a-solution", "eyJhbGdvcml0aG0iOiJTSEEtMjU2In0="]
        .into_iter()
        .enumerate()
    {
        let (status, body, _) = check(
            &app,
            &format!("bad{n}@acme.test"),
            token,
            &format!("198.51.100.{}", 10 + n),
        )
        .await;
        assert_captcha_refused(token, (status, &body), None);
    }
    // A solution signed with another key (another deployment) does not verify.
    let other = spawn_app_with(&fast_with(&[(
        "ALTCHA_HMAC_KEY",
        "another-altcha-key-that-is-long-enough-1234",
    )]))
    .await;
    let foreign = altcha_token(&other.client, &other.url).await;
    let (status, _, _) = check(&app, "foreign@acme.test", &foreign, "198.51.100.3").await;
    assert_eq!(status, 403);

    for (n, email) in ["", "dana", "dana@acme", "dana @acme.test"]
        .into_iter()
        .enumerate()
    {
        let token = altcha_token(&app.client, &app.url).await;
        let (status, body, _) = check(&app, email, &token, &format!("198.51.100.{}", 20 + n)).await;
        assert_eq!(
            (status, body),
            (
                400,
                json!({"allowed": false, "error": "Invalid email address"})
            ),
            "{email}"
        );
    }
    let response = app
        .post("/functions/v1/antispam-check")
        .bearer_auth(DEMO_ANON_KEY)
        .body("email=dana@acme.test")
        .answer()
        .await;
    assert_eq!(response.status(), 400);
}

#[tokio::test]
async fn the_ip_and_email_windows_limit_with_retry_after() {
    let app = spawn_app_with(FAST).await;
    // Five per IP in ten minutes, then 429 (whatever the body's ip says).
    for n in 0..5 {
        let token = altcha_token(&app.client, &app.url).await;
        let (status, _, _) =
            check(&app, &format!("lead{n}@acme.test"), &token, "203.0.113.50").await;
        assert_eq!(status, 200, "request {n}");
    }
    let token = altcha_token(&app.client, &app.url).await;
    let (status, body, retry_after) = check(&app, "lead5@acme.test", &token, "203.0.113.50").await;
    assert_eq!(status, 429);
    assert_eq!(body["allowed"], false);
    assert_error_starts_with(&body, "Too many requests");
    let retry_after: u64 = retry_after.unwrap().parse().unwrap();
    assert!((1..=600).contains(&retry_after), "{retry_after}");
    // The refused request did not burn its captcha: it still works from elsewhere.
    let (status, _, _) = check(&app, "lead5@acme.test", &token, "203.0.113.51").await;
    assert_eq!(status, 200);

    // Three per email address in an hour, across addresses, case-insensitively.
    for n in 0..2 {
        let token = altcha_token(&app.client, &app.url).await;
        let (status, _, _) = check(&app, "Repeat@Acme.test", &token, &format!("192.0.2.{n}")).await;
        assert_eq!(status, 200);
    }
    let token = altcha_token(&app.client, &app.url).await;
    assert_eq!(
        check(&app, "repeat@acme.test", &token, "192.0.2.10")
            .await
            .0,
        200
    );
    let token = altcha_token(&app.client, &app.url).await;
    let (status, _, retry_after) = check(&app, "repeat@acme.test", &token, "192.0.2.11").await;
    assert_eq!(status, 429);
    assert!(retry_after.unwrap().parse::<u64>().unwrap() <= 3600);
}

/// An app whose captcha is `provider`'s, verified at `verifier` with the secret
/// `<provider>-secret`.
async fn app_asking(provider: &str, verifier: &Receiver) -> TestApp {
    let secret = format!("{provider}-secret");
    spawn_app_with(&fast_with(&[
        ("CAPTCHA_PROVIDER", provider),
        ("CAPTCHA_SECRET_KEY", &secret),
        ("CAPTCHA_VERIFY_URL", &verifier.url),
    ]))
    .await
}

#[tokio::test]
async fn remote_providers_are_asked_at_their_verify_url() {
    let provider = Receiver::start(200, r#"{"success": true, "hostname": "localhost"}"#).await;
    let app = app_asking("turnstile", &provider).await;
    let (status, body, _) =
        check(&app, "dana@acme.test", "provider-token-1", "198.51.100.20").await;
    assert_allowed(status, &body);
    let asked = provider.received();
    assert_eq!(asked.len(), 1);
    let form = String::from_utf8(asked[0].body.clone()).unwrap();
    assert!(form.contains("secret=turnstile-secret"), "{form}");
    assert!(form.contains("response=provider-token-1"), "{form}");
    assert!(form.contains("remoteip=198.51.100.20"), "{form}");

    // Replays are refused here even if the provider would say yes.
    let (status, _, _) = check(&app, "dana@acme.test", "provider-token-1", "198.51.100.20").await;
    assert_eq!(status, 403);

    provider.set_status(200);
    let rejecting = Receiver::start(
        200,
        r#"{"success": false, "error-codes": ["invalid-input-response"]}"#,
    )
    .await;
    let app = app_asking("recaptcha", &rejecting).await;
    let (status, body, _) = check(&app, "dana@acme.test", "bad-token", "198.51.100.21").await;
    assert_captcha_refused(
        "rejected by the provider",
        (status, &body),
        Some("captcha invalid: rejected by the captcha provider"),
    );

    let low_score = Receiver::start(200, r#"{"success": true, "score": 0.1}"#).await;
    let app = app_asking("recaptcha", &low_score).await;
    assert_eq!(
        check(&app, "dana@acme.test", "bot-token", "198.51.100.22")
            .await
            .0,
        403
    );

    let down = Receiver::start(200, "{}").await;
    down.go_down().await;
    let app = app_asking("hcaptcha", &down).await;
    let (status, body, _) = check(&app, "dana@acme.test", "any-token", "198.51.100.23").await;
    assert_eq!(status, 503);
    assert_eq!(body["allowed"], false);
    // No ALTCHA challenges are issued for another provider.
    assert_eq!(
        app.get("/functions/v1/captcha-challenge")
            .answer()
            .await
            .status(),
        404
    );
}
