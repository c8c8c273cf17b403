//! Finding #10: an expired ALTCHA solution could be revived. The signature covers only
//! SHA-256(salt + number); with a salt ending in its `expires=` digits, moving the number's leading
//! digits into the salt kept hash and signature valid and pushed the expiry far into the future.
//! Salts now end in a delimiter (`?expires=<unix>&`) and the verifier accepts only that form.
use std::time::Duration;

use base64::Engine as _;
use cb_server::app::cb_functions::{Altcha, solve_altcha};
use cb_tests::{Answer as _, DEMO_ANON_KEY, TestApp, spawn_app_with};
use serde_json::{Value, json};

use crate::functions::support::{altcha_token, assert_captcha_refused, fast_with};

const HMAC_KEY: &str = "altcha-replay-test-key-0123456789abcdef";
const MAX_NUMBER: u64 = 2000;

async fn app() -> TestApp {
    spawn_app_with(&fast_with(&[
        ("ALTCHA_HMAC_KEY", HMAC_KEY),
        ("ANTISPAM_IP_RATE_LIMIT", "off"),
        ("ANTISPAM_EMAIL_RATE_LIMIT", "off"),
    ]))
    .await
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

/// The server's own challenge issuer (same key), so a test can hold a challenge issued in the past.
fn issuer() -> Altcha {
    Altcha::new(
        HMAC_KEY.as_bytes().to_vec(),
        MAX_NUMBER,
        Duration::from_secs(600),
    )
}

fn decode(token: &str) -> Value {
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(token)
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

fn encode(payload: &Value) -> String {
    base64::engine::general_purpose::STANDARD.encode(payload.to_string())
}

/// A solution issued at `issued_at` whose number has at least two digits.
fn solution_issued_at(issued_at: i64) -> Value {
    loop {
        let payload = decode(&solve_altcha(&issuer().challenge(issued_at)).unwrap());
        if payload["number"].as_u64().unwrap() >= 10 {
            return payload;
        }
    }
}

/// Moves the number's first digit to the end of the salt: SHA-256(salt + number) is unchanged.
fn splice(payload: &Value) -> Value {
    let number = payload["number"].as_u64().unwrap().to_string();
    let (first, rest) = number.split_at(1);
    let mut spliced = payload.clone();
    spliced["salt"] = json!(format!("{}{first}", payload["salt"].as_str().unwrap()));
    spliced["number"] = json!(rest.parse::<u64>().unwrap());
    spliced
}

async fn antispam(app: &TestApp, email: &str, token: &str) -> (u16, Value) {
    let response = app
        .post("/functions/v1/antispam-check")
        .bearer_auth(DEMO_ANON_KEY)
        .header("apikey", DEMO_ANON_KEY)
        .header("x-forwarded-for", "203.0.113.90")
        .json(&json!({"email": email, "ip": "unknown", "recaptchaToken": token}))
        .answer()
        .await;
    (response.status().as_u16(), response.json().await.unwrap())
}

#[tokio::test]
async fn an_expired_solution_respliced_into_the_future_is_refused() {
    let app = app().await;
    // Issued 20 minutes ago, expired 10 minutes ago.
    let expired = solution_issued_at(now() - 1200);
    let (status, body) = antispam(&app, "expired@acme.test", &encode(&expired)).await;
    assert_captcha_refused("expired", (status, &body), Some("captcha expired"));

    let spliced = splice(&expired);
    assert_eq!(spliced["challenge"], expired["challenge"]);
    assert_eq!(spliced["signature"], expired["signature"]);
    let (status, body) = antispam(&app, "revived@acme.test", &encode(&spliced)).await;
    assert_captcha_refused("spliced", (status, &body), None);
}

#[tokio::test]
async fn a_fresh_solution_verifies_and_cannot_be_respliced() {
    let app = app().await;
    // The salt the server issues ends in the delimiter.
    let challenge: Value = app
        .get("/functions/v1/captcha-challenge")
        .answer()
        .await
        .json()
        .await
        .unwrap();
    let salt = challenge["salt"].as_str().unwrap();
    assert!(salt.ends_with('&'), "{salt}");
    assert!(salt.contains("?expires="), "{salt}");

    // A spliced copy of a still-valid solution is refused, and does not spend the original.
    let fresh = solution_issued_at(now());
    let (status, _) = antispam(&app, "splice@acme.test", &encode(&splice(&fresh))).await;
    assert_eq!(status, 403);
    let (status, body) = antispam(&app, "fresh@acme.test", &encode(&fresh)).await;
    assert_eq!(status, 200, "{body}");

    // The widget's normal path.
    let token = altcha_token(&app.client, &app.url).await;
    let (status, body) = antispam(&app, "widget@acme.test", &token).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["allowed"], true);
}
