//! The media library (migration 20261127000400): `media_usage` finds every use of a blog-images
//! object in posts and page SEO records, reads names out of URLs instead of matching patterns
//! (hostile names neither break nor over-match it), is the admin's only; `media_assets` (alt
//! text, dimensions) is written by the admin only and logs alt text changes; deleting an unused
//! image through Storage removes it and its row.
mod admin;
mod usage;

use cb_tests::{TestApp, admin_jwt, mint_jwt, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

use super::{delete, expect_errors, get, insert_as_admin, patch, post};
use crate::storage::{call, expect_stored, png};

const PUBLIC: &str = "/storage/v1/object/public/blog-images";

/// A signed-in user who is not the admin.
fn user_jwt() -> String {
    mint_jwt(
        "authenticated",
        json!({"sub": "00000000-0000-0000-0000-0000000000f1", "app_metadata": {}}),
    )
}

async fn store(app: &TestApp, name: &str) {
    expect_stored(app, &admin_jwt(), "blog-images", name, png(64), "image/png").await;
}

/// Creates a post as the admin (REST, as the editor does); returns its id.
async fn add_post(app: &TestApp, slug: &str, fields: Value) -> String {
    let mut row = json!({
        "title": format!("Post {slug}"), "slug": slug, "description": "About denials",
        "category": "Billing", "content": "<p>No images.</p>",
    });
    row.as_object_mut()
        .unwrap()
        .extend(fields.as_object().unwrap().clone());
    insert_as_admin(app, "/blog_posts", &row).await
}

/// `media_usage` as the admin: object name -> uses.
async fn usage(app: &TestApp, body: Value) -> Vec<(String, Value)> {
    let reply = post(app, "/rpc/media_usage", &body)
        .bearer(&admin_jwt())
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["object_name"].as_str().unwrap().to_owned(),
                row["uses"].clone(),
            )
        })
        .collect()
}

/// A use as (kind, key, fields).
type Use = (String, String, Vec<String>);

/// The (kind, key, fields) of each use, in the function's order.
fn summary(uses: &Value) -> Vec<Use> {
    uses.as_array()
        .unwrap()
        .iter()
        .map(|usage| {
            (
                usage["kind"].as_str().unwrap().to_owned(),
                usage["key"].as_str().unwrap().to_owned(),
                usage["fields"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|field| field.as_str().unwrap().to_owned())
                    .collect(),
            )
        })
        .collect()
}

fn strings(fields: &[&str]) -> Vec<String> {
    fields.iter().map(|field| (*field).to_owned()).collect()
}
