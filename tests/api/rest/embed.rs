//! Resource embedding through foreign keys: many-to-one, one-to-many, one-to-one,
//! many-to-many, self-references, `!inner`, hints, disambiguation errors, filters, order and
//! limits on embeds, null filters on embeds, related orders and spreads.
use serde_json::{Value, json};

use super::{fixture_app, get};

#[tokio::test]
async fn many_to_one_one_to_many_and_nested_embeds() {
    let app = fixture_app().await;
    let m2o = get(
        &app,
        "/fx_messages?select=id,fx_users(username,status)&id=eq.1",
    )
    .await;
    m2o.assert_json(
        200,
        &json!([{"id": 1, "fx_users": {"username": "supabot", "status": "ONLINE"}}]),
    );
    // Embedded rows are rendered by jsonb (PostgREST's `::jsonb`).
    assert!(
        m2o.text
            .contains("{\"status\": \"ONLINE\", \"username\": \"supabot\"}"),
        "{}",
        m2o.text
    );

    let o2m = get(
        &app,
        "/fx_users?select=username,fx_messages(id)&username=in.(awailas,dragarcia)&order=username",
    )
    .await;
    assert_eq!(
        o2m.json(),
        json!([{"username": "awailas", "fx_messages": [{"id": 4}]}, {"username": "dragarcia", "fx_messages": []}])
    );

    let nested = get(
        &app,
        "/fx_channels?select=slug,fx_messages(id,fx_users(username))&id=eq.2",
    )
    .await;
    assert_eq!(
        nested.json(),
        json!([{"slug": "random", "fx_messages": [{"id": 2, "fx_users": {"username": "supabot"}}, {"id": 4, "fx_users": {"username": "awailas"}}]}])
    );
}

#[tokio::test]
async fn one_to_one_and_many_to_many() {
    let app = fixture_app().await;
    let o2o = get(
        &app,
        "/fx_channels?select=slug,fx_channel_details(details)&order=id",
    )
    .await;
    assert_eq!(
        o2o.json(),
        json!([
            {"slug": "public", "fx_channel_details": {"details": "Details for public channel"}},
            {"slug": "random", "fx_channel_details": {"details": "Details for random channel"}},
            {"slug": "private", "fx_channel_details": null}
        ])
    );
    let m2m = get(
        &app,
        "/fx_products?select=name,fx_categories(name)&order=id",
    )
    .await;
    assert_eq!(
        m2m.json(),
        json!([
            {"name": "Laptop", "fx_categories": [{"name": "Electronics"}, {"name": "Computers"}]},
            {"name": "Smartphone", "fx_categories": [{"name": "Electronics"}]},
            {"name": "Headphones", "fx_categories": [{"name": "Electronics"}, {"name": "Audio"}]}
        ])
    );
    let back = get(&app, "/fx_categories?select=name,fx_products(name)&id=eq.3").await;
    assert_eq!(
        back.json(),
        json!([{"name": "Audio", "fx_products": [{"name": "Headphones"}]}])
    );
}

#[tokio::test]
async fn inner_joins_filter_parents_and_counts() {
    let app = fixture_app().await;
    let reply = get(&app, "/fx_users?select=username,fx_messages!inner(id)&fx_messages.channel_id=eq.2&order=username")
        .header("prefer", "count=exact").await;
    reply.assert_json(200, &json!([{"username": "awailas", "fx_messages": [{"id": 4}]}, {"username": "supabot", "fx_messages": [{"id": 2}]}]));
    assert_eq!(reply.header("content-range"), Some("0-1/2"));
    let left = get(&app, "/fx_users?select=username,fx_messages!left(id)&fx_messages.channel_id=eq.2&username=eq.dragarcia").await;
    assert_eq!(
        left.json(),
        json!([{"username": "dragarcia", "fx_messages": []}])
    );
}

#[tokio::test]
async fn embedded_filters_order_limit_and_logic() {
    let app = fixture_app().await;
    let reply = get(
        &app,
        "/fx_users?select=username,fx_messages(id)&username=eq.supabot&fx_messages.order=id.desc&fx_messages.limit=2&fx_messages.id=gt.1",
    ).await;
    assert_eq!(
        reply.json(),
        json!([{"username": "supabot", "fx_messages": [{"id": 3}, {"id": 2}]}])
    );
    let or = get(&app, "/fx_users?select=username,fx_messages(id)&username=eq.supabot&fx_messages.or=(id.eq.1,id.eq.3)").await;
    assert_eq!(
        or.json(),
        json!([{"username": "supabot", "fx_messages": [{"id": 1}, {"id": 3}]}])
    );
    let offset = get(&app, "/fx_users?select=username,fx_messages(id)&username=eq.supabot&fx_messages.order=id&fx_messages.offset=1&fx_messages.limit=1").await;
    assert_eq!(
        offset.json(),
        json!([{"username": "supabot", "fx_messages": [{"id": 2}]}])
    );
}

#[tokio::test]
async fn null_filters_on_embeds_are_anti_and_semi_joins() {
    let app = fixture_app().await;
    let without = get(
        &app,
        "/fx_channels?select=slug,fx_channel_details()&fx_channel_details=is.null",
    )
    .await;
    without.assert_json(200, &json!([{"slug": "private"}]));
    let with = get(
        &app,
        "/fx_channels?select=slug,fx_channel_details(id)&fx_channel_details=not.is.null&order=id",
    )
    .header("prefer", "count=exact")
    .await;
    assert_eq!(with.json().as_array().unwrap().len(), 2);
    assert_eq!(with.header("content-range"), Some("0-1/2"));
}

#[tokio::test]
async fn aliases_hints_and_self_references() {
    let app = fixture_app().await;
    let hinted = get(
        &app,
        "/fx_best_friends?select=id,first:fx_users!fx_best_friends_first_user_fkey(username),second:fx_users!second_user(username)&order=id",
    ).await;
    hinted.assert_json(
        200,
        &json!([
            {"id": 1, "first": {"username": "supabot"}, "second": {"username": "kiwicopple"}},
            {"id": 2, "first": {"username": "supabot"}, "second": {"username": "dragarcia"}}
        ]),
    );
    let by_column = get(
        &app,
        "/fx_best_friends?select=id,third_wheel(username)&id=eq.1",
    )
    .await;
    assert_eq!(
        by_column.json(),
        json!([{"id": 1, "third_wheel": {"username": "awailas"}}])
    );

    let children = get(
        &app,
        "/fx_collections?select=name,fx_collections(name)&id=eq.1",
    )
    .await;
    assert_eq!(
        children.json(),
        json!([{"name": "Root A", "fx_collections": [{"name": "Child A1"}, {"name": "Child A2"}]}])
    );
    let parent = get(&app, "/fx_collections?select=name,parent_id(name)&id=eq.6").await;
    assert_eq!(
        parent.json(),
        json!([{"name": "Grandchild A1a", "parent_id": {"name": "Child A1"}}])
    );
}

#[tokio::test]
async fn ambiguous_and_unknown_relationships_are_explained() {
    let app = fixture_app().await;
    let ambiguous = get(&app, "/fx_best_friends?select=fx_users(*)").await;
    let body = ambiguous.assert_error(300, "PGRST201");
    assert_eq!(
        body["message"],
        "Could not embed because more than one relationship was found for 'fx_best_friends' and 'fx_users'"
    );
    assert_eq!(
        body["details"][0],
        json!({"cardinality": "many-to-one", "embedding": "fx_best_friends with fx_users", "relationship": "fx_best_friends_first_user_fkey using fx_best_friends(first_user) and fx_users(username)"})
    );
    assert_eq!(body["details"].as_array().unwrap().len(), 3);
    assert_eq!(
        body["hint"],
        "Try changing 'fx_users' to one of the following: 'fx_users!fx_best_friends_first_user_fkey', 'fx_users!fx_best_friends_second_user_fkey', 'fx_users!fx_best_friends_third_wheel_fkey'. Find the desired relationship in the 'details' key."
    );

    let none = get(&app, "/fx_users?select=fx_products(*)").await;
    let body = none.assert_error(400, "PGRST200");
    assert_eq!(
        body["message"],
        "Could not find a relationship between 'fx_users' and 'fx_products' in the schema cache"
    );
    assert_eq!(
        body["details"],
        "Searched for a foreign key relationship between 'fx_users' and 'fx_products' in the schema 'public', but no matches were found."
    );
    let hinted = get(&app, "/fx_users?select=fx_messages!nope(*)").await;
    let body = hinted.assert_error(400, "PGRST200");
    assert_eq!(
        body["details"],
        "Searched for a foreign key relationship between 'fx_users' and 'fx_messages' using the hint 'nope' in the schema 'public', but no matches were found."
    );
    let typo = get(&app, "/fx_users?select=fx_message(*)").await;
    let body = typo.assert_error(400, "PGRST200");
    assert_eq!(
        body["hint"],
        "Perhaps you meant 'fx_messages' instead of 'fx_message'."
    );

    let not_embedded = get(&app, "/fx_users?select=username&fx_messages.id=eq.1").await;
    let body = not_embedded.assert_error(400, "PGRST108");
    assert_eq!(
        body["message"],
        "'fx_messages' is not an embedded resource in this request"
    );
    assert_eq!(
        body["hint"],
        "Verify that 'fx_messages' is included in the 'select' query parameter."
    );

    let dup = get(
        &app,
        "/fx_best_friends?select=fx_users!first_user(*),fx_users!second_user(*)",
    )
    .await;
    let body = dup.assert_error(400, "42712");
    assert_eq!(
        body["message"],
        "table name \"fx_best_friends_fx_users_1\" specified more than once"
    );
}

#[tokio::test]
async fn related_orders_need_a_to_one_embed() {
    let app = fixture_app().await;
    let ordered = get(
        &app,
        "/fx_messages?select=id,fx_users(username)&order=fx_users(username).desc,id&limit=2",
    )
    .await;
    assert_eq!(ordered.status, 200, "{}", ordered.text);
    assert_eq!(ordered.json()[0]["fx_users"]["username"], "supabot");
    let to_many = get(
        &app,
        "/fx_users?select=username,fx_messages(id)&order=fx_messages(id)",
    )
    .await;
    let body = to_many.assert_error(400, "PGRST118");
    assert_eq!(
        body["message"],
        "A related order on 'fx_messages' is not possible"
    );
    assert_eq!(
        body["details"],
        "'fx_users' and 'fx_messages' do not form a many-to-one or one-to-one relationship"
    );
}

#[tokio::test]
async fn spreads_lift_embedded_columns() {
    let app = fixture_app().await;
    let to_one = get(
        &app,
        "/fx_messages?select=id,...fx_users(username,status)&id=eq.4",
    )
    .await;
    to_one.assert_json(
        200,
        &json!([{"id": 4, "username": "awailas", "status": "ONLINE"}]),
    );
    let to_many = get(
        &app,
        "/fx_channels?select=slug,...fx_messages(id)&id=eq.1&fx_messages.order=id.desc",
    )
    .await;
    to_many.assert_json(200, &json!([{"slug": "public", "id": [3, 1]}]));
}

#[tokio::test]
async fn embeds_of_a_view_free_schema_keep_parent_rows_on_left_joins() {
    let app = fixture_app().await;
    let reply = get(
        &app,
        "/fx_users?select=username,fx_best_friends!third_wheel(id)&order=username",
    )
    .await;
    let body: Value = reply.json();
    assert_eq!(
        body.as_array().unwrap().len(),
        5,
        "every user, with or without friends"
    );
}
