//! GET/HEAD: select shaping, every filter operator, logic trees, order, ranges, counts,
//! singular objects, CSV, and the read errors.
mod basics;
mod filters;
mod rendering;

use cb_tests::{TestApp, spawn_app};
use serde_json::json;

use super::{Call, expect_errors, expect_reads, expect_text_ranges, fixture_app, get};

fn usernames(body: &serde_json::Value) -> Vec<String> {
    body.as_array()
        .expect("array")
        .iter()
        .map(|r| r["username"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// For each filter query on the fixture's users: 200 and exactly these usernames, in order.
async fn expect_usernames(app: &TestApp, cases: &[(&str, &[&str])]) {
    for (query, expected) in cases {
        let reply = get(
            app,
            &format!("/fx_users?select=username&order=username&{query}"),
        )
        .await;
        assert_eq!(reply.status, 200, "{query}: {}", reply.text);
        assert_eq!(usernames(&reply.json()), *expected, "{query}");
    }
}
