//! The custom access token hook as GoTrue calls it, over HTTP: with every token the server
//! issues (sign-in and refresh alike), as `supabase_auth_admin`, its claims in the token, and
//! its refusals and failures answered as GoTrue answers them, the refresh they interrupted
//! undone.
use cb_tests::{Answer as _, TestApp, create_user, ok_json, password_sign_in, spawn_app_with};
use reqwest::Method;
use serde_json::{Value, json};

use super::support::{auth, claims, expect_error, refresh, text};

/// A hook whose behaviour the test switches through a one-row table, and which logs the
/// authentication method of each call.
const HOOK: &str = "
  create table public.hook_mode (mode text not null);
  insert into public.hook_mode values ('add');
  create table public.hook_calls (method text not null);
  create function public.test_access_token_hook(event jsonb) returns jsonb
  language plpgsql as $$
  begin
    insert into public.hook_calls values (event ->> 'authentication_method');
    case (select mode from public.hook_mode)
      when 'add' then
        return jsonb_build_object('claims', event -> 'claims' || '{\"plan\": \"priority\"}');
      when 'refuse' then
        return '{\"error\": {\"http_code\": 403, \"message\": \"Staff sign-in is paused\"}}';
      when 'drop' then
        return jsonb_build_object('claims', (event -> 'claims') - 'session_id');
      else
        raise exception 'the hook broke';
    end case;
  end
  $$;
  grant select on public.hook_mode to supabase_auth_admin;
  grant insert on public.hook_calls to supabase_auth_admin;
  grant execute on function public.test_access_token_hook(jsonb) to supabase_auth_admin;
  revoke execute on function public.test_access_token_hook(jsonb) from public, anon, authenticated;";

async fn set_mode(app: &TestApp, mode: &str) {
    app.db
        .execute(&format!("update public.hook_mode set mode = '{mode}'"))
        .await;
}

#[tokio::test]
async fn the_hook_shapes_every_token_and_its_refusal_undoes_the_refresh() {
    let app = spawn_app_with(&[
        ("GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_ENABLED", "true"),
        (
            "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_URI",
            "pg-functions://postgres/public/test_access_token_hook",
        ),
    ])
    .await;
    app.db.execute(HOOK).await;
    let id = create_user(&app, "hooked@acme-dme.test", "prior-auths-77").await;

    // Sign-in and refresh tokens both carry the hook's claim beside GoTrue's.
    let session = password_sign_in(&app, "hooked@acme-dme.test", "prior-auths-77").await;
    let signed_in = claims(text(&session["access_token"]));
    assert_eq!(signed_in["plan"], "priority");
    assert_eq!(signed_in["sub"], id.as_str());
    assert_eq!(signed_in["amr"][0]["method"], "password");
    let refreshed = refresh(&app, text(&session["refresh_token"])).await;
    assert_eq!(refreshed.status(), 200);
    let refreshed: Value = refreshed.json().await.unwrap();
    let token = claims(text(&refreshed["access_token"]));
    assert_eq!(token["plan"], "priority");
    assert_eq!(token["session_id"], signed_in["session_id"]);
    assert_eq!(
        token["amr"], signed_in["amr"],
        "the session's methods, unchanged"
    );
    assert_eq!(
        refreshed["expires_at"], token["exp"],
        "the session says when the token expires"
    );
    assert_eq!(refreshed["user"]["id"], id.as_str());
    assert_eq!(
        app.db
            .json_rows("select method from public.hook_calls")
            .await,
        [
            json!({"method": "password"}),
            json!({"method": "token_refresh"})
        ]
    );

    // A refusal is the answer, and the refresh it interrupted did not happen: the same token
    // refreshes once the hook lets it.
    let current = text(&refreshed["refresh_token"]).to_string();
    set_mode(&app, "refuse").await;
    expect_error(
        refresh(&app, &current).await,
        403,
        "unexpected_failure",
        "Staff sign-in is paused",
    )
    .await;
    set_mode(&app, "drop").await;
    expect_error(
        refresh(&app, &current).await,
        500,
        "unexpected_failure",
        "output claims do not conform to the expected schema",
    )
    .await;
    set_mode(&app, "raise").await;
    expect_error(
        refresh(&app, &current).await,
        500,
        "unexpected_failure",
        "Error running hook URI: custom access token hook failed",
    )
    .await;
    // The same on sign-in.
    let refused = auth(&app, Method::POST, "/token?grant_type=password")
        .json(&json!({"email": "hooked@acme-dme.test", "password": "prior-auths-77"}));
    expect_error(
        refused.answer().await,
        500,
        "unexpected_failure",
        "Error running hook URI: custom access token hook failed",
    )
    .await;

    set_mode(&app, "add").await;
    let later: Value = ok_json(
        auth(&app, Method::POST, "/token?grant_type=refresh_token")
            .json(&json!({"refresh_token": current})),
    )
    .await;
    assert_ne!(later["refresh_token"], current.as_str());
    assert_eq!(claims(text(&later["access_token"]))["plan"], "priority");
}
