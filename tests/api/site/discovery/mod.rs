//! Finding more, over /rest/v1 as the site and the admin call it (migration 20261206000600):
//! category, tag and author archives (paged, newest first; null when nobody knows the archive,
//! empty with only its SEO row), related posts, the site search (ranking, stemming, websearch
//! syntax, typos, snippets, suggestions, one result per path) and its index following every
//! edit, search counts without personal data, and the slugs the frontend computes too. Drafts and
//! scheduled posts are never listed, related or found, whoever asks.
mod archives;
mod search;
mod search_index;
mod visibility_and_related;

use cb_db::sqlx;
use cb_tests::{TestApp, add_account, add_staff, sorted_keys};
use serde_json::{Value, json};

use super::{dist, spawn_site};
use crate::rest::{Reply, post};

/// The app over a build with no server renderer: the server then adds no page of its own to
/// the search index, which holds only what a test puts there. No post or whitepaper of the seed
/// is left either.
async fn app() -> TestApp {
    // Read at start; these tests use only /rest/v1, so the folder may go once the app is up.
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    app.db
        .execute("delete from public.blog_posts; delete from public.whitepapers;")
        .await;
    app
}

/// Calls `name` with `args` as `token` (None: anon).
async fn call(app: &TestApp, name: &str, args: Value, token: Option<&str>) -> Reply {
    let call = post(app, &format!("/rpc/{name}"), &args);
    match token {
        Some(token) => call.bearer(token).await,
        None => call.await,
    }
}

/// Calls `name` as `token`, expecting 200: the answer.
async fn answer(app: &TestApp, name: &str, args: Value, token: Option<&str>) -> Value {
    let reply = call(app, name, args, token).await;
    assert_eq!(reply.status, 200, "{}: {}", reply.request, reply.text);
    reply.json()
}

async fn archive(app: &TestApp, args: Value, token: Option<&str>) -> Value {
    answer(app, "blog_archive", args, token).await
}

async fn search(app: &TestApp, q: &str, token: Option<&str>) -> Value {
    answer(app, "search_site", json!({"q": q}), token).await
}

async fn related(app: &TestApp, args: Value, token: Option<&str>) -> Vec<String> {
    let rows = answer(app, "related_posts", args, token).await;
    strings(&rows, "slug")
}

/// The `field` of each row of an array.
fn strings(rows: &Value, field: &str) -> Vec<String> {
    rows.as_array()
        .unwrap_or_else(|| panic!("not an array: {rows}"))
        .iter()
        .map(|row| {
            row[field]
                .as_str()
                .unwrap_or_else(|| panic!("{field}: {row}"))
                .to_owned()
        })
        .collect()
}

fn slugs(archive: &Value) -> Vec<String> {
    strings(&archive["posts"], "slug")
}

fn paths(found: &Value) -> Vec<String> {
    strings(&found["results"], "path")
}

/// A post to add: slug, title, description, HTML content, category, tags and state ("live",
/// "draft" or "scheduled": published, due tomorrow).
type NewPost<'a> = (
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a [&'a str],
    &'a str,
);

/// Adds posts as the database owner, created a day apart in the given order (the last the
/// newest).
async fn add_posts(app: &TestApp, posts: &[NewPost<'_>]) {
    for (n, (slug, title, description, content, category, tags, state)) in posts.iter().enumerate()
    {
        let tags: Vec<String> = tags.iter().map(|tag| cb_db::quote_literal(tag)).collect();
        app.db
            .execute(&format!(
                "insert into public.blog_posts (slug, title, description, content, category, tags,
                        published, publish_at, created_at, updated_at)
                 values ({}, {}, {}, {}, {}, array[{}]::text[], {}, {}, {created}, {created})",
                cb_db::quote_literal(slug),
                cb_db::quote_literal(title),
                cb_db::quote_literal(description),
                cb_db::quote_literal(content),
                cb_db::quote_literal(category),
                tags.join(", "),
                *state != "draft",
                if *state == "scheduled" {
                    "now() + interval '1 day'"
                } else {
                    "null"
                },
                created = format!("timestamptz '2026-01-01 09:00:00+00' + interval '{n} days'"),
            ))
            .await;
    }
}

/// The paths search_site finds for `q`, as anon.
async fn found(app: &TestApp, q: &str) -> Vec<String> {
    paths(&search(app, q, None).await)
}

/// private.sync_search_pages(docs), as the server calls it (the database owner).
async fn sync_pages(app: &TestApp, docs: Value) -> Result<i32, sqlx::Error> {
    sqlx::query_scalar("select private.sync_search_pages($1)")
        .bind(docs)
        .fetch_one(&app.db.pool)
        .await
}

/// record_search as anon, which answers 204.
async fn record_search(app: &TestApp, q: String, results: i64) {
    call(
        app,
        "record_search",
        json!({"q": q, "results": results}),
        None,
    )
    .await
    .assert_text(204, "");
}
