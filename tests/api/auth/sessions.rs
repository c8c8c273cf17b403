//! Sessions: password sign-in, the refresh-token grant as GoTrue rotates it (new token each
//! time, the lost answer and concurrent tabs tolerated, any other reuse ending the family),
//! `GET`/`PUT /user`, logout scopes, and bans and deletions ending sessions at once.
use cb_tests::{Answer as _, create_user, ok_json, password_sign_in, spawn_app_with};
use reqwest::Method;
use serde_json::{Value, json};

use super::support::{OPEN_SIGNUPS, admin, auth, claims, expect_code, expect_error, refresh, text};

#[tokio::test]
async fn a_password_sign_in_answers_a_gotrue_session() {
    let app = spawn_app_with(&[]).await;
    let id = create_user(&app, "Billing.Lead@Acme-DME.test", "claims-are-paid-1").await;
    let session = password_sign_in(&app, "billing.lead@acme-dme.test", "claims-are-paid-1").await;
    assert_eq!(session["token_type"], "bearer");
    let expires_in = session["expires_in"].as_i64().unwrap();
    assert!((3590..=28800).contains(&expires_in), "{expires_in}");
    assert!(session["expires_at"].as_i64().unwrap() > cb_tests::now());
    assert!(text(&session["refresh_token"]).len() >= 12);
    assert_eq!(session["user"]["id"], id.as_str());
    assert_eq!(session["user"]["email"], "billing.lead@acme-dme.test");
    assert_eq!(session["user"]["identities"][0]["provider"], "email");
    assert!(
        session["user"]["last_sign_in_at"]
            .as_str()
            .unwrap()
            .ends_with('Z')
    );
    assert!(session.get("weak_password").is_none());

    let token = claims(text(&session["access_token"]));
    assert_eq!(token["sub"], id.as_str());
    assert_eq!(token["role"], "authenticated");
    assert_eq!(token["aud"], "authenticated");
    assert_eq!(token["aal"], "aal1");
    assert_eq!(token["amr"][0]["method"], "password");
    assert_eq!(token["email"], "billing.lead@acme-dme.test");
    assert_eq!(token["is_anonymous"], false);
    assert!(token["session_id"].is_string());
    assert!(text(&token["iss"]).ends_with("/auth/v1"));

    // The token reads back as the user, through /user and through RLS.
    let user =
        ok_json(auth(&app, Method::GET, "/user").bearer_auth(text(&session["access_token"]))).await;
    assert_eq!(user["id"], id.as_str());
    // REST and Storage take the user's token as any other.
    let posts = app
        .with_token(
            Method::GET,
            "/rest/v1/blog_posts?select=id&limit=1",
            text(&session["access_token"]),
        )
        .answer()
        .await;
    assert_eq!(posts.status(), 200);
    let buckets = app
        .with_token(
            Method::GET,
            "/storage/v1/bucket",
            text(&session["access_token"]),
        )
        .answer()
        .await;
    assert_eq!(buckets.status(), 200);
}

#[tokio::test]
async fn wrong_passwords_and_unknown_addresses_get_one_answer() {
    let app = spawn_app_with(&[]).await;
    create_user(&app, "coder@acme-dme.test", "modifiers-matter-9").await;
    for (email, password) in [
        ("coder@acme-dme.test", "wrong-password"),
        ("nobody@acme-dme.test", "modifiers-matter-9"),
        ("CODER@acme-dme.test", ""),
    ] {
        expect_error(
            auth(&app, Method::POST, "/token?grant_type=password")
                .json(&json!({"email": email, "password": password}))
                .answer()
                .await,
            400,
            "invalid_credentials",
            "Invalid login credentials",
        )
        .await;
    }
}

#[tokio::test]
async fn refresh_tokens_rotate_and_reuse_ends_the_family() {
    let app = spawn_app_with(&[("GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL", "0")]).await;
    create_user(&app, "ar@acme-dme.test", "denials-down-42").await;
    let first = password_sign_in(&app, "ar@acme-dme.test", "denials-down-42").await;
    let t0 = text(&first["refresh_token"]).to_string();

    let second: Value = refresh(&app, &t0).await.json().await.unwrap();
    let t1 = text(&second["refresh_token"]).to_string();
    assert_ne!(t1, t0, "a new token per refresh");
    assert_eq!(
        claims(text(&second["access_token"]))["session_id"],
        claims(text(&first["access_token"]))["session_id"],
        "the same session"
    );

    // The client lost the answer: the same child comes back, no new token.
    let again: Value = refresh(&app, &t0).await.json().await.unwrap();
    assert_eq!(again["refresh_token"], t1.as_str());

    let third: Value = refresh(&app, &t1).await.json().await.unwrap();
    let t2 = text(&third["refresh_token"]).to_string();
    // t0 now is neither the active token nor its parent: reuse, the whole family ends.
    expect_error(
        refresh(&app, &t0).await,
        400,
        "refresh_token_already_used",
        "Invalid Refresh Token: Already Used",
    )
    .await;
    expect_code(refresh(&app, &t2).await, 400, "refresh_token_already_used").await;
    expect_error(
        refresh(&app, "not-a-token").await,
        400,
        "refresh_token_not_found",
        "Invalid Refresh Token: Refresh Token Not Found",
    )
    .await;
}

#[tokio::test]
async fn concurrent_tabs_refreshing_at_once_all_get_the_same_session() {
    let app = spawn_app_with(&[]).await;
    create_user(&app, "tabs@acme-dme.test", "four-open-tabs-4").await;
    let session = password_sign_in(&app, "tabs@acme-dme.test", "four-open-tabs-4").await;
    let token = text(&session["refresh_token"]).to_string();
    let answers = futures_like_join(&app, &token, 6).await;
    for (status, body) in &answers {
        assert_eq!(*status, 200, "{body}");
    }
    let tokens: std::collections::BTreeSet<&str> = answers
        .iter()
        .map(|(_, body)| text(&body["refresh_token"]))
        .collect();
    assert!(
        tokens.len() <= 2,
        "concurrent refreshes converge: {tokens:?}"
    );
    let last = answers.last().unwrap().1["refresh_token"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(refresh(&app, &last).await.status(), 200);
}

async fn futures_like_join(
    app: &cb_tests::TestApp,
    token: &str,
    count: usize,
) -> Vec<(u16, Value)> {
    let mut handles = Vec::new();
    for _ in 0..count {
        let request = auth(app, Method::POST, "/token?grant_type=refresh_token")
            .json(&json!({"refresh_token": token}));
        handles.push(tokio::spawn(async move {
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap())
        }));
    }
    let mut out = Vec::new();
    for handle in handles {
        out.push(handle.await.unwrap());
    }
    out
}

#[tokio::test]
async fn logout_scopes_end_the_right_sessions() {
    let app = spawn_app_with(&[]).await;
    create_user(&app, "ops@acme-dme.test", "route-the-van-7").await;
    let sessions: Vec<Value> = {
        let mut all = Vec::new();
        for _ in 0..3 {
            all.push(password_sign_in(&app, "ops@acme-dme.test", "route-the-van-7").await);
        }
        all
    };
    let access = |i: usize| text(&sessions[i]["access_token"]).to_string();
    let rt = |i: usize| text(&sessions[i]["refresh_token"]).to_string();

    let others = auth(&app, Method::POST, "/logout?scope=others")
        .bearer_auth(access(0))
        .answer()
        .await;
    assert_eq!(others.status(), 204);
    assert_eq!(
        refresh(&app, &rt(0)).await.status(),
        200,
        "this session stays"
    );
    expect_code(refresh(&app, &rt(1)).await, 400, "refresh_token_not_found").await;
    expect_error(
        auth(&app, Method::GET, "/user")
            .bearer_auth(access(2))
            .answer()
            .await,
        403,
        "session_not_found",
        "Session from session_id claim in JWT does not exist",
    )
    .await;

    let fresh = password_sign_in(&app, "ops@acme-dme.test", "route-the-van-7").await;
    let local = auth(&app, Method::POST, "/logout?scope=local")
        .bearer_auth(text(&fresh["access_token"]))
        .answer()
        .await;
    assert_eq!(local.status(), 204);
    expect_code(
        refresh(&app, text(&fresh["refresh_token"])).await,
        400,
        "refresh_token_not_found",
    )
    .await;

    let kept = password_sign_in(&app, "ops@acme-dme.test", "route-the-van-7").await;
    let global = auth(&app, Method::POST, "/logout")
        .bearer_auth(text(&kept["access_token"]))
        .answer()
        .await;
    assert_eq!(global.status(), 204);
    expect_code(
        refresh(&app, text(&kept["refresh_token"])).await,
        400,
        "refresh_token_not_found",
    )
    .await;
}

#[tokio::test]
async fn a_password_change_keeps_this_session_and_ends_the_others() {
    let app = spawn_app_with(&[]).await;
    create_user(&app, "owner@acme-dme.test", "first-password-1").await;
    let here = password_sign_in(&app, "owner@acme-dme.test", "first-password-1").await;
    let elsewhere = password_sign_in(&app, "owner@acme-dme.test", "first-password-1").await;
    let put = |body: Value| {
        auth(&app, Method::PUT, "/user")
            .bearer_auth(text(&here["access_token"]))
            .json(&body)
    };

    expect_error(
        put(json!({"password": "first-password-1"})).answer().await,
        422,
        "same_password",
        "New password should be different from the old password.",
    )
    .await;
    let weak = put(json!({"password": "12345"})).answer().await;
    assert_eq!(weak.status(), 422);
    let body: Value = weak.json().await.unwrap();
    assert_eq!(body["code"], "weak_password");
    assert_eq!(body["weak_password"]["reasons"], json!(["length"]));

    let user = ok_json(put(json!({"password": "second-password-2", "data": {"display_name": "Dana Owner", "role": "owner"}}))).await;
    assert_eq!(user["user_metadata"]["display_name"], "Dana Owner");
    // user_metadata is the user's to write, and grants nothing: the claim role is unchanged.
    assert_eq!(user["role"], "authenticated");
    assert_eq!(
        refresh(&app, text(&here["refresh_token"])).await.status(),
        200
    );
    expect_code(
        refresh(&app, text(&elsewhere["refresh_token"])).await,
        400,
        "refresh_token_not_found",
    )
    .await;
    password_sign_in(&app, "owner@acme-dme.test", "second-password-2").await;

    // A user cannot grant themselves app_metadata.
    expect_error(
        put(json!({"app_metadata": {"role": "service_role"}}))
            .answer()
            .await,
        403,
        "not_admin",
        "Updating app_metadata requires admin privileges",
    )
    .await;
    // Removing a metadata key with null, as GoTrue merges.
    let cleared = ok_json(put(json!({"data": {"display_name": null}}))).await;
    assert!(cleared["user_metadata"].get("display_name").is_none());
}

#[tokio::test]
async fn a_ban_or_a_deletion_ends_every_session_at_once() {
    let app = spawn_app_with(&[]).await;
    let banned = create_user(&app, "temp@acme-dme.test", "seasonal-help-3").await;
    let session = password_sign_in(&app, "temp@acme-dme.test", "seasonal-help-3").await;
    ok_json(
        admin(&app, Method::PUT, &format!("/admin/users/{banned}"))
            .json(&json!({"ban_duration": "876000h"})),
    )
    .await;
    expect_code(
        refresh(&app, text(&session["refresh_token"])).await,
        400,
        "refresh_token_not_found",
    )
    .await;
    expect_code(
        auth(&app, Method::GET, "/user")
            .bearer_auth(text(&session["access_token"]))
            .answer()
            .await,
        403,
        "session_not_found",
    )
    .await;
    expect_error(
        auth(&app, Method::POST, "/token?grant_type=password")
            .json(&json!({"email": "temp@acme-dme.test", "password": "seasonal-help-3"}))
            .answer()
            .await,
        400,
        "user_banned",
        "User is banned",
    )
    .await;
    ok_json(
        admin(&app, Method::PUT, &format!("/admin/users/{banned}"))
            .json(&json!({"ban_duration": "none"})),
    )
    .await;
    let back = password_sign_in(&app, "temp@acme-dme.test", "seasonal-help-3").await;

    ok_json(admin(
        &app,
        Method::DELETE,
        &format!("/admin/users/{banned}"),
    ))
    .await;
    expect_code(
        refresh(&app, text(&back["refresh_token"])).await,
        400,
        "refresh_token_not_found",
    )
    .await;
    expect_error(
        auth(&app, Method::GET, "/user")
            .bearer_auth(text(&back["access_token"]))
            .answer()
            .await,
        403,
        "user_not_found",
        "User from sub claim in JWT does not exist",
    )
    .await;
}

#[tokio::test]
async fn sign_ups_are_confirmed_at_once_when_configured_and_refused_when_off() {
    let open = spawn_app_with(OPEN_SIGNUPS).await;
    let session = ok_json(
        auth(&open, Method::POST, "/signup")
            .json(&json!({"email": "new@acme-dme.test", "password": "brand-new-pass", "data": {"company": "Acme DME"}})),
    )
    .await;
    assert_eq!(session["user"]["email"], "new@acme-dme.test");
    assert!(session["user"]["email_confirmed_at"].is_string());
    assert_eq!(session["user"]["user_metadata"]["company"], "Acme DME");
    expect_error(
        auth(&open, Method::POST, "/signup")
            .json(&json!({"email": "NEW@acme-dme.test", "password": "another-pass"}))
            .answer()
            .await,
        422,
        "user_already_exists",
        "User already registered",
    )
    .await;
    expect_error(
        auth(&open, Method::POST, "/signup")
            .json(&json!({"email": "x@acme-dme.test"}))
            .answer()
            .await,
        400,
        "validation_failed",
        "Signup requires a valid password",
    )
    .await;
    expect_code(
        auth(&open, Method::POST, "/signup")
            .json(&json!({"email": "not-an-email", "password": "long-enough"}))
            .answer()
            .await,
        400,
        "validation_failed",
    )
    .await;

    let closed = spawn_app_with(&[]).await;
    expect_error(
        auth(&closed, Method::POST, "/signup")
            .json(&json!({"email": "new@acme-dme.test", "password": "brand-new-pass"}))
            .answer()
            .await,
        422,
        "signup_disabled",
        "Signups not allowed for this instance",
    )
    .await;
    expect_error(
        auth(&closed, Method::POST, "/signup")
            .json(&json!({}))
            .answer()
            .await,
        422,
        "anonymous_provider_disabled",
        "Anonymous sign-ins are disabled",
    )
    .await;
}
