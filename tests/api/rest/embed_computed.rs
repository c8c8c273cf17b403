//! Computed relationships: a function taking a row of one relation and returning rows of
//! another embeds like a relationship named after the function (to-one when not SETOF or
//! `ROWS 1`), also after a write (in writes/inserts.rs), and replaces the foreign keys'
//! relationship when it has the related table's name.

use cb_tests::eventually;
use serde_json::json;

use super::{POLL_EVERY, SETTLED_WITHIN, expect_fixture_reads, fixture_app, get};

#[tokio::test]
async fn functions_of_a_row_embed_like_relationships() {
    expect_fixture_reads(&[
        (
            "/fx_messages?select=id,fx_author(username,status)&id=eq.4",
            json!([{"id": 4, "fx_author": {"username": "awailas", "status": "ONLINE"}}]),
        ),
        (
            "/fx_users?select=username,fx_latest_messages(id),fx_first_message(id)&username=eq.supabot",
            json!([{
                "username": "supabot",
                "fx_latest_messages": [{"id": 3}, {"id": 2}],
                "fx_first_message": {"id": 1}
            }]),
        ),
        // A user without messages: an empty list, a null object.
        (
            "/fx_users?select=username,fx_latest_messages(id),fx_first_message(id)&username=eq.dragarcia",
            json!([{"username": "dragarcia", "fx_latest_messages": [], "fx_first_message": null}]),
        ),
        // !inner, an alias, filters and nesting.
        (
            "/fx_users?select=username,last:fx_latest_messages!inner(id,fx_author(username))&fx_latest_messages.id=eq.4",
            json!([{"username": "awailas", "last": [{"id": 4, "fx_author": {"username": "awailas"}}]}]),
        ),
    ])
    .await;
}

#[tokio::test]
async fn a_computed_relationship_named_like_a_table_replaces_the_foreign_key() {
    let app = fixture_app().await;
    app.db.execute(
        "create function public.fx_channels(public.fx_messages) returns setof public.fx_channels rows 1
         language sql stable as $$ select * from public.fx_channels where slug = 'private' $$;
         grant execute on function public.fx_channels(public.fx_messages) to anon;
         notify pgrst, 'reload schema';",
    )
    .await;
    eventually(SETTLED_WITHIN, POLL_EVERY, async || {
        let reply = get(&app, "/fx_messages?select=id,fx_channels(slug)&id=eq.1").await;
        assert_eq!(reply.status, 200, "{}", reply.text);
        if reply.json() == json!([{"id": 1, "fx_channels": {"slug": "private"}}]) {
            return Ok(());
        }
        Err(format!("never overridden: {}", reply.text))
    })
    .await;
}
