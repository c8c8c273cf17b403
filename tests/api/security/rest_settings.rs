//! /rest/v1's access settings under attack: a token for another audience, tokens that try to
//! pass for anonymous when anonymous access is off, a client that asks to commit when the
//! server rolls back. None reaches or changes data.
use cb_tests::{DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, TestApp, spawn_app_with};
use reqwest::Method;
use serde_json::{Value, json};

use crate::rest::settings::signed;

/// A table holding one secret, readable and writable by every API role, once the schema cache
/// knows it.
async fn vault_app(vars: &[(&str, &str)]) -> TestApp {
    let app = spawn_app_with(vars).await;
    app.db
        .execute(
            "create table public.sec_vault (id int primary key, secret text);
             insert into public.sec_vault values (1, 'the secret');
             grant select, insert, update, delete on public.sec_vault
               to anon, authenticated, service_role;
             create function public.sec_reveal() returns text language sql stable
               as $$ select secret from public.sec_vault $$;
             grant execute on function public.sec_reveal() to anon, authenticated, service_role;
             notify pgrst, 'reload schema';",
        )
        .await;
    cb_tests::eventually(
        std::time::Duration::from_secs(10),
        std::time::Duration::from_millis(50),
        async || match rest(&app, Method::GET, "/sec_vault", Some(DEMO_SERVICE_ROLE_KEY)).await {
            (200, _, _) => Ok(()),
            (status, _, body) => Err(format!("the vault never showed: {status} {body}")),
        },
    )
    .await;
    app
}

/// A /rest/v1 request with the anon key as apikey and `token` as bearer, a JSON body on
/// writes: its status, body text and JSON.
async fn rest(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
) -> (u16, String, Value) {
    let mut request = app
        .client
        .request(method.clone(), format!("{}/rest/v1{path}", app.url))
        .header("apikey", DEMO_ANON_KEY);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if method == Method::POST || method == Method::PATCH {
        request = request
            .header("content-type", "application/json")
            .body(json!({"id": 2, "secret": "planted"}).to_string());
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    let json = serde_json::from_str(&text).unwrap_or(Value::Null);
    (status, text, json)
}

/// Every way in: a read, a write, an update, a delete, a function, the OpenAPI document.
const WAYS_IN: [(Method, &str); 6] = [
    (Method::GET, "/sec_vault?select=secret"),
    (Method::POST, "/sec_vault"),
    (Method::PATCH, "/sec_vault?id=eq.1"),
    (Method::DELETE, "/sec_vault?id=eq.1"),
    (Method::GET, "/rpc/sec_reveal"),
    (Method::GET, "/"),
];

/// The vault is as it was: its one secret, nothing planted.
async fn assert_untouched(app: &TestApp) {
    let secrets: Vec<String> = cb_db::sqlx::query_scalar("select secret from public.sec_vault")
        .fetch_all(&app.db.pool)
        .await
        .expect("the vault");
    assert_eq!(secrets, ["the secret"]);
}

#[tokio::test]
async fn a_token_for_another_audience_never_reaches_data() {
    let app = vault_app(&[("PGRST_JWT_AUD", "claimbridge")]).await;
    let service = |aud: Value| signed(&json!({"role": "service_role", "aud": aud}));
    let tokens = [
        service(json!("another-project")),
        service(json!("claimbridge ")),
        service(json!("CLAIMBRIDGE")),
        service(json!(["another-project"])),
        // Type confusion: the audience hidden in an object, a nested array, a number.
        service(json!({"claimbridge": true})),
        service(json!([["claimbridge"]])),
        service(json!([null, "claimbridge"])),
        service(json!(1)),
    ];
    for token in &tokens {
        for (method, path) in WAYS_IN {
            let (status, text, body) = rest(&app, method.clone(), path, Some(token)).await;
            assert_eq!(status, 401, "{method} {path}: {text}");
            assert_eq!(body["code"], "PGRST303", "{method} {path}: {text}");
            assert!(!text.contains("the secret"), "{text}");
        }
    }
    assert_untouched(&app).await;
    // The same claims for the right audience do reach it.
    let (status, text, _) = rest(
        &app,
        Method::GET,
        "/sec_vault?select=secret",
        Some(&service(json!("claimbridge"))),
    )
    .await;
    assert_eq!(
        (status, text.as_str()),
        (200, r#"[{"secret":"the secret"}]"#)
    );
}

#[tokio::test]
async fn with_anonymous_access_off_no_token_passes_for_anonymous() {
    let app = vault_app(&[("PGRST_DB_ANON_ROLE", "")]).await;
    let tokens = [
        None,
        Some(signed(&json!({"sub": "someone"}))),
        Some(signed(&json!({"role": null}))),
        Some(signed(&json!({"role": ["anon"]}))),
    ];
    for token in &tokens {
        for (method, path) in WAYS_IN {
            let (status, text, body) = rest(&app, method.clone(), path, token.as_deref()).await;
            assert_eq!(status, 401, "{token:?} {method} {path}: {text}");
            assert_eq!(
                body["code"], "PGRST302",
                "{token:?} {method} {path}: {text}"
            );
            assert!(!text.contains("the secret"), "{text}");
        }
    }
    // An empty role names no role PostgreSQL has: refused too, never run as anyone.
    let (status, text, _) = rest(
        &app,
        Method::GET,
        "/sec_vault",
        Some(&signed(&json!({"role": ""}))),
    )
    .await;
    assert!(
        status >= 400 && !text.contains("the secret"),
        "{status} {text}"
    );
    assert_untouched(&app).await;
}

#[tokio::test]
async fn a_client_cannot_commit_when_the_server_rolls_back() {
    let app = vault_app(&[("PGRST_DB_TX_END", "rollback")]).await;
    for prefer in [
        vec!["tx=commit"],
        vec!["tx=rollback", "tx=commit"],
        vec!["return=minimal, tx=commit"],
        vec!["TX=COMMIT"],
        vec!["tx=commit, handling=strict"],
    ] {
        for (method, path) in [
            (Method::POST, "/sec_vault"),
            (Method::PATCH, "/sec_vault?id=eq.1"),
            (Method::DELETE, "/sec_vault?id=eq.1"),
        ] {
            let mut request = app
                .client
                .request(method.clone(), format!("{}/rest/v1{path}", app.url))
                .header("apikey", DEMO_ANON_KEY)
                .bearer_auth(DEMO_SERVICE_ROLE_KEY)
                .header("content-type", "application/json")
                .body(json!({"id": 2, "secret": "planted"}).to_string());
            for value in &prefer {
                request = request.header("prefer", *value);
            }
            let response = request.send().await.expect("request");
            let status = response.status().as_u16();
            assert!(status < 500, "{prefer:?} {method} {path}: {status}");
            let applied = response
                .headers()
                .get("preference-applied")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned();
            assert!(!applied.contains("tx="), "{prefer:?}: {applied}");
        }
    }
    assert_untouched(&app).await;
}
