//! Planted problems of every kind (broken links inside and outside the site, images without alt
//! text, posts without a description or an image, duplicate titles) and where to fix each.
use super::*;

#[tokio::test]
async fn planted_problems_are_reported_with_where_to_fix_them() {
    let other_site = LocalSite::start(
        "127.0.0.1:0",
        vec![
            Route::answers("/fine", 200),
            Route::answers("/gone", 404),
            Route {
                head_refused: true,
                ..Route::answers("/no-head", 200)
            },
        ],
    )
    .await
    .unwrap();
    let other = format!("127.0.0.1:{}", other_site.port);
    let health = spawn_checking_links(std::slice::from_ref(&other)).await;
    let app = &health.app;
    let owner = add_staff(&app.db, "owner", "Olive Owner").await.caller();

    let (fine, gone, no_head) = (
        format!("http://{other}/fine"),
        format!("http://{other}/gone"),
        format!("http://{other}/no-head"),
    );
    let links = add_post(
        app,
        "health-links",
        "Links of every kind",
        &format!(
            r#"<p><a href="/blog/no-such-post">an old post</a>, <a href="/about">about us</a>,
               <a href="https://www.claimbridge.com/contact#form">contact</a>,
               <a href="{gone}">a gone page</a>, <a href="{fine}#top">a fine page</a>,
               <a href="{no_head}">a page without HEAD</a></p>
               <p><img src="/images/chart.svg" alt="Denials by payer"><img src="/images/chart.svg?v=2"></p>"#
        ),
    )
    .await;
    app.db
        .execute(&format!(
            "update public.blog_posts set featured_image_url = null where id = '{links}'"
        ))
        .await;
    let first = add_post(
        app,
        "checklist-one",
        "Prior Authorization Checklist",
        "<p>One</p>",
    )
    .await;
    let second = add_post(
        app,
        "checklist-two",
        " prior authorization CHECKLIST",
        "<p>Two</p>",
    )
    .await;
    let thin = add_post(
        app,
        "thin-description",
        "A post with a thin description",
        "<p>Thin</p>",
    )
    .await;
    app.db
        .execute(&format!(
            "update public.blog_posts set description = 'New rules.', excerpt = '  ' where id = '{thin}';
             insert into public.blog_posts (slug, title, description, content, category, published)
             values ('health-draft', 'Prior Authorization Checklist', 'A draft', '<a href=\"/nowhere\">x</a><img src=\"/y.png\">', 'Billing', false);
             update public.page_seo_settings set content = '<p><a href=\"/no/such/page\">a dead end</a></p>'
              where page_route = '/about';"
        ))
        .await;
    let about: String = app
        .db
        .scalar("select id::text from public.page_seo_settings where page_route = '/about'")
        .await;

    let results = checked(app, &[fine.clone(), gone.clone(), no_head.clone()]).await;
    let status = |url: &str| {
        let row = results.iter().find(|row| row["url"] == url).unwrap();
        (row["status"].clone(), row["http_status"].clone())
    };
    assert_eq!(status(&fine), (json!("ok"), json!(200)));
    assert_eq!(status(&gone), (json!("broken"), json!(404)));
    assert_eq!(status(&no_head), (json!("ok"), json!(200)));
    // The checker names the site, asks with HEAD, and with GET only where HEAD is refused.
    let mut seen = other_site.requests();
    seen.sort_by(|a, b| (&a.path, &a.method).cmp(&(&b.path, &b.method)));
    let seen: Vec<(&str, &str)> = seen
        .iter()
        .map(|seen| {
            assert_eq!(
                seen.user_agent,
                "ClaimBridgeLinkChecker/1.0 (+https://www.claimbridge.com)"
            );
            (seen.method.as_str(), seen.path.as_str())
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("HEAD", "/fine"),
            ("HEAD", "/gone"),
            ("GET", "/no-head"),
            ("HEAD", "/no-head")
        ]
    );

    // The scan that saw the last change is done: the page's link is judged.
    let rows = eventually(
        Duration::from_secs(10),
        Duration::from_millis(100),
        async || {
            let rows = site_health(app, &owner).await;
            if rows_of(&rows, "broken_internal_link", &about).is_empty() {
                return Err(format!(
                    "the page's broken link is not reported yet: {rows:?}"
                ));
            }
            Ok(rows)
        },
    )
    .await;
    let post_fix = format!("/admin/blog/{links}");
    let broken_inside = rows_of(&rows, "broken_internal_link", &links);
    assert_eq!(broken_inside.len(), 1, "{broken_inside:?}");
    assert_eq!(broken_inside[0]["title"], "Broken link: /blog/no-such-post");
    assert_eq!(
        broken_inside[0]["detail"],
        "No published post at this address"
    );
    assert_eq!(broken_inside[0]["severity"], "error");
    assert_eq!(broken_inside[0]["source_type"], "post");
    assert_eq!(broken_inside[0]["source_label"], "Links of every kind");
    assert_eq!(broken_inside[0]["fix_path"], post_fix);

    let broken_outside = rows_of(&rows, "broken_external_link", &links);
    assert_eq!(broken_outside.len(), 1, "{broken_outside:?}");
    assert_eq!(broken_outside[0]["title"], format!("Broken link: {gone}"));
    assert_eq!(
        broken_outside[0]["detail"],
        "The site answered 404 Not Found"
    );
    assert_eq!(broken_outside[0]["severity"], "error");
    assert_eq!(broken_outside[0]["fix_path"], post_fix);

    let no_alt = rows_of(&rows, "image_without_alt", &links);
    assert_eq!(no_alt.len(), 1, "{no_alt:?}");
    assert_eq!(
        no_alt[0]["title"],
        "Image without alt text: /images/chart.svg?v=2"
    );
    assert_eq!(no_alt[0]["fix_path"], post_fix);

    let no_image = rows_of(&rows, "missing_featured_image", &links);
    assert_eq!(no_image.len(), 1);
    assert_eq!(no_image[0]["fix_path"], post_fix);

    for (post, other) in [(&first, "checklist-two"), (&second, "checklist-one")] {
        let duplicate = rows_of(&rows, "duplicate_title", post);
        assert_eq!(duplicate.len(), 1, "{post}: {rows:?}");
        assert_eq!(duplicate[0]["fix_path"], format!("/admin/blog/{post}"));
        assert_eq!(
            duplicate[0]["detail"],
            format!("Also the title of: /blog/{other}. Give each post its own title.")
        );
    }
    let thin_rows = rows_of(&rows, "missing_meta_description", &thin);
    assert_eq!(thin_rows.len(), 1);
    assert_eq!(thin_rows[0]["title"], "Meta description too short");

    let page_link = rows_of(&rows, "broken_internal_link", &about);
    assert_eq!(page_link.len(), 1);
    assert_eq!(page_link[0]["title"], "Broken link: /no/such/page");
    assert_eq!(page_link[0]["source_type"], "page");
    assert_eq!(page_link[0]["fix_path"], "/admin/content");

    // What works is not reported, nor is a draft; errors come first.
    let text = serde_json::to_string(&rows).unwrap();
    for fine in [
        "Broken link: /about",
        "Broken link: /contact",
        "/images/chart.svg\"",
        "/fine",
        "/no-head",
        "/nowhere",
        "/y.png",
    ] {
        assert!(!text.contains(fine), "{fine} reported: {text}");
    }
    for kind in [
        "missing_featured_image",
        "duplicate_title",
        "missing_meta_description",
    ] {
        for post in [&links, &first, &second, &thin] {
            let expected = match kind {
                "missing_featured_image" => post == &links,
                "duplicate_title" => post == &first || post == &second,
                _ => post == &thin,
            };
            assert_eq!(
                !rows_of(&rows, kind, post).is_empty(),
                expected,
                "{kind} {post}"
            );
        }
    }
    let severities: Vec<&str> = rows
        .iter()
        .map(|row| row["severity"].as_str().unwrap())
        .collect();
    assert!(
        severities.is_sorted_by_key(|severity| *severity == "warning"),
        "{severities:?}"
    );
    // Nothing but the planted local site was requested.
    let outside: i64 = app
        .db
        .count(&format!(
            "select count(*) from public.link_checks where not internal and url not like 'http://{other}/%'"
        ))
        .await;
    assert_eq!(outside, 0);

    let summary = owner
        .query(
            &app.db.pool,
            "select public.site_health_summary() as summary",
        )
        .await
        .unwrap()[0]["summary"]
        .clone();
    assert!(summary["last_run"].is_string(), "{summary}");
    assert_eq!(summary["pending"], 0, "{summary}");
    assert!(summary["links_checked"].as_i64().unwrap() >= 6, "{summary}");

    // Fixed in the editor: the next scan (woken by the change) drops the finding.
    app.db
        .execute(&format!(
            "update public.blog_posts
                set content = replace(content, '/blog/no-such-post', '/blog/checklist-one')
              where id = '{links}'"
        ))
        .await;
    eventually(
        Duration::from_secs(10),
        Duration::from_millis(100),
        async || {
            let rows = site_health(app, &owner).await;
            match rows_of(&rows, "broken_internal_link", &links).len() {
                0 => Ok(()),
                _ => Err(format!("the fixed link is still reported: {rows:?}")),
            }
        },
    )
    .await;
    let fixed: Vec<Value> = app
        .db
        .json_rows("select status from public.link_checks where url = '/blog/checklist-one'")
        .await;
    assert_eq!(fixed, [json!({"status": "ok"})]);
    assert_eq!(
        app.db
            .count("select count(*) from public.link_checks where url = '/blog/no-such-post'")
            .await,
        0,
        "a link no content has any more is forgotten"
    );
}
