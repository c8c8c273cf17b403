//! PostgREST's in-database configuration (`alter role authenticator ... set pgrst.*`) and the
//! server's own (PGRST_* variables, config.toml): exposed schemas, row cap, aggregates,
//! reloaded on `NOTIFY pgrst, 'reload config'` without a restart; a bad value keeps the
//! server's own.

use cb_tests::{TestApp, eventually, spawn_app_with};
use serde_json::json;

use super::{
    Call, FIXTURE, POLL_EVERY, SETTLED_WITHIN, fixture_app, get, wait_for_relation, wait_for_status,
};

const PERSONAL: &str = r#"
create schema personal;
create table personal.notes (id int primary key, body text);
insert into personal.notes values (1, 'kept apart'), (2, 'also apart');
grant usage on schema personal to anon, authenticated, service_role;
grant select on personal.notes to anon, authenticated, service_role;
"#;

/// Sets `pgrst.<name>` for the test's database (None resets it) and reloads the config.
pub(crate) async fn set_db_config(app: &TestApp, name: &str, value: Option<&str>) {
    let database: String = app.db.scalar("select current_database()").await;
    let statement = match value {
        Some(value) => format!(
            "alter role authenticator in database \"{database}\" set pgrst.{name} = '{value}'"
        ),
        None => format!("alter role authenticator in database \"{database}\" reset pgrst.{name}"),
    };
    app.db
        .execute(&format!("{statement}; notify pgrst, 'reload config';"))
        .await;
}

/// A read of the `personal` schema (asked for with Accept-Profile).
fn personal<'a>(app: &'a TestApp, path: &str) -> Call<'a> {
    get(app, path).header("accept-profile", "personal")
}

/// Polls until a read of every fixture user gives a number of rows that `applied` accepts;
/// fails with `what` after 10 s.
async fn wait_for_user_rows(app: &TestApp, applied: impl Fn(usize) -> bool, what: &str) {
    eventually(SETTLED_WITHIN, POLL_EVERY, async || {
        let reply = get(app, "/fx_users?select=username").await;
        if applied(reply.rows()) {
            return Ok(());
        }
        Err(format!("{what}: {}", reply.text))
    })
    .await
}

#[tokio::test]
async fn database_settings_expose_schemas_and_cap_rows_without_a_restart() {
    let app = fixture_app().await;
    app.db.execute(PERSONAL).await;

    // Not exposed: 406 PGRST106, naming the exposed schemas.
    let refused = personal(&app, "/notes").await;
    refused.assert_error_message(406, "PGRST106", "Invalid schema: personal");

    let any_note = || personal(&app, "/notes?select=id");
    set_db_config(&app, "db_schemas", Some("public, personal")).await;
    wait_for_status(any_note, 200).await;
    let notes = personal(&app, "/notes?select=body&order=id").await;
    assert_eq!(
        notes.json(),
        json!([{"body": "kept apart"}, {"body": "also apart"}])
    );
    assert_eq!(notes.header("content-profile"), Some("personal"));
    // The first schema stays the default.
    assert_eq!(
        get(&app, "/fx_users?select=username&limit=1").await.status,
        200
    );

    // The row cap: every read is cut at db_max_rows.
    set_db_config(&app, "db_max_rows", Some("1")).await;
    wait_for_user_rows(&app, |rows| rows == 1, "db_max_rows never applied").await;
    // A bad value is logged and the server's own value (1000) applies; the schemas stay.
    set_db_config(&app, "db_max_rows", Some("lots")).await;
    wait_for_user_rows(&app, |rows| rows >= 2, "the bad db_max_rows was applied").await;
    assert_eq!(any_note().await.status, 200);

    // Reset: personal is no longer exposed.
    set_db_config(&app, "db_schemas", None).await;
    wait_for_status(any_note, 406).await;
}

#[tokio::test]
async fn aggregates_follow_the_database_setting() {
    let app = fixture_app().await;
    let path = "/fx_users?select=count()";
    let refused = get(&app, path).await;
    refused.assert_error(400, "PGRST123");
    set_db_config(&app, "db_aggregates_enabled", Some("true")).await;
    wait_for_status(|| get(&app, path), 200).await;
    let counted = get(&app, path).await;
    assert!(
        counted.json()[0]["count"].as_i64().unwrap() > 0,
        "{}",
        counted.text
    );
}

#[tokio::test]
async fn the_servers_own_settings_come_from_its_variables() {
    let app = spawn_app_with(&[
        ("PGRST_DB_SCHEMAS", "public,personal"),
        ("PGRST_DB_MAX_ROWS", "2"),
        ("PGRST_DB_AGGREGATES_ENABLED", "true"),
    ])
    .await;
    app.db
        .execute(&format!(
            "{FIXTURE}{PERSONAL} notify pgrst, 'reload schema';"
        ))
        .await;
    wait_for_relation(&app, "fx_users").await;
    wait_for_status(|| personal(&app, "/notes?select=id"), 200).await;
    let capped = get(&app, "/fx_users?select=username").await;
    assert_eq!(capped.rows(), 2, "{}", capped.text);
    assert_eq!(get(&app, "/fx_users?select=count()").await.status, 200);
}

#[tokio::test]
async fn the_plan_media_type_answers_explain_when_enabled() {
    let app = fixture_app().await;
    let json_plan =
        "application/vnd.pgrst.plan+json; for=\"application/json\"; options=verbose|settings;";
    let planned = || get(&app, "/fx_users?select=username").header("accept", json_plan);
    planned().await.assert_error(406, "PGRST107");

    set_db_config(&app, "db_plan_enabled", Some("true")).await;
    wait_for_status(planned, 200).await;
    let plan = planned().await;
    plan.assert_headers(
        200,
        &[(
            "content-type",
            "application/vnd.pgrst.plan+json; for=\"application/json\"; options=verbose|settings; charset=utf-8",
        )],
    );
    let body = plan.json();
    assert!(body[0]["Plan"].is_object(), "{body}");
    assert!(body[0]["Settings"]["search_path"].is_string(), "{body}");

    let text = get(&app, "/fx_users?select=username")
        .header(
            "accept",
            "application/vnd.pgrst.plan+text; for=\"application/json\"",
        )
        .await;
    assert_eq!(text.status, 200, "{}", text.text);
    assert!(text.text.starts_with("Aggregate  (cost="), "{}", text.text);

    // An analyzed insert runs; with tx=rollback it leaves nothing behind.
    let analyzed = super::post(&app, "/fx_users", &json!({"username": "planned"}))
        .bearer(cb_tests::DEMO_SERVICE_ROLE_KEY)
        .header(
            "accept",
            "application/vnd.pgrst.plan+json; for=\"application/json\"; options=analyze",
        )
        .header("prefer", "tx=rollback")
        .await;
    assert_eq!(analyzed.status, 200, "{}", analyzed.text);
    assert!(
        analyzed.json()[0]["Execution Time"].is_number(),
        "{}",
        analyzed.text
    );
    let left = get(&app, "/fx_users?username=eq.planned").await;
    assert_eq!(left.json(), json!([]));
}
