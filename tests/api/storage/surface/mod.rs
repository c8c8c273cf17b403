//! The rest of the storage-js surface: buckets, info, list v1 and v2, remove, move, copy,
//! signed download URLs and signed uploads, and how a private bucket answers each caller.
mod buckets_and_lists;
mod objects;

use cb_tests::{Exchange as _, TestApp, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

use super::{
    admin, anon, assert_error, call, expect_errors, expect_stored, fetch, pdf, service, sign_url,
    url,
};

async fn put(app: &TestApp, bucket: &str, key: &str) {
    expect_stored(app, service(), bucket, key, pdf(100), "application/pdf").await;
}

/// A [`put`] of each of `keys` into the whitepapers bucket.
async fn put_whitepapers(app: &TestApp, keys: &[&str]) {
    for key in keys {
        put(app, "whitepapers", key).await;
    }
}

/// A listing of the whitepapers bucket as anon through `route` (`list` or `list-v2`): the status
/// and the answer.
async fn list_whitepapers(app: &TestApp, route: &str, body: &Value) -> (u16, Value) {
    call(
        app,
        Method::POST,
        &format!("/object/{route}/whitepapers"),
        anon(),
    )
    .json(body)
    .status_json()
    .await
}

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["name"].as_str().unwrap().to_string())
        .collect()
}
