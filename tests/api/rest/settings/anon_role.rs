//! `db-anon-role` (PGRST_DB_ANON_ROLE, `pgrst.db_anon_role`): the role of requests without a
//! token, or whose token names none; without one they are refused (PostgREST's NoAnonSpec).
use cb_tests::{DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, admin_jwt, eventually};
use serde_json::{Value, json};

use super::super::{Call, POLL_EVERY, Reply, SETTLED_WITHIN, get, post, wait_for_status};
use super::{rows, settings_app, signed};
use crate::rest::db_config::set_db_config;

/// Who `st_whoami` says runs it for this call.
async fn whoami(call: Call<'_>) -> Value {
    let reply = call.await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json()
}

/// PostgREST's answer when a request has no role: 401 PGRST302 with `WWW-Authenticate: Bearer`.
fn assert_anonymous_disabled(reply: &Reply) {
    reply.assert_error_with(
        401,
        "PGRST302",
        &json!({"message": "Anonymous access is disabled", "details": null, "hint": null}),
    );
    assert_eq!(
        reply.header("www-authenticate"),
        Some("Bearer"),
        "{}",
        reply.request
    );
}

#[tokio::test]
async fn the_configured_role_runs_requests_without_a_token() {
    let app = settings_app(&[("PGRST_DB_ANON_ROLE", "authenticated")]).await;
    assert_eq!(
        whoami(get(&app, "/rpc/st_whoami")).await,
        json!({"user": "authenticated", "claims": {"role": "authenticated"}})
    );
    // A token that names no role runs as it too, its claims kept.
    let roleless = signed(&json!({"sub": "u-1"}));
    assert_eq!(
        whoami(get(&app, "/rpc/st_whoami").bearer(&roleless)).await,
        json!({"user": "authenticated", "claims": {"role": "authenticated", "sub": "u-1"}})
    );
    // A token naming a role keeps it: the anon key is still anon.
    assert_eq!(
        whoami(get(&app, "/rpc/st_whoami").bearer(DEMO_ANON_KEY)).await["user"],
        "anon"
    );
    // A privilege refused to the anonymous role is 401 (it may sign in), to another 403.
    get(&app, "/st_private").await.assert_error(401, "42501");
    get(&app, "/st_private")
        .bearer(DEMO_SERVICE_ROLE_KEY)
        .await
        .assert_error(403, "42501");
}

#[tokio::test]
async fn without_an_anonymous_role_requests_without_a_token_are_refused() {
    let app = settings_app(&[("PGRST_DB_ANON_ROLE", "")]).await;
    let roleless = signed(&json!({"sub": "u-1"}));
    for reply in [
        get(&app, "/st_notes").await,
        get(&app, "/rpc/st_whoami").await,
        post(&app, "/st_notes", &json!({"id": 1, "body": "anonymous"})).await,
        post(
            &app,
            "/rpc/st_add_note",
            &json!({"id": 2, "body": "anonymous"}),
        )
        .await,
        get(&app, "/st_notes").bearer(&roleless).await,
        Call::new(&app, reqwest::Method::OPTIONS, "/st_notes").await,
        get(&app, "/").await,
    ] {
        assert_anonymous_disabled(&reply);
    }
    assert_eq!(rows(&app, "st_notes").await, 0);
    // Tokens that name a role work as ever: the anon key (as supabase-js sends it), a user's.
    get(&app, "/st_notes")
        .bearer(DEMO_ANON_KEY)
        .await
        .assert_json(200, &json!([]));
    get(&app, "/st_notes")
        .bearer(&admin_jwt())
        .await
        .assert_json(200, &json!([]));
    // A bad token is still a token error, not PGRST302.
    get(&app, "/st_notes")
        .bearer("a.b")
        .await
        .assert_error(401, "PGRST301");
}

#[tokio::test]
async fn without_the_key_check_a_bare_request_is_refused_by_the_engine() {
    let app = settings_app(&[
        ("PGRST_DB_ANON_ROLE", ""),
        ("CLAIMBRIDGE_REQUIRE_APIKEY", "false"),
    ])
    .await;
    let response = app
        .client
        .get(format!("{}/rest/v1/st_notes", app.url))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status().as_u16(), 401);
    assert_eq!(
        response
            .headers()
            .get("www-authenticate")
            .and_then(|v| v.to_str().ok()),
        Some("Bearer")
    );
    let body: Value = response.json().await.expect("JSON");
    assert_eq!(body["code"], "PGRST302", "{body}");
}

#[tokio::test]
async fn the_databases_anonymous_role_wins_and_reloads() {
    let app = settings_app(&[]).await;
    assert_eq!(get(&app, "/st_notes").await.status, 200);
    // Empty in the database: none, though the server's own is anon.
    set_db_config(&app, "db_anon_role", Some("")).await;
    wait_for_status(|| get(&app, "/st_notes"), 401).await;
    assert_anonymous_disabled(&get(&app, "/st_notes").await);
    set_db_config(&app, "db_anon_role", Some("authenticated")).await;
    eventually(SETTLED_WITHIN, POLL_EVERY, async || {
        let reply = get(&app, "/rpc/st_whoami").await;
        if reply.status == 200 && reply.json()["user"] == "authenticated" {
            return Ok(());
        }
        Err(format!("still {} {}", reply.status, reply.text))
    })
    .await;
    set_db_config(&app, "db_anon_role", None).await;
    eventually(SETTLED_WITHIN, POLL_EVERY, async || {
        let reply = get(&app, "/rpc/st_whoami").await;
        if reply.status == 200 && reply.json()["user"] == "anon" {
            return Ok(());
        }
        Err(format!("still {} {}", reply.status, reply.text))
    })
    .await;
}
