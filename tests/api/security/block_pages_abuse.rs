//! Block pages under attack: hostile block JSON (too many blocks, deep nesting, huge documents and
//! strings, script where copy goes, javascript:/data:/protocol-relative links, image paths
//! climbing out of /images/), tokens nobody issued, and an author trying to publish, schedule,
//! write as someone else or mark a page as one of the site's own. Each is refused with a 4xx and
//! leaves nothing behind; script in copy is stored as the text it is. (The seed's system pages are
//! left out of every count.)
use cb_tests::{DEMO_ANON_KEY, Exchange as _, TestApp, add_staff, mint_jwt, spawn_app};
use jsonwebtoken::{EncodingKey, Header};
use reqwest::Method;
use serde_json::{Value, json};

use cb_tests::rest_as;

use crate::site::block_pages::{assert_error, create_page, one_block};

async fn pages(app: &TestApp) -> i64 {
    app.db
        .count("select count(*) from block_pages where not system")
        .await
}

fn hero(data: &Value) -> Value {
    json!([{"id": "hero", "kind": "hero", "data": data}])
}

#[tokio::test]
async fn hostile_blocks_are_refused_and_nothing_is_saved() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let post = |blocks: Value| json!({"route": "/hostile", "name": "Hostile", "blocks": blocks});

    let many: Vec<Value> = (0..41)
        .map(|at| json!({"id": format!("b{at}"), "kind": "resume-invite", "data": {"title": "x"}}))
        .collect();
    let cases: Vec<(Value, &str)> = vec![
        (json!(many), "blocks must be a list of at most 40 blocks"),
        (
            json!({"0": {}}),
            "blocks must be a list of at most 40 blocks",
        ),
        (json!("[]"), "blocks must be a list of at most 40 blocks"),
        (
            hero(&json!({"heading": "x".repeat(1_000_000)})),
            "Block 1 (hero): heading must be at most 140 characters",
        ),
        (
            hero(
                &json!({"heading": "Hi", "actions": [{"label": "Go", "href": "javascript:alert(document.cookie)"}]}),
            ),
            "Block 1 (hero): actions[1].href must be a site path (/...), an #anchor, an http(s):// URL, mailto: or tel:",
        ),
        (
            hero(
                &json!({"heading": "Hi", "actions": [{"label": "Go", "href": " javascript:alert(1)"}]}),
            ),
            "Block 1 (hero): actions[1].href must be a site path (/...), an #anchor, an http(s):// URL, mailto: or tel:",
        ),
        (
            hero(
                &json!({"heading": "Hi", "actions": [{"label": "Go", "href": "data:text/html;base64,PHNjcmlwdD4="}]}),
            ),
            "Block 1 (hero): actions[1].href must be a site path (/...), an #anchor, an http(s):// URL, mailto: or tel:",
        ),
        (
            hero(
                &json!({"heading": "Hi", "actions": [{"label": "Go", "href": "//evil.example/login"}]}),
            ),
            "Block 1 (hero): actions[1].href must be a site path (/...), an #anchor, an http(s):// URL, mailto: or tel:",
        ),
        (
            hero(
                &json!({"heading": "Hi", "image": {"src": "/images/../../etc/passwd", "alt": "x"}}),
            ),
            "Block 1 (hero): image.src must be an image under /images/ or /storage/v1/object/public/, or an https:// URL",
        ),
        (
            hero(
                &json!({"heading": "Hi", "image": {"src": "/storage/v1/object/public/../private/x.png", "alt": "x"}}),
            ),
            "Block 1 (hero): image.src must be an image under /images/ or /storage/v1/object/public/, or an https:// URL",
        ),
        (
            hero(
                &json!({"heading": "Hi", "image": {"src": "/images/%2e%2e/x.png\u{2028}", "alt": "x"}}),
            ),
            "Block 1 (hero): image.src must be an image under /images/ or /storage/v1/object/public/, or an https:// URL",
        ),
        (
            hero(&json!({"heading": "Hi", "html": "<script>alert(1)</script>"})),
            "Block 1 (hero): html is not a field",
        ),
        (
            hero(&json!({"heading": {"html": "<script>alert(1)</script>"}})),
            "Block 1 (hero): heading must be text",
        ),
    ];
    for (blocks, message) in cases {
        let answer = rest_as(&app, Some(&editor))
            .post("block_pages", post(blocks))
            .await;
        assert_error(&answer, 400, "22023", message);
    }

    // Deep nesting where the schema has none is one unknown key, whatever lies inside it.
    let nested = format!(
        "{{\"route\": \"/hostile\", \"name\": \"Hostile\", \"blocks\": [{{\"id\": \"a\", \"kind\": \"hero\", \"data\": {{\"heading\": \"Hi\", \"deep\": {}1{}}}}}]}}",
        "[".repeat(100),
        "]".repeat(100)
    );
    let (status, text) = app
        .with_token(Method::POST, "/rest/v1/block_pages", &editor)
        .header("Content-Type", "application/json")
        .body(nested)
        .status_text()
        .await;
    let body: Value = serde_json::from_str(&text).unwrap();
    assert_error(
        &(status, body),
        400,
        "22023",
        "Block 1 (hero): deep is not a field",
    );

    // Deeper than the parser goes, and larger than a request may be: refused before any check,
    // never a 500.
    let deep = format!(
        "{{\"route\": \"/hostile\", \"name\": \"Hostile\", \"blocks\": [{{\"id\": \"a\", \"kind\": \"hero\", \"data\": {{\"heading\": {}1{}}}}}]}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let huge = json!({"route": "/hostile", "name": "Hostile", "blocks": hero(&json!({"heading": "Hi", "text": "x".repeat(20_000_000)}))})
        .to_string();
    for body in [deep, huge] {
        let (status, text) = app
            .with_token(Method::POST, "/rest/v1/block_pages", &editor)
            .header("Content-Type", "application/json")
            .body(body)
            .status_text()
            .await;
        assert!(
            (400..500).contains(&status),
            "{status}: {}",
            &text[..text.len().min(300)]
        );
    }
    // A null list is no list either.
    let (status, _) = rest_as(&app, Some(&editor))
        .post("block_pages", post(Value::Null))
        .await;
    assert_eq!(status, 400);
    assert_eq!(pages(&app).await, 0);

    // Script in copy is just text: stored and read back as sent, for the page to escape.
    let script =
        "<script>alert(1)</script><img src=x onerror=alert(2)> {company} \"quoted\" & 'single'";
    let blocks = hero(&json!({"heading": script, "text": script, "points": [script]}));
    let page = create_page(
        &app,
        &editor,
        json!({"route": "/scripted", "name": script, "blocks": blocks, "published": true}),
    )
    .await;
    assert_eq!(page["blocks"], blocks);
    let (status, rows) = rest_as(&app, None)
        .get("block_pages?route=eq./scripted&select=name,blocks")
        .await;
    assert_eq!(
        (status, rows),
        (200, json!([{"name": script, "blocks": blocks}]))
    );
}

#[tokio::test]
async fn tokens_nobody_issued_write_nothing() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await;
    let page = json!({"route": "/forged", "name": "Forged", "blocks": one_block("Forged"), "published": true});

    let mut expired = editor.claims();
    expired["exp"] = json!(cb_tests::now() - 60);
    expired["iat"] = json!(cb_tests::now() - 3600);
    let expired = jsonwebtoken::encode(
        &Header::default(),
        &expired,
        &EncodingKey::from_secret(cb_tests::DEMO_JWT_SECRET.as_bytes()),
    )
    .unwrap();
    let guessed = jsonwebtoken::encode(
        &Header::default(),
        &editor.claims(),
        &EncodingKey::from_secret(b"not-the-project-secret-but-long-enough"),
    )
    .unwrap();
    // Signed right, but naming a session that does not exist: no staff role.
    let stale = mint_jwt(
        "authenticated",
        editor.claims_with(json!({"session_id": "00000000-0000-4000-8000-000000000000"})),
    );
    for token in [expired, guessed] {
        let (status, _) = app
            .with_token(Method::POST, "/rest/v1/block_pages", &token)
            .json(&page)
            .status_text()
            .await;
        assert_eq!(status, 401);
    }
    let answer = rest_as(&app, Some(&stale))
        .post("block_pages", page.clone())
        .await;
    assert_error(
        &answer,
        403,
        "42501",
        "new row violates row-level security policy for table \"block_pages\"",
    );
    // The anon key as a bearer is anon.
    let answer = rest_as(&app, Some(DEMO_ANON_KEY))
        .post("block_pages", page)
        .await;
    assert_error(
        &answer,
        401,
        "42501",
        "permission denied for table block_pages",
    );
    assert_eq!(pages(&app).await, 0);
}

#[tokio::test]
async fn an_author_cannot_escalate() {
    let app = spawn_app().await;
    let author = add_staff(&app.db, "author", "Avery Author").await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await;
    let token = author.jwt();
    let draft = |extra: Value| {
        let mut page = json!({"route": "/escalate", "name": "Escalate", "blocks": one_block("x")});
        page.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        page
    };
    let refused = [
        (
            json!({"system": true}),
            403,
            "42501",
            "permission denied for table block_pages",
        ),
        (
            json!({"published": true}),
            403,
            "42501",
            "An author cannot publish or schedule a page",
        ),
        (
            json!({"publish_at": "2020-01-01T00:00:00Z"}),
            403,
            "42501",
            "An author cannot publish or schedule a page",
        ),
        (
            json!({"author_id": editor.id}),
            403,
            "42501",
            "An author writes only their own pages",
        ),
        (
            json!({"created_at": "2020-01-01T00:00:00Z"}),
            403,
            "42501",
            "permission denied for table block_pages",
        ),
    ];
    for (extra, status, code, message) in &refused {
        let answer = rest_as(&app, Some(&token))
            .post("block_pages", draft(extra.clone()))
            .await;
        assert_error(&answer, *status, code, message);
    }
    assert_eq!(pages(&app).await, 0);

    let mine = create_page(&app, &token, draft(json!({}))).await;
    let one = format!("block_pages?id=eq.{}", mine["id"].as_str().unwrap());
    for (extra, status, code, message) in &refused {
        let answer = rest_as(&app, Some(&token)).patch(&one, extra.clone()).await;
        assert_error(&answer, *status, code, message);
    }
    // Nor through a restore of someone else's revision, or a preview of someone else's page.
    let theirs = create_page(
        &app,
        &editor.jwt(),
        json!({"route": "/theirs", "name": "Theirs", "blocks": one_block("Theirs"), "published": true}),
    )
    .await;
    let revision: i64 = app
        .db
        .scalar(&format!(
            "select max(id) from content_revisions where entity_id = '{}'",
            theirs["id"].as_str().unwrap()
        ))
        .await;
    let (status, _) = rest_as(&app, Some(&token))
        .post("rpc/restore_revision", json!({"revision_id": revision}))
        .await;
    assert_eq!(status, 404, "authors do not see page revisions");
    let after = app
        .db
        .json_rows(&format!(
            "select published, system, author_id from block_pages where id = '{}'",
            mine["id"].as_str().unwrap()
        ))
        .await;
    assert_eq!(
        after,
        [json!({"published": false, "system": false, "author_id": author.id})]
    );
}
