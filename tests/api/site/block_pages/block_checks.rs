//! Every block checked in the database against the editor's schema: each vector of
//! block-vectors.json judged as the editor judges it.
use super::*;

fn vectors() -> Value {
    let path = workspace_root().join("frontend/src/components/blocks/block-vectors.json");
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

#[tokio::test]
async fn the_database_judges_every_vector_as_the_editor_does() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let vectors = vectors();

    // The database checks with the very document the editor checks with.
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(
            workspace_root().join("frontend/src/components/blocks/block-schemas.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let stored = app
        .db
        .json_rows("select private.block_schema() as schema")
        .await;
    assert_eq!(
        stored[0]["schema"], schema,
        "private.block_schema() is block-schemas.json"
    );

    let valid = vectors["valid"].as_array().unwrap();
    assert!(valid.len() >= 6);
    for (at, blocks) in valid.iter().enumerate() {
        let page = create_page(
            &app,
            &editor,
            json!({"route": format!("/valid-{at}"), "name": format!("Valid {at}"), "blocks": blocks}),
        )
        .await;
        assert_eq!(
            &page["blocks"], blocks,
            "valid vector {at} is stored as sent"
        );
    }

    // Nothing of a refused save is kept: not a new page, not an existing page's blocks.
    let kept = create_page(
        &app,
        &editor,
        json!({"route": "/kept", "name": "Kept", "blocks": one_block("Kept as it was")}),
    )
    .await;
    let kept_id = kept["id"].as_str().unwrap();
    let pages = app
        .db
        .count("select count(*) from block_pages where not system")
        .await;
    let invalid = vectors["invalid"].as_array().unwrap();
    assert!(invalid.len() >= 35);
    for case in invalid {
        let message = case["message"].as_str().unwrap();
        let blocks = &case["blocks"];
        let created = rest_as(&app, Some(&editor))
            .post(
                "block_pages",
                json!({"route": "/refused", "name": "Refused", "blocks": blocks}),
            )
            .await;
        assert_error(&created, 400, "22023", message);
        assert_eq!(
            created.1["hint"], "Nothing was saved: fix the block and save again",
            "{message}"
        );
        // The detail names the block, its kind and the field, as the message does.
        let detail: Value = serde_json::from_str(created.1["details"].as_str().unwrap()).unwrap();
        if let Some(rest) = message.strip_prefix("Block ") {
            let number: u64 = rest[..rest.find([' ', ':']).unwrap()].parse().unwrap();
            assert_eq!(detail["block"], json!(number), "{message}");
            match (detail["kind"].as_str(), detail["field"].as_str()) {
                (Some(kind), Some(field)) => assert!(
                    message.starts_with(&format!("Block {number} ({kind}): {field} ")),
                    "{message}: {detail}"
                ),
                (Some(kind), None) => assert_eq!(
                    message,
                    format!("Block {number} ({kind}): data must be an object"),
                    "{detail}"
                ),
                (None, _) => assert!(
                    message.starts_with(&format!("Block {number}: ")),
                    "{detail}"
                ),
            }
        } else {
            assert_eq!(detail, json!({"block": null, "kind": null, "field": null}));
        }
        let changed = rest_as(&app, Some(&editor))
            .patch(
                &format!("block_pages?id=eq.{kept_id}"),
                json!({"blocks": blocks, "name": "Renamed in the same save"}),
            )
            .await;
        assert_error(&changed, 400, "22023", message);
    }
    assert_eq!(
        app.db
            .count("select count(*) from block_pages where not system")
            .await,
        pages
    );
    assert_eq!(
        stored_blocks(&app, kept_id).await,
        one_block("Kept as it was")
    );
    assert_eq!(
        app.db
            .count("select count(*) from block_pages where name = 'Renamed in the same save'")
            .await,
        0
    );
}
