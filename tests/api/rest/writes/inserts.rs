//! Inserts: statuses, returns, bulk and CSV/form payloads, bad payloads and duplicate keys.
use super::*;

#[tokio::test]
async fn insert_defaults_to_minimal_201_with_an_empty_body() {
    let app = fixture_app().await;
    let reply = post(&app, "/fx_accounts", &json!({"email": "new@example.com"}))
        .header("content-profile", "public")
        .await;
    reply.assert_text_range(201, "", "*/*");
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
    .await;
    stored.assert_json(200, &json!([{"email": "new@example.com", "plan": "free"}]));
}

#[tokio::test]
async fn representation_and_headers_only_returns() {
    let app = fixture_app().await;
    let prefer = "return=representation, count=exact";
    let account = json!({"email": "rep@example.com", "plan": "pro"});
    let full = post(&app, "/fx_accounts?select=email,plan", &account)
        .header("prefer", prefer)
        .await;
    full.assert_headers(
        201,
        &[("content-range", "*/1"), ("preference-applied", prefer)],
    );
    assert_eq!(full.json(), json!([account]));

    let headers_only = post(&app, "/fx_channels", &json!({"slug": "news"}))
        .header("prefer", "return=headers-only")
        .await;
    headers_only.assert_headers(201, &[("location", "/fx_channels?id=eq.4")]);
    assert_eq!(headers_only.text, "");

    let solo = json!({"slug": "solo"});
    post(&app, "/fx_channels?select=slug", &solo)
        .header("prefer", "return=representation")
        .single()
        .await
        .assert_json(201, &solo);
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
    .header("prefer", "return=representation").await;
    nulls.assert_json(201, &json!([{"email": "a1@example.com", "plan": "pro", "score": null}, {"email": "a2@example.com", "plan": "free", "score": 3}]));
    // ... or the column default with missing=default; extra keys are ignored.
    let defaults = post(
        &app,
        "/fx_accounts?columns=email,plan&select=email,plan",
        &json!([{"email": "d1@example.com", "ignored": true}, {"email": "d2@example.com", "plan": "pro"}]),
    )
    .header("prefer", "return=representation, missing=default").await;
    defaults.assert_json(201, &json!([{"email": "d1@example.com", "plan": "free"}, {"email": "d2@example.com", "plan": "pro"}]));
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
    .await;
    uneven.assert_error_with(
        400,
        "PGRST102",
        &json!({"message": "All object keys must match"}),
    );
}

#[tokio::test]
async fn invalid_payloads_and_unknown_columns_are_400() {
    let app = fixture_app().await;
    let insert = |row: Value| post(&app, "/fx_accounts", &row);
    let raw = |content_type: &str, body: &str| {
        Call::new(&app, Method::POST, "/fx_accounts").body(content_type, body)
    };
    expect_errors(vec![
        (
            raw("application/json", "{nope"),
            400,
            "PGRST102",
            json!({"message": "Empty or invalid json"}),
        ),
        (
            insert(json!({"email": "u@example.com", "nope": 1})),
            400,
            "PGRST204",
            json!({"message": "Could not find the 'nope' column of 'fx_accounts' in the schema cache"}),
        ),
        (
            raw("text/html", "<p>"),
            400,
            "PGRST102",
            json!({"message": "Content-Type not acceptable: text/html"}),
        ),
        (insert(json!({"email": "c@example.com", "plan": "gold"})), 400, "23514", json!({})),
        (insert(json!({"plan": "pro"})), 400, "23502", json!({})),
    ])
    .await;
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
    .await;
    reply.assert_error_with(
        409,
        "23505",
        &json!({
            "details": "Key (id)=(1) already exists.",
            "hint": null,
            "message": "duplicate key value violates unique constraint \"fx_cornercase_pkey\"",
        }),
    );
    let fk = post(
        &app,
        "/fx_messages",
        &json!({"message": "x", "username": "nobody", "channel_id": 1}),
    )
    .await;
    fk.assert_error(409, "23503");
}

#[tokio::test]
async fn representation_after_a_write_can_embed() {
    let app = fixture_app().await;
    // Through a foreign key, and through a computed relationship (see embed_computed.rs).
    for (path, row, expected) in [
        (
            "/fx_messages?select=message,fx_users(username,status)",
            json!({"message": "hi", "username": "awailas", "channel_id": 2}),
            json!([{"message": "hi", "fx_users": {"username": "awailas", "status": "ONLINE"}}]),
        ),
        (
            "/fx_messages?select=message,fx_author(username)",
            json!({"message": "Computed hello", "username": "kiwicopple", "channel_id": 3}),
            json!([{"message": "Computed hello", "fx_author": {"username": "kiwicopple"}}]),
        ),
    ] {
        post(&app, path, &row)
            .header("prefer", "return=representation")
            .await
            .assert_json(201, &expected);
    }
}

#[tokio::test]
async fn csv_and_form_payloads_insert_rows() {
    let app = fixture_app().await;
    let upload = |path: &str, content_type: &str, body: &str| {
        Call::new(&app, Method::POST, path)
            .body(content_type, body)
            .header("prefer", "return=representation")
    };
    let csv = upload(
        "/fx_accounts?select=email,score",
        "text/csv",
        "email,score\ncsv1@example.com,5\ncsv2@example.com,NULL",
    )
    .await;
    csv.assert_json(201, &json!([{"email": "csv1@example.com", "score": 5}, {"email": "csv2@example.com", "score": null}]));
    let form = upload(
        "/fx_accounts?select=email",
        "application/x-www-form-urlencoded",
        "email=form%40example.com",
    )
    .await;
    assert_eq!(form.json(), json!([{"email": "form@example.com"}]));
}
