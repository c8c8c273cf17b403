//! Row-level security holds on every way PostgREST can read a table: embeds, counts, HEAD, CSV,
//! logic trees, other schemas, functions.
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, TestApp, admin_jwt, mint_jwt, spawn_app,
};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn as_caller(app: &TestApp, method: Method, path: &str, token: &str) -> reqwest::RequestBuilder {
    app.with_token(method, &format!("/rest/v1{path}"), token)
}

async fn seed(app: &TestApp) {
    let lead = as_caller(app, Method::POST, "/leads", DEMO_SERVICE_ROLE_KEY)
        .header("Prefer", "return=representation")
        .json(&json!({"source": "contact", "email": "ops@example.com", "payload": {}}))
        .answer()
        .await;
    assert_eq!(lead.status(), StatusCode::CREATED);
    let lead: Value = lead.json().await.unwrap();
    let delivery = as_caller(app, Method::POST, "/lead_deliveries", DEMO_SERVICE_ROLE_KEY)
        .json(&json!({"lead_id": lead[0]["id"], "target_url": "https://hooks.example.test/x"}))
        .answer()
        .await;
    assert_eq!(delivery.status(), StatusCode::CREATED);
    let draft = as_caller(app, Method::POST, "/blog_posts", DEMO_SERVICE_ROLE_KEY)
        .json(
            &json!({"title": "Unannounced", "slug": "unannounced", "description": "Draft",
                      "category": "News", "published": false}),
        )
        .answer()
        .await;
    assert_eq!(draft.status(), StatusCode::CREATED);
}

async fn text(request: reqwest::RequestBuilder) -> (StatusCode, String, Option<String>) {
    let response = request.answer().await;
    let status = response.status();
    let range = response
        .headers()
        .get("content-range")
        .map(|v| v.to_str().unwrap().to_string());
    (status, response.text().await.unwrap(), range)
}

#[tokio::test]
async fn a_non_admin_reads_no_lead_through_any_path() {
    let app = spawn_app().await;
    seed(&app).await;
    let user = mint_jwt(
        "authenticated",
        json!({"sub": "00000000-0000-0000-0000-0000000000f1", "app_metadata": {"admin": false}}),
    );
    for path in [
        "/leads?select=*,lead_deliveries(*)",
        "/lead_deliveries?select=*,leads(*)",
        "/leads?select=email&or=(email.eq.ops@example.com,email.neq.ops@example.com)",
        "/whitepaper_submissions?select=*",
    ] {
        let (status, body, _) = text(as_caller(&app, Method::GET, path, &user)).await;
        assert!(
            status == StatusCode::OK && body == "[]" || status == StatusCode::FORBIDDEN,
            "{path}: {status} {body}"
        );
        assert!(!body.contains("ops@example.com"), "{path}");
    }
    for count in ["exact", "planned", "estimated"] {
        let (status, _, range) = text(
            as_caller(&app, Method::HEAD, "/leads?select=id", &user)
                .header("Prefer", format!("count={count}")),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(range.as_deref(), Some("*/0"), "count={count}");
    }
    let (_, csv, _) = text(
        as_caller(&app, Method::GET, "/leads?select=email", &user).header("Accept", "text/csv"),
    )
    .await;
    assert!(!csv.contains("ops@example.com"), "{csv}");

    // The admin sees the lead both ways.
    let (_, body, _) = text(as_caller(
        &app,
        Method::GET,
        "/leads?select=email,lead_deliveries(target_url)",
        &admin_jwt(),
    ))
    .await;
    assert!(body.contains("ops@example.com") && body.contains("hooks.example.test"));
}

#[tokio::test]
async fn anon_reads_no_draft_and_no_other_schema() {
    let app = spawn_app().await;
    seed(&app).await;
    let (status, body, _) = text(as_caller(
        &app,
        Method::GET,
        "/leads?select=email",
        DEMO_ANON_KEY,
    ))
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");

    let published: i64 = app
        .db
        .count("select count(*) from blog_posts where published")
        .await;
    for (path, accept) in [
        ("/blog_posts?select=slug", "application/json"),
        ("/blog_posts?select=slug", "text/csv"),
        (
            "/blog_posts?select=slug&or=(published.is.false,published.is.true)",
            "application/json",
        ),
        (
            "/blog_posts?select=slug&published=eq.false",
            "application/json",
        ),
    ] {
        let (status, body, _) =
            text(as_caller(&app, Method::GET, path, DEMO_ANON_KEY).header("Accept", accept)).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(!body.contains("unannounced"), "{path} as {accept}: {body}");
    }
    let (_, _, range) = text(
        as_caller(&app, Method::HEAD, "/blog_posts?select=id", DEMO_ANON_KEY)
            .header("Prefer", "count=exact"),
    )
    .await;
    assert!(range.unwrap().ends_with(&format!("/{published}")));

    for schema in [
        "private",
        "storage",
        "auth",
        "pg_catalog",
        "public\"; drop table x; --",
    ] {
        let (status, body, _) = text(
            as_caller(&app, Method::GET, "/blog_posts?select=id", DEMO_ANON_KEY)
                .header("Accept-Profile", schema),
        )
        .await;
        assert_eq!(status, StatusCode::NOT_ACCEPTABLE, "{schema}: {body}");
        assert!(body.contains("PGRST106"), "{schema}: {body}");
    }
    // Functions of unexposed schemas are not reachable as RPC.
    for function in ["is_admin", "request_session_id", "set_updated_at"] {
        let (status, _, _) = text(as_caller(
            &app,
            Method::POST,
            &format!("/rpc/{function}"),
            DEMO_ANON_KEY,
        ))
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{function}");
    }
}
