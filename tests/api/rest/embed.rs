//! Resource embedding through foreign keys: many-to-one, one-to-many, one-to-one,
//! many-to-many, self-references, `!inner`, hints, disambiguation errors, filters, order and
//! limits on embeds, null filters on embeds, related orders and spreads.
use serde_json::json;

use super::{expect_errors, expect_fixture_reads, expect_reads, fixture_app, get};

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
    let cases = [
        (
            "/fx_users?select=username,fx_messages(id)&username=in.(awailas,dragarcia)&order=username",
            json!([{"username": "awailas", "fx_messages": [{"id": 4}]}, {"username": "dragarcia", "fx_messages": []}]),
        ),
        (
            "/fx_channels?select=slug,fx_messages(id,fx_users(username))&id=eq.2",
            json!([{"slug": "random", "fx_messages": [{"id": 2, "fx_users": {"username": "supabot"}}, {"id": 4, "fx_users": {"username": "awailas"}}]}]),
        ),
    ];
    expect_reads(&app, &cases).await;
}

#[tokio::test]
async fn one_to_one_and_many_to_many() {
    expect_fixture_reads(&[
        (
            "/fx_channels?select=slug,fx_channel_details(details)&order=id",
            json!([
                {"slug": "public", "fx_channel_details": {"details": "Details for public channel"}},
                {"slug": "random", "fx_channel_details": {"details": "Details for random channel"}},
                {"slug": "private", "fx_channel_details": null}
            ]),
        ),
        (
            "/fx_products?select=name,fx_categories(name)&order=id",
            json!([
                {"name": "Laptop", "fx_categories": [{"name": "Electronics"}, {"name": "Computers"}]},
                {"name": "Smartphone", "fx_categories": [{"name": "Electronics"}]},
                {"name": "Headphones", "fx_categories": [{"name": "Electronics"}, {"name": "Audio"}]}
            ]),
        ),
        (
            "/fx_categories?select=name,fx_products(name)&id=eq.3",
            json!([{"name": "Audio", "fx_products": [{"name": "Headphones"}]}]),
        ),
    ])
    .await;
}

#[tokio::test]
async fn inner_joins_filter_parents_and_counts() {
    let app = fixture_app().await;
    let reply = get(&app, "/fx_users?select=username,fx_messages!inner(id)&fx_messages.channel_id=eq.2&order=username")
        .header("prefer", "count=exact").await;
    reply.assert_json(200, &json!([{"username": "awailas", "fx_messages": [{"id": 4}]}, {"username": "supabot", "fx_messages": [{"id": 2}]}]));
    assert_eq!(reply.header("content-range"), Some("0-1/2"));
    let left = [(
        "/fx_users?select=username,fx_messages!left(id)&fx_messages.channel_id=eq.2&username=eq.dragarcia",
        json!([{"username": "dragarcia", "fx_messages": []}]),
    )];
    expect_reads(&app, &left).await;
}

#[tokio::test]
async fn embedded_filters_order_limit_and_logic() {
    expect_fixture_reads(&[
        (
            "/fx_users?select=username,fx_messages(id)&username=eq.supabot&fx_messages.order=id.desc&fx_messages.limit=2&fx_messages.id=gt.1",
            json!([{"username": "supabot", "fx_messages": [{"id": 3}, {"id": 2}]}]),
        ),
        (
            "/fx_users?select=username,fx_messages(id)&username=eq.supabot&fx_messages.or=(id.eq.1,id.eq.3)",
            json!([{"username": "supabot", "fx_messages": [{"id": 1}, {"id": 3}]}]),
        ),
        (
            "/fx_users?select=username,fx_messages(id)&username=eq.supabot&fx_messages.order=id&fx_messages.offset=1&fx_messages.limit=1",
            json!([{"username": "supabot", "fx_messages": [{"id": 2}]}]),
        ),
    ])
    .await;
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
    with.assert_range(200, "0-1/2");
    assert_eq!(with.rows(), 2);
}

#[tokio::test]
async fn aliases_hints_and_self_references() {
    expect_fixture_reads(&[
        (
            "/fx_best_friends?select=id,first:fx_users!fx_best_friends_first_user_fkey(username),second:fx_users!second_user(username)&order=id",
            json!([
                {"id": 1, "first": {"username": "supabot"}, "second": {"username": "kiwicopple"}},
                {"id": 2, "first": {"username": "supabot"}, "second": {"username": "dragarcia"}}
            ]),
        ),
        (
            "/fx_best_friends?select=id,third_wheel(username)&id=eq.1",
            json!([{"id": 1, "third_wheel": {"username": "awailas"}}]),
        ),
        (
            "/fx_collections?select=name,fx_collections(name)&id=eq.1",
            json!([{"name": "Root A", "fx_collections": [{"name": "Child A1"}, {"name": "Child A2"}]}]),
        ),
        (
            "/fx_collections?select=name,parent_id(name)&id=eq.6",
            json!([{"name": "Grandchild A1a", "parent_id": {"name": "Child A1"}}]),
        ),
    ])
    .await;
}

#[tokio::test]
async fn ambiguous_and_unknown_relationships_are_explained() {
    let app = fixture_app().await;
    let ambiguous = get(&app, "/fx_best_friends?select=fx_users(*)").await;
    let body = ambiguous.assert_error_with(
        300,
        "PGRST201",
        &json!({
            "message": "Could not embed because more than one relationship was found for 'fx_best_friends' and 'fx_users'",
            "hint": "Try changing 'fx_users' to one of the following: 'fx_users!fx_best_friends_first_user_fkey', 'fx_users!fx_best_friends_second_user_fkey', 'fx_users!fx_best_friends_third_wheel_fkey'. Find the desired relationship in the 'details' key.",
        }),
    );
    assert_eq!(
        body["details"][0],
        json!({"cardinality": "many-to-one", "embedding": "fx_best_friends with fx_users", "relationship": "fx_best_friends_first_user_fkey using fx_best_friends(first_user) and fx_users(username)"})
    );
    assert_eq!(body["details"].as_array().unwrap().len(), 3);

    expect_errors(vec![
        (
            get(&app, "/fx_users?select=fx_products(*)"),
            400,
            "PGRST200",
            json!({
                "message": "Could not find a relationship between 'fx_users' and 'fx_products' in the schema cache",
                "details": "Searched for a foreign key relationship between 'fx_users' and 'fx_products' in the schema 'public', but no matches were found.",
            }),
        ),
        (
            get(&app, "/fx_users?select=fx_messages!nope(*)"),
            400,
            "PGRST200",
            json!({"details": "Searched for a foreign key relationship between 'fx_users' and 'fx_messages' using the hint 'nope' in the schema 'public', but no matches were found."}),
        ),
        (
            get(&app, "/fx_users?select=fx_message(*)"),
            400,
            "PGRST200",
            json!({"hint": "Perhaps you meant 'fx_messages' instead of 'fx_message'."}),
        ),
        (
            get(&app, "/fx_users?select=username&fx_messages.id=eq.1"),
            400,
            "PGRST108",
            json!({
                "message": "'fx_messages' is not an embedded resource in this request",
                "hint": "Verify that 'fx_messages' is included in the 'select' query parameter.",
            }),
        ),
        (
            get(
                &app,
                "/fx_best_friends?select=fx_users!first_user(*),fx_users!second_user(*)",
            ),
            400,
            "42712",
            json!({"message": "table name \"fx_best_friends_fx_users_1\" specified more than once"}),
        ),
    ])
    .await;
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
    to_many.assert_error_with(
        400,
        "PGRST118",
        &json!({
            "message": "A related order on 'fx_messages' is not possible",
            "details": "'fx_users' and 'fx_messages' do not form a many-to-one or one-to-one relationship",
        }),
    );
}

#[tokio::test]
async fn spreads_lift_embedded_columns() {
    expect_fixture_reads(&[
        (
            "/fx_messages?select=id,...fx_users(username,status)&id=eq.4",
            json!([{"id": 4, "username": "awailas", "status": "ONLINE"}]),
        ),
        (
            "/fx_channels?select=slug,...fx_messages(id)&id=eq.1&fx_messages.order=id.desc",
            json!([{"slug": "public", "id": [3, 1]}]),
        ),
    ])
    .await;
}

#[tokio::test]
async fn embeds_of_a_view_free_schema_keep_parent_rows_on_left_joins() {
    let app = fixture_app().await;
    let reply = get(
        &app,
        "/fx_users?select=username,fx_best_friends!third_wheel(id)&order=username",
    )
    .await;
    assert_eq!(reply.rows(), 5, "every user, with or without friends");
}
