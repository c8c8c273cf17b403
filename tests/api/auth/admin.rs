//! The admin API (`/admin/users`, `/invite`, `/admin/generate_link`): only for admin roles,
//! paged as GoTrue pages, metadata and bans as GoTrue writes them.
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, create_user, mint_jwt, ok_json, password_sign_in, spawn_app_with,
};
use reqwest::Method;
use serde_json::{Value, json};

use super::support::{admin, auth, expect_error, text};

#[tokio::test]
async fn only_admin_roles_reach_the_admin_api() {
    let app = spawn_app_with(&[]).await;
    let id = create_user(&app, "someone@acme-dme.test", "someone-pass-1").await;
    let session = password_sign_in(&app, "someone@acme-dme.test", "someone-pass-1").await;
    let forged_admin = mint_jwt("supabase_admin", json!({"sub": id}));
    for (token, allowed) in [
        (DEMO_ANON_KEY.to_string(), false),
        (text(&session["access_token"]).to_string(), false),
        (
            mint_jwt(
                "authenticated",
                json!({"sub": id, "app_metadata": {"role": "service_role"}}),
            ),
            false,
        ),
        (forged_admin, true),
    ] {
        let response = auth(&app, Method::GET, "/admin/users")
            .bearer_auth(&token)
            .answer()
            .await;
        if allowed {
            assert_eq!(response.status(), 200);
        } else {
            expect_error(response, 403, "not_admin", "User not allowed").await;
        }
    }
    for (method, path) in [
        (Method::POST, "/invite".to_string()),
        (Method::POST, "/admin/generate_link".to_string()),
        (Method::DELETE, format!("/admin/users/{id}")),
        (Method::PUT, format!("/admin/users/{id}")),
    ] {
        let response = auth(&app, method, &path)
            .bearer_auth(text(&session["access_token"]))
            .json(&json!({"email": "x@acme-dme.test", "type": "invite"}))
            .answer()
            .await;
        assert_eq!(response.status(), 403, "{path}");
    }
    // Nothing was deleted by the refused calls.
    ok_json(admin(&app, Method::GET, &format!("/admin/users/{id}"))).await;
}

#[tokio::test]
async fn users_are_listed_newest_first_in_pages() {
    let app = spawn_app_with(&[]).await;
    for n in 0..5 {
        create_user(&app, &format!("user{n}@acme-dme.test"), "listed-pass-1").await;
    }
    let response = admin(&app, Method::GET, "/admin/users?page=1&per_page=2")
        .answer()
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["x-total-count"], "5");
    let link = response.headers()["link"].to_str().unwrap().to_string();
    assert!(
        link.contains("page=2")
            && link.contains("rel=\"next\"")
            && link.contains("page=3")
            && link.contains("rel=\"last\""),
        "{link}"
    );
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["aud"], "authenticated");
    let emails: Vec<&str> = body["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| text(&u["email"]))
        .collect();
    assert_eq!(emails, ["user4@acme-dme.test", "user3@acme-dme.test"]);
    let last = ok_json(admin(&app, Method::GET, "/admin/users?page=3&per_page=2")).await;
    assert_eq!(last["users"].as_array().unwrap().len(), 1);
    expect_error(
        admin(&app, Method::GET, "/admin/users?page=-1").answer().await,
        400,
        "validation_failed",
        "Bad Pagination Parameters: strconv.ParseUint: parsing \"-1\": invalid digit found in string",
    )
    .await;
}

#[tokio::test]
async fn admins_create_update_and_delete_users() {
    let app = spawn_app_with(&[]).await;
    // A hash as GoTrue writes them ($2a$), made outside this server.
    let hash = bcrypt::hash("password123", 4)
        .unwrap()
        .replacen("$2b$", "$2a$", 1);
    let created = ok_json(admin(&app, Method::POST, "/admin/users").json(&json!({
        "email": "Imported@Acme-DME.test",
        "password_hash": hash,
        "email_confirm": true,
        "user_metadata": {"full_name": "Imported User"},
        "app_metadata": {"plan": "rcm"},
    })))
    .await;
    assert_eq!(created["email"], "imported@acme-dme.test");
    assert_eq!(created["app_metadata"]["plan"], "rcm");
    assert_eq!(created["app_metadata"]["provider"], "email");
    // The bcrypt hash signs in as it would on Supabase.
    password_sign_in(&app, "imported@acme-dme.test", "password123").await;
    let id = text(&created["id"]).to_string();

    let updated = ok_json(
        admin(&app, Method::PUT, &format!("/admin/users/{id}")).json(&json!({
            "app_metadata": {"plan": null, "tier": "gold"},
            "user_metadata": {"full_name": "Renamed"},
            "ban_duration": "24h",
        })),
    )
    .await;
    assert!(updated["app_metadata"].get("plan").is_none());
    assert_eq!(updated["app_metadata"]["tier"], "gold");
    assert_eq!(updated["user_metadata"]["full_name"], "Renamed");
    assert!(updated["banned_until"].is_string());
    expect_error(
        admin(&app, Method::PUT, &format!("/admin/users/{id}"))
            .json(&json!({"ban_duration": "forever"}))
            .answer()
            .await,
        400,
        "validation_failed",
        "invalid format for ban duration: time: invalid duration \"forever\"",
    )
    .await;
    expect_error(
        admin(&app, Method::POST, "/admin/users")
            .json(&json!({"email": "imported@acme-dme.test", "password": "another-pass"}))
            .answer()
            .await,
        422,
        "email_exists",
        "A user with this email address has already been registered",
    )
    .await;
    expect_error(
        admin(&app, Method::GET, "/admin/users/not-a-uuid")
            .answer()
            .await,
        404,
        "validation_failed",
        "user_id must be an UUID",
    )
    .await;
    expect_error(
        admin(
            &app,
            Method::GET,
            "/admin/users/9a7c7a7e-0000-4000-8000-000000000000",
        )
        .answer()
        .await,
        404,
        "user_not_found",
        "User not found",
    )
    .await;
    assert_eq!(
        ok_json(admin(&app, Method::DELETE, &format!("/admin/users/{id}"))).await,
        json!({})
    );
    assert_eq!(
        app.db
            .count(&format!(
                "select count(*) from auth.identities where user_id = '{id}'"
            ))
            .await,
        0
    );
}
