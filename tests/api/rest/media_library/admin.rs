//! The admin's media library: usage and image details are the admin's, deleting an unused image.
use super::*;
use cb_tests::Answer as _;

#[tokio::test]
async fn only_the_admin_sees_usage_and_writes_image_details() {
    let app = spawn_app().await;
    store(&app, "hero.png").await;

    // Usage: anon may not call it at all; a token of someone not staff is refused by the function.
    // media_assets: anon has no access, a non-admin token sees nothing and writes nothing.
    let row = json!({"object_name": "hero.png", "alt_text": "Denial trend by payer"});
    let denied = json!({});
    expect_errors(vec![
        (
            post(&app, "/rpc/media_usage", &json!({})),
            401,
            "42501",
            json!({"message": "permission denied for function media_usage"}),
        ),
        (
            post(&app, "/rpc/media_usage", &json!({})).bearer(&user_jwt()),
            403,
            "42501",
            json!({"message": "Only staff can see where images are used"}),
        ),
        (get(&app, "/media_assets"), 401, "42501", denied.clone()),
        (post(&app, "/media_assets", &row), 401, "42501", denied),
        (
            post(&app, "/media_assets", &row).bearer(&user_jwt()),
            403,
            "42501",
            json!({"message": "new row violates row-level security policy for table \"media_assets\""}),
        ),
    ])
    .await;

    // The admin saves alt text and dimensions (an upsert, as the app sends it) ...
    let saved = post(
        &app,
        "/media_assets?on_conflict=object_name",
        &json!({"object_name": "hero.png", "width": 1200, "height": 630}),
    )
    .bearer(&admin_jwt())
    .header("prefer", "resolution=merge-duplicates")
    .await;
    assert_eq!(saved.status, 201, "{}", saved.text);
    let saved = post(&app, "/media_assets?on_conflict=object_name", &row)
        .bearer(&admin_jwt())
        .header(
            "prefer",
            "resolution=merge-duplicates,return=representation",
        )
        .await;
    assert_eq!(saved.status, 200, "an upsert that updated: {}", saved.text);
    let stored = &saved.json()[0];
    assert_eq!(
        (&stored["alt_text"], &stored["width"], &stored["height"]),
        (&json!("Denial trend by payer"), &json!(1200), &json!(630)),
        "the alt text upsert kept the measured size"
    );

    // ... which a non-admin can neither read nor change.
    let user_read = get(&app, "/media_assets").bearer(&user_jwt()).await;
    assert_eq!((user_read.status, user_read.json()), (200, json!([])));
    let user_update = patch(
        &app,
        "/media_assets?object_name=eq.hero.png",
        &json!({"alt_text": "x"}),
    )
    .bearer(&user_jwt())
    .await;
    assert_eq!(user_update.status, 204, "{}", user_update.text);
    let user_delete = delete(&app, "/media_assets?object_name=eq.hero.png")
        .bearer(&user_jwt())
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
    let hero = "/media_assets?object_name=eq.hero.png";
    expect_errors(vec![
        (
            post(
                &app,
                "/media_assets",
                &json!({"object_name": "nope.png", "alt_text": "x"}),
            )
            .bearer(&admin_jwt()),
            409,
            "23503",
            json!({"message": "No image named nope.png in blog-images"}),
        ),
        (
            patch(&app, hero, &json!({"alt_text": "a".repeat(501)})).bearer(&admin_jwt()),
            400,
            "23514",
            json!({}),
        ),
        (
            patch(&app, hero, &json!({"object_name": "other.png"})).bearer(&admin_jwt()),
            400,
            "22023",
            json!({"message": "An image's name cannot be changed"}),
        ),
    ])
    .await;

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
    .await;
    assert_eq!(saved.status, 201, "{}", saved.text);
    let unused = usage(&app, json!({"names": ["old-chart.png"]})).await;
    assert_eq!(unused[0].1, json!([]));

    // Anon and a non-admin token delete nothing.
    for token in [cb_tests::DEMO_ANON_KEY.to_owned(), user_jwt()] {
        let response = call(&app, Method::DELETE, "/object/blog-images", &token)
            .json(&json!({"prefixes": ["old-chart.png"]}))
            .answer()
            .await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.json::<Value>().await.unwrap(), json!([]));
    }

    // The admin app's delete: the object, then its log entry.
    let response = call(&app, Method::DELETE, "/object/blog-images", &admin_jwt())
        .json(&json!({"prefixes": ["old-chart.png"]}))
        .answer()
        .await;
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
    .await;
    assert_eq!(logged.status, 204, "{}", logged.text);

    let gone = app
        .client
        .get(format!("{}{PUBLIC}/old-chart.png", app.url))
        .answer()
        .await;
    assert_eq!(
        gone.status(),
        400,
        "Storage's legacy status for a missing object"
    );
    let kept = app
        .client
        .get(format!("{}{PUBLIC}/kept.png", app.url))
        .answer()
        .await;
    assert_eq!(kept.status(), 200);
    let details: i64 = app
        .db
        .count("select count(*) from public.media_assets where object_name = 'old-chart.png'")
        .await;
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
