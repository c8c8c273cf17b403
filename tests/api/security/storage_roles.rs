//! Storage acts as the role a JWT names: only the API roles REST also accepts may be named. A
//! valid token for `postgres` must not run Storage as the superuser, nor an unknown role give a
//! server error.
use cb_tests::{Answer as _, DEMO_SERVICE_ROLE_KEY, mint_jwt, spawn_app};
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn only_the_api_roles_can_be_named() {
    let app = spawn_app().await;
    let call = |method: Method, path: &str, token: &str| {
        app.with_token(method, &format!("/storage/v1{path}"), token)
    };
    let stored = call(
        Method::POST,
        "/object/whitepapers/kept.pdf",
        DEMO_SERVICE_ROLE_KEY,
    )
    .header("content-type", "application/pdf")
    .body(crate::storage::pdf(64))
    .answer()
    .await;
    assert!(stored.status().is_success());

    for role in [
        "nope",
        "postgres",
        "authenticator",
        "pg_read_all_data",
        "supabase_admin",
    ] {
        let token = mint_jwt(role, json!({}));
        let requests = [
            call(Method::GET, "/bucket", &token),
            call(Method::POST, "/bucket", &token).json(&json!({"id": "mine", "name": "mine"})),
            call(Method::POST, "/object/list/whitepapers", &token).json(&json!({"prefix": ""})),
            call(Method::POST, "/object/whitepapers/evil.pdf", &token)
                .header("content-type", "application/pdf")
                .body(crate::storage::pdf(64)),
            call(Method::DELETE, "/object/whitepapers", &token)
                .json(&json!({"prefixes": ["kept.pdf"]})),
            call(
                Method::GET,
                "/object/authenticated/whitepapers/kept.pdf",
                &token,
            ),
        ];
        for request in requests {
            let response = request.answer().await;
            let status = response.status();
            let body = response.text().await.unwrap();
            assert!(status.is_client_error(), "{role}: {status} {body}");
            assert!(body.contains("is not allowed"), "{role}: {body}");
        }
    }
    let still: i64 = app.db.count("select count(*) from storage.objects where bucket_id = 'whitepapers' and name = 'kept.pdf'").await;
    assert_eq!(still, 1, "nothing was deleted");
}
