//! The transaction as one pipeline (`BEGIN`, the scope, the statement, `COMMIT` sent together):
//! what fails in it is reported and undone, nothing of it outlives its request on the
//! connection, and a statement is prepared as the caller who first sends it.
use serde_json::json;

use cb_tests::{DEMO_SERVICE_ROLE_KEY, admin_jwt};

use super::super::{get, post, wait_for_status};
use super::{assert_duplicate_codes_refused, rows, settings_app};
use crate::rest::db_config::set_db_config;

#[tokio::test]
async fn a_deferred_violation_at_commit_fails_the_request_and_keeps_nothing() {
    // The default db-tx-end commits: the COMMIT that went out with the insert is what fails.
    let app = settings_app(&[]).await;
    assert_duplicate_codes_refused(&app).await;
    assert_eq!(rows(&app, "st_pairs").await, 0);
    // The connection is still good: the same pair, one row at a time, goes in once.
    post(&app, "/st_pairs", &json!([{"id": 1, "code": 7}]))
        .await
        .assert_text(201, "");
    post(&app, "/st_pairs", &json!([{"id": 2, "code": 7}]))
        .await
        .assert_error(409, "23505");
    assert_eq!(rows(&app, "st_pairs").await, 1);
}

#[tokio::test]
async fn a_failed_statement_leaves_neither_its_writes_nor_its_caller_on_the_connection() {
    let app = settings_app(&[]).await;
    let admin = admin_jwt();
    // Requests one after another take the same idle connection, so each next one would see
    // whatever the failed one left behind.
    for round in 0..5 {
        // A write that fails midway (the second row breaks the primary key) as an admin.
        let rows_in = json!([{"id": 10 + round, "body": "a"}, {"id": 10 + round, "body": "b"}]);
        post(&app, "/st_notes", &rows_in)
            .bearer(&admin)
            .await
            .assert_error(409, "23505");
        // A statement that fails before it runs (a value its column's type refuses).
        get(&app, "/st_notes?id=eq.not-a-number")
            .bearer(&admin)
            .await
            .assert_error(400, "22P02");
        // The next caller is anon, with anon's claims and nothing of the admin's.
        let who = post(&app, "/rpc/st_whoami", &json!({})).await;
        assert_eq!(who.status, 200, "{}", who.text);
        let who = who.json();
        assert_eq!(who["user"], "anon", "{who}");
        assert_eq!(who["claims"]["role"], "anon", "{who}");
    }
    assert_eq!(rows(&app, "st_notes").await, 0);
}

#[tokio::test]
async fn a_statement_is_prepared_as_the_caller_who_first_sends_it() {
    let app = settings_app(&[]).await;
    // A schema only service_role may use, exposed beside public: naming its table is refused
    // to anyone else while the statement is still being prepared.
    app.db
        .execute(
            "create schema st_staff;
             create table st_staff.rota (id int primary key, name text);
             insert into st_staff.rota values (1, 'Dana');
             grant usage on schema st_staff to service_role;
             grant select on st_staff.rota to service_role;",
        )
        .await;
    set_db_config(&app, "db_schemas", Some("public, st_staff")).await;
    wait_for_status(
        || {
            get(&app, "/rota?select=id,name")
                .header("accept-profile", "st_staff")
                .bearer(DEMO_SERVICE_ROLE_KEY)
        },
        200,
    )
    .await;
    for _ in 0..3 {
        // The caller without the schema first, then the one with it, on the same connection:
        // the refusal is anon's own (401 for anon), and what service_role prepares works.
        get(&app, "/rota?select=id,name&id=gt.0")
            .header("accept-profile", "st_staff")
            .await
            .assert_error(401, "42501");
        get(&app, "/rota?select=id,name&id=gt.0")
            .header("accept-profile", "st_staff")
            .bearer(DEMO_SERVICE_ROLE_KEY)
            .await
            .assert_json(200, &json!([{"id": 1, "name": "Dana"}]));
    }
}
