//! Saves keep revisions that restore and log activity; preview links show a page as saved or
//! as edited.
use super::*;

#[tokio::test]
async fn saves_keep_revisions_that_restore_and_log_activity() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let page = create_page(
        &app,
        &editor,
        json!({"route": "/offer", "name": "Offer", "blocks": one_block("First")}),
    )
    .await;
    let id = page["id"].as_str().unwrap().to_owned();
    let one = format!("block_pages?id=eq.{id}");
    for change in [
        json!({"blocks": one_block("Second")}),
        json!({"published": true}),
        json!({"publish_at": "2999-01-01T00:00:00Z"}),
        json!({"published": false, "publish_at": null}),
    ] {
        let (status, rows) = rest_as(&app, Some(&editor)).patch(&one, change).await;
        assert_eq!(status, 200, "{rows}");
    }
    let revisions = app
        .db
        .json_rows(&format!(
            "select id, action, entity_key, snapshot -> 'blocks' as blocks from content_revisions
              where entity = 'block_page' and entity_id = '{id}' order by id"
        ))
        .await;
    assert_eq!(revisions.len(), 5, "{revisions:?}");
    assert_eq!(
        (&revisions[0]["action"], &revisions[0]["entity_key"]),
        (&json!("create"), &json!("/offer"))
    );
    assert_eq!(revisions[0]["blocks"], one_block("First"));
    let actions = app
        .db
        .json_rows(&format!(
            "select action from admin_activity where entity = 'block_page' and entity_id = '{id}' order by id"
        ))
        .await;
    let actions: Vec<&str> = actions
        .iter()
        .map(|row| row["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        [
            "create",
            "save",
            "save",
            "publish",
            "save",
            "schedule",
            "save",
            "unpublish"
        ]
    );

    let (status, restored) = rest_as(&app, Some(&editor))
        .post(
            "rpc/restore_revision",
            json!({"revision_id": revisions[0]["id"]}),
        )
        .await;
    assert_eq!((status, restored), (200, json!(id)));
    assert_eq!(stored_blocks(&app, &id).await, one_block("First"));
    assert_eq!(
        app.db
            .count(&format!(
                "select count(*) from content_revisions where entity_id = '{id}' and action = 'restore'"
            ))
            .await,
        1
    );

    // A deleted page comes back from its last revision.
    let (status, _) = rest_as(&app, Some(&editor)).delete(&one).await;
    assert_eq!(status, 200);
    let deleted: i64 = app
        .db
        .scalar(&format!(
            "select max(id) from content_revisions where entity_id = '{id}' and action = 'delete'"
        ))
        .await;
    let (status, _) = rest_as(&app, Some(&editor))
        .post("rpc/restore_revision", json!({"revision_id": deleted}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(stored_blocks(&app, &id).await, one_block("First"));
}

#[tokio::test]
async fn preview_links_show_a_page_as_saved_or_as_edited() {
    let app = spawn_app().await;
    let team = StaffTeam::new(&app.db).await;
    let editor = team.editor.jwt();
    let page = create_page(
        &app,
        &editor,
        json!({"route": "/webinar", "name": "Webinar", "blocks": one_block("Saved")}),
    )
    .await;
    let id = page["id"].as_str().unwrap();
    let preview = async |token: &str| {
        rest_as(&app, None)
            .post("rpc/preview", json!({"token": token}))
            .await
    };

    let (status, link) = rest_as(&app, Some(&editor))
        .post(
            "rpc/create_preview_link",
            json!({"kind": "block_page", "block_page_id": id, "blocks": one_block("Being edited")}),
        )
        .await;
    assert_eq!(status, 200, "{link}");
    let (status, shown) = preview(link["token"].as_str().unwrap()).await;
    assert_eq!(status, 200, "{shown}");
    assert_eq!(
        (
            &shown["kind"],
            &shown["route"],
            &shown["name"],
            &shown["blocks"]
        ),
        (
            &json!("block_page"),
            &json!("/webinar"),
            &json!("Webinar"),
            &one_block("Being edited")
        )
    );
    assert!(shown["expires_at"].is_string());

    let (_, link) = rest_as(&app, Some(&editor))
        .post(
            "rpc/create_preview_link",
            json!({"kind": "block_page", "block_page_id": id}),
        )
        .await;
    let (_, shown) = preview(link["token"].as_str().unwrap()).await;
    assert_eq!(shown["blocks"], one_block("Saved"));

    // The blocks of a preview are checked as a save checks them.
    let answer = rest_as(&app, Some(&editor))
        .post(
            "rpc/create_preview_link",
            json!({"kind": "block_page", "block_page_id": id,
                    "blocks": [{"id": "x", "kind": "hero", "data": {}}]}),
        )
        .await;
    assert_error(&answer, 400, "22023", "Block 1 (hero): heading is required");
    // An author previews only their own drafts.
    let answer = rest_as(&app, Some(&team.author.jwt()))
        .post(
            "rpc/create_preview_link",
            json!({"kind": "block_page", "block_page_id": id}),
        )
        .await;
    assert_error(
        &answer,
        403,
        "42501",
        "An author can preview only their own draft pages",
    );
    assert_eq!(
        app.db
            .count("select count(*) from admin_activity where action = 'preview_create' and entity = 'block_page'")
            .await,
        2
    );
}
