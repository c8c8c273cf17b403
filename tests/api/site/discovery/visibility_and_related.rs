//! Drafts and scheduled posts are never listed, related or found, whoever asks; related posts
//! share tags and category first, then words, then the newest.
use super::*;

#[tokio::test]
async fn drafts_and_scheduled_posts_are_never_listed_related_or_found_whoever_asks() {
    let app = app().await;
    add_posts(
        &app,
        &[
            (
                "wombat-live",
                "Wombat billing primer",
                "Live",
                "<p>Wombats burrow.</p>",
                "Zoology",
                &["Wombats"],
                "live",
            ),
            (
                "other-live",
                "Other post",
                "Live too",
                "<p>Nothing here.</p>",
                "Zoology",
                &["Wombats"],
                "live",
            ),
            (
                "wombat-draft",
                "Wombat draft secrets",
                "A draft",
                "<p>Wombat secrets.</p>",
                "Zoology",
                &["Wombats", "Hidden Tag"],
                "draft",
            ),
            (
                "wombat-scheduled",
                "Wombat scheduled news",
                "Soon",
                "<p>Wombat news.</p>",
                "Zoology",
                &["Wombats", "Future Tag"],
                "scheduled",
            ),
        ],
    )
    .await;
    let editor = add_staff(&app.db, "editor", "Erin Editor").await.jwt();
    for token in [None, Some(editor.as_str())] {
        let who = if token.is_some() { "an editor" } else { "anon" };
        assert_eq!(
            paths(&search(&app, "wombat", token).await),
            ["/blog/wombat-live"],
            "{who}"
        );
        assert_eq!(search(&app, "secrets", token).await["total"], 0, "{who}");
        assert_eq!(
            search(&app, "scheduled news", token).await["total"],
            0,
            "{who}"
        );
        let wombats = archive(&app, json!({"kind": "tag", "slug": "wombats"}), token).await;
        assert_eq!(slugs(&wombats), ["other-live", "wombat-live"], "{who}");
        assert_eq!(wombats["total"], 2, "{who}");
        for slug in ["hidden-tag", "future-tag"] {
            call(
                &app,
                "blog_archive",
                json!({"kind": "tag", "slug": slug}),
                token,
            )
            .await
            .assert_text(200, "null");
        }
        assert_eq!(
            related(&app, json!({"post_slug": "wombat-live"}), token).await,
            ["other-live"],
            "{who}"
        );
        let mut of_the_draft = related(&app, json!({"post_slug": "wombat-draft"}), token).await;
        of_the_draft.sort();
        assert_eq!(
            of_the_draft,
            ["other-live", "wombat-live"],
            "{who}: visible posts only"
        );
        let listed = answer(&app, "blog_taxonomies", json!({}), token).await;
        assert_eq!(strings(&listed, "slug"), ["zoology", "wombats"], "{who}");
    }

    // Due now: found from the moment it shows on the site.
    app.db
        .execute("update public.blog_posts set publish_at = now() - interval '1 second' where slug = 'wombat-scheduled'")
        .await;
    let mut found = paths(&search(&app, "wombat", None).await);
    found.sort();
    assert_eq!(found, ["/blog/wombat-live", "/blog/wombat-scheduled"]);
}

#[tokio::test]
async fn related_posts_share_tags_and_category_first_then_words_then_the_newest_never_itself() {
    let app = app().await;
    let plain = "Office news.";
    add_posts(
        &app,
        &[
            (
                "older-unrelated",
                "Holiday office hours",
                plain,
                "",
                "News",
                &[],
                "live",
            ),
            (
                "similar-words",
                "Prior authorization checklist for oxygen",
                plain,
                "",
                "News",
                &[],
                "live",
            ),
            (
                "one-tag",
                "Quarterly review",
                plain,
                "",
                "News",
                &["Oxygen"],
                "live",
            ),
            (
                "two-tags",
                "Year in review",
                plain,
                "",
                "News",
                &["CPAP", "oxygen"],
                "live",
            ),
            (
                "same-category-and-tag",
                "Team update",
                plain,
                "",
                "Prior Authorization",
                &["cpap"],
                "live",
            ),
            (
                "me",
                "Oxygen prior authorization checklist",
                "What to send.",
                "",
                "Prior Authorization",
                &["CPAP", "Oxygen"],
                "live",
            ),
            (
                "draft-twin",
                "Oxygen prior authorization checklist draft",
                plain,
                "",
                "Prior Authorization",
                &["CPAP", "Oxygen"],
                "draft",
            ),
            (
                "newest-unrelated",
                "Welcome to the team",
                plain,
                "",
                "News",
                &[],
                "live",
            ),
        ],
    )
    .await;
    assert_eq!(
        related(&app, json!({"post_slug": "me", "max_results": 12}), None).await,
        [
            "same-category-and-tag",
            "two-tags",
            "one-tag",
            "similar-words",
            "newest-unrelated",
            "older-unrelated"
        ]
    );
    assert_eq!(
        related(&app, json!({"post_slug": "me"}), None).await,
        ["same-category-and-tag", "two-tags", "one-tag"],
        "three unless asked"
    );
    assert_eq!(
        related(&app, json!({"post_slug": "me", "max_results": 0}), None)
            .await
            .len(),
        1
    );
    // No post at that slug (a hand-made article without a row): the newest.
    assert_eq!(
        related(
            &app,
            json!({"post_slug": "no-such-post", "max_results": 3}),
            None
        )
        .await,
        ["newest-unrelated", "me", "same-category-and-tag"]
    );
    let rows = answer(
        &app,
        "related_posts",
        json!({"post_slug": "me", "max_results": 1}),
        None,
    )
    .await;
    assert_eq!(
        sorted_keys(&rows[0]),
        [
            "category",
            "created_at",
            "description",
            "id",
            "read_time",
            "slug",
            "title"
        ]
    );

    // At most twelve.
    app.db
        .execute(
            "insert into public.blog_posts (slug, title, description, category, tags, published)
             select 'filler-' || n, 'Filler ' || n, 'More', 'News', '{}', true from generate_series(1, 20) n",
        )
        .await;
    assert_eq!(
        related(&app, json!({"post_slug": "me", "max_results": 100}), None)
            .await
            .len(),
        12
    );
}
