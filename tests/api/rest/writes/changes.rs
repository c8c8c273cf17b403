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
    let edited = json!({"message": "edited"});
    expect_text_ranges(vec![
        (
            patch(&app, "/fx_messages?channel_id=eq.1", &edited),
            204,
            "",
            "0-1/*",
        ),
        (
            patch(&app, "/fx_messages?channel_id=eq.2", &edited).header("prefer", "count=exact"),
            204,
            "",
            "0-1/2",
        ),
        (
            patch(
                &app,
                "/fx_messages?id=eq.999&select=id",
                &json!({"message": "x"}),
            )
            .header("prefer", "return=representation"),
            200,
            "[]",
            "*/*",
        ),
    ])
    .await;
    let full = patch(
        &app,
        "/fx_messages?id=eq.1&select=id,message",
        &json!({"message": "one"}),
    )
    .header("prefer", "return=representation")
    .await;
    full.assert_json(200, &json!([{"id": 1, "message": "one"}]));
    let empty = patch(&app, "/fx_messages?id=eq.1", &json!({})).await;
    assert_eq!(empty.status, 204);
}

#[tokio::test]
async fn deletes_answer_204_or_the_deleted_rows() {
    let app = fixture_app().await;
    let returning = |path: &str| delete(&app, path).header("prefer", "return=representation");
    returning("/fx_logs?event=eq.none")
        .await
        .assert_text(200, "[]");
    delete(&app, "/fx_accounts?email=eq.grace@example.com")
        .header("prefer", "count=exact")
        .await
        .assert_range(204, "*/1");
    // One row is left: the singular answer is that row.
    returning("/fx_accounts?select=email")
        .single()
        .await
        .assert_json(200, &json!({"email": "ada@example.com"}));
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
    .single()
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
    let prefer = "return=representation, tx=rollback";
    let ghost = json!({"email": "ghost@example.com"});
    let reply = post(&app, "/fx_accounts?select=email", &ghost)
        .header("prefer", prefer)
        .await;
    reply.assert_headers(201, &[("preference-applied", prefer)]);
    assert_eq!(reply.json(), json!([ghost]));
    let stored = get(&app, "/fx_accounts?email=eq.ghost@example.com").await;
    assert_eq!(stored.text, "[]");
}

#[tokio::test]
async fn max_affected_refuses_and_rolls_back_larger_changes() {
    let app = fixture_app().await;
    let prefer = "handling=strict, max-affected=1";
    let strict_delete = |path: &str| delete(&app, path).header("prefer", prefer);
    strict_delete("/fx_messages?channel_id=eq.1")
        .await
        .assert_error_with(
            400,
            "PGRST124",
            &json!({
                "message": "Query result exceeds max-affected preference constraint",
                "details": "The query affects 2 rows",
            }),
        );
    let kept = get(&app, "/fx_messages?channel_id=eq.1&select=id").await;
    assert_eq!(kept.rows(), 2);
    let within = strict_delete("/fx_messages?id=eq.1").await;
    within.assert_headers(204, &[("preference-applied", prefer)]);
}

#[tokio::test]
async fn service_role_bypasses_row_level_security() {
    let app = spawn_app().await;
    let reply = get(&app, "/whitepaper_submissions?select=id&limit=1")
        .bearer(DEMO_SERVICE_ROLE_KEY)
        .await;
    assert_eq!(reply.status, 200);
}
