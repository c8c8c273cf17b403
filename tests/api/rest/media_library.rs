//! The media library (migration 20261127000400): `media_usage` finds every use of a blog-images
//! object in posts and page SEO records, reads names out of URLs instead of matching patterns
//! (hostile names neither break nor over-match it), is the admin's only; `media_assets` (alt
//! text, dimensions) is written by the admin only and logs alt text changes; deleting an unused
//! image through Storage removes it and its row.
use cb_tests::{TestApp, admin_jwt, mint_jwt, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

use super::{delete, get, patch, post};
use crate::storage::{call, png, upload};

const PUBLIC: &str = "/storage/v1/object/public/blog-images";

/// A signed-in user who is not the admin.
fn user_jwt() -> String {
    mint_jwt(
        "authenticated",
        json!({"sub": "00000000-0000-0000-0000-0000000000f1", "app_metadata": {}}),
    )
}

async fn store(app: &TestApp, name: &str) {
    let response = upload(app, &admin_jwt(), "blog-images", name, png(64), "image/png").await;
    let status = response.status();
    assert_eq!(status, 200, "{name}: {}", response.text().await.unwrap());
}

/// Creates a post as the admin (REST, as the editor does); returns its id.
async fn add_post(app: &TestApp, slug: &str, fields: Value) -> String {
    let mut row = json!({
        "title": format!("Post {slug}"), "slug": slug, "description": "About denials",
        "category": "Billing", "content": "<p>No images.</p>",
    });
    row.as_object_mut()
        .unwrap()
        .extend(fields.as_object().unwrap().clone());
    let reply = post(app, "/blog_posts", &row)
        .bearer(&admin_jwt())
        .header("prefer", "return=representation")
        .send()
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    reply.json()[0]["id"].as_str().unwrap().to_owned()
}

/// `media_usage` as the admin: object name -> uses.
async fn usage(app: &TestApp, body: Value) -> Vec<(String, Value)> {
    let reply = post(app, "/rpc/media_usage", &body)
        .bearer(&admin_jwt())
        .send()
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["object_name"].as_str().unwrap().to_owned(),
                row["uses"].clone(),
            )
        })
        .collect()
}

/// A use as (kind, key, fields).
type Use = (String, String, Vec<String>);

/// The (kind, key, fields) of each use, in the function's order.
fn summary(uses: &Value) -> Vec<Use> {
    uses.as_array()
        .unwrap()
        .iter()
        .map(|usage| {
            (
                usage["kind"].as_str().unwrap().to_owned(),
                usage["key"].as_str().unwrap().to_owned(),
                usage["fields"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|field| field.as_str().unwrap().to_owned())
                    .collect(),
            )
        })
        .collect()
}

fn strings(fields: &[&str]) -> Vec<String> {
    fields.iter().map(|field| (*field).to_owned()).collect()
}

#[tokio::test]
async fn usage_finds_content_featured_og_and_page_uses() {
    let app = spawn_app().await;
    for name in ["hero.png", "chart.png", "unused.png", "folder/inner.png"] {
        store(&app, name).await;
    }
    let absolute = format!("{}{PUBLIC}", app.url);
    // A draft, as the editor writes content: an absolute URL inside an attribute.
    let draft = add_post(
        &app,
        "draft-with-image",
        json!({"content": format!("<p>Denials</p><p><img src=\"{absolute}/hero.png\" alt=\"Denial trend\"></p>")}),
    )
    .await;
    // Featured image (relative URL), OG image through the transformation endpoint.
    add_post(
        &app,
        "featured",
        json!({
            "published": true,
            "featured_image_url": format!("{PUBLIC}/chart.png"),
            "og_image": format!("{}/storage/v1/render/image/public/blog-images/chart.png?width=1200&height=630", app.url),
            "content": format!("<img src=\"{absolute}/folder/inner.png\">"),
        }),
    )
    .await;
    // A page record: Twitter image and content.
    let page = patch(
        &app,
        "/page_seo_settings?page_route=eq./about",
        &json!({
            "twitter_image": format!("{absolute}/hero.png"),
            "content": format!("<p><img src=\"{PUBLIC}/chart.png#top\"></p>"),
        }),
    )
    .bearer(&admin_jwt())
    .send()
    .await;
    assert_eq!(page.status, 204, "{}", page.text);

    let all = usage(&app, json!({})).await;
    let names: Vec<&str> = all.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        ["chart.png", "folder/inner.png", "hero.png", "unused.png"],
        "every object of the bucket, by name"
    );
    let by_name = |name: &str| &all.iter().find(|(n, _)| n == name).unwrap().1;
    assert_eq!(
        summary(by_name("hero.png")),
        [
            (
                "post".into(),
                "draft-with-image".into(),
                strings(&["content"])
            ),
            ("page".into(), "/about".into(), strings(&["twitter_image"])),
        ]
    );
    let hero = &by_name("hero.png")[0];
    assert_eq!(hero["id"], draft.as_str());
    assert_eq!(hero["title"], "Post draft-with-image");
    assert_eq!(hero["published"], false);
    assert_eq!(by_name("hero.png")[1].get("published"), None);
    assert_eq!(
        summary(by_name("chart.png")),
        [
            (
                "post".into(),
                "featured".into(),
                strings(&["featured_image_url", "og_image"])
            ),
            ("page".into(), "/about".into(), strings(&["content"])),
        ]
    );
    assert_eq!(
        summary(by_name("folder/inner.png")),
        [("post".into(), "featured".into(), strings(&["content"]))]
    );
    assert_eq!(by_name("unused.png"), &json!([]));

    // A given list: names outside the bucket are answered too (unused), duplicates once.
    let listed = usage(
        &app,
        json!({"names": ["unused.png", "hero.png", "hero.png", "never-uploaded.png"]}),
    )
    .await;
    let names: Vec<&str> = listed.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["hero.png", "never-uploaded.png", "unused.png"]);
    assert_eq!(listed[0].1.as_array().unwrap().len(), 2);

    // The reference goes away with the edit that removes it.
    let cleared = patch(
        &app,
        "/page_seo_settings?page_route=eq./about",
        &json!({"twitter_image": null}),
    )
    .bearer(&admin_jwt())
    .send()
    .await;
    assert_eq!(cleared.status, 204);
    let after = usage(&app, json!({"names": ["hero.png"]})).await;
    assert_eq!(
        summary(&after[0].1),
        [(
            "post".into(),
            "draft-with-image".into(),
            strings(&["content"])
        )]
    );

    // At most 1000 names per call.
    let many: Vec<String> = (0..1001).map(|i| format!("{i}.png")).collect();
    let refused = post(&app, "/rpc/media_usage", &json!({"names": many}))
        .bearer(&admin_jwt())
        .send()
        .await;
    let body = refused.assert_error(400, "22023");
    assert_eq!(body["message"], "Ask for at most 1000 images at a time");
}

#[tokio::test]
async fn only_the_admin_sees_usage_and_writes_image_details() {
    let app = spawn_app().await;
    store(&app, "hero.png").await;

    // Usage: anon may not call it at all; a non-admin token is refused by the function.
    let anon = post(&app, "/rpc/media_usage", &json!({})).send().await;
    let body = anon.assert_error(401, "42501");
    assert_eq!(
        body["message"],
        "permission denied for function media_usage"
    );
    let user = post(&app, "/rpc/media_usage", &json!({}))
        .bearer(&user_jwt())
        .send()
        .await;
    let body = user.assert_error(403, "42501");
    assert_eq!(
        body["message"],
        "Only an admin can see where images are used"
    );

    // media_assets: anon has no access, a non-admin token sees nothing and writes nothing.
    let row = json!({"object_name": "hero.png", "alt_text": "Denial trend by payer"});
    let anon_read = get(&app, "/media_assets").send().await;
    anon_read.assert_error(401, "42501");
    let anon_write = post(&app, "/media_assets", &row).send().await;
    anon_write.assert_error(401, "42501");
    let user_write = post(&app, "/media_assets", &row)
        .bearer(&user_jwt())
        .send()
        .await;
    let body = user_write.assert_error(403, "42501");
    assert_eq!(
        body["message"],
        "new row violates row-level security policy for table \"media_assets\""
    );

    // The admin saves alt text and dimensions (an upsert, as the app sends it) ...
    let saved = post(
        &app,
        "/media_assets?on_conflict=object_name",
        &json!({"object_name": "hero.png", "width": 1200, "height": 630}),
    )
    .bearer(&admin_jwt())
    .header("prefer", "resolution=merge-duplicates")
    .send()
    .await;
    assert_eq!(saved.status, 201, "{}", saved.text);
    let saved = post(&app, "/media_assets?on_conflict=object_name", &row)
        .bearer(&admin_jwt())
        .header(
            "prefer",
            "resolution=merge-duplicates,return=representation",
        )
        .send()
        .await;
    assert_eq!(saved.status, 200, "an upsert that updated: {}", saved.text);
    let stored = &saved.json()[0];
    assert_eq!(
        (&stored["alt_text"], &stored["width"], &stored["height"]),
        (&json!("Denial trend by payer"), &json!(1200), &json!(630)),
        "the alt text upsert kept the measured size"
    );

    // ... which a non-admin can neither read nor change.
    let user_read = get(&app, "/media_assets").bearer(&user_jwt()).send().await;
    assert_eq!((user_read.status, user_read.json()), (200, json!([])));
    let user_update = patch(
        &app,
        "/media_assets?object_name=eq.hero.png",
        &json!({"alt_text": "x"}),
    )
    .bearer(&user_jwt())
    .send()
    .await;
    assert_eq!(user_update.status, 204, "{}", user_update.text);
    let user_delete = delete(&app, "/media_assets?object_name=eq.hero.png")
        .bearer(&user_jwt())
        .send()
        .await;
    assert_eq!(user_delete.status, 204);
    let alt: String = cb_db::sqlx::query_scalar(
        "select alt_text from public.media_assets where object_name = 'hero.png'",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(alt, "Denial trend by payer");

    // Bad input: a name not in the bucket, alt text over 500 characters, a renamed row.
    let missing = post(
        &app,
        "/media_assets",
        &json!({"object_name": "nope.png", "alt_text": "x"}),
    )
    .bearer(&admin_jwt())
    .send()
    .await;
    let body = missing.assert_error(409, "23503");
    assert_eq!(body["message"], "No image named nope.png in blog-images");
    let long = patch(
        &app,
        "/media_assets?object_name=eq.hero.png",
        &json!({"alt_text": "a".repeat(501)}),
    )
    .bearer(&admin_jwt())
    .send()
    .await;
    long.assert_error(400, "23514");
    let renamed = patch(
        &app,
        "/media_assets?object_name=eq.hero.png",
        &json!({"object_name": "other.png"}),
    )
    .bearer(&admin_jwt())
    .send()
    .await;
    let body = renamed.assert_error(400, "22023");
    assert_eq!(body["message"], "An image's name cannot be changed");

    // Alt text changes are in the activity log (the measured size alone is not).
    let logged: Vec<(String, String, String)> = cb_db::sqlx::query_as(
        "select action, entity_id, summary from public.admin_activity where entity = 'media' order by id",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(
        logged,
        [(
            "save".to_owned(),
            "hero.png".to_owned(),
            "Alt text: Denial trend by payer".to_owned()
        )]
    );
}

#[tokio::test]
async fn hostile_names_neither_break_nor_over_match() {
    let app = spawn_app().await;
    let long = format!("{}.png", "n".repeat(5000));
    // Decoys: what a LIKE pattern or a prefix match would wrongly take for the names below.
    let decoys: String = [
        "axb.png",
        "100abc.png",
        "a.png.webp",
        "ba.png",
        "folder/a.png",
        "A.PNG",
        "nnn.png",
        "x.png",
    ]
    .iter()
    .map(|name| format!("<img src=\"{PUBLIC}/{name}\">"))
    .collect();
    add_post(&app, "decoys", json!({ "content": decoys })).await;
    // Real references, as a browser writes them: encodeURI'd, & as &amp; in an attribute.
    add_post(
        &app,
        "real",
        json!({
            "content": format!(
                "<img src=\"{PUBLIC}/it's%20%22quoted%22.png\"><img src=\"{PUBLIC}/100%25.png?width=10\">\
                 <img src=\"{PUBLIC}/draft's%20(final)%20&amp;%20v2.png\">"),
            "featured_image_url": format!("{PUBLIC}/{long}"),
            "og_image": format!("{PUBLIC}/%E2%82%AC%ZZ%FF.png"),
        }),
    )
    .await;
    let injection = "x.png'); delete from public.blog_posts; --";
    let names = json!([
        "a_b.png",
        "100%.png",
        "%",
        "_",
        "%%",
        "a.png",
        "a%",
        "it's \"quoted\".png",
        long,
        injection,
        "draft's (final) & v2.png",
        "€%ZZ\u{FFFD}.png",
        "",
        "\\",
        "n%.png",
    ]);
    let found = usage(&app, json!({ "names": names })).await;
    let used: Vec<(&str, Vec<Use>)> = found
        .iter()
        .filter(|(_, uses)| uses != &json!([]))
        .map(|(name, uses)| (name.as_str(), summary(uses)))
        .collect();
    let real = |field: &str| vec![("post".to_owned(), "real".to_owned(), strings(&[field]))];
    assert_eq!(
        used,
        [
            ("100%.png", real("content")),
            ("draft's (final) & v2.png", real("content")),
            ("it's \"quoted\".png", real("content")),
            (long.as_str(), real("featured_image_url")),
        ],
        "only the names really referred to"
    );
    assert_eq!(found.len(), 15, "every name is answered");
    let posts: i64 = cb_db::sqlx::query_scalar("select count(*) from public.blog_posts")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert!(posts >= 2);

    // The same through the bucket listing: an object whose name has Storage's allowed specials.
    store(&app, "draft's (final) & v2.png").await;
    store(&app, "a_b.png").await;
    let all = usage(&app, json!({})).await;
    let listed: Vec<(&str, usize)> = all
        .iter()
        .map(|(name, uses)| (name.as_str(), uses.as_array().unwrap().len()))
        .collect();
    assert_eq!(listed, [("a_b.png", 0), ("draft's (final) & v2.png", 1)]);
}

#[tokio::test]
async fn deleting_an_unused_image_removes_it_and_its_details() {
    let app = spawn_app().await;
    store(&app, "old-chart.png").await;
    store(&app, "kept.png").await;
    let saved = post(
        &app,
        "/media_assets",
        &json!({"object_name": "old-chart.png", "alt_text": "Old chart", "width": 8, "height": 8}),
    )
    .bearer(&admin_jwt())
    .send()
    .await;
    assert_eq!(saved.status, 201, "{}", saved.text);
    let unused = usage(&app, json!({"names": ["old-chart.png"]})).await;
    assert_eq!(unused[0].1, json!([]));

    // Anon and a non-admin token delete nothing.
    for token in [cb_tests::DEMO_ANON_KEY.to_owned(), user_jwt()] {
        let response = call(&app, Method::DELETE, "/object/blog-images", &token)
            .json(&json!({"prefixes": ["old-chart.png"]}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(response.json::<Value>().await.unwrap(), json!([]));
    }

    // The admin app's delete: the object, then its log entry.
    let response = call(&app, Method::DELETE, "/object/blog-images", &admin_jwt())
        .json(&json!({"prefixes": ["old-chart.png"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let removed: Value = response.json().await.unwrap();
    assert_eq!(removed.as_array().unwrap().len(), 1, "{removed}");
    assert_eq!(removed[0]["name"], "old-chart.png");
    let logged = post(
        &app,
        "/rpc/log_admin_activity",
        &json!({
            "action": "media_delete", "entity": "media", "entity_id": "old-chart.png",
            "summary": "Deleted old-chart.png (not used anywhere)",
        }),
    )
    .bearer(&admin_jwt())
    .send()
    .await;
    assert_eq!(logged.status, 204, "{}", logged.text);

    let gone = app
        .client
        .get(format!("{}{PUBLIC}/old-chart.png", app.url))
        .send()
        .await
        .unwrap();
    assert_eq!(
        gone.status(),
        400,
        "Storage's legacy status for a missing object"
    );
    let kept = app
        .client
        .get(format!("{}{PUBLIC}/kept.png", app.url))
        .send()
        .await
        .unwrap();
    assert_eq!(kept.status(), 200);
    let details: i64 = cb_db::sqlx::query_scalar(
        "select count(*) from public.media_assets where object_name = 'old-chart.png'",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(details, 0, "the image's row went with it");
    let all = usage(&app, json!({})).await;
    assert_eq!(
        all.iter()
            .map(|(name, _)| name.as_str())
            .collect::<Vec<_>>(),
        ["kept.png"]
    );
    let actions: Vec<String> = cb_db::sqlx::query_scalar(
        "select action from public.admin_activity where entity = 'media' and entity_id = 'old-chart.png' order by id",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(actions, ["save", "media_delete"]);
}
