//! Who reads and writes pages: anon reads live pages only (a scheduled one appears on time),
//! authors draft their own pages and editors publish.
use super::*;

#[tokio::test]
async fn anon_reads_live_pages_only_and_a_scheduled_page_appears_on_time() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let author = add_staff(&app.db, "author", "Avery Author").await.jwt();
    for (route, published, publish_at) in [
        ("/live", true, None),
        ("/was-due", true, Some("2020-01-01T00:00:00Z")),
        ("/draft", false, None),
        ("/someday", true, Some("2999-01-01T00:00:00Z")),
    ] {
        create_page(
            &app,
            &editor,
            json!({"route": route, "name": route, "blocks": one_block(route), "published": published,
                   "publish_at": publish_at}),
        )
        .await;
    }
    let due = (chrono::Utc::now() + chrono::Duration::seconds(3)).to_rfc3339();
    create_page(
        &app,
        &editor,
        json!({"route": "/soon", "name": "Soon", "blocks": one_block("Soon"), "published": true, "publish_at": due}),
    )
    .await;

    let routes = |rows: &Value| -> Vec<String> {
        rows.as_array()
            .unwrap()
            .iter()
            .map(|row| row["route"].as_str().unwrap().to_owned())
            .collect()
    };
    // The seed's own pages are left out (system=is.false): these tests do not depend on them.
    let list = "block_pages?select=route,blocks&system=is.false&order=route";
    let (status, rows) = rest_as(&app, None).get(list).await;
    assert_eq!(
        (status, routes(&rows)),
        (200, vec!["/live".to_owned(), "/was-due".to_owned()])
    );
    // Staff (authors too) read every page.
    let (_, rows) = rest_as(&app, Some(&author)).get(list).await;
    assert_eq!(routes(&rows).len(), 5);

    // Nor does anon learn of a coming page through its SEO record.
    let seo = "page_seo_settings?select=page_route&page_route=in.(/live,/draft,/someday,/soon)&order=page_route";
    let (status, rows) = rest_as(&app, None).get(seo).await;
    assert_eq!((status, rows), (200, json!([{"page_route": "/live"}])));
    let (_, rows) = rest_as(&app, Some(&author)).get(seo).await;
    assert_eq!(rows.as_array().unwrap().len(), 4, "{rows}");

    // The scheduled page goes live when its time comes, with no write.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let (_, rows) = rest_as(&app, None).get(list).await;
    assert_eq!(routes(&rows), ["/live", "/soon", "/was-due"]);
    let (_, rows) = rest_as(&app, None).get(seo).await;
    assert_eq!(
        rows,
        json!([{"page_route": "/live"}, {"page_route": "/soon"}])
    );

    // Anon writes nothing.
    let answer = rest_as(&app, None)
        .post(
            "block_pages",
            json!({"route": "/anon", "name": "Anon", "blocks": []}),
        )
        .await;
    assert_error(
        &answer,
        401,
        "42501",
        "permission denied for table block_pages",
    );
    let (status, _) = rest_as(&app, None)
        .patch("block_pages?route=eq./live", json!({"name": "x"}))
        .await;
    assert_eq!(status, 401);
    let (status, _) = rest_as(&app, None)
        .delete("block_pages?route=eq./live")
        .await;
    assert_eq!(status, 401);
    assert_eq!(
        app.db
            .count("select count(*) from block_pages where name = '/live'")
            .await,
        1
    );
}

#[tokio::test]
async fn authors_draft_their_own_pages_and_editors_publish() {
    let app = spawn_app().await;
    let team = StaffTeam::new(&app.db).await;
    let (author, editor) = (team.author.jwt(), team.editor.jwt());

    let draft = create_page(
        &app,
        &author,
        json!({"route": "/my-draft", "name": "My draft", "blocks": one_block("Draft")}),
    )
    .await;
    assert_eq!(
        (&draft["author_id"], &draft["published"], &draft["system"]),
        (&json!(team.author.id), &json!(false), &json!(false))
    );
    let mine = format!("block_pages?id=eq.{}", draft["id"].as_str().unwrap());
    let (status, rows) = rest_as(&app, Some(&author))
        .patch(&mine, json!({"blocks": one_block("Draft, edited")}))
        .await;
    assert_eq!(
        (status, &rows[0]["blocks"]),
        (200, &one_block("Draft, edited"))
    );

    for publishing in [
        json!({"published": true}),
        json!({"publish_at": "2999-01-01T00:00:00Z"}),
    ] {
        let answer = rest_as(&app, Some(&author))
            .patch(&mine, publishing.clone())
            .await;
        assert_error(
            &answer,
            403,
            "42501",
            "An author cannot publish or schedule a page",
        );
        let mut page = json!({"route": "/published-by-author", "name": "No", "blocks": []});
        page.as_object_mut()
            .unwrap()
            .extend(publishing.as_object().unwrap().clone());
        let answer = rest_as(&app, Some(&author)).post("block_pages", page).await;
        assert_error(
            &answer,
            403,
            "42501",
            "An author cannot publish or schedule a page",
        );
    }
    let answer = rest_as(&app, Some(&author))
        .post(
            "block_pages",
            json!({"route": "/as-editor", "name": "No", "blocks": [], "author_id": team.editor.id}),
        )
        .await;
    assert_error(
        &answer,
        403,
        "42501",
        "An author writes only their own pages",
    );

    // Another person's page, and deletes, are not an author's: nothing changes.
    let theirs = create_page(
        &app,
        &editor,
        json!({"route": "/editors-page", "name": "Editor's", "blocks": one_block("Theirs")}),
    )
    .await;
    let theirs = format!("block_pages?id=eq.{}", theirs["id"].as_str().unwrap());
    let (status, rows) = rest_as(&app, Some(&author))
        .patch(&theirs, json!({"name": "Mine now"}))
        .await;
    assert_eq!((status, rows), (200, json!([])));
    let (status, rows) = rest_as(&app, Some(&author)).delete(&mine).await;
    assert_eq!((status, rows), (200, json!([])));
    assert_eq!(
        app.db
            .count("select count(*) from block_pages where name in ('My draft', 'Editor''s')")
            .await,
        2
    );

    // The editor publishes the author's draft; then it is no longer the author's to change.
    let (status, rows) = rest_as(&app, Some(&editor))
        .patch(&mine, json!({"published": true}))
        .await;
    assert_eq!(
        (status, &rows[0]["published"]),
        (200, &json!(true)),
        "{rows}"
    );
    let (status, rows) = rest_as(&app, Some(&author))
        .patch(&mine, json!({"name": "Changed"}))
        .await;
    assert_eq!((status, rows), (200, json!([])));
    let (status, _) = rest_as(&app, Some(&team.owner.jwt())).delete(&mine).await;
    assert_eq!(status, 200);
    assert_eq!(
        app.db
            .count("select count(*) from block_pages where name = 'My draft'")
            .await,
        0
    );
}
