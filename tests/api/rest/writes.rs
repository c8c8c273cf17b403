//! POST/PATCH/PUT/DELETE: inserts (single, bulk with `columns=`, `missing=default`), the
//! `return=` modes, `Location`, upserts (201 vs 200), updates, deletes, PUT, `tx=rollback`,
//! `max-affected`, and the constraint errors.
use cb_tests::{DEMO_SERVICE_ROLE_KEY, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

use super::{Call, delete, fixture_app, get, patch, post};

#[tokio::test]
async fn insert_defaults_to_minimal_201_with_an_empty_body() {
    let app = fixture_app().await;
    let reply = post(&app, "/fx_accounts", &json!({"email": "new@example.com"}))
        .header("content-profile", "public")
        .send()
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    assert_eq!(reply.text, "");
    assert_eq!(reply.header("content-range"), Some("*/*"));
    assert_eq!(
        reply.header("content-profile"),
        None,
        "no body, no profile header"
    );
    assert!(reply.header("location").is_none());
    let stored = get(
        &app,
        "/fx_accounts?select=email,plan&email=eq.new@example.com",
    )
    .send()
    .await;
    assert_eq!(
        stored.json(),
        json!([{"email": "new@example.com", "plan": "free"}])
    );
}

#[tokio::test]
async fn representation_and_headers_only_returns() {
    let app = fixture_app().await;
    let full = post(
        &app,
        "/fx_accounts?select=email,plan",
        &json!({"email": "rep@example.com", "plan": "pro"}),
    )
    .header("prefer", "return=representation, count=exact")
    .send()
    .await;
    assert_eq!(full.status, 201);
    assert_eq!(
        full.json(),
        json!([{"email": "rep@example.com", "plan": "pro"}])
    );
    assert_eq!(full.header("content-range"), Some("*/1"));
    assert_eq!(
        full.header("preference-applied"),
        Some("return=representation, count=exact")
    );

    let headers_only = post(&app, "/fx_channels", &json!({"slug": "news"}))
        .header("prefer", "return=headers-only")
        .send()
        .await;
    assert_eq!(headers_only.status, 201);
    assert_eq!(headers_only.text, "");
    assert_eq!(
        headers_only.header("location"),
        Some("/fx_channels?id=eq.4")
    );

    let single = post(&app, "/fx_channels?select=slug", &json!({"slug": "solo"}))
        .header("prefer", "return=representation")
        .header("accept", "application/vnd.pgrst.object+json")
        .send()
        .await;
    assert_eq!(single.status, 201);
    assert_eq!(single.json(), json!({"slug": "solo"}));
}

#[tokio::test]
async fn bulk_inserts_follow_columns_and_missing_default() {
    let app = fixture_app().await;
    // postgrest-js: the union of keys, quoted; missing keys become NULL ...
    let nulls = post(
        &app,
        "/fx_accounts?columns=%22email%22,%22plan%22,%22score%22&select=email,plan,score",
        &json!([{"email": "a1@example.com", "plan": "pro"}, {"email": "a2@example.com", "score": 3, "plan": "free"}]),
    )
    .header("prefer", "return=representation")
    .send()
    .await;
    assert_eq!(nulls.status, 201, "{}", nulls.text);
    assert_eq!(
        nulls.json(),
        json!([{"email": "a1@example.com", "plan": "pro", "score": null}, {"email": "a2@example.com", "plan": "free", "score": 3}])
    );
    // ... or the column default with missing=default; extra keys are ignored.
    let defaults = post(
        &app,
        "/fx_accounts?columns=email,plan&select=email,plan",
        &json!([{"email": "d1@example.com", "ignored": true}, {"email": "d2@example.com", "plan": "pro"}]),
    )
    .header("prefer", "return=representation, missing=default")
    .send()
    .await;
    assert_eq!(defaults.status, 201, "{}", defaults.text);
    assert_eq!(
        defaults.json(),
        json!([{"email": "d1@example.com", "plan": "free"}, {"email": "d2@example.com", "plan": "pro"}])
    );
    assert_eq!(
        defaults.header("preference-applied"),
        Some("missing=default, return=representation")
    );
    // Without columns= every object must have the same keys.
    let uneven = post(
        &app,
        "/fx_accounts",
        &json!([{"email": "x@example.com"}, {"plan": "pro"}]),
    )
    .send()
    .await;
    let body = uneven.assert_error(400, "PGRST102");
    assert_eq!(body["message"], "All object keys must match");
}

#[tokio::test]
async fn invalid_payloads_and_unknown_columns_are_400() {
    let app = fixture_app().await;
    let invalid = Call::new(&app, Method::POST, "/fx_accounts")
        .body("application/json", "{nope")
        .send()
        .await;
    let body = invalid.assert_error(400, "PGRST102");
    assert_eq!(body["message"], "Empty or invalid json");
    let unknown = post(
        &app,
        "/fx_accounts",
        &json!({"email": "u@example.com", "nope": 1}),
    )
    .send()
    .await;
    let body = unknown.assert_error(400, "PGRST204");
    assert_eq!(
        body["message"],
        "Could not find the 'nope' column of 'fx_accounts' in the schema cache"
    );
    let content_type = Call::new(&app, Method::POST, "/fx_accounts")
        .body("text/html", "<p>")
        .send()
        .await;
    let body = content_type.assert_error(400, "PGRST102");
    assert_eq!(body["message"], "Content-Type not acceptable: text/html");
    let check = post(
        &app,
        "/fx_accounts",
        &json!({"email": "c@example.com", "plan": "gold"}),
    )
    .send()
    .await;
    check.assert_error(400, "23514");
    let not_null = post(&app, "/fx_accounts", &json!({"plan": "pro"}))
        .send()
        .await;
    not_null.assert_error(400, "23502");
}

#[tokio::test]
async fn a_duplicate_key_is_409_with_postgres_texts() {
    let app = fixture_app().await;
    let reply = post(
        &app,
        "/fx_cornercase?select=%22column%20whitespace%22,id",
        &json!([{"id": 1, "column whitespace": "foo"}]),
    )
    .header("prefer", "return=representation")
    .send()
    .await;
    let body = reply.assert_error(409, "23505");
    assert_eq!(body["details"], "Key (id)=(1) already exists.");
    assert_eq!(body["hint"], Value::Null);
    assert_eq!(
        body["message"],
        "duplicate key value violates unique constraint \"fx_cornercase_pkey\""
    );
    let fk = post(
        &app,
        "/fx_messages",
        &json!({"message": "x", "username": "nobody", "channel_id": 1}),
    )
    .send()
    .await;
    fk.assert_error(409, "23503");
}

#[tokio::test]
async fn upserts_answer_201_for_inserts_and_200_for_merges() {
    let app = fixture_app().await;
    let merged = post(
        &app,
        "/fx_users?on_conflict=username&select=username,status",
        &json!({"username": "dragarcia", "status": "OFFLINE"}),
    )
    .header(
        "prefer",
        "resolution=merge-duplicates, return=representation",
    )
    .send()
    .await;
    assert_eq!(merged.status, 200, "{}", merged.text);
    assert_eq!(
        merged.json(),
        json!([{"username": "dragarcia", "status": "OFFLINE"}])
    );
    assert_eq!(
        merged.header("preference-applied"),
        Some("resolution=merge-duplicates, return=representation")
    );

    let inserted = post(
        &app,
        "/fx_users?select=username",
        &json!({"username": "newcomer", "status": "ONLINE"}),
    )
    .header(
        "prefer",
        "resolution=merge-duplicates, return=representation",
    )
    .send()
    .await;
    assert_eq!(inserted.status, 201);

    let mixed = post(&app, "/fx_users?columns=%22username%22,%22status%22", &json!([{"username": "newcomer", "status": "OFFLINE"}, {"username": "second", "status": "ONLINE"}]))
        .header("prefer", "resolution=merge-duplicates")
        .send()
        .await;
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
    .send()
    .await;
    assert_eq!(ignored.status, 201);
    assert_eq!(ignored.json(), json!([]));
    let untouched = get(&app, "/fx_users?select=status&username=eq.supabot")
        .send()
        .await;
    assert_eq!(untouched.json(), json!([{"status": "ONLINE"}]));

    let by_unique = post(
        &app,
        "/fx_channels?on_conflict=slug&select=id,slug",
        &json!({"slug": "random"}),
    )
    .header(
        "prefer",
        "resolution=merge-duplicates, return=representation",
    )
    .send()
    .await;
    assert_eq!(by_unique.status, 200);
    assert_eq!(by_unique.json(), json!([{"id": 2, "slug": "random"}]));
}

#[tokio::test]
async fn updates_answer_204_or_the_rows_and_count_them() {
    let app = fixture_app().await;
    let minimal = patch(
        &app,
        "/fx_messages?channel_id=eq.1",
        &json!({"message": "edited"}),
    )
    .send()
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
    .send()
    .await;
    assert_eq!(counted.header("content-range"), Some("0-1/2"));
    let full = patch(
        &app,
        "/fx_messages?id=eq.1&select=id,message",
        &json!({"message": "one"}),
    )
    .header("prefer", "return=representation")
    .send()
    .await;
    assert_eq!(full.status, 200);
    assert_eq!(full.json(), json!([{"id": 1, "message": "one"}]));
    let nothing = patch(
        &app,
        "/fx_messages?id=eq.999&select=id",
        &json!({"message": "x"}),
    )
    .header("prefer", "return=representation")
    .send()
    .await;
    assert_eq!(nothing.status, 200);
    assert_eq!(nothing.text, "[]");
    assert_eq!(nothing.header("content-range"), Some("*/*"));
    let empty = patch(&app, "/fx_messages?id=eq.1", &json!({})).send().await;
    assert_eq!(empty.status, 204);
}

#[tokio::test]
async fn deletes_answer_204_or_the_deleted_rows() {
    let app = fixture_app().await;
    let full = delete(&app, "/fx_logs?event=eq.none")
        .header("prefer", "return=representation")
        .send()
        .await;
    assert_eq!(full.status, 200);
    assert_eq!(full.text, "[]");
    let minimal = delete(&app, "/fx_accounts?email=eq.grace@example.com")
        .header("prefer", "count=exact")
        .send()
        .await;
    assert_eq!(minimal.status, 204);
    assert_eq!(minimal.header("content-range"), Some("*/1"));
    let single = delete(&app, "/fx_accounts?select=email")
        .header("prefer", "return=representation")
        .header("accept", "application/vnd.pgrst.object+json")
        .send()
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
    .send()
    .await;
    let body = reply.assert_error(406, "PGRST116");
    assert_eq!(body["details"], "The result contains 2 rows");
    let unchanged = get(&app, "/fx_messages?select=id&message=eq.gone")
        .send()
        .await;
    assert_eq!(unchanged.text, "[]");
}

#[tokio::test]
async fn put_upserts_one_row_identified_by_its_primary_key() {
    let app = fixture_app().await;
    let created = Call::new(&app, Method::PUT, "/fx_channels?id=eq.10&select=id,slug")
        .json(&json!({"id": 10, "slug": "ten"}))
        .header("prefer", "return=representation")
        .send()
        .await;
    assert_eq!(created.status, 201, "{}", created.text);
    assert_eq!(created.json(), json!([{"id": 10, "slug": "ten"}]));
    let replaced = Call::new(&app, Method::PUT, "/fx_channels?id=eq.10&select=slug")
        .json(&json!({"id": 10, "slug": "TEN"}))
        .header("prefer", "return=representation")
        .send()
        .await;
    assert_eq!(replaced.status, 200);
    let minimal = Call::new(&app, Method::PUT, "/fx_channels?id=eq.10")
        .json(&json!({"id": 10, "slug": "x"}))
        .send()
        .await;
    assert_eq!(minimal.status, 204);
    let mismatch = Call::new(&app, Method::PUT, "/fx_channels?id=eq.10")
        .json(&json!({"id": 11, "slug": "x"}))
        .send()
        .await;
    mismatch.assert_error(400, "PGRST115");
    let not_pk = Call::new(&app, Method::PUT, "/fx_channels?slug=eq.x")
        .json(&json!({"id": 11, "slug": "x"}))
        .send()
        .await;
    not_pk.assert_error(405, "PGRST105");
    let limited = Call::new(&app, Method::PUT, "/fx_channels?id=eq.10&limit=1")
        .json(&json!({"id": 10}))
        .send()
        .await;
    limited.assert_error(400, "PGRST114");
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
    .send()
    .await;
    assert_eq!(reply.status, 201);
    assert_eq!(reply.json(), json!([{"email": "ghost@example.com"}]));
    assert_eq!(
        reply.header("preference-applied"),
        Some("return=representation, tx=rollback")
    );
    let stored = get(&app, "/fx_accounts?email=eq.ghost@example.com")
        .send()
        .await;
    assert_eq!(stored.text, "[]");
}

#[tokio::test]
async fn max_affected_refuses_and_rolls_back_larger_changes() {
    let app = fixture_app().await;
    let reply = delete(&app, "/fx_messages?channel_id=eq.1")
        .header("prefer", "handling=strict, max-affected=1")
        .send()
        .await;
    let body = reply.assert_error(400, "PGRST124");
    assert_eq!(
        body["message"],
        "Query result exceeds max-affected preference constraint"
    );
    assert_eq!(body["details"], "The query affects 2 rows");
    let kept = get(&app, "/fx_messages?channel_id=eq.1&select=id")
        .send()
        .await;
    assert_eq!(kept.json().as_array().unwrap().len(), 2);
    let within = delete(&app, "/fx_messages?id=eq.1")
        .header("prefer", "handling=strict, max-affected=1")
        .send()
        .await;
    assert_eq!(within.status, 204);
    assert_eq!(
        within.header("preference-applied"),
        Some("handling=strict, max-affected=1")
    );
}

#[tokio::test]
async fn representation_after_a_write_can_embed() {
    let app = fixture_app().await;
    let reply = post(
        &app,
        "/fx_messages?select=message,fx_users(username,status)",
        &json!({"message": "hi", "username": "awailas", "channel_id": 2}),
    )
    .header("prefer", "return=representation")
    .send()
    .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    assert_eq!(
        reply.json(),
        json!([{"message": "hi", "fx_users": {"username": "awailas", "status": "ONLINE"}}])
    );
}

#[tokio::test]
async fn csv_and_form_payloads_insert_rows() {
    let app = fixture_app().await;
    let csv = Call::new(&app, Method::POST, "/fx_accounts?select=email,score")
        .body(
            "text/csv",
            "email,score\ncsv1@example.com,5\ncsv2@example.com,NULL",
        )
        .header("prefer", "return=representation")
        .send()
        .await;
    assert_eq!(csv.status, 201, "{}", csv.text);
    assert_eq!(
        csv.json(),
        json!([{"email": "csv1@example.com", "score": 5}, {"email": "csv2@example.com", "score": null}])
    );
    let form = Call::new(&app, Method::POST, "/fx_accounts?select=email")
        .body(
            "application/x-www-form-urlencoded",
            "email=form%40example.com",
        )
        .header("prefer", "return=representation")
        .send()
        .await;
    assert_eq!(form.json(), json!([{"email": "form@example.com"}]));
}

#[tokio::test]
async fn service_role_bypasses_row_level_security() {
    let app = spawn_app().await;
    let reply = get(&app, "/whitepaper_submissions?select=id&limit=1")
        .bearer(DEMO_SERVICE_ROLE_KEY)
        .send()
        .await;
    assert_eq!(reply.status, 200);
}
