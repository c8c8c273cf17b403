//! GET/HEAD: select shaping, every filter operator, logic trees, order, ranges, counts,
//! singular objects, CSV, and the read errors.
mod basics;
mod filters;
mod rendering;

use cb_tests::spawn_app;
use serde_json::json;

use super::{fixture_app, get};

fn usernames(body: &serde_json::Value) -> Vec<String> {
    body.as_array()
        .expect("array")
        .iter()
        .map(|r| r["username"].as_str().unwrap_or_default().to_owned())
        .collect()
}
