use cb_tests::spawn_app;

#[tokio::test]
async fn healthz_and_readyz_answer_200_with_a_request_id() {
    let app = spawn_app().await;
    let health = app.get("/healthz").send().await.unwrap();
    assert_eq!(health.status(), 200);
    assert!(health.headers().contains_key("x-request-id"));
    assert_eq!(
        health.json::<serde_json::Value>().await.unwrap()["status"],
        "ok"
    );
    let ready = app.get("/readyz").send().await.unwrap();
    assert_eq!(ready.status(), 200);
    assert_eq!(
        ready.json::<serde_json::Value>().await.unwrap()["status"],
        "ready"
    );
}

#[tokio::test]
async fn readyz_is_503_while_a_migration_is_pending() {
    let app = spawn_app().await;
    cb_db::sqlx::query("delete from claimbridge.schema_migrations where source = 'website'")
        .execute(&app.db.pool)
        .await
        .unwrap();
    let ready = app.get("/readyz").send().await.unwrap();
    assert_eq!(ready.status(), 503);
    assert_eq!(
        ready.json::<serde_json::Value>().await.unwrap()["reason"],
        "migrations pending"
    );
}

#[tokio::test]
async fn a_client_supplied_request_id_is_kept() {
    let app = spawn_app().await;
    let response = app
        .get("/healthz")
        .header("x-request-id", "trace-me-42")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["x-request-id"], "trace-me-42");
}
