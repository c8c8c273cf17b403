//! Requests a client can make as large as it likes: answered 400 before or by the database,
//! never 500.
use cb_tests::{Answer as _, spawn_app};
use reqwest::{Method, StatusCode};
use serde_json::Value;

async fn get(app: &cb_tests::TestApp, query: &str) -> (StatusCode, Value) {
    let response = app
        .anon(Method::GET, &format!("/rest/v1/blog_posts?{query}"))
        .answer()
        .await;
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn oversized_selects_and_filters_are_400_not_500() {
    let app = spawn_app().await;
    let aliased: Vec<String> = (0..1700).map(|i| format!("c{i}:id")).collect();
    let (status, body) = get(&app, &format!("select={}", aliased.join(","))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "PGRST100");
    assert_eq!(
        body["details"],
        "The request has 1700 items; at most 500 are allowed."
    );

    // Under the item cap, but `*` expands past PostgreSQL's 1664 columns: its program-limit
    // error is the client's too.
    let stars = vec!["*"; 400].join(",");
    let (status, body) = get(&app, &format!("select={stars}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "54011");

    let filters: Vec<String> = (0..300).map(|i| format!("title=neq.t{i}")).collect();
    let (status, body) = get(&app, &filters.join("&")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "PGRST100");

    let leaves: Vec<String> = (0..300).map(|i| format!("title.eq.t{i}")).collect();
    let (status, body) = get(&app, &format!("or=({})", leaves.join(","))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "PGRST100");

    let deep = format!("select={}id{}", "blog_posts(".repeat(40), ")".repeat(40));
    let (status, body) = get(&app, &deep).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], "PGRST100");

    // A normal request is untouched.
    let (status, _) = get(&app, "select=id,title&order=created_at.desc").await;
    assert_eq!(status, StatusCode::OK);
}
