//! `jwt-aud` (PGRST_JWT_AUD, `pgrst.jwt_aud`): a token must name the audience in its `aud`, a
//! string or an array of strings (PostgREST's AudienceJwtSecretSpec); an `aud` of another type
//! is refused whether or not an audience is set (AuthSpec).
use cb_tests::{DEMO_ANON_KEY, admin_jwt, mint_jwt};
use serde_json::{Value, json};

use super::super::{Reply, get, wait_for_status};
use super::{settings_app, signed};
use crate::rest::db_config::set_db_config;

const NOT_IN_AUDIENCE: &str = "JWT not in audience";
const NOT_STRING_OR_ARRAY: &str = "The JWT 'aud' claim must be a string or an array of strings";

/// A user's token (role authenticated, an hour to live) with this `aud`.
fn with_aud(aud: &Value) -> String {
    mint_jwt("authenticated", json!({"aud": aud}))
}

/// PostgREST's PGRST303 answer with `message`, and its `WWW-Authenticate`.
fn assert_refused(reply: &Reply, message: &str) {
    reply.assert_error_with(
        401,
        "PGRST303",
        &json!({"message": message, "details": null, "hint": null}),
    );
    assert_eq!(
        reply.header("www-authenticate"),
        Some(format!("Bearer error=\"invalid_token\", error_description=\"{message}\"").as_str()),
        "{}",
        reply.request
    );
}

#[tokio::test]
async fn a_configured_audience_must_be_named() {
    let app = settings_app(&[("PGRST_JWT_AUD", "youraudience")]).await;
    for (why, token) in [
        ("the audience", with_aud(&json!("youraudience"))),
        (
            "one of them",
            with_aud(&json!(["notyours", "youraudience", "another"])),
        ),
        ("the only one", with_aud(&json!(["youraudience"]))),
        ("an empty array", with_aud(&json!([]))),
        ("null", with_aud(&json!(null))),
        ("no aud at all", mint_jwt("authenticated", json!({}))),
        ("the anon key (no aud)", DEMO_ANON_KEY.to_string()),
    ] {
        let reply = get(&app, "/st_notes").bearer(&token).await;
        assert_eq!(reply.status, 200, "{why}: {}", reply.text);
    }
    for (why, token) in [
        ("another audience", with_aud(&json!("notyouraudience"))),
        ("empty", with_aud(&json!(""))),
        ("another case", with_aud(&json!("YourAudience"))),
        ("none of them", with_aud(&json!(["notyours", "stillnot"]))),
        ("GoTrue's audience", admin_jwt()),
    ] {
        let reply = get(&app, "/st_notes").bearer(&token).await;
        assert_eq!(reply.status, 401, "{why}");
        assert_refused(&reply, NOT_IN_AUDIENCE);
    }
    for aud in [
        json!({"invalid": "value"}),
        json!([{"invalid": "value"}, "youraudience"]),
        json!(7),
    ] {
        let reply = get(&app, "/st_notes").bearer(&with_aud(&aud)).await;
        assert_refused(&reply, NOT_STRING_OR_ARRAY);
    }
    // Without a token: nothing to check.
    assert_eq!(get(&app, "/st_notes").await.status, 200);
}

#[tokio::test]
async fn gotrues_audience_is_accepted_when_configured() {
    let app = settings_app(&[("PGRST_JWT_AUD", "authenticated")]).await;
    assert_eq!(
        get(&app, "/st_notes").bearer(&admin_jwt()).await.status,
        200
    );
    assert_refused(
        &get(&app, "/st_notes")
            .bearer(&with_aud(&json!("anon")))
            .await,
        NOT_IN_AUDIENCE,
    );
}

#[tokio::test]
async fn without_an_audience_any_is_accepted_but_a_malformed_one_is_not() {
    let app = settings_app(&[]).await;
    for aud in [
        json!("youraudience"),
        json!(""),
        json!(["a", "b"]),
        json!([]),
        json!(null),
    ] {
        let reply = get(&app, "/st_notes").bearer(&with_aud(&aud)).await;
        assert_eq!(reply.status, 200, "{aud}: {}", reply.text);
    }
    for aud in [
        json!({"invalid": "value"}),
        json!([{"invalid": "value"}, "test"]),
        json!(true),
    ] {
        let token = signed(&json!({"role": "authenticated", "aud": aud}));
        assert_refused(
            &get(&app, "/st_notes").bearer(&token).await,
            NOT_STRING_OR_ARRAY,
        );
    }
}

#[tokio::test]
async fn other_services_do_not_check_the_audience() {
    let app = settings_app(&[("PGRST_JWT_AUD", "youraudience")]).await;
    let elsewhere = with_aud(&json!("elsewhere"));
    assert_refused(
        &get(&app, "/st_notes").bearer(&elsewhere).await,
        NOT_IN_AUDIENCE,
    );
    let storage = app
        .client
        .get(format!("{}/storage/v1/bucket", app.url))
        .header("apikey", DEMO_ANON_KEY)
        .bearer_auth(&elsewhere)
        .send()
        .await
        .expect("request");
    assert_eq!(storage.status().as_u16(), 200);
}

#[tokio::test]
async fn the_databases_audience_wins_and_reloads() {
    let app = settings_app(&[]).await;
    let token = with_aud(&json!("elsewhere"));
    let read = || get(&app, "/st_notes").bearer(&token);
    assert_eq!(read().await.status, 200);
    set_db_config(&app, "jwt_aud", Some("youraudience")).await;
    wait_for_status(read, 401).await;
    assert_refused(&read().await, NOT_IN_AUDIENCE);
    set_db_config(&app, "jwt_aud", None).await;
    wait_for_status(read, 200).await;
}
