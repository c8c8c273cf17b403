//! The redirect manager's rules and the 404 log (migration 20261206000700), over /rest/v1 as the
//! admin app sends them: editors write rules, staff read them, anon gets nothing; bad rules are a
//! 400 with the reason; chains collapse and loops are refused; a published post's slug change and
//! a page's route change add a 301 by themselves, and content published at a redirected path
//! takes it back; rule changes (not hit counts) wake every instance; the server's 404s add up in a
//! log of at most 10,000 paths, reported with the rule that now covers each.
mod automatic;
mod chains_and_loops;
mod editing;
mod not_found_log;

use std::time::Duration;

use cb_tests::rest_as;
use cb_tests::{StaffTeam, TestApp, add_account, add_staff, spawn_app};
use serde_json::{Value, json};

/// Adds a rule as `token`, expecting it stored: the row as stored.
async fn add_rule(app: &TestApp, token: &str, rule: Value) -> Value {
    let (status, rows) = rest_as(app, Some(token)).post("redirects", rule).await;
    assert_eq!(status, 201, "{rows}");
    rows[0].clone()
}

/// Every rule as (source_path, match_type, target, status_code, automatic), by source.
async fn rules(app: &TestApp) -> Vec<Value> {
    app.db
        .json_rows(
            "select source_path, match_type, target, status_code, automatic from redirects order by source_path",
        )
        .await
}

/// Every rule as source_path -> target, by source.
async fn targets(app: &TestApp) -> Vec<(String, Option<String>)> {
    rules(app)
        .await
        .iter()
        .map(|rule| {
            (
                rule["source_path"].as_str().unwrap().to_owned(),
                rule["target"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

fn to(source: &str, target: &str) -> (String, Option<String>) {
    (source.to_owned(), Some(target.to_owned()))
}

/// Asserts a PostgREST error answer: its status, code and message.
fn assert_error(answer: &(u16, Value), status: u16, code: &str, message: &str) {
    let (got, body) = answer;
    assert_eq!(
        (*got, &body["code"], &body["message"]),
        (status, &json!(code), &json!(message)),
        "{body}"
    );
}
