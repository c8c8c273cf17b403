//! Where each image is used: content, featured, OG and page uses; hostile names.
use super::*;

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
    let edit_about = |fields: Value| {
        patch(&app, "/page_seo_settings?page_route=eq./about", &fields).bearer(&admin_jwt())
    };
    let page = edit_about(json!({
        "twitter_image": format!("{absolute}/hero.png"),
        "content": format!("<p><img src=\"{PUBLIC}/chart.png#top\"></p>"),
    }))
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
    let cleared = edit_about(json!({"twitter_image": null})).await;
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
        .await;
    refused.assert_error_message(400, "22023", "Ask for at most 1000 images at a time");
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
    let posts: i64 = app.db.count("select count(*) from public.blog_posts").await;
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
