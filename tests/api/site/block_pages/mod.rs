//! Block pages (migration 20261206000900), over /rest/v1 as the admin app and the site send them:
//! every block checked in the database against the editor's schema (block-vectors.json pins the
//! two together), anon reading live pages only, authors drafting and editors publishing, routes
//! the site owns refused, the site's own pages kept on the site, revisions with restore, preview
//! links, redirects on a live page's move, saves waking every instance, and views, leads and
//! conversion per page.
mod block_checks;
mod moves_wakes_and_stats;
mod publishing;
mod revisions_and_previews;
mod routes;

use std::time::Duration;

pub(crate) use cb_tests::rest_as;
use cb_tests::{StaffTeam, TestApp, add_staff, spawn_app, workspace_root};
use serde_json::{Value, json};

/// Asserts a PostgREST error answer: its status, code and message.
pub(crate) fn assert_error(answer: &(u16, Value), status: u16, code: &str, message: &str) {
    let (got, body) = answer;
    assert_eq!(
        (*got, &body["code"], &body["message"]),
        (status, &json!(code), &json!(message)),
        "{body}"
    );
}

/// Creates a page as `token`, expecting it stored: the row as stored.
pub(crate) async fn create_page(app: &TestApp, token: &str, page: Value) -> Value {
    let (status, rows) = rest_as(app, Some(token)).post("block_pages", page).await;
    assert_eq!(status, 201, "{rows}");
    rows[0].clone()
}

/// A valid block list of one block.
pub(crate) fn one_block(title: &str) -> Value {
    json!([{"id": "jobs", "kind": "resume-invite", "data": {"title": title}}])
}

/// The page's stored blocks, read as the owner.
async fn stored_blocks(app: &TestApp, id: &str) -> Value {
    app.db
        .json_rows(&format!("select blocks from block_pages where id = '{id}'"))
        .await[0]["blocks"]
        .clone()
}
