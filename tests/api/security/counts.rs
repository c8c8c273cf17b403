//! Counts must not tell a caller how many rows it cannot see: the planner's estimate for a table
//! under row-level security is taken from the whole table.
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, HeaderText as _, TestApp, mint_jwt,
    spawn_app,
};
use serde_json::json;

async fn content_range(app: &TestApp, path: &str, token: &str, count: &str) -> String {
    let response = app
        .with_token(reqwest::Method::GET, &format!("/rest/v1{path}"), token)
        .header("Prefer", format!("count={count}"))
        .answer()
        .await;
    assert!(
        response.status().is_success(),
        "{path}: {}",
        response.status()
    );
    response.header_text("content-range").to_string()
}

#[tokio::test]
async fn planned_and_estimated_counts_under_rls_are_exact_counts_of_visible_rows() {
    let app = spawn_app().await;
    let leads: Vec<_> = (0..40)
        .map(|i| {
            json!({"first_name": "Dana", "last_name": format!("Lead {i}"), "email": format!("dana{i}@example.com"),
                   "company_name": "Acme Medical Supply", "phone": "555-0100"})
        })
        .collect();
    let inserted = app
        .post("/rest/v1/whitepaper_submissions")
        .header("apikey", DEMO_SERVICE_ROLE_KEY)
        .bearer_auth(DEMO_SERVICE_ROLE_KEY)
        .json(&leads)
        .answer()
        .await;
    assert!(inserted.status().is_success(), "{}", inserted.status());
    // Statistics as a busy database would have them.
    app.db.execute("analyze whitepaper_submissions").await;

    let user = mint_jwt(
        "authenticated",
        json!({"sub": "00000000-0000-0000-0000-0000000000f1", "app_metadata": {}}),
    );
    for count in ["planned", "estimated"] {
        assert_eq!(
            content_range(&app, "/whitepaper_submissions?select=id", &user, count).await,
            "*/0",
            "count={count} as a signed-in non-admin"
        );
    }
    // Row-level security does not apply to service_role: the estimate is the planner's.
    let planned = content_range(
        &app,
        "/whitepaper_submissions?select=id",
        DEMO_SERVICE_ROLE_KEY,
        "planned",
    )
    .await;
    assert_eq!(planned, "0-39/40", "analyzed, the estimate is exact here");
    // Anon sees published posts only, and is told how many of those there are.
    let published: i64 = app
        .db
        .count("select count(*) from blog_posts where published")
        .await;
    let range = content_range(&app, "/blog_posts?select=id", DEMO_ANON_KEY, "planned").await;
    assert!(range.ends_with(&format!("/{published}")), "{range}");
}
