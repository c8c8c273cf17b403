//! The 301s the database adds by itself: a published post's slug change and a page's route
//! change; content published at a redirected path takes it back.
use super::*;

/// A published post, a draft and a scheduled post.
async fn with_posts(app: &TestApp) {
    app.db
        .execute(
            "insert into blog_posts (slug, title, description, category, published, publish_at) values
               ('prior-auth-guide', 'Prior authorization guide', 'd', 'Compliance', true, null),
               ('draft-post', 'A draft', 'd', 'News', false, null),
               ('scheduled-post', 'Coming soon', 'd', 'News', true, now() + interval '1 day')",
        )
        .await;
}

/// Renames the post at `from` to `to` as `token`, expecting it done.
async fn rename_post(app: &TestApp, token: &str, from: &str, to: &str) {
    let (status, rows) = rest_as(app, Some(token))
        .patch(&format!("blog_posts?slug=eq.{from}"), json!({"slug": to}))
        .await;
    assert_eq!(
        (status, rows.as_array().map(Vec::len)),
        (200, Some(1)),
        "{rows}"
    );
}

#[tokio::test]
async fn renaming_a_published_posts_slug_adds_a_301_and_a_draft_or_scheduled_post_gets_none() {
    let app = spawn_app().await;
    with_posts(&app).await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();

    rename_post(
        &app,
        &editor,
        "prior-auth-guide",
        "prior-authorization-guide",
    )
    .await;
    assert_eq!(
        rules(&app).await,
        [
            json!({"source_path": "/blog/prior-auth-guide", "match_type": "exact",
                "target": "/blog/prior-authorization-guide", "status_code": 301, "automatic": true})
        ]
    );
    assert_eq!(
        app.db.json_rows("select note from redirects").await,
        [json!({"note": "Post slug changed: Prior authorization guide"})]
    );
    // Nobody outside ever saw these at their old URL.
    rename_post(&app, &editor, "draft-post", "renamed-draft").await;
    rename_post(&app, &editor, "scheduled-post", "renamed-scheduled").await;
    // Saving a post without changing its slug adds nothing either.
    let (status, _) = rest_as(&app, Some(&editor))
        .patch(
            "blog_posts?slug=eq.prior-authorization-guide",
            json!({"slug": "prior-authorization-guide", "published": true, "title": "Prior auth"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(app.db.count("select count(*) from redirects").await, 1);
}

#[tokio::test]
async fn renaming_a_post_back_and_forth_leaves_single_working_rules() {
    let app = spawn_app().await;
    with_posts(&app).await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();

    // a -> b -> a: the post is back at its first URL, which no rule may hide.
    rename_post(&app, &editor, "prior-auth-guide", "prior-auth").await;
    rename_post(&app, &editor, "prior-auth", "prior-auth-guide").await;
    assert_eq!(
        targets(&app).await,
        [to("/blog/prior-auth", "/blog/prior-auth-guide")]
    );
    // a -> b -> c: both old URLs lead to the new one in one hop.
    rename_post(&app, &editor, "prior-auth-guide", "pa-guide").await;
    rename_post(&app, &editor, "pa-guide", "prior-authorization").await;
    assert_eq!(
        targets(&app).await,
        [
            to("/blog/pa-guide", "/blog/prior-authorization"),
            to("/blog/prior-auth", "/blog/prior-authorization"),
            to("/blog/prior-auth-guide", "/blog/prior-authorization"),
        ]
    );
    // ... and c -> a again.
    rename_post(&app, &editor, "prior-authorization", "pa-guide").await;
    assert_eq!(
        targets(&app).await,
        [
            to("/blog/prior-auth", "/blog/pa-guide"),
            to("/blog/prior-auth-guide", "/blog/pa-guide"),
            to("/blog/prior-authorization", "/blog/pa-guide"),
        ]
    );
}

#[tokio::test]
async fn changing_a_pages_route_adds_a_301_and_changing_it_back_removes_it() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let move_page = async |from: &str, to: &str| {
        let (status, rows) = rest_as(&app, Some(&editor))
            .patch(
                &format!("page_seo_settings?page_route=eq.{from}"),
                json!({"page_route": to}),
            )
            .await;
        assert_eq!(
            (status, rows.as_array().map(Vec::len)),
            (200, Some(1)),
            "{rows}"
        );
    };
    move_page("/about", "/about-us").await;
    assert_eq!(
        rules(&app).await,
        [
            json!({"source_path": "/about", "match_type": "exact", "target": "/about-us",
                "status_code": 301, "automatic": true})
        ]
    );
    move_page("/about-us", "/company").await;
    assert_eq!(
        targets(&app).await,
        [to("/about", "/company"), to("/about-us", "/company")]
    );
    move_page("/company", "/about").await;
    assert_eq!(
        targets(&app).await,
        [to("/about-us", "/about"), to("/company", "/about")]
    );
}

#[tokio::test]
async fn content_published_at_a_redirected_path_takes_it_back() {
    let app = spawn_app().await;
    let team = StaffTeam::new(&app.db).await;
    let editor = team.editor.jwt();
    for (source, target) in [
        ("/blog/new-guide", "/blog"),
        ("/blog/later-guide", "/blog"),
        ("/careers-2027", "/careers"),
    ] {
        add_rule(
            &app,
            &editor,
            json!({"source_path": source, "target": target}),
        )
        .await;
    }
    // A post published there: the rule would hide it.
    let (status, body) = rest_as(&app, Some(&editor))
        .post(
            "blog_posts",
            json!({"slug": "new-guide", "title": "New guide", "description": "d",
                    "category": "News", "published": true}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    // An author's draft takes nothing (an author cannot change rules); its publication does.
    let (status, body) = rest_as(&app, Some(&team.author.jwt()))
        .post(
            "blog_posts",
            json!({"slug": "later-guide", "title": "Later guide", "description": "d",
                    "category": "News"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        targets(&app).await,
        [
            to("/blog/later-guide", "/blog"),
            to("/careers-2027", "/careers")
        ]
    );
    let (status, _) = rest_as(&app, Some(&editor))
        .patch("blog_posts?slug=eq.later-guide", json!({"published": true}))
        .await;
    assert_eq!(status, 200);
    // A page set up at a redirected route.
    let (status, body) = rest_as(&app, Some(&editor))
        .post(
            "page_seo_settings",
            json!({"page_route": "/careers-2027/", "page_name": "Careers 2027"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(targets(&app).await, []);
}
