//! Block pages (migration 20261206000900), over /rest/v1 as the admin app and the site send them:
//! every block checked in the database against the editor's schema (block-vectors.json pins the
//! two together), anon reading live pages only, authors drafting and editors publishing, routes
//! the site owns refused, the site's own pages kept on the site, revisions with restore, preview
//! links, redirects on a live page's move, saves waking every instance, and views, leads and
//! conversion per page.
use std::time::Duration;

use cb_tests::{Account, Exchange as _, TestApp, add_staff, spawn_app, workspace_root};
use reqwest::Method;
use serde_json::{Value, json};

/// Sends `body` to `/rest/v1/{path}` as `token` (None: anon), asking for the rows back.
pub(crate) async fn send(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = match token {
        Some(token) => app.with_token(method, &format!("/rest/v1/{path}"), token),
        None => app.anon(method, &format!("/rest/v1/{path}")),
    }
    .header("Prefer", "return=representation");
    if let Some(body) = body {
        request = request.json(&body);
    }
    let (status, text) = request.status_text().await;
    let body = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"))
    };
    (status, body)
}

/// Asserts a PostgREST error answer: its status, code and message.
pub(crate) fn assert_error(answer: &(u16, Value), status: u16, code: &str, message: &str) {
    let (got, body) = answer;
    assert_eq!(
        (*got, &body["code"], &body["message"]),
        (status, &json!(code), &json!(message)),
        "{body}"
    );
}

/// Creates a page as `token`, expecting it stored: the row as stored.
pub(crate) async fn create_page(app: &TestApp, token: &str, page: Value) -> Value {
    let (status, rows) = send(app, Method::POST, "block_pages", Some(token), Some(page)).await;
    assert_eq!(status, 201, "{rows}");
    rows[0].clone()
}

/// A valid block list of one block.
pub(crate) fn one_block(title: &str) -> Value {
    json!([{"id": "jobs", "kind": "resume-invite", "data": {"title": title}}])
}

fn vectors() -> Value {
    let path = workspace_root().join("frontend/src/components/blocks/block-vectors.json");
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The page's stored blocks, read as the owner.
async fn stored_blocks(app: &TestApp, id: &str) -> Value {
    app.db
        .json_rows(&format!("select blocks from block_pages where id = '{id}'"))
        .await[0]["blocks"]
        .clone()
}

struct Team {
    owner: Account,
    editor: Account,
    author: Account,
}

async fn team(app: &TestApp) -> Team {
    Team {
        owner: add_staff(&app.db, "owner", "Olive Owner").await,
        editor: add_staff(&app.db, "editor", "Eden Editor").await,
        author: add_staff(&app.db, "author", "Avery Author").await,
    }
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
        let created = send(
            &app,
            Method::POST,
            "block_pages",
            Some(&editor),
            Some(json!({"route": "/refused", "name": "Refused", "blocks": blocks})),
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
        let changed = send(
            &app,
            Method::PATCH,
            &format!("block_pages?id=eq.{kept_id}"),
            Some(&editor),
            Some(json!({"blocks": blocks, "name": "Renamed in the same save"})),
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
    let (status, rows) = send(&app, Method::GET, list, None, None).await;
    assert_eq!(
        (status, routes(&rows)),
        (200, vec!["/live".to_owned(), "/was-due".to_owned()])
    );
    // Staff (authors too) read every page.
    let (_, rows) = send(&app, Method::GET, list, Some(&author), None).await;
    assert_eq!(routes(&rows).len(), 5);

    // Nor does anon learn of a coming page through its SEO record.
    let seo = "page_seo_settings?select=page_route&page_route=in.(/live,/draft,/someday,/soon)&order=page_route";
    let (status, rows) = send(&app, Method::GET, seo, None, None).await;
    assert_eq!((status, rows), (200, json!([{"page_route": "/live"}])));
    let (_, rows) = send(&app, Method::GET, seo, Some(&author), None).await;
    assert_eq!(rows.as_array().unwrap().len(), 4, "{rows}");

    // The scheduled page goes live when its time comes, with no write.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let (_, rows) = send(&app, Method::GET, list, None, None).await;
    assert_eq!(routes(&rows), ["/live", "/soon", "/was-due"]);
    let (_, rows) = send(&app, Method::GET, seo, None, None).await;
    assert_eq!(
        rows,
        json!([{"page_route": "/live"}, {"page_route": "/soon"}])
    );

    // Anon writes nothing.
    let answer = send(
        &app,
        Method::POST,
        "block_pages",
        None,
        Some(json!({"route": "/anon", "name": "Anon", "blocks": []})),
    )
    .await;
    assert_error(
        &answer,
        401,
        "42501",
        "permission denied for table block_pages",
    );
    let (status, _) = send(
        &app,
        Method::PATCH,
        "block_pages?route=eq./live",
        None,
        Some(json!({"name": "x"})),
    )
    .await;
    assert_eq!(status, 401);
    let (status, _) = send(
        &app,
        Method::DELETE,
        "block_pages?route=eq./live",
        None,
        None,
    )
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
    let team = team(&app).await;
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
    let (status, rows) = send(
        &app,
        Method::PATCH,
        &mine,
        Some(&author),
        Some(json!({"blocks": one_block("Draft, edited")})),
    )
    .await;
    assert_eq!(
        (status, &rows[0]["blocks"]),
        (200, &one_block("Draft, edited"))
    );

    for publishing in [
        json!({"published": true}),
        json!({"publish_at": "2999-01-01T00:00:00Z"}),
    ] {
        let answer = send(
            &app,
            Method::PATCH,
            &mine,
            Some(&author),
            Some(publishing.clone()),
        )
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
        let answer = send(&app, Method::POST, "block_pages", Some(&author), Some(page)).await;
        assert_error(
            &answer,
            403,
            "42501",
            "An author cannot publish or schedule a page",
        );
    }
    let answer = send(
        &app,
        Method::POST,
        "block_pages",
        Some(&author),
        Some(
            json!({"route": "/as-editor", "name": "No", "blocks": [], "author_id": team.editor.id}),
        ),
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
    let (status, rows) = send(
        &app,
        Method::PATCH,
        &theirs,
        Some(&author),
        Some(json!({"name": "Mine now"})),
    )
    .await;
    assert_eq!((status, rows), (200, json!([])));
    let (status, rows) = send(&app, Method::DELETE, &mine, Some(&author), None).await;
    assert_eq!((status, rows), (200, json!([])));
    assert_eq!(
        app.db
            .count("select count(*) from block_pages where name in ('My draft', 'Editor''s')")
            .await,
        2
    );

    // The editor publishes the author's draft; then it is no longer the author's to change.
    let (status, rows) = send(
        &app,
        Method::PATCH,
        &mine,
        Some(&editor),
        Some(json!({"published": true})),
    )
    .await;
    assert_eq!(
        (status, &rows[0]["published"]),
        (200, &json!(true)),
        "{rows}"
    );
    let (status, rows) = send(
        &app,
        Method::PATCH,
        &mine,
        Some(&author),
        Some(json!({"name": "Changed"})),
    )
    .await;
    assert_eq!((status, rows), (200, json!([])));
    let (status, _) = send(&app, Method::DELETE, &mine, Some(&team.owner.jwt()), None).await;
    assert_eq!(status, 200);
    assert_eq!(
        app.db
            .count("select count(*) from block_pages where name = 'My draft'")
            .await,
        0
    );
}

#[tokio::test]
async fn routes_the_site_owns_taken_routes_and_bad_routes_are_refused() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let post =
        |route: &str| json!({"route": route, "name": "A page", "blocks": one_block("A page")});
    create_page(&app, &editor, post("/spring-webinar")).await;
    let answer = send(
        &app,
        Method::POST,
        "block_pages",
        Some(&editor),
        Some(post("/spring-webinar")),
    )
    .await;
    assert_error(
        &answer,
        409,
        "23505",
        "A page already exists at /spring-webinar",
    );

    for owned in [
        "/contact",
        "/blog",
        "/blog/my-post",
        "/whitepapers",
        "/downloads",
        "/privacy-policy",
        "/cookie-policy",
        "/search",
        "/auth",
        "/auth/callback",
        "/welcome",
        "/reset-password",
        "/admin",
        "/admin/pages",
        "/preview/abc",
        "/rest",
        "/rest/v1",
        "/storage/v1",
        "/functions",
        "/realtime",
        "/assets/app",
        "/images",
        "/images/hero",
    ] {
        let answer = send(
            &app,
            Method::POST,
            "block_pages",
            Some(&editor),
            Some(post(owned)),
        )
        .await;
        assert_error(
            &answer,
            400,
            "22023",
            &format!("{owned} belongs to the site's own pages; choose another route"),
        );
    }
    let long = format!("/{}", "a".repeat(120));
    for bad in [
        "",
        "spring",
        "/Spring",
        "/spring-",
        "/-spring",
        "/spring--webinar",
        "/spring/",
        "//spring",
        "/spring.html",
        "/spring webinar",
        "/spring_webinar",
        "/%2e%2e",
        long.as_str(),
    ] {
        let answer = send(
            &app,
            Method::POST,
            "block_pages",
            Some(&editor),
            Some(post(bad)),
        )
        .await;
        assert_error(
            &answer,
            400,
            "22023",
            "A page's route is / or lowercase words of letters and digits joined by hyphens, such as /spring-webinar (at most 120 characters)",
        );
    }
    // Near misses of the owned routes are a page's to take.
    for fine in [
        "/administration",
        "/blogging",
        "/contact-us",
        "/offers/spring-2027",
        "/preview",
    ] {
        create_page(&app, &editor, post(fine)).await;
    }
    // Moving a page onto a taken route is refused the same way.
    let answer = send(
        &app,
        Method::PATCH,
        "block_pages?route=eq./blogging",
        Some(&editor),
        Some(json!({"route": "/spring-webinar"})),
    )
    .await;
    assert_error(
        &answer,
        409,
        "23505",
        "A page already exists at /spring-webinar",
    );
    let answer = send(
        &app,
        Method::PATCH,
        "block_pages?route=eq./blogging",
        Some(&editor),
        Some(json!({"name": "  "})),
    )
    .await;
    assert_error(
        &answer,
        400,
        "22023",
        "A page needs a name of 1 to 120 characters",
    );
}

#[tokio::test]
async fn the_sites_own_pages_stay_on_the_site() {
    let app = spawn_app().await;
    let team = team(&app).await;
    let owner = team.owner.jwt();
    let page = create_page(
        &app,
        &owner,
        json!({"route": "/our-home", "name": "Home", "blocks": one_block("Home"), "published": true}),
    )
    .await;
    let one = format!("block_pages?id=eq.{}", page["id"].as_str().unwrap());
    // Only the setup marks a system page (the seed, or the service role).
    let answer = send(
        &app,
        Method::PATCH,
        &one,
        Some(&owner),
        Some(json!({"system": true})),
    )
    .await;
    assert_error(
        &answer,
        403,
        "42501",
        "permission denied for table block_pages",
    );
    app.db
        .execute("update block_pages set system = true where route = '/our-home'")
        .await;

    let answer = send(&app, Method::DELETE, &one, Some(&owner), None).await;
    assert_error(
        &answer,
        403,
        "42501",
        "Home is one of the site's own pages and cannot be deleted",
    );
    for hiding in [
        json!({"published": false}),
        json!({"publish_at": "2999-01-01T00:00:00Z"}),
    ] {
        let answer = send(&app, Method::PATCH, &one, Some(&owner), Some(hiding)).await;
        assert_error(
            &answer,
            403,
            "42501",
            "Home is one of the site's own pages and cannot be unpublished or scheduled",
        );
    }
    let answer = send(
        &app,
        Method::PATCH,
        &one,
        Some(&owner),
        Some(json!({"route": "/home"})),
    )
    .await;
    assert_error(
        &answer,
        403,
        "42501",
        "Home is one of the site's own pages and cannot move to another route",
    );
    let answer = send(
        &app,
        Method::PATCH,
        &one,
        Some(&owner),
        Some(json!({"system": false})),
    )
    .await;
    assert_error(
        &answer,
        403,
        "42501",
        "permission denied for table block_pages",
    );
    // Authors change none of them.
    let (status, rows) = send(
        &app,
        Method::PATCH,
        &one,
        Some(&team.author.jwt()),
        Some(json!({"name": "x"})),
    )
    .await;
    assert_eq!((status, rows), (200, json!([])));

    // Their blocks and name are staff's to change.
    let (status, rows) = send(
        &app,
        Method::PATCH,
        &one,
        Some(&team.editor.jwt()),
        Some(json!({"blocks": one_block("New headline"), "name": "Home page"})),
    )
    .await;
    assert_eq!(
        (status, &rows[0]["blocks"]),
        (200, &one_block("New headline")),
        "{rows}"
    );
    assert_eq!(
        app.db.count("select count(*) from block_pages where system and published and route = '/our-home'").await,
        1
    );
}

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
        let (status, rows) = send(&app, Method::PATCH, &one, Some(&editor), Some(change)).await;
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

    let (status, restored) = send(
        &app,
        Method::POST,
        "rpc/restore_revision",
        Some(&editor),
        Some(json!({"revision_id": revisions[0]["id"]})),
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
    let (status, _) = send(&app, Method::DELETE, &one, Some(&editor), None).await;
    assert_eq!(status, 200);
    let deleted: i64 = app
        .db
        .scalar(&format!(
            "select max(id) from content_revisions where entity_id = '{id}' and action = 'delete'"
        ))
        .await;
    let (status, _) = send(
        &app,
        Method::POST,
        "rpc/restore_revision",
        Some(&editor),
        Some(json!({"revision_id": deleted})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(stored_blocks(&app, &id).await, one_block("First"));
}

#[tokio::test]
async fn preview_links_show_a_page_as_saved_or_as_edited() {
    let app = spawn_app().await;
    let team = team(&app).await;
    let editor = team.editor.jwt();
    let page = create_page(
        &app,
        &editor,
        json!({"route": "/webinar", "name": "Webinar", "blocks": one_block("Saved")}),
    )
    .await;
    let id = page["id"].as_str().unwrap();
    let preview = async |token: &str| {
        send(
            &app,
            Method::POST,
            "rpc/preview",
            None,
            Some(json!({"token": token})),
        )
        .await
    };

    let (status, link) = send(
        &app,
        Method::POST,
        "rpc/create_preview_link",
        Some(&editor),
        Some(
            json!({"kind": "block_page", "block_page_id": id, "blocks": one_block("Being edited")}),
        ),
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

    let (_, link) = send(
        &app,
        Method::POST,
        "rpc/create_preview_link",
        Some(&editor),
        Some(json!({"kind": "block_page", "block_page_id": id})),
    )
    .await;
    let (_, shown) = preview(link["token"].as_str().unwrap()).await;
    assert_eq!(shown["blocks"], one_block("Saved"));

    // The blocks of a preview are checked as a save checks them.
    let answer = send(
        &app,
        Method::POST,
        "rpc/create_preview_link",
        Some(&editor),
        Some(json!({"kind": "block_page", "block_page_id": id,
                    "blocks": [{"id": "x", "kind": "hero", "data": {}}]})),
    )
    .await;
    assert_error(&answer, 400, "22023", "Block 1 (hero): heading is required");
    // An author previews only their own drafts.
    let answer = send(
        &app,
        Method::POST,
        "rpc/create_preview_link",
        Some(&team.author.jwt()),
        Some(json!({"kind": "block_page", "block_page_id": id})),
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

#[tokio::test]
async fn a_live_page_that_moves_leaves_a_301_and_a_page_published_at_a_redirect_takes_it_back() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    create_page(
        &app,
        &editor,
        json!({"route": "/old-offer", "name": "Offer", "blocks": one_block("Offer"), "published": true}),
    )
    .await;
    create_page(
        &app,
        &editor,
        json!({"route": "/old-draft", "name": "Draft", "blocks": one_block("Draft")}),
    )
    .await;
    for (from, to) in [("/old-offer", "/new-offer"), ("/old-draft", "/new-draft")] {
        let (status, rows) = send(
            &app,
            Method::PATCH,
            &format!("block_pages?route=eq.{from}"),
            Some(&editor),
            Some(json!({"route": to})),
        )
        .await;
        assert_eq!(status, 200, "{rows}");
    }
    // A draft's old route was never public: only the live page leaves a rule. Each page's SEO
    // record moves with it.
    let rules = app
        .db
        .json_rows("select source_path, target, status_code, automatic from redirects order by source_path")
        .await;
    assert_eq!(
        rules,
        [
            json!({"source_path": "/old-offer", "target": "/new-offer", "status_code": 301, "automatic": true})
        ]
    );
    let seo = app
        .db
        .json_rows("select page_route, page_name from page_seo_settings where page_route ~ 'offer|draft' order by 1")
        .await;
    assert_eq!(
        seo,
        [
            json!({"page_route": "/new-draft", "page_name": "Draft"}),
            json!({"page_route": "/new-offer", "page_name": "Offer"})
        ]
    );

    // A draft at a redirected route leaves the rule; publishing it there takes the route back.
    let (status, _) = send(
        &app,
        Method::POST,
        "redirects",
        Some(&editor),
        Some(json!({"source_path": "/summit", "target": "/blog"})),
    )
    .await;
    assert_eq!(status, 201);
    create_page(
        &app,
        &editor,
        json!({"route": "/summit", "name": "Summit", "blocks": one_block("Summit")}),
    )
    .await;
    assert_eq!(
        app.db
            .count("select count(*) from redirects where source_path = '/summit'")
            .await,
        1
    );
    let (status, _) = send(
        &app,
        Method::PATCH,
        "block_pages?route=eq./summit",
        Some(&editor),
        Some(json!({"published": true})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        app.db
            .count("select count(*) from redirects where source_path = '/summit'")
            .await,
        0
    );
}

#[tokio::test]
async fn saves_wake_every_instance() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let mut listener = cb_db::listen_on(&app.db.pool, "claimbridge_site", "test")
        .await
        .expect("LISTEN");
    let page = create_page(
        &app,
        &editor,
        json!({"route": "/wake", "name": "Wake", "blocks": one_block("Wake")}),
    )
    .await;
    let mut heard = Vec::new();
    while let Ok(Ok(note)) = tokio::time::timeout(Duration::from_millis(500), listener.recv()).await
    {
        heard.push(note.payload().to_owned());
    }
    assert!(
        heard.iter().any(|table| table == "block_pages"),
        "{heard:?}"
    );
    let (status, _) = send(
        &app,
        Method::PATCH,
        &format!("block_pages?id=eq.{}", page["id"].as_str().unwrap()),
        Some(&editor),
        Some(json!({"blocks": one_block("Woken")})),
    )
    .await;
    assert_eq!(status, 200);
    let note = tokio::time::timeout(Duration::from_secs(5), listener.recv())
        .await
        .expect("a notification")
        .expect("the listener");
    assert_eq!(note.payload(), "block_pages");
}

#[tokio::test]
async fn block_page_stats_count_views_leads_and_conversion() {
    let app = spawn_app().await;
    let team = team(&app).await;
    let editor = team.editor.jwt();
    for route in ["/offer", "/quiet"] {
        create_page(
            &app,
            &editor,
            json!({"route": route, "name": route, "blocks": one_block(route), "published": true}),
        )
        .await;
    }
    app.db
        .execute(
            "insert into page_analytics (session_id, page_path, visited_at, user_agent)
             select 'session_1_abc', p, t::timestamptz, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)' from (values
               ('/offer', '2026-03-01 00:00:00+00'), ('/offer', '2026-03-01 12:00:00+00'),
               ('/offer', '2026-03-02 10:00:00+00'), ('/offer', '2026-03-02 23:59:59+00'),
               ('/offer', '2026-03-03 00:00:00+00'), ('/other', '2026-03-01 10:00:00+00')) v(p, t);
             -- Not counted, as the analytics screen does not count them: a crawler, a view of
             -- the page while it was not there, a lead marked as spam.
             insert into page_analytics (session_id, page_path, visited_at, user_agent, not_found) values
               ('session_2_abc', '/offer', '2026-03-01 08:00:00+00', 'Mozilla/5.0 (compatible; Googlebot/2.1)', false),
               ('session_3_abc', '/offer', '2026-03-01 08:00:00+00', 'Mozilla/5.0 (X11; Linux x86_64)', true);
             insert into leads (source, email, payload, received_at, spam_reason) values
               ('ClaimBridge landing page /offer', 'spam@example.com', '{}', '2026-03-01 09:00:00+00', 'honeypot');
             insert into leads (source, email, payload, received_at) values
               ('ClaimBridge landing page /offer', 'a@example.com', '{}', '2026-03-01 09:00:00+00'),
               ('ClaimBridge landing page /offer', 'b@example.com', '{}', '2026-03-05 09:00:00+00'),
               ('ClaimBridge landing page /quiet', 'c@example.com', '{}', '2026-03-01 09:00:00+00'),
               ('Contact form', 'd@example.com', '{}', '2026-03-01 09:00:00+00');",
        )
        .await;
    let range = json!({"from_date": "2026-03-01", "to_date": "2026-03-02"});
    for token in [editor.clone(), team.author.jwt()] {
        let (status, rows) = send(
            &app,
            Method::POST,
            "rpc/block_page_stats",
            Some(&token),
            Some(range.clone()),
        )
        .await;
        assert_eq!(status, 200, "{rows}");
        let rows: Vec<Value> = rows
            .as_array()
            .unwrap()
            .iter()
            .filter(|row| ["/offer", "/quiet"].contains(&row["route"].as_str().unwrap()))
            .map(|row| {
                json!([
                    row["route"],
                    row["views"],
                    row["leads"],
                    row["conversion_rate"]
                ])
            })
            .collect();
        assert_eq!(
            rows,
            [json!(["/offer", 4, 1, 0.25]), json!(["/quiet", 0, 1, 0])]
        );
    }
    let answer = send(
        &app,
        Method::POST,
        "rpc/block_page_stats",
        Some(&editor),
        Some(json!({"from_date": "2026-03-02", "to_date": "2026-03-01"})),
    )
    .await;
    assert_error(
        &answer,
        400,
        "22023",
        "The last day is before the first day",
    );
    let outsider = cb_tests::add_account(&app.db, None, "Nora Nobody")
        .await
        .jwt();
    let answer = send(
        &app,
        Method::POST,
        "rpc/block_page_stats",
        Some(&outsider),
        Some(range.clone()),
    )
    .await;
    assert_error(&answer, 403, "42501", "Only staff can see page statistics");
    let (status, _) = send(
        &app,
        Method::POST,
        "rpc/block_page_stats",
        None,
        Some(range),
    )
    .await;
    assert_eq!(status, 401);
}
