//! The admin activity log over /rest/v1: readable by an admin only, written by nobody through the
//! API (append-only, even for an admin), filled by the database itself on every save, delete,
//! restore, publish and schedule with the admin's session, the client IP the server resolved (a
//! client's own x-real-ip is never it) and the user agent; log_admin_activity for what the admin
//! app reports; and the revision retention (CLAIMBRIDGE_REVISIONS_KEPT).

use cb_tests::{
    DEMO_ANON_KEY, TestApp, admin_jwt, mint_jwt, reachable_tempdir, spawn_app, spawn_app_with,
};
use serde_json::{Value, json};

use super::{Call, delete, expect_errors, get, insert_as_admin, patch, post};
use crate::server_process::serve_until_exit;

const AGENT: &str = "Mozilla/5.0 (Macintosh) ActivityLogTest/2.0";
const CLIENT: &str = "198.51.100.20";
const FORGED: &str = "203.0.113.66";

/// Signs in through simple-auth as the admin app does; the token and its session id.
async fn sign_in(app: &TestApp) -> (String, String) {
    let token = app
        .sign_in(&[
            ("apikey", DEMO_ANON_KEY),
            ("user-agent", AGENT),
            ("x-forwarded-for", CLIENT),
        ])
        .await;
    let payload = token.split('.').nth(1).unwrap();
    use base64::Engine as _;
    let claims: Value = serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(payload)
            .unwrap(),
    )
    .unwrap();
    (token, claims["session_id"].as_str().unwrap().to_string())
}

/// A request from the admin's browser behind the trusted proxy, carrying a forged x-real-ip.
fn from_admin<'a>(call: Call<'a>, token: &str) -> Call<'a> {
    call.bearer(token)
        .header("user-agent", AGENT)
        .header("x-forwarded-for", CLIENT)
        .header("x-real-ip", FORGED)
}

fn non_admin() -> String {
    mint_jwt(
        "authenticated",
        json!({"sub": "5b8f1f9e-1c35-4a52-9a3c-0f5d2b8e7a11", "aud": "authenticated"}),
    )
}

async fn all_entries(app: &TestApp) -> Vec<Value> {
    app.db
        .json_rows("select * from public.admin_activity order by id")
        .await
}

/// The app with one sign-in already in the log, from 192.0.2.1 as the sign-in function records
/// it: its `action` and its session id, if any.
async fn app_with_a_sign_in(action: &str, session: Option<&str>) -> TestApp {
    let app = spawn_app().await;
    cb_db::sqlx::query("select private.record_sign_in($1, $2, '192.0.2.1', 'x')")
        .bind(action)
        .bind(session)
        .execute(&app.db.pool)
        .await
        .unwrap();
    app
}

fn post_body(slug: &str) -> Value {
    json!({"title": "Capped rental billing for oxygen", "slug": slug,
           "description": "Month 13 to 36 without denials", "category": "Billing",
           "content": "<p>Draft</p>"})
}

#[tokio::test]
async fn an_admins_saves_deletes_restores_publishes_and_schedules_are_logged_with_the_session() {
    let app = spawn_app_with(&[("TRUSTED_PROXIES", "127.0.0.1")]).await;
    let (token, session) = sign_in(&app).await;

    let created = from_admin(
        post(&app, "/blog_posts", &post_body("capped-rental")),
        &token,
    )
    .header("prefer", "return=representation")
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.json()[0]["id"].as_str().unwrap().to_owned();
    let row = format!("/blog_posts?id=eq.{id}");
    let tomorrow = "2099-01-05T09:00:00Z";
    for change in [
        json!({"content": "<p>Second draft</p>"}),
        json!({"published": true}),
        json!({"publish_at": tomorrow}),
    ] {
        let saved = from_admin(patch(&app, &row, &change), &token).await;
        assert_eq!(saved.status, 204, "{change}: {}", saved.text);
    }
    let deleted = from_admin(delete(&app, &row), &token).await;
    assert_eq!(deleted.status, 204, "{}", deleted.text);
    let revision = from_admin(
        get(
            &app,
            &format!("/content_revisions?entity_id=eq.{id}&action=eq.delete&select=id"),
        ),
        &token,
    )
    .await;
    assert_eq!(revision.status, 200, "{}", revision.text);
    let revision_id = revision.json()[0]["id"].clone();
    let restored = from_admin(
        post(
            &app,
            "/rpc/restore_revision",
            &json!({"revision_id": revision_id}),
        ),
        &token,
    )
    .await;
    assert_eq!(restored.status, 200, "{}", restored.text);

    // Read back as the admin app reads it: through the API, newest first.
    let read = from_admin(get(&app, "/admin_activity?order=id.desc"), &token).await;
    assert_eq!(read.status, 200, "{}", read.text);
    let mut log = read.json().as_array().unwrap().clone();
    log.reverse();
    let actions: Vec<&str> = log.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(
        actions,
        [
            "sign_in", "create", "save", "save", "publish", "save", "schedule", "delete",
            // The post comes back as it was before the delete: scheduled.
            "restore", "schedule",
        ]
    );
    for entry in &log {
        assert_eq!(entry["session_id"], session.as_str(), "{entry}");
        assert_eq!(
            entry["client_ip"], CLIENT,
            "the resolved IP, not {FORGED}: {entry}"
        );
        assert_eq!(entry["user_agent"], AGENT, "{entry}");
        // The passcode is nobody's account: it is named as such.
        assert_eq!(entry["actor_name"], "passcode", "{entry}");
        assert_eq!(entry["actor_id"], Value::Null, "{entry}");
    }
    for entry in &log[1..] {
        assert_eq!(entry["entity"], "blog_post", "{entry}");
        assert_eq!(entry["entity_id"], id.as_str(), "{entry}");
        assert_eq!(
            entry["summary"], "Capped rental billing for oxygen",
            "{entry}"
        );
        assert_eq!(entry["details"]["slug"], "capped-rental", "{entry}");
    }
    assert!(
        log[6]["details"]["publish_at"]
            .as_str()
            .is_some_and(|at| at.starts_with("2099-01-05T09:00:00")),
        "{}",
        log[6]
    );
}

#[tokio::test]
async fn a_client_sent_x_real_ip_is_never_what_is_recorded() {
    // No trusted proxy: the peer is the client, whatever the headers say.
    let app = spawn_app().await;
    let admin = admin_jwt();
    let reply = post(
        &app,
        "/rpc/log_admin_activity",
        &json!({"action": "export", "entity": "leads", "summary": "Leads CSV"}),
    )
    .bearer(&admin)
    .header("x-real-ip", FORGED)
    .header("x-forwarded-for", "192.0.2.77")
    .await;
    assert!(matches!(reply.status, 200 | 204), "{}", reply.text);
    let log = all_entries(&app).await;
    assert_eq!(log.len(), 1, "{log:?}");
    assert_eq!(log[0]["action"], "export");
    assert_eq!(log[0]["client_ip"], "127.0.0.1");
}

#[tokio::test]
async fn only_an_admin_reads_the_log() {
    let app = app_with_a_sign_in("sign_in_failed", None).await;

    get(&app, "/admin_activity")
        .await
        .assert_error(401, "42501");
    let user = get(&app, "/admin_activity").bearer(&non_admin()).await;
    user.assert_json(200, &json!([]));
    let admin = get(&app, "/admin_activity?select=action,client_ip")
        .bearer(&admin_jwt())
        .await;
    admin.assert_json(
        200,
        &json!([{"action": "sign_in_failed", "client_ip": "192.0.2.1"}]),
    );

    // The filter's list of actions: the admin's only.
    let actions = |token: Option<String>| {
        let call = post(&app, "/rpc/admin_activity_actions", &json!({}));
        match token {
            Some(token) => call.bearer(&token),
            None => call,
        }
        .send()
    };
    actions(None).await.assert_error(401, "42501");
    let user = actions(Some(non_admin())).await;
    user.assert_json(200, &json!([]));
    for action in ["sign_in", "save", "sign_in", "export"] {
        cb_db::sqlx::query(
            "insert into public.admin_activity (action, summary) values ($1, 'seeded')",
        )
        .bind(action)
        .execute(&app.db.pool)
        .await
        .unwrap();
    }
    let admin = actions(Some(admin_jwt())).await;
    admin.assert_json(200, &json!(["export", "save", "sign_in", "sign_in_failed"]));
}

#[tokio::test]
async fn the_log_is_append_only_through_the_api_even_for_an_admin() {
    let app = app_with_a_sign_in("sign_in", Some("s-1")).await;
    let before = all_entries(&app).await;
    let forged = json!({"action": "sign_in", "summary": "forged", "client_ip": "10.0.0.1"});

    // Every write there is, as the caller of `token` (none: anon), refused with `status`.
    let writes = |token: Option<&str>, status: u16| {
        [
            post(&app, "/admin_activity", &forged),
            patch(
                &app,
                "/admin_activity?id=gt.0",
                &json!({"summary": "edited"}),
            ),
            delete(&app, "/admin_activity?id=gt.0"),
        ]
        .into_iter()
        .map(|call| match token {
            Some(token) => call.bearer(token),
            None => call,
        })
        .map(|call| (call, status, "42501", json!({})))
        .collect::<Vec<_>>()
    };
    expect_errors(writes(None, 401)).await;
    for token in [non_admin(), admin_jwt(), sign_in(&app).await.0] {
        expect_errors(writes(Some(&token), 403)).await;
    }
    let after = all_entries(&app).await;
    // Only the sign-in above was added; nothing was changed or removed.
    assert_eq!(after.len(), before.len() + 1);
    assert_eq!(after[0], before[0]);
    assert_eq!(after[1]["action"], "sign_in");
    assert!(
        after
            .iter()
            .all(|entry| entry["summary"] != "forged" && entry["summary"] != "edited")
    );
}

#[tokio::test]
async fn log_admin_activity_takes_known_actions_and_bounded_details_from_an_admin_only() {
    let app = spawn_app_with(&[("TRUSTED_PROXIES", "127.0.0.1")]).await;
    let (token, session) = sign_in(&app).await;
    let call = |body: Value| post(&app, "/rpc/log_admin_activity", &body);

    expect_errors(vec![
        (
            from_admin(call(json!({"action": "delete_everything"})), &token),
            400,
            "22023",
            json!({
                "message": "Unknown activity: delete_everything",
                "hint": "Use one of export, media_upload, media_delete, sign_out",
            }),
        ),
        (
            from_admin(
                call(json!({"action": "export", "details": {"fields": "x".repeat(10_001)}})),
                &token,
            ),
            400,
            "22023",
            json!({"message": "details must be a JSON object of at most 10000 characters"}),
        ),
        (
            from_admin(call(json!({"action": "export", "details": [1, 2]})), &token),
            400,
            "22023",
            json!({}),
        ),
        (
            call(json!({"action": "sign_out"})).bearer(&non_admin()),
            403,
            "42501",
            json!({}),
        ),
        (call(json!({"action": "sign_out"})), 401, "42501", json!({})),
    ])
    .await;

    let signed_out = from_admin(
        call(json!({"action": "sign_out", "entity": "session"})),
        &token,
    )
    .await;
    assert!(
        matches!(signed_out.status, 200 | 204),
        "{}",
        signed_out.text
    );
    let log = all_entries(&app).await;
    let actions: Vec<&str> = log.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(
        actions,
        ["sign_in", "sign_out"],
        "the refused calls left nothing"
    );
    assert_eq!(log[1]["entity"], "session");
    assert_eq!(log[1]["session_id"], session.as_str());
    assert_eq!(log[1]["client_ip"], CLIENT);
    assert_eq!(log[1]["user_agent"], AGENT);
}

async fn revisions_kept(app: &TestApp) -> i32 {
    app.db
        .scalar("select revisions_kept from private.cms_settings")
        .await
}

#[tokio::test]
async fn with_three_revisions_kept_five_saves_leave_the_newest_three() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REVISIONS_KEPT", "3")]).await;
    assert_eq!(revisions_kept(&app).await, 3);
    let admin = admin_jwt();
    let id = insert_as_admin(&app, "/blog_posts", &post_body("retention")).await;
    for draft in 2..=5 {
        let saved = patch(
            &app,
            &format!("/blog_posts?id=eq.{id}"),
            &json!({"content": format!("<p>Draft {draft}</p>")}),
        )
        .bearer(&admin)
        .await;
        assert_eq!(saved.status, 204, "{}", saved.text);
    }
    let revisions = get(
        &app,
        &format!(
            "/content_revisions?entity_id=eq.{id}&order=id.asc&select=action,snapshot->>content"
        ),
    )
    .bearer(&admin)
    .await;
    revisions.assert_json(
        200,
        &json!([
            {"action": "update", "content": "<p>Draft 3</p>"},
            {"action": "update", "content": "<p>Draft 4</p>"},
            {"action": "update", "content": "<p>Draft 5</p>"},
        ]),
    );
}

#[tokio::test]
async fn the_retention_defaults_to_100_and_follows_the_setting_on_each_start() {
    let app = spawn_app().await;
    assert_eq!(revisions_kept(&app).await, 100);
    // Another instance started on the same database with another value writes it.
    let data_dir = tempfile::tempdir().unwrap();
    let config = cb_tests::app_config(
        &app.db,
        data_dir.path(),
        &[("CLAIMBRIDGE_REVISIONS_KEPT", "250")],
    );
    let second = cb_server::App::build(config).await.unwrap();
    let (_url, stop) = cb_tests::serve(second);
    drop(stop);
    assert_eq!(revisions_kept(&app).await, 250);
}

/// `claimbridge serve` with a bad CLAIMBRIDGE_REVISIONS_KEPT: one line naming it, before anything
/// starts.
#[test]
fn a_bad_revision_retention_refuses_to_start_with_one_line() {
    for value in ["0", "100001", "-3", "lots"] {
        let data = reachable_tempdir();
        let (code, stderr) =
            serve_until_exit(data.path(), &[("CLAIMBRIDGE_REVISIONS_KEPT", value)]);
        assert_ne!(code, Some(0), "{value}");
        let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "{value}: exactly one line, got: {stderr}");
        let line = lines[0];
        assert!(line.starts_with("claimbridge: "), "{line}");
        assert!(
            line.contains(&format!("CLAIMBRIDGE_REVISIONS_KEPT is '{value}'"))
                || line.contains(&format!("CLAIMBRIDGE_REVISIONS_KEPT is {value}")),
            "{line}"
        );
        if value.parse::<i64>().is_ok_and(|n| n >= 0) {
            assert!(line.contains("between 1 and 100000"), "{line}");
        }
        assert!(!line.contains("panicked"), "{line}");
        // Nothing was started: no database under the data directory.
        assert!(!data.path().join("postgres").exists(), "{value}");
    }
}
