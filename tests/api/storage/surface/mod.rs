//! The rest of the storage-js surface: buckets, info, list v1 and v2, remove, move, copy,
//! signed download URLs and signed uploads, and how a private bucket answers each caller.
mod buckets_and_lists;
mod objects;

use cb_tests::{Exchange as _, TestApp, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

use super::{
    admin, anon, assert_error, call, expect_errors, expect_stored, fetch, pdf, service, url,
};

async fn put(app: &TestApp, bucket: &str, key: &str) {
    expect_stored(app, service(), bucket, key, pdf(100), "application/pdf").await;
}

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["name"].as_str().unwrap().to_string())
        .collect()
}
