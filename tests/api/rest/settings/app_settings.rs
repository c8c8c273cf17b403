//! PostgREST's `app.settings.*` (PGRST_APP_SETTINGS_<NAME>): set in every request's
//! transaction, whichever way it runs, read with `current_setting`; values with quotes and
//! backslashes arrive as they were set.
use serde_json::{Value, json};

use super::super::{get, post};
use super::settings_app;

/// A value no quoting mistake survives.
const TRICKY: &str = r#"it's "quoted" \ back\slash'); drop table public.st_notes; --"#;

/// `name` as a read-only call sees it (the scope set on the session), and as a call that
/// writes and is rolled back sees it (the scope set inside `BEGIN`, as one simple query).
async fn seen(app: &cb_tests::TestApp, name: &str) -> (Value, Value) {
    let query_value = name.replace('$', "%24");
    let read = get(app, &format!("/rpc/st_setting?name={query_value}")).await;
    assert_eq!(read.status, 200, "{}", read.text);
    let written = post(app, "/rpc/st_setting_written", &json!({"name": name}))
        .header("prefer", "tx=rollback")
        .await;
    assert_eq!(written.status, 200, "{}", written.text);
    assert_eq!(written.header("preference-applied"), Some("tx=rollback"));
    (read.json(), written.json())
}

#[tokio::test]
async fn every_request_sees_the_configured_settings() {
    let app = settings_app(&[
        ("PGRST_APP_SETTINGS_JWT_SECRET", "s3cr3t"),
        ("PGRST_APP_SETTINGS_plan", TRICKY),
        ("PGRST_APP_SETTINGS_a.b$2", "dotted"),
        ("PGRST_APP_SETTINGS_EMPTY", ""),
    ])
    .await;
    for (name, value) in [
        // Lower-cased, and PostgreSQL's setting names ignore case anyway.
        ("app.settings.jwt_secret", json!("s3cr3t")),
        ("app.settings.JWT_SECRET", json!("s3cr3t")),
        ("app.settings.plan", json!(TRICKY)),
        ("app.settings.a.b$2", json!("dotted")),
        ("app.settings.empty", json!("")),
        ("app.settings.unset", Value::Null),
    ] {
        assert_eq!(seen(&app, name).await, (value.clone(), value), "{name}");
    }
    assert_eq!(
        app.db
            .scalar::<i64>("select count(*) from public.st_notes")
            .await,
        0,
        "the table is still there"
    );
}

#[tokio::test]
async fn a_request_cannot_change_them_for_the_next() {
    let app = settings_app(&[("PGRST_APP_SETTINGS_PLAN", "pro")]).await;
    // Set on the connection's session (a volatile call runs in its own implicit transaction).
    let tampered = post(&app, "/rpc/st_tamper", &json!({"value": "free"})).await;
    assert_eq!(tampered.json(), json!("free"), "{}", tampered.text);
    // Every connection of the engine's pool (10) would be reached by this many reads.
    for _ in 0..30 {
        assert_eq!(
            seen(&app, "app.settings.plan").await,
            (json!("pro"), json!("pro"))
        );
    }
}

#[tokio::test]
async fn without_app_settings_none_is_set() {
    let app = settings_app(&[]).await;
    assert_eq!(
        seen(&app, "app.settings.plan").await,
        (Value::Null, Value::Null)
    );
}
