//! Staff management: the owner-only RPCs over /rest/v1 as supabase.rpc calls them (the list, role
//! changes and the last-owner guard, deactivation and reactivation), the caller's own sessions
//! and profile, private.staff_add for the invite function, and the custom access token hook.
mod hook_and_audit;
mod owner_rpcs;
mod sessions_and_invites;

use cb_db::sqlx;
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, TestApp, add_account, add_session, admin_jwt, spawn_app,
};
use reqwest::Method;
use uuid::Uuid;

use super::*;

/// `supabase.rpc(name, body)` with `token` as the bearer: the status and the JSON body (null
/// when there is none).
async fn rpc(app: &TestApp, token: &str, name: &str, body: Value) -> (u16, Value) {
    let response = app
        .with_token(Method::POST, &format!("/rest/v1/rpc/{name}"), token)
        .json(&body)
        .answer()
        .await;
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let body = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"))
    };
    (status, body)
}
