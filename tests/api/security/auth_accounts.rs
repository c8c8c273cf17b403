//! Attacks on staff accounts at /auth/v1: guessing passwords (per-account lockout, per-IP flood
//! limits, one answer for every failure and about one time), replaying or outliving emailed
//! links and TOTP codes, forged admin claims, and escalating through the user's own writes.
use std::time::{Duration, Instant};

use cb_tests::{
    Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, TestApp, create_user, mint_jwt, ok_json,
    spawn_app,
};
use reqwest::Method;
use serde_json::{Value, json};

/// A JWT's claims, read without verifying (the server's answer is what is under test).
fn payload(token: &str) -> Value {
    use base64::Engine as _;
    let part = token.split('.').nth(1).expect("a JWT");
    serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(part)
            .unwrap(),
    )
    .unwrap()
}

fn auth(app: &TestApp, method: Method, path: &str) -> reqwest::RequestBuilder {
    app.client
        .request(method, format!("{}/auth/v1{path}", app.url))
        .header("apikey", DEMO_ANON_KEY)
}

async fn password_attempt(
    app: &TestApp,
    email: &str,
    password: &str,
    ip: &str,
) -> reqwest::Response {
    auth(app, Method::POST, "/token?grant_type=password")
        .header("x-forwarded-for", ip)
        .json(&json!({"email": email, "password": password}))
        .answer()
        .await
}

#[tokio::test]
async fn an_account_locks_after_ten_failures_whoever_guesses_and_whether_or_not_it_exists() {
    let app = spawn_app().await;
    create_user(&app, "owner@acme-dme.test", "the-real-password-1").await;
    for attempt in 0..10 {
        let response =
            password_attempt(&app, "owner@acme-dme.test", &format!("guess-{attempt}"), "").await;
        assert_eq!(response.status(), 400, "attempt {attempt}");
    }
    // Locked: even the right password is refused now, with a wait, not a verdict.
    let locked = password_attempt(&app, "owner@acme-dme.test", "the-real-password-1", "").await;
    assert_eq!(locked.status(), 429);
    assert!(locked.headers().contains_key("retry-after"));
    let body: Value = locked.json().await.unwrap();
    assert_eq!(body["code"], "over_request_rate_limit");
    // Another account is not affected.
    create_user(&app, "editor@acme-dme.test", "editor-password-1").await;
    assert_eq!(
        password_attempt(&app, "editor@acme-dme.test", "editor-password-1", "")
            .await
            .status(),
        200
    );
    // An address without an account locks the same way, so a lockout tells nothing.
    for attempt in 0..10 {
        password_attempt(
            &app,
            "nobody@acme-dme.test",
            &format!("guess-{attempt}"),
            "",
        )
        .await;
    }
    assert_eq!(
        password_attempt(&app, "nobody@acme-dme.test", "x", "")
            .await
            .status(),
        429
    );
    // The lock ends when its window does (simulated by ageing the failures).
    app.db.execute("update claimbridge.auth_sign_in_failures set failed_at = failed_at - interval '1 hour'").await;
    assert_eq!(
        password_attempt(&app, "owner@acme-dme.test", "the-real-password-1", "")
            .await
            .status(),
        200
    );
}

#[tokio::test]
async fn unknown_addresses_take_as_long_as_wrong_passwords() {
    let app = spawn_app().await;
    create_user(&app, "timing@acme-dme.test", "timing-password-1").await;
    let mut wrong = Duration::MAX;
    let mut unknown = Duration::MAX;
    for attempt in 0..3 {
        let started = Instant::now();
        password_attempt(&app, "timing@acme-dme.test", &format!("nope-{attempt}"), "").await;
        wrong = wrong.min(started.elapsed());
        let started = Instant::now();
        password_attempt(&app, &format!("ghost{attempt}@acme-dme.test"), "nope", "").await;
        unknown = unknown.min(started.elapsed());
    }
    // A bcrypt check happens either way (a decoy hash for an unknown address): the two answers
    // take the same order of time, not a database lookup against a hash.
    assert!(
        unknown * 3 > wrong,
        "unknown {unknown:?} vs wrong {wrong:?}"
    );
}

#[tokio::test]
async fn a_flood_of_sign_ins_from_one_address_is_cut_off() {
    let app = spawn_app().await;
    let mut refused_at = None;
    for attempt in 0..40 {
        let response = password_attempt(
            &app,
            &format!("spray{attempt}@acme-dme.test"),
            "Winter2026!",
            "",
        )
        .await;
        if response.status() == 429 {
            refused_at = Some(attempt);
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["code"], "over_request_rate_limit");
            break;
        }
    }
    assert_eq!(
        refused_at,
        Some(30),
        "the 31st sign-in in five minutes is refused"
    );
}

/// The link an email of `kind` would carry to `email`, made through the admin API.
async fn generate_link(app: &TestApp, kind: &str, email: &str) -> Value {
    ok_json(
        auth(app, Method::POST, "/admin/generate_link")
            .bearer_auth(DEMO_SERVICE_ROLE_KEY)
            .json(&json!({"type": kind, "email": email})),
    )
    .await
}

#[tokio::test]
async fn emailed_links_are_single_use_and_expire() {
    let app = spawn_app().await;
    create_user(&app, "reset@acme-dme.test", "reset-password-1").await;
    let link = generate_link(&app, "recovery", "reset@acme-dme.test").await;
    // An hour and a minute later (GoTrue's default otp_expiry is an hour) the link is dead.
    app.db
        .execute("update auth.users set recovery_sent_at = now() - interval '61 minutes' where email = 'reset@acme-dme.test'")
        .await;
    let verify = |hash: &Value| {
        auth(&app, Method::POST, "/verify").json(&json!({"type": "recovery", "token_hash": hash}))
    };
    let expired = verify(&link["hashed_token"]).answer().await;
    assert_eq!(expired.status(), 403);
    assert_eq!(
        expired.json::<Value>().await.unwrap()["code"],
        "otp_expired"
    );
    // A fresh link works once; the code of the old one does not revive it.
    let fresh = generate_link(&app, "recovery", "reset@acme-dme.test").await;
    let old_code = auth(&app, Method::POST, "/verify")
        .json(&json!({"type": "recovery", "email": "reset@acme-dme.test", "token": link["email_otp"]}))
        .answer()
        .await;
    assert_eq!(old_code.status(), 403);
    assert_eq!(verify(&fresh["hashed_token"]).answer().await.status(), 200);
    assert_eq!(verify(&fresh["hashed_token"]).answer().await.status(), 403);
    // A code for another user's address is not a code for this one.
    create_user(&app, "other@acme-dme.test", "other-password-1").await;
    let third = generate_link(&app, "magiclink", "reset@acme-dme.test").await;
    let crossed = auth(&app, Method::POST, "/verify")
        .json(&json!({"type": "magiclink", "email": "other@acme-dme.test", "token": third["email_otp"]}))
        .answer()
        .await;
    assert_eq!(crossed.status(), 403);
}

#[tokio::test]
async fn a_users_own_writes_and_forged_claims_grant_nothing() {
    // With the site's custom access token hook, which is what would turn a staff_role into power.
    let app = cb_tests::spawn_app_with(&[
        ("GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_ENABLED", "true"),
        (
            "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_URI",
            "pg-functions://postgres/public/custom_access_token_hook",
        ),
    ])
    .await;
    let id = create_user(&app, "author@acme-dme.test", "author-password-1").await;
    let session: Value = password_attempt(&app, "author@acme-dme.test", "author-password-1", "")
        .await
        .json()
        .await
        .unwrap();
    let access = session["access_token"].as_str().unwrap();
    let put = auth(&app, Method::PUT, "/user")
        .bearer_auth(access)
        .json(&json!({"data": {"role": "service_role", "staff_role": "owner", "admin": true}, "role": "service_role"}))
        .answer()
        .await;
    assert_eq!(put.status(), 200);
    let refreshed = auth(&app, Method::POST, "/token?grant_type=refresh_token")
        .json(&json!({"refresh_token": session["refresh_token"]}))
        .answer()
        .await;
    assert_eq!(refreshed.status(), 200);
    let refreshed: Value = refreshed.json().await.unwrap();
    let refreshed_token = refreshed["access_token"].as_str().unwrap();
    let claims = payload(refreshed_token);
    assert_eq!(
        claims["role"], "authenticated",
        "user_metadata does not reach the role claim"
    );
    assert_eq!(
        claims["user_metadata"]["staff_role"], "owner",
        "the write landed"
    );
    assert!(claims.get("staff_role").is_none(), "{claims}");
    assert!(claims["app_metadata"].get("admin").is_none());
    // And the database, which decides, gives that token nothing of an owner's.
    assert_eq!(staff_list_status(&app, refreshed_token).await, 403);
    // The admin API answers only tokens it can verify: a forged service_role token is refused.
    let forged = jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        &json!({"role": "service_role", "sub": id, "exp": cb_tests::now() + 60}),
        &jsonwebtoken::EncodingKey::from_secret(b"not-the-project-secret-not-the-project-secret"),
    )
    .unwrap();
    let refused = auth(&app, Method::GET, "/admin/users")
        .bearer_auth(&forged)
        .answer()
        .await;
    assert_eq!(refused.status(), 403);
    assert_eq!(refused.json::<Value>().await.unwrap()["code"], "bad_jwt");
    // A valid token of a plain user with an admin-looking app_metadata is not an admin.
    let self_made = mint_jwt(
        "authenticated",
        json!({"sub": id, "app_metadata": {"admin": true}}),
    );
    let refused = auth(&app, Method::GET, "/user")
        .bearer_auth(&self_made)
        .answer()
        .await;
    assert_eq!(refused.status(), 403);
    assert_eq!(staff_list_status(&app, &self_made).await, 403);
}

/// The status of the owners' staff list (`supabase.rpc('staff_list')`) asked with `token`.
async fn staff_list_status(app: &TestApp, token: &str) -> u16 {
    app.with_token(Method::POST, "/rest/v1/rpc/staff_list", token)
        .json(&json!({}))
        .answer()
        .await
        .status()
        .as_u16()
}
