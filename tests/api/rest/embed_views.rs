//! Embedding through views: relationships follow a view's columns back to the keys of the
//! tables they come from (renamed columns, views on views, both sides views, many-to-many),
//! views get the primary keys they show, and a view that hides a key has no relationship.
use serde_json::{Value, json};

use super::{expect_fixture_reads, expect_reads, fixture_app, get, post, wait_for_relation};

#[tokio::test]
async fn views_embed_tables_and_views_through_the_keys_they_show() {
    expect_fixture_reads(&[
        // view -> table (the view renames the foreign key column)
        (
            "/fx_chat?select=message_id,fx_users(username,status)&message_id=eq.1",
            json!([{"message_id": 1, "fx_users": {"username": "supabot", "status": "ONLINE"}}]),
        ),
        // table -> view
        (
            "/fx_users?select=username,fx_chat(message_id,room)&username=eq.awailas",
            json!([{"username": "awailas", "fx_chat": [{"message_id": 4, "room": 2}]}]),
        ),
        // view -> view, both ways
        (
            "/fx_chat?select=message_id,fx_people(handle)&message_id=eq.4",
            json!([{"message_id": 4, "fx_people": {"handle": "awailas"}}]),
        ),
        (
            "/fx_people?select=handle,fx_chat(message_id)&handle=eq.awailas",
            json!([{"handle": "awailas", "fx_chat": [{"message_id": 4}]}]),
        ),
        // a view on a view
        (
            "/fx_chat_recent?select=message_id,fx_users(username)&message_id=eq.2",
            json!([{"message_id": 2, "fx_users": {"username": "supabot"}}]),
        ),
        // the foreign key's constraint name as the hint
        (
            "/fx_chat?select=message_id,fx_users!fx_messages_username_fkey(username)&message_id=eq.3",
            json!([{"message_id": 3, "fx_users": {"username": "supabot"}}]),
        ),
        // !inner with a filter on the embedded table
        (
            "/fx_chat?select=message_id,fx_channels!inner(slug)&fx_channels.slug=eq.random&order=message_id",
            json!([
                {"message_id": 2, "fx_channels": {"slug": "random"}},
                {"message_id": 4, "fx_channels": {"slug": "random"}}
            ]),
        ),
        // many-to-many, the view on one side
        (
            "/fx_catalog?select=name,fx_categories(name)&id=eq.3&fx_categories.order=name",
            json!([{"name": "Headphones", "fx_categories": [{"name": "Audio"}, {"name": "Electronics"}]}]),
        ),
        (
            "/fx_categories?select=name,fx_catalog(name)&id=eq.3",
            json!([{"name": "Audio", "fx_catalog": [{"name": "Headphones"}]}]),
        ),
    ])
    .await;
}

#[tokio::test]
async fn a_view_that_hides_the_key_has_no_relationship() {
    let app = fixture_app().await;
    let reply = get(&app, "/fx_chat_text?select=id,fx_users(username)").await;
    reply.assert_error_message(
        400,
        "PGRST200",
        "Could not find a relationship between 'fx_chat_text' and 'fx_users' in the schema cache",
    );
}

#[tokio::test]
async fn a_view_showing_a_foreign_key_column_twice_is_ambiguous_until_hinted() {
    let app = fixture_app().await;
    let reply = get(&app, "/fx_chat_pair?select=id,fx_users(username)").await;
    reply.assert_error_with(
        300,
        "PGRST201",
        &json!({"details": [
            {
                "cardinality": "many-to-one",
                "embedding": "fx_chat_pair with fx_users",
                "relationship": "fx_messages_username_fkey using fx_chat_pair(author) and fx_users(username)"
            },
            {
                "cardinality": "many-to-one",
                "embedding": "fx_chat_pair with fx_users",
                "relationship": "fx_messages_username_fkey using fx_chat_pair(poster) and fx_users(username)"
            }
        ]}),
    );
    // A column of the view names which one.
    let hinted = get(
        &app,
        "/fx_chat_pair?select=id,fx_users!poster(username)&id=eq.4",
    )
    .await;
    hinted.assert_json(
        200,
        &json!([{"id": 4, "fx_users": {"username": "awailas"}}]),
    );
}

#[tokio::test]
async fn views_have_the_primary_keys_they_show() {
    let app = fixture_app().await;
    let created = post(
        &app,
        "/fx_people",
        &json!({"handle": "newcomer", "status": "ONLINE"}),
    )
    .header("prefer", "return=headers-only")
    .await;
    created.assert_headers(201, &[("location", "/fx_people?handle=eq.newcomer")]);

    let description: Value = get(&app, "/").await.json();
    let handle = &description["definitions"]["fx_people"]["properties"]["handle"]["description"];
    assert!(
        handle.as_str().is_some_and(|d| d.contains("<pk/>")),
        "{handle}"
    );
}

/// A many-to-many relationship whose junction the API only shows through a view, the junction
/// table itself living in a schema that is not exposed (a case from PostgREST's own spec): the
/// view's columns lead to the hidden table's foreign keys, so both ends embed each other
/// through it, and the view itself embeds like the junction.
#[tokio::test]
async fn many_to_many_through_a_view_of_a_junction_in_a_hidden_schema() {
    let app = fixture_app().await;
    app.db.execute(
        "create schema fx_hidden;
         create table public.fx_labels (id int primary key, name text not null);
         create table fx_hidden.fx_labellings (
           message_id bigint references public.fx_messages (id) on delete cascade,
           label_id int references public.fx_labels (id),
           primary key (message_id, label_id));
         create view public.fx_message_labels as
           select message_id, label_id from fx_hidden.fx_labellings;
         insert into public.fx_labels values (1, 'greeting'), (2, 'quote'), (3, 'news');
         insert into fx_hidden.fx_labellings values (1, 1), (2, 2), (3, 3), (4, 1), (4, 3);
         grant usage on schema fx_hidden to anon;
         grant select on public.fx_labels, public.fx_message_labels, fx_hidden.fx_labellings to anon;
         notify pgrst, 'reload schema';",
    )
    .await;
    wait_for_relation(&app, "fx_message_labels").await;
    expect_reads(
        &app,
        &[
            (
                "/fx_messages?select=id,fx_labels(name)&order=id&fx_labels.order=id",
                json!([
                    {"id": 1, "fx_labels": [{"name": "greeting"}]},
                    {"id": 2, "fx_labels": [{"name": "quote"}]},
                    {"id": 3, "fx_labels": [{"name": "news"}]},
                    {"id": 4, "fx_labels": [{"name": "greeting"}, {"name": "news"}]}
                ]),
            ),
            (
                "/fx_labels?select=name,fx_messages(id)&order=id&fx_messages.order=id",
                json!([
                    {"name": "greeting", "fx_messages": [{"id": 1}, {"id": 4}]},
                    {"name": "quote", "fx_messages": [{"id": 2}]},
                    {"name": "news", "fx_messages": [{"id": 3}, {"id": 4}]}
                ]),
            ),
            (
                "/fx_messages?select=id,fx_message_labels(label_id)&id=eq.4&fx_message_labels.order=label_id",
                json!([{"id": 4, "fx_message_labels": [{"label_id": 1}, {"label_id": 3}]}]),
            ),
            (
                "/fx_message_labels?select=label_id,fx_labels(name)&message_id=eq.4&order=label_id",
                json!([
                    {"label_id": 1, "fx_labels": {"name": "greeting"}},
                    {"label_id": 3, "fx_labels": {"name": "news"}}
                ]),
            ),
        ],
    )
    .await;
}
