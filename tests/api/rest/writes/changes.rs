//! Upserts, updates, deletes and PUT; rollbacks, max-affected and the service role.
use super::*;

#[tokio::test]
async fn upserts_answer_201_for_inserts_and_200_for_merges() {
    let app = fixture_app().await;
    let merging = "resolution=merge-duplicates, return=representation";
    let upsert = |path: &str, row: Value| post(&app, path, &row).header("prefer", merging);
    let merged = upsert(
        "/fx_users?on_conflict=username&select=username,status",
        json!({"username": "dragarcia", "status": "OFFLINE"}),
    )
    .await;
    merged.assert_json(
        200,
        &json!([{"username": "dragarcia", "status": "OFFLINE"}]),
    );
    assert_eq!(merged.header("preference-applied"), Some(merging));

    let inserted = upsert(
        "/fx_users?select=username",
        json!({"username": "newcomer", "status": "ONLINE"}),
    )
    .await;
    assert_eq!(inserted.status, 201);

    let mixed = post(&app, "/fx_users?columns=%22username%22,%22status%22", &json!([{"username": "newcomer", "status": "OFFLINE"}, {"username": "second", "status": "ONLINE"}]))
        .header("prefer", "resolution=merge-duplicates").await;
    assert_eq!(mixed.status, 201, "one row was new");

    let ignored = post(
        &app,
        "/fx_users?select=username",
        &json!({"username": "supabot", "status": "OFFLINE"}),
    )
    .header(
        "prefer",
        "resolution=ignore-duplicates, return=representation",
    )
    .await;
    ignored.assert_json(201, &json!([]));
    let untouched = get(&app, "/fx_users?select=status&username=eq.supabot").await;
    assert_eq!(untouched.json(), json!([{"status": "ONLINE"}]));

    let by_unique = upsert(
        "/fx_channels?on_conflict=slug&select=id,slug",
        json!({"slug": "random"}),
    )
    .await;
    by_unique.assert_json(200, &json!([{"id": 2, "slug": "random"}]));
}

#[tokio::test]
async fn updates_answer_204_or_the_rows_and_count_them() {
    let app = fixture_app().await;
    let minimal = patch(
        &app,
        "/fx_messages?channel_id=eq.1",
        &json!({"message": "edited"}),
    )
    .await;
    assert_eq!(minimal.status, 204);
    assert_eq!(minimal.text, "");
    assert_eq!(minimal.header("content-range"), Some("0-1/*"));
    let counted = patch(
        &app,
        "/fx_messages?channel_id=eq.2",
        &json!({"message": "edited"}),
    )
    .header("prefer", "count=exact")
    .await;
    assert_eq!(counted.header("content-range"), Some("0-1/2"));
    let full = patch(
        &app,
        "/fx_messages?id=eq.1&select=id,message",
        &json!({"message": "one"}),
    )
    .header("prefer", "return=representation")
    .await;
    assert_eq!(full.status, 200);
    assert_eq!(full.json(), json!([{"id": 1, "message": "one"}]));
    let nothing = patch(
        &app,
        "/fx_messages?id=eq.999&select=id",
        &json!({"message": "x"}),
    )
    .header("prefer", "return=representation")
    .await;
    assert_eq!(nothing.status, 200);
    assert_eq!(nothing.text, "[]");
    assert_eq!(nothing.header("content-range"), Some("*/*"));
    let empty = patch(&app, "/fx_messages?id=eq.1", &json!({})).await;
    assert_eq!(empty.status, 204);
}

#[tokio::test]
async fn deletes_answer_204_or_the_deleted_rows() {
    let app = fixture_app().await;
    let full = delete(&app, "/fx_logs?event=eq.none")
        .header("prefer", "return=representation")
        .await;
    assert_eq!(full.status, 200);
    assert_eq!(full.text, "[]");
    let minimal = delete(&app, "/fx_accounts?email=eq.grace@example.com")
        .header("prefer", "count=exact")
        .await;
    assert_eq!(minimal.status, 204);
    assert_eq!(minimal.header("content-range"), Some("*/1"));
    let single = delete(&app, "/fx_accounts?select=email")
        .header("prefer", "return=representation")
        .header("accept", "application/vnd.pgrst.object+json")
        .await;
    assert_eq!(single.status, 200, "one row left");
    assert_eq!(single.json(), json!({"email": "ada@example.com"}));
}

#[tokio::test]
async fn singular_writes_of_several_rows_are_rolled_back() {
    let app = fixture_app().await;
    let reply = patch(
        &app,
        "/fx_messages?channel_id=eq.1",
        &json!({"message": "gone"}),
    )
    .header("prefer", "return=representation")
    .header("accept", "application/vnd.pgrst.object+json")
    .await;
    reply.assert_error_with(
        406,
        "PGRST116",
        &json!({"details": "The result contains 2 rows"}),
    );
    let unchanged = get(&app, "/fx_messages?select=id&message=eq.gone").await;
    assert_eq!(unchanged.text, "[]");
}

#[tokio::test]
async fn put_upserts_one_row_identified_by_its_primary_key() {
    let app = fixture_app().await;
    let created = Call::new(&app, Method::PUT, "/fx_channels?id=eq.10&select=id,slug")
        .json(&json!({"id": 10, "slug": "ten"}))
        .header("prefer", "return=representation")
        .await;
    created.assert_json(201, &json!([{"id": 10, "slug": "ten"}]));
    let replaced = Call::new(&app, Method::PUT, "/fx_channels?id=eq.10&select=slug")
        .json(&json!({"id": 10, "slug": "TEN"}))
        .header("prefer", "return=representation")
        .await;
    assert_eq!(replaced.status, 200);
    let minimal = Call::new(&app, Method::PUT, "/fx_channels?id=eq.10")
        .json(&json!({"id": 10, "slug": "x"}))
        .await;
    assert_eq!(minimal.status, 204);
    let put = |path: &str, body: Value| Call::new(&app, Method::PUT, path).json(&body);
    expect_errors(vec![
        (
            put("/fx_channels?id=eq.10", json!({"id": 11, "slug": "x"})),
            400,
            "PGRST115",
            json!({}),
        ),
        (
            put("/fx_channels?slug=eq.x", json!({"id": 11, "slug": "x"})),
            405,
            "PGRST105",
            json!({}),
        ),
        (
            put("/fx_channels?id=eq.10&limit=1", json!({"id": 10})),
            400,
            "PGRST114",
            json!({}),
        ),
    ])
    .await;
}

#[tokio::test]
async fn tx_rollback_answers_but_keeps_nothing() {
    let app = fixture_app().await;
    let reply = post(
        &app,
        "/fx_accounts?select=email",
        &json!({"email": "ghost@example.com"}),
    )
    .header("prefer", "return=representation, tx=rollback")
    .await;
    assert_eq!(reply.status, 201);
    assert_eq!(reply.json(), json!([{"email": "ghost@example.com"}]));
    assert_eq!(
        reply.header("preference-applied"),
        Some("return=representation, tx=rollback")
    );
    let stored = get(&app, "/fx_accounts?email=eq.ghost@example.com").await;
    assert_eq!(stored.text, "[]");
}

#[tokio::test]
async fn max_affected_refuses_and_rolls_back_larger_changes() {
    let app = fixture_app().await;
    let reply = delete(&app, "/fx_messages?channel_id=eq.1")
        .header("prefer", "handling=strict, max-affected=1")
        .await;
    reply.assert_error_with(
        400,
        "PGRST124",
        &json!({
            "message": "Query result exceeds max-affected preference constraint",
            "details": "The query affects 2 rows",
        }),
    );
    let kept = get(&app, "/fx_messages?channel_id=eq.1&select=id").await;
    assert_eq!(kept.json().as_array().unwrap().len(), 2);
    let within = delete(&app, "/fx_messages?id=eq.1")
        .header("prefer", "handling=strict, max-affected=1")
        .await;
    assert_eq!(within.status, 204);
    assert_eq!(
        within.header("preference-applied"),
        Some("handling=strict, max-affected=1")
    );
}

#[tokio::test]
async fn service_role_bypasses_row_level_security() {
    let app = spawn_app().await;
    let reply = get(&app, "/whitepaper_submissions?select=id&limit=1")
        .bearer(DEMO_SERVICE_ROLE_KEY)
        .await;
    assert_eq!(reply.status, 200);
}
