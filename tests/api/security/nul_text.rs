//! U+0000 in a function's JSON body: PostgreSQL's text and jsonb cannot hold it, so it is a 400
//! up front, not a 500 from the database (found by the functions fuzzer).
use cb_tests::{Answer as _, DEMO_ANON_KEY, spawn_app};
use serde_json::{Value, json};

#[tokio::test]
async fn nul_characters_in_function_bodies_are_400() {
    let app = spawn_app().await;
    let lead = |extra: (&str, &str)| {
        let mut body = json!({"companyName": "Acme Medical Supply", "yourName": "Ann Lee",
            "email": "ann@example.com", "phone": "615-555-0100", "howCanWeHelp": "Billing",
            "howManyUsers": "1-5", "yearsInBusiness": "1-3", "claimsPerMonth": "<100",
            "currentSoftware": "Brightree", "aboutProducts": "CPAP", "timestamp": "2026-11-26T10:00:00Z",
            "source": "website", "recaptchaToken": "x"});
        body[extra.0] = Value::String(extra.1.into());
        body
    };
    let cases = [
        (
            "antispam-check",
            json!({"email": "a@b.c\u{0}", "recaptchaToken": "x"}),
        ),
        (
            "antispam-check",
            json!({"email": "a@b.c", "recaptchaToken": "x\u{0}"}),
        ),
        ("lead-relay", lead(("companyName", "a\u{0}b"))),
        ("lead-relay", lead(("extra", "a\u{0}b"))),
        (
            "simple-auth",
            json!({"action": "login", "passcode": "p\u{0}"}),
        ),
    ];
    for (function, body) in cases {
        let response = app
            .client
            .post(format!("{}/functions/v1/{function}", app.url))
            .bearer_auth(DEMO_ANON_KEY)
            .json(&body)
            .answer()
            .await;
        let status = response.status();
        let text = response.text().await.unwrap();
        assert_eq!(status, 400, "{function} {body}: {text}");
        assert!(text.contains("NUL"), "{function}: {text}");
    }
}
