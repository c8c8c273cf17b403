//! Category, tag and author archives: paged, newest first, null when nobody knows the archive,
//! empty with only its SEO row; bad arguments; the slugs the frontend computes too.
use super::*;

/// Inserts a blog_taxonomy_seo row as `token` (None: anon).
async fn write_seo(app: &TestApp, token: Option<String>, row: Value) -> Reply {
    let call = post(app, "/blog_taxonomy_seo", &row);
    match token {
        Some(token) => call.bearer(&token).await,
        None => call.await,
    }
}

fn instant(value: &Value) -> chrono::DateTime<chrono::FixedOffset> {
    chrono::DateTime::parse_from_rfc3339(
        value.as_str().unwrap_or_else(|| panic!("a time: {value}")),
    )
    .unwrap_or_else(|e| panic!("{value}: {e}"))
}

#[tokio::test]
async fn archives_list_visible_posts_newest_first_in_pages_named_as_their_newest_post() {
    let app = app().await;
    app.db
        .execute(
            "insert into public.blog_posts (slug, title, description, category, tags, author_name,
                    published, created_at, updated_at)
             select 'appeal-' || n, 'Appeal letter ' || n, 'How to appeal ' || n, 'Denial Appeals',
                    array['Appeals', 'Medicare Part B'], 'Renee Okafor', true,
                    timestamptz '2026-01-01 10:00:00+00' + n * interval '1 day',
                    timestamptz '2026-03-01 10:00:00+00' - n * interval '1 hour'
               from generate_series(1, 13) n;
             -- The newest two, created at the same moment: by slug. The newest spells the tag its way.
             insert into public.blog_posts (slug, title, description, category, tags, author_name,
                    published, created_at, updated_at)
             values ('tie-b', 'Tie B', 'Second of two', 'Denial Appeals', array['Medicare Part B'],
                     'Renee Okafor', true, '2026-02-01 10:00:00+00', '2026-02-01 10:00:00+00'),
                    ('tie-a', 'Tie A', 'First of two', 'Denial Appeals', array['medicare part b', 'CPAP'],
                     'Renee Okafor', true, '2026-02-01 10:00:00+00', '2026-03-02 08:00:00+00');
             -- Never in the archives: a draft, a scheduled post, another category.
             insert into public.blog_posts (slug, title, description, category, tags, author_name,
                    published, publish_at, created_at)
             values ('appeal-draft', 'Draft', 'Not yet', 'Denial Appeals', array['Medicare Part B'],
                     'Renee Okafor', false, null, '2026-03-01 10:00:00+00'),
                    ('appeal-scheduled', 'Scheduled', 'Soon', 'Denial Appeals', array['Medicare Part B'],
                     'Renee Okafor', true, now() + interval '1 day', '2026-03-01 10:00:00+00'),
                    ('other-topic', 'Other', 'Elsewhere', 'Compliance', array['Audits'],
                     'Someone Else', true, null, '2026-03-01 10:00:00+00');",
        )
        .await;
    let newest_first: Vec<String> = ["tie-a", "tie-b"]
        .into_iter()
        .map(String::from)
        .chain((1..=13).rev().map(|n| format!("appeal-{n}")))
        .collect();

    let first = archive(
        &app,
        json!({"kind": "category", "slug": "denial-appeals"}),
        None,
    )
    .await;
    assert_eq!(first["kind"], "category");
    assert_eq!(first["slug"], "denial-appeals");
    assert_eq!(first["name"], "Denial Appeals");
    assert_eq!(first["meta_title"], Value::Null);
    assert_eq!(first["meta_description"], Value::Null);
    assert_eq!(
        (
            first["total"].as_i64(),
            first["page"].as_i64(),
            first["page_size"].as_i64()
        ),
        (Some(15), Some(1), Some(12))
    );
    assert_eq!(slugs(&first), newest_first[..12]);
    assert_eq!(
        instant(&first["last_modified"]),
        instant(&json!("2026-03-02T08:00:00Z")),
        "the latest change of its posts"
    );
    // /blog's card columns, and the tags and author.
    let card = &first["posts"][0];
    assert_eq!(
        sorted_keys(card),
        [
            "author_name",
            "category",
            "created_at",
            "description",
            "id",
            "read_time",
            "slug",
            "tags",
            "title"
        ]
    );
    assert_eq!(card["tags"], json!(["medicare part b", "CPAP"]));
    assert_eq!(card["author_name"], "Renee Okafor");
    assert_eq!(
        instant(&card["created_at"]),
        instant(&json!("2026-02-01T10:00:00Z"))
    );

    let second = archive(
        &app,
        json!({"kind": "category", "slug": "denial-appeals", "page": 2}),
        None,
    )
    .await;
    assert_eq!(slugs(&second), newest_first[12..]);
    assert_eq!(second["total"], 15);
    let past_the_end = archive(
        &app,
        json!({"kind": "category", "slug": "denial-appeals", "page": 3}),
        None,
    )
    .await;
    assert_eq!(
        (past_the_end["posts"].clone(), past_the_end["total"].clone()),
        (json!([]), json!(15))
    );
    let small = archive(
        &app,
        json!({"kind": "category", "slug": "denial-appeals", "page": 3, "page_size": 5}),
        None,
    )
    .await;
    assert_eq!(slugs(&small), newest_first[10..15]);

    // A tag: matched by its slug whatever the spelling, named as on the newest post.
    let tag = archive(
        &app,
        json!({"kind": "tag", "slug": "medicare-part-b"}),
        None,
    )
    .await;
    assert_eq!(
        (tag["name"].clone(), tag["total"].clone()),
        (json!("medicare part b"), json!(15))
    );
    assert_eq!(slugs(&tag), newest_first[..12]);
    let cpap = archive(&app, json!({"kind": "tag", "slug": "cpap"}), None).await;
    assert_eq!(
        (slugs(&cpap), cpap["name"].clone()),
        (vec!["tie-a".to_owned()], json!("CPAP"))
    );
    // An author: by the slug of author_name.
    let author = archive(
        &app,
        json!({"kind": "author", "slug": "renee-okafor"}),
        None,
    )
    .await;
    assert_eq!(
        (author["name"].clone(), author["total"].clone()),
        (json!("Renee Okafor"), json!(15))
    );
    assert_eq!(slugs(&author), newest_first[..12]);

    // Every archive of the visible posts, by kind and name, with its posts and last change.
    let all = answer(&app, "blog_taxonomies", json!({}), None).await;
    let listed: Vec<(String, String, String, i64)> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["kind"].as_str().unwrap().to_owned(),
                row["slug"].as_str().unwrap().to_owned(),
                row["name"].as_str().unwrap().to_owned(),
                row["posts"].as_i64().unwrap(),
            )
        })
        .collect();
    let row = |kind: &str, slug: &str, name: &str, posts: i64| {
        (kind.to_owned(), slug.to_owned(), name.to_owned(), posts)
    };
    assert_eq!(
        listed,
        vec![
            row("author", "renee-okafor", "Renee Okafor", 15),
            row("author", "someone-else", "Someone Else", 1),
            row("category", "compliance", "Compliance", 1),
            row("category", "denial-appeals", "Denial Appeals", 15),
            row("tag", "appeals", "Appeals", 13),
            row("tag", "audits", "Audits", 1),
            row("tag", "cpap", "CPAP", 1),
            row("tag", "medicare-part-b", "medicare part b", 15),
        ]
    );
    assert_eq!(
        instant(&all[3]["last_modified"]),
        instant(&json!("2026-03-02T08:00:00Z"))
    );
}

#[tokio::test]
async fn an_unknown_archive_is_null_and_an_seo_row_alone_makes_an_empty_one() {
    let app = app().await;
    add_posts(
        &app,
        &[
            (
                "live",
                "Live",
                "On the site",
                "",
                "Billing",
                &["Modifiers"],
                "live",
            ),
            (
                "hidden",
                "Hidden",
                "A draft",
                "",
                "Secret Plans",
                &["Unreleased"],
                "draft",
            ),
            (
                "later",
                "Later",
                "Scheduled",
                "",
                "Future Things",
                &["Upcoming"],
                "scheduled",
            ),
        ],
    )
    .await;
    for (kind, slug) in [
        ("tag", "nothing-here"),
        ("category", "secret-plans"),
        ("tag", "unreleased"),
        ("category", "future-things"),
        ("tag", "upcoming"),
        ("author", "nobody"),
    ] {
        let reply = call(
            &app,
            "blog_archive",
            json!({"kind": kind, "slug": slug}),
            None,
        )
        .await;
        reply.assert_text(200, "null");
    }

    let editor = add_staff(&app.db, "editor", "Erin Editor").await.jwt();
    let author = add_staff(&app.db, "author", "Avery Author").await.jwt();
    let row = json!({"kind": "tag", "slug": "coming-soon", "name": "Coming Soon",
                     "meta_title": "Coming soon to the blog", "meta_description": "Posts on what is next."});
    let write = |token: Option<String>, row: Value| write_seo(&app, token, row);
    assert_eq!(
        write(None, row.clone()).await.status,
        401,
        "anon writes nothing"
    );
    assert_eq!(
        write(Some(author), row.clone()).await.status,
        403,
        "nor does an author"
    );
    write(
        Some(editor.clone()),
        json!({"kind": "tag", "slug": "coming-soon", "name": "Something Else"}),
    )
    .await
    .assert_error_with(
        400,
        "22023",
        &json!({"message": "The name \"Something Else\" does not match the address coming-soon",
                "hint": "Its address would be something-else"}),
    );
    assert_eq!(write(Some(editor.clone()), row).await.status, 201);
    // Blank texts are the defaults.
    assert_eq!(
        write(Some(editor.clone()), json!({"kind": "category", "slug": "billing", "meta_title": "Billing guides", "meta_description": "  "})).await.status,
        201
    );

    assert_eq!(
        archive(&app, json!({"kind": "tag", "slug": "coming-soon"}), None).await,
        json!({"kind": "tag", "slug": "coming-soon", "name": "Coming Soon",
               "meta_title": "Coming soon to the blog", "meta_description": "Posts on what is next.",
               "total": 0, "page": 1, "page_size": 12, "last_modified": null, "posts": []})
    );
    let billing = archive(&app, json!({"kind": "category", "slug": "billing"}), None).await;
    assert_eq!(
        (
            billing["name"].clone(),
            billing["meta_title"].clone(),
            billing["meta_description"].clone(),
            slugs(&billing)
        ),
        (
            json!("Billing"),
            json!("Billing guides"),
            Value::Null,
            vec!["live".to_owned()]
        )
    );
    let listed = answer(&app, "blog_taxonomies", json!({}), None).await;
    assert_eq!(
        listed,
        json!([
            {"kind": "category", "slug": "billing", "name": "Billing", "posts": 1,
             "last_modified": listed[0]["last_modified"]},
            {"kind": "tag", "slug": "coming-soon", "name": "Coming Soon", "posts": 0, "last_modified": null},
            {"kind": "tag", "slug": "modifiers", "name": "Modifiers", "posts": 1,
             "last_modified": listed[2]["last_modified"]},
        ]),
        "no archive of a draft or a scheduled post"
    );
    assert_eq!(
        app.db
            .count("select count(*) from public.admin_activity where entity = 'blog_taxonomy' and entity_id = 'tag/coming-soon'")
            .await,
        1,
        "an editor's save is in the activity log"
    );
}

#[tokio::test]
async fn out_of_range_arguments_are_a_400_that_says_why() {
    let app = app().await;
    let cases = [
        (
            "blog_archive",
            json!({"kind": "topic", "slug": "x"}),
            "An archive is of a category, a tag or an author",
        ),
        (
            "blog_archive",
            json!({"kind": "tag", "slug": "x", "page": 0}),
            "Pages are numbered from 1",
        ),
        (
            "blog_archive",
            json!({"kind": "tag", "slug": "x", "page": -1}),
            "Pages are numbered from 1",
        ),
        (
            "blog_archive",
            json!({"kind": "tag", "slug": "x", "page_size": 0}),
            "A page lists from 1 to 50 posts",
        ),
        (
            "blog_archive",
            json!({"kind": "tag", "slug": "x", "page_size": 51}),
            "A page lists from 1 to 50 posts",
        ),
        (
            "search_site",
            json!({"q": "x".repeat(201)}),
            "The search is too long: 200 characters at most.",
        ),
        (
            "search_site",
            json!({"q": "x", "page": 0}),
            "Search results go from page 1 to page 100.",
        ),
        (
            "search_site",
            json!({"q": "x", "page": 101}),
            "Search results go from page 1 to page 100.",
        ),
        (
            "search_site",
            json!({"q": "x", "page_size": 51}),
            "A page shows from 1 to 50 search results.",
        ),
        (
            "record_search",
            json!({"q": "x", "results": -1}),
            "results is how many results the search found (0 or more)",
        ),
    ];
    for (name, args, message) in cases {
        call(&app, name, args, None)
            .await
            .assert_error_message(400, "22023", message);
    }
    // 200 characters is not too long.
    assert_eq!(search(&app, &"x".repeat(200), None).await["total"], 0);
}

#[tokio::test]
async fn taxonomy_slugs_are_the_ones_the_frontend_computes() {
    let app = app().await;
    let path =
        cb_tests::workspace_root().join("frontend/src/features/blog/taxonomy-slug-vectors.json");
    let vectors: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(vectors.len() >= 15, "{}", vectors.len());
    for vector in &vectors {
        let name = vector["name"].as_str().expect("a name");
        let slug: Option<String> = sqlx::query_scalar("select public.taxonomy_slug($1)")
            .bind(name)
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
        assert_eq!(slug.as_deref(), vector["slug"].as_str(), "{name:?}");
    }
    // And as the site calls it.
    assert_eq!(
        answer(
            &app,
            "taxonomy_slug",
            json!({"name": "HME/DME Billing"}),
            None
        )
        .await,
        json!("hme-dme-billing")
    );
}
