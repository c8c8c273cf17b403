//! Emailed links and codes (here taken from `generate_link`, as an admin tool would): invite,
//! recovery, magic link, sign-up confirmation and email change, through `GET /verify` (a
//! redirect carrying the session) and `POST /verify` (a code or a token hash); each works once;
//! redirects stay on the allow list; the PKCE variant answers an auth code.
use base64::Engine as _;
use cb_tests::{Answer as _, create_user, ok_json, password_sign_in, spawn_app_with};
use reqwest::Method;
use serde_json::{Value, json};
use sha2::Digest as _;

use super::support::{admin, auth, expect_error, text};

async fn generate(app: &cb_tests::TestApp, body: Value) -> Value {
    ok_json(admin(app, Method::POST, "/admin/generate_link").json(&body)).await
}

/// Follows a verification link without following its redirect: the Location.
async fn follow(app: &cb_tests::TestApp, link: &str) -> String {
    let client = cb_tests::without_redirects();
    let path = link.split("/auth/v1").nth(1).expect("a link to /auth/v1");
    let response = client
        .get(format!("{}/auth/v1{path}", app.url))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 303, "{link}");
    response.headers()["location"].to_str().unwrap().to_string()
}

fn fragment(location: &str) -> std::collections::HashMap<String, String> {
    let fragment = location.split_once('#').map(|(_, f)| f).unwrap_or_default();
    url::form_urlencoded::parse(fragment.as_bytes())
        .into_owned()
        .collect()
}

#[tokio::test]
async fn an_invitation_signs_the_invitee_in_once_and_they_set_a_password() {
    let app = spawn_app_with(&[]).await;
    let link = generate(&app, json!({"type": "invite", "email": "writer@acme-dme.test", "data": {"display_name": "Wren Writer"}})).await;
    assert_eq!(link["email"], "writer@acme-dme.test");
    assert_eq!(link["verification_type"], "invite");
    assert!(link["invited_at"].is_string());
    assert!(link["email_confirmed_at"].is_null());
    let otp = text(&link["email_otp"]);
    assert_eq!(otp.len(), 6);
    let action = text(&link["action_link"]);
    assert!(
        action.contains("/auth/v1/verify?token=") && action.contains("type=invite"),
        "{action}"
    );

    let location = follow(&app, action).await;
    let fields = fragment(&location);
    assert_eq!(fields["type"], "invite");
    assert_eq!(fields["token_type"], "bearer");
    assert!(fields.contains_key("sb"));
    let access = fields["access_token"].clone();

    // Single use: the same link again is an error redirect.
    let again = fragment(&follow(&app, action).await);
    assert_eq!(again["error_code"], "otp_expired");
    assert_eq!(
        again["error_description"],
        "Email link is invalid or has expired"
    );
    assert_eq!(again["error"], "access_denied");

    let user = ok_json(
        auth(&app, Method::PUT, "/user")
            .bearer_auth(&access)
            .json(&json!({"password": "my-own-password"})),
    )
    .await;
    assert!(user["email_confirmed_at"].is_string());
    assert_eq!(user["user_metadata"]["display_name"], "Wren Writer");
    password_sign_in(&app, "writer@acme-dme.test", "my-own-password").await;

    // A confirmed account cannot be invited again.
    expect_error(
        admin(&app, Method::POST, "/invite")
            .json(&json!({"email": "writer@acme-dme.test"}))
            .answer()
            .await,
        422,
        "email_exists",
        "A user with this email address has already been registered",
    )
    .await;
}

#[tokio::test]
async fn recovery_by_code_or_token_hash_works_once() {
    let app = spawn_app_with(&[]).await;
    create_user(&app, "billing@acme-dme.test", "forgotten-pass-1").await;
    let link = generate(
        &app,
        json!({"type": "recovery", "email": "billing@acme-dme.test"}),
    )
    .await;
    let verify = |body: Value| auth(&app, Method::POST, "/verify").json(&body);
    expect_error(
        verify(json!({"type": "recovery", "email": "billing@acme-dme.test", "token": "000000"}))
            .answer()
            .await,
        403,
        "otp_expired",
        "Token has expired or is invalid",
    )
    .await;
    let session = ok_json(verify(
        json!({"type": "recovery", "email": "billing@acme-dme.test", "token": link["email_otp"]}),
    ))
    .await;
    assert_eq!(session["user"]["email"], "billing@acme-dme.test");
    assert_eq!(session["token_type"], "bearer");
    expect_error(
        verify(json!({"type": "recovery", "token_hash": link["hashed_token"]}))
            .answer()
            .await,
        403,
        "otp_expired",
        "Email link is invalid or has expired",
    )
    .await;
    ok_json(
        auth(&app, Method::PUT, "/user")
            .bearer_auth(text(&session["access_token"]))
            .json(&json!({"password": "remembered-pass-2"})),
    )
    .await;
    password_sign_in(&app, "billing@acme-dme.test", "remembered-pass-2").await;

    // A second link by its hash.
    let second = generate(
        &app,
        json!({"type": "magiclink", "email": "billing@acme-dme.test"}),
    )
    .await;
    let by_hash = ok_json(verify(
        json!({"type": "magiclink", "token_hash": second["hashed_token"]}),
    ))
    .await;
    assert_eq!(by_hash["user"]["email"], "billing@acme-dme.test");
    expect_error(
        verify(json!({"type": "magiclink", "token_hash": second["hashed_token"], "email": "billing@acme-dme.test"})).answer().await,
        400,
        "validation_failed",
        "Only the token_hash and type should be provided",
    )
    .await;
}

#[tokio::test]
async fn recovery_requests_never_say_whether_an_account_exists() {
    let app = spawn_app_with(&[]).await;
    create_user(&app, "real@acme-dme.test", "real-password-1").await;
    for email in ["real@acme-dme.test", "ghost@acme-dme.test"] {
        let answer =
            ok_json(auth(&app, Method::POST, "/recover").json(&json!({"email": email}))).await;
        assert_eq!(answer, json!({}));
    }
    // Asked again within the minute: GoTrue's max frequency, per user.
    let again = auth(&app, Method::POST, "/recover")
        .json(&json!({"email": "real@acme-dme.test"}))
        .answer()
        .await;
    assert_eq!(again.status(), 429);
    let body: Value = again.json().await.unwrap();
    assert_eq!(body["code"], "over_email_send_rate_limit");
}

#[tokio::test]
async fn links_lead_only_to_allowed_places() {
    let app = spawn_app_with(&[
        ("GOTRUE_SITE_URL", "https://www.claimbridge.test"),
        (
            "GOTRUE_URI_ALLOW_LIST",
            "https://staging.claimbridge.test/**",
        ),
    ])
    .await;
    create_user(&app, "staff@acme-dme.test", "staff-password-1").await;
    for (asked, expected) in [
        ("https://evil.example/steal", "https://www.claimbridge.test"),
        (
            "https://staging.claimbridge.test/admin/account",
            "https://staging.claimbridge.test/admin/account",
        ),
        (
            "https://www.claimbridge.test/auth/reset",
            "https://www.claimbridge.test/auth/reset",
        ),
    ] {
        let link = generate(
            &app,
            json!({"type": "magiclink", "email": "staff@acme-dme.test", "redirect_to": asked}),
        )
        .await;
        assert_eq!(link["redirect_to"], expected);
        let location = follow(&app, text(&link["action_link"])).await;
        assert!(location.starts_with(expected), "{location}");
    }
}

#[tokio::test]
async fn the_pkce_flow_answers_a_code_for_the_verifier() {
    let app = spawn_app_with(&[]).await;
    create_user(&app, "pkce@acme-dme.test", "pkce-password-1").await;
    let verifier = "a-code-verifier-that-is-long-enough-for-rfc-7636-0123456789";
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(sha2::Sha256::digest(verifier.as_bytes()));
    let asked = ok_json(auth(&app, Method::POST, "/recover").json(&json!({
        "email": "pkce@acme-dme.test", "code_challenge": challenge, "code_challenge_method": "s256",
    })))
    .await;
    assert_eq!(asked, json!({}));
    // The emailed token is the PKCE one: read it where the email's link would carry it.
    let token: String = app
        .db
        .scalar("select recovery_token from auth.users where email = 'pkce@acme-dme.test'")
        .await;
    assert!(token.starts_with("pkce_"), "{token}");
    let location = follow(
        &app,
        &format!("/auth/v1/verify?token={token}&type=recovery"),
    )
    .await;
    let code = url::Url::parse(&location)
        .unwrap()
        .query_pairs()
        .find(|(key, _)| key == "code")
        .map(|(_, value)| value.into_owned())
        .expect("a code in the redirect");
    let wrong = auth(&app, Method::POST, "/token?grant_type=pkce")
        .json(&json!({"auth_code": code, "code_verifier": "not-the-verifier-but-long-enough-to-look-right-000"}))
        .answer()
        .await;
    assert_eq!(wrong.status(), 400);
    let session = ok_json(
        auth(&app, Method::POST, "/token?grant_type=pkce")
            .json(&json!({"auth_code": code, "code_verifier": verifier})),
    )
    .await;
    assert_eq!(session["user"]["email"], "pkce@acme-dme.test");
    let reused = auth(&app, Method::POST, "/token?grant_type=pkce")
        .json(&json!({"auth_code": code, "code_verifier": verifier}))
        .answer()
        .await;
    assert_eq!(reused.status(), 404, "a code is good once");
}

#[tokio::test]
async fn an_email_change_needs_both_addresses_when_doubly_confirmed() {
    let app = spawn_app_with(&[("GOTRUE_MAILER_AUTOCONFIRM", "false")]).await;
    create_user(&app, "old@acme-dme.test", "moving-house-1").await;
    let session = password_sign_in(&app, "old@acme-dme.test", "moving-house-1").await;
    let user = ok_json(
        auth(&app, Method::PUT, "/user")
            .bearer_auth(text(&session["access_token"]))
            .json(&json!({"email": "new@acme-dme.test"})),
    )
    .await;
    assert_eq!(user["email"], "old@acme-dme.test");
    assert_eq!(user["new_email"], "new@acme-dme.test");
    let (current, new): (String, String) = (
        app.db.scalar("select email_change_token_current from auth.users where email = 'old@acme-dme.test'").await,
        app.db.scalar("select email_change_token_new from auth.users where email = 'old@acme-dme.test'").await,
    );
    let verify = |hash: &str| {
        auth(&app, Method::POST, "/verify")
            .json(&json!({"type": "email_change", "token_hash": hash}))
    };
    let halfway = ok_json(verify(&current)).await;
    assert_eq!(
        halfway["msg"],
        "Confirmation link accepted. Please proceed to confirm link sent to the other email"
    );
    let done = ok_json(verify(&new)).await;
    assert_eq!(done["user"]["email"], "new@acme-dme.test");
    password_sign_in(&app, "new@acme-dme.test", "moving-house-1").await;
}
