//! Revisions (supabase/migrations/20261127000100_cms_activity.sql): every save of a post, a
//! page SEO record and a page's content keeps one, readable by an admin only; restoring one
//! (public.restore_revision) is itself a revision, and brings a deleted post back.
use cb_tests::{admin_jwt, mint_jwt, spawn_app};
use serde_json::{Value, json};

use super::{Call, delete, expect_errors, get, insert_as_admin, patch, post};

fn post_body(slug: &str) -> Value {
    json!({"title": "Oxygen concentrator billing", "slug": slug, "description": "HCPCS E1390 in practice",
           "category": "Billing", "content": "<p>First draft</p>"})
}

async fn revisions(app: &cb_tests::TestApp, entity_id: &str) -> Vec<Value> {
    let reply = get(
        app,
        &format!("/content_revisions?entity_id=eq.{entity_id}&order=id.asc"),
    )
    .bearer(&admin_jwt())
    .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json().as_array().unwrap().clone()
}

/// `restore_revision` of `revision` as the caller of `token`.
fn restore<'a>(app: &'a cb_tests::TestApp, token: &str, revision: &Value) -> Call<'a> {
    post(
        app,
        "/rpc/restore_revision",
        &json!({"revision_id": revision["id"]}),
    )
    .bearer(token)
}

#[tokio::test]
async fn each_save_keeps_a_revision_and_restoring_one_is_a_new_one() {
    let app = spawn_app().await;
    let admin = admin_jwt();
    let id = insert_as_admin(&app, "/blog_posts", &post_body("e1390-billing")).await;
    let save = |content: &str| {
        patch(
            &app,
            &format!("/blog_posts?id=eq.{id}"),
            &json!({"content": content}),
        )
        .bearer(&admin)
    };
    for content in ["<p>Second draft</p>", "<p>Third draft</p>"] {
        let saved = save(content).await;
        assert_eq!(saved.status, 204, "{}", saved.text);
    }
    // Saving what is already stored changes nothing, so it keeps nothing.
    save("<p>Third draft</p>").await;

    let kept = revisions(&app, &id).await;
    let actions: Vec<&str> = kept.iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["create", "update", "update"]);
    assert_eq!(kept[1]["changed"], json!(["content"]));
    assert_eq!(kept[1]["previous"]["content"], "<p>First draft</p>");
    assert_eq!(kept[1]["snapshot"]["content"], "<p>Second draft</p>");
    assert_eq!(kept[1]["entity"], "blog_post");
    assert_eq!(kept[1]["entity_key"], "e1390-billing");
    // The admin token's session and the client IP the server saw, never what a client claims.
    assert_eq!(kept[1]["client_ip"], "127.0.0.1");
    assert!(
        kept[1]["session_id"]
            .as_str()
            .is_some_and(|s| !s.is_empty())
    );

    let restored = restore(&app, &admin, &kept[0]).await;
    restored.assert_json(200, &json!(id));
    let row = get(&app, &format!("/blog_posts?id=eq.{id}&select=content"))
        .bearer(&admin)
        .await;
    assert_eq!(row.json(), json!([{"content": "<p>First draft</p>"}]));
    let kept = revisions(&app, &id).await;
    let last = kept.last().unwrap();
    assert_eq!(last["action"], "restore");
    assert_eq!(last["restored_from"], kept[0]["id"]);
    assert_eq!(last["changed"], json!(["content"]));
}

#[tokio::test]
async fn a_deleted_post_comes_back_from_its_delete_revision() {
    let app = spawn_app().await;
    let admin = admin_jwt();
    let id = insert_as_admin(&app, "/blog_posts", &post_body("k0001-wheelchair-rentals")).await;
    let removed = delete(&app, &format!("/blog_posts?id=eq.{id}"))
        .bearer(&admin)
        .await;
    assert_eq!(removed.status, 204, "{}", removed.text);
    let kept = revisions(&app, &id).await;
    let deletion = kept.last().unwrap();
    assert_eq!(deletion["action"], "delete");
    assert_eq!(deletion["snapshot"], Value::Null);

    let restored = restore(&app, &admin, deletion).await;
    assert_eq!(restored.status, 200, "{}", restored.text);
    let row = get(&app, &format!("/blog_posts?id=eq.{id}&select=slug,content"))
        .bearer(&admin)
        .await;
    assert_eq!(
        row.json(),
        json!([{"slug": "k0001-wheelchair-rentals", "content": "<p>First draft</p>"}])
    );
}

#[tokio::test]
async fn page_seo_and_page_content_are_kept_and_restored_apart() {
    let app = spawn_app().await;
    let admin = admin_jwt();
    let about = get(&app, "/page_seo_settings?page_route=eq./about&select=id")
        .await
        .json();
    let id = about[0]["id"].as_str().unwrap();
    let save =
        |body: Value| patch(&app, &format!("/page_seo_settings?id=eq.{id}"), &body).bearer(&admin);
    for body in [
        json!({"content": "<p>Serving DME suppliers since 2016</p>"}),
        json!({"content": "<p>Serving HME and DME suppliers since 2016</p>"}),
        json!({"meta_title": "About our DME billing team"}),
    ] {
        let saved = save(body).await;
        assert_eq!(saved.status, 204, "{}", saved.text);
    }

    let kept = revisions(&app, id).await;
    let updates = |entity: &str| -> Vec<Value> {
        kept.iter()
            .filter(|r| r["entity"] == entity && r["action"] == "update")
            .cloned()
            .collect()
    };
    let content_saves = updates("page_content");
    let seo_saves = updates("page_seo");
    assert_eq!(content_saves.len(), 2, "{kept:?}");
    assert_eq!(seo_saves.len(), 1, "{kept:?}");
    assert_eq!(seo_saves[0]["changed"], json!(["meta_title"]));
    assert!(seo_saves[0]["snapshot"].get("content").is_none());
    assert_eq!(
        content_saves[0]["snapshot"],
        json!({"content": "<p>Serving DME suppliers since 2016</p>"})
    );

    // Restoring the first content leaves the newer title alone.
    let restored = restore(&app, &admin, &content_saves[0]).await;
    assert_eq!(restored.status, 200, "{}", restored.text);
    let row = get(
        &app,
        &format!("/page_seo_settings?id=eq.{id}&select=meta_title,content"),
    )
    .await
    .json();
    assert_eq!(
        row,
        json!([{"meta_title": "About our DME billing team", "content": "<p>Serving DME suppliers since 2016</p>"}])
    );
}

#[tokio::test]
async fn only_an_admin_reads_or_restores_revisions() {
    let app = spawn_app().await;
    let admin = admin_jwt();
    let id = insert_as_admin(&app, "/blog_posts", &post_body("lcd-documentation")).await;
    let revision = revisions(&app, &id).await[0].clone();

    // anon has no grant on the table; a signed-in non-admin sees no rows.
    get(&app, "/content_revisions?select=id")
        .await
        .assert_error(401, "42501");
    let user = mint_jwt(
        "authenticated",
        json!({"sub": "5b0c8d38-3d42-4d1e-9d7a-1a2b3c4d5e6f"}),
    );
    let seen = get(&app, "/content_revisions?select=id")
        .bearer(&user)
        .await;
    assert_eq!((seen.status, seen.json()), (200, json!([])));

    expect_errors(vec![
        (
            restore(&app, cb_tests::DEMO_ANON_KEY, &revision),
            401,
            "42501",
            json!({}),
        ),
        (
            restore(&app, &user, &revision),
            403,
            "42501",
            json!({"message": "Only staff can restore a revision"}),
        ),
        // Nobody writes revisions directly, not even an admin.
        (
            post(&app, "/content_revisions", &json!({"entity": "blog_post"})).bearer(&admin),
            403,
            "42501",
            json!({}),
        ),
        (
            restore(&app, &admin, &json!({"id": 987_654_321})),
            404,
            "PT404",
            json!({"message": "Revision 987654321 does not exist"}),
        ),
    ])
    .await;
}

/// `delete_posts_forever` of `ids` as the caller of `token`.
fn delete_forever<'a>(app: &'a cb_tests::TestApp, token: &str, ids: &[&str]) -> Call<'a> {
    post(
        app,
        "/rpc/delete_posts_forever",
        &json!({ "post_ids": ids }),
    )
    .bearer(token)
}

#[tokio::test]
async fn a_deleted_post_deleted_forever_cannot_come_back_and_leaves_a_log_line() {
    let app = spawn_app().await;
    let admin = admin_jwt();
    let gone = insert_as_admin(&app, "/blog_posts", &post_body("k0823-power-wheelchairs")).await;
    let kept = insert_as_admin(&app, "/blog_posts", &post_body("e0601-cpap-resupply")).await;
    let live = insert_as_admin(&app, "/blog_posts", &post_body("a4604-cpap-tubing")).await;
    for id in [&gone, &kept] {
        let removed = delete(&app, &format!("/blog_posts?id=eq.{id}"))
            .bearer(&admin)
            .await;
        assert_eq!(removed.status, 204, "{}", removed.text);
    }
    let deletion = revisions(&app, &gone).await.last().unwrap().clone();

    expect_errors(vec![
        // A post on the list is deleted first: its history is not wiped by a slip.
        (
            delete_forever(&app, &admin, &[&gone, &live]),
            400,
            "22023",
            json!({"message": "A post that is still on the list cannot be deleted forever"}),
        ),
        (delete_forever(&app, &admin, &[]), 400, "22023", json!({})),
        (
            delete_forever(&app, &admin, &["5b0c8d38-3d42-4d1e-9d7a-1a2b3c4d5e6f"]),
            404,
            "PT404",
            json!({"message": "None of these posts is in Recently deleted"}),
        ),
        (
            delete_forever(&app, cb_tests::DEMO_ANON_KEY, &[&gone]),
            401,
            "42501",
            json!({}),
        ),
    ])
    .await;
    assert!(
        !revisions(&app, &gone).await.is_empty(),
        "a refused call removed nothing"
    );

    delete_forever(&app, &admin, &[&gone])
        .await
        .assert_json(200, &json!(1));
    assert!(revisions(&app, &gone).await.is_empty());
    restore(&app, &admin, &deletion)
        .await
        .assert_error(404, "PT404");
    // The other deleted post and the live one keep their history.
    assert_eq!(revisions(&app, &kept).await.len(), 2);
    assert_eq!(revisions(&app, &live).await.len(), 1);
    let logged = get(
        &app,
        &format!("/admin_activity?action=eq.delete_forever&entity_id=eq.{gone}&select=summary"),
    )
    .bearer(&admin)
    .await;
    assert_eq!(
        logged.json(),
        json!([{"summary": "Deleted forever: Oxygen concentrator billing"}])
    );
}
