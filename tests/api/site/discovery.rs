//! Finding more, over /rest/v1 as the site and the admin call it (migration 20261206000600):
//! category, tag and author archives (paged, newest first; null when nobody knows the archive,
//! empty with only its SEO row), related posts, the site search (ranking, stemming, websearch
//! syntax, typos, snippets, suggestions, one result per path) and its index following every
//! edit, search counts without personal data, and the slugs the frontend computes too. Drafts and
//! scheduled posts are never listed, related or found, whoever asks.
use cb_db::sqlx;
use cb_tests::{TestApp, add_account, add_staff};
use serde_json::{Value, json};

use super::{dist, spawn_site};
use crate::rest::{Reply, post};

/// The app over a build with no server renderer: the server then adds no page of its own to
/// the search index, which holds only what a test puts there. No post or whitepaper of the seed
/// is left either.
async fn app() -> TestApp {
    // Read at start; these tests use only /rest/v1, so the folder may go once the app is up.
    let dist = dist();
    let app = spawn_site(&dist, &[]).await;
    app.db
        .execute("delete from public.blog_posts; delete from public.whitepapers;")
        .await;
    app
}

/// Calls `name` with `args` as `token` (None: anon).
async fn call(app: &TestApp, name: &str, args: Value, token: Option<&str>) -> Reply {
    let call = post(app, &format!("/rpc/{name}"), &args);
    match token {
        Some(token) => call.bearer(token).await,
        None => call.await,
    }
}

/// Calls `name` as `token`, expecting 200: the answer.
async fn answer(app: &TestApp, name: &str, args: Value, token: Option<&str>) -> Value {
    let reply = call(app, name, args, token).await;
    assert_eq!(reply.status, 200, "{}: {}", reply.request, reply.text);
    reply.json()
}

async fn archive(app: &TestApp, args: Value, token: Option<&str>) -> Value {
    answer(app, "blog_archive", args, token).await
}

async fn search(app: &TestApp, q: &str, token: Option<&str>) -> Value {
    answer(app, "search_site", json!({"q": q}), token).await
}

async fn related(app: &TestApp, args: Value, token: Option<&str>) -> Vec<String> {
    let rows = answer(app, "related_posts", args, token).await;
    strings(&rows, "slug")
}

/// The `field` of each row of an array.
fn strings(rows: &Value, field: &str) -> Vec<String> {
    rows.as_array()
        .unwrap_or_else(|| panic!("not an array: {rows}"))
        .iter()
        .map(|row| {
            row[field]
                .as_str()
                .unwrap_or_else(|| panic!("{field}: {row}"))
                .to_owned()
        })
        .collect()
}

fn slugs(archive: &Value) -> Vec<String> {
    strings(&archive["posts"], "slug")
}

fn paths(found: &Value) -> Vec<String> {
    strings(&found["results"], "path")
}

/// A post to add: slug, title, description, HTML content, category, tags and state ("live",
/// "draft" or "scheduled": published, due tomorrow).
type NewPost<'a> = (
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a str,
    &'a [&'a str],
    &'a str,
);

/// Adds posts as the database owner, created a day apart in the given order (the last the
/// newest).
async fn add_posts(app: &TestApp, posts: &[NewPost<'_>]) {
    for (n, (slug, title, description, content, category, tags, state)) in posts.iter().enumerate()
    {
        let tags: Vec<String> = tags.iter().map(|tag| cb_db::quote_literal(tag)).collect();
        app.db
            .execute(&format!(
                "insert into public.blog_posts (slug, title, description, content, category, tags,
                        published, publish_at, created_at, updated_at)
                 values ({}, {}, {}, {}, {}, array[{}]::text[], {}, {}, {created}, {created})",
                cb_db::quote_literal(slug),
                cb_db::quote_literal(title),
                cb_db::quote_literal(description),
                cb_db::quote_literal(content),
                cb_db::quote_literal(category),
                tags.join(", "),
                *state != "draft",
                if *state == "scheduled" {
                    "now() + interval '1 day'"
                } else {
                    "null"
                },
                created = format!("timestamptz '2026-01-01 09:00:00+00' + interval '{n} days'"),
            ))
            .await;
    }
}

/// Inserts a blog_taxonomy_seo row as `token` (None: anon).
async fn write_seo(app: &TestApp, token: Option<String>, row: Value) -> Reply {
    let call = post(app, "/blog_taxonomy_seo", &row);
    match token {
        Some(token) => call.bearer(&token).await,
        None => call.await,
    }
}

/// The paths search_site finds for `q`, as anon.
async fn found(app: &TestApp, q: &str) -> Vec<String> {
    paths(&search(app, q, None).await)
}

/// private.sync_search_pages(docs), as the server calls it (the database owner).
async fn sync_pages(app: &TestApp, docs: Value) -> Result<i32, sqlx::Error> {
    sqlx::query_scalar("select private.sync_search_pages($1)")
        .bind(docs)
        .fetch_one(&app.db.pool)
        .await
}

/// record_search as anon, which answers 204.
async fn record_search(app: &TestApp, q: String, results: i64) {
    call(
        app,
        "record_search",
        json!({"q": q, "results": results}),
        None,
    )
    .await
    .assert_text(204, "");
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
    let mut keys: Vec<&str> = card
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
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
    let mut keys: Vec<&str> = rows[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
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

#[tokio::test]
async fn search_ranks_titles_over_descriptions_over_bodies_and_marks_the_words_found() {
    let app = app().await;
    add_posts(
        &app,
        &[
            (
                "in-body",
                "Field journal",
                "Daily notes.",
                "<p>On the river we saw a <strong>capybara</strong> today &amp; yesterday.</p>",
                "Nature",
                &[],
                "live",
            ),
            (
                "in-description",
                "Animal notes",
                "All about the capybara.",
                "<p>Nothing else.</p>",
                "Nature",
                &[],
                "live",
            ),
            (
                "in-title",
                "Capybara care guide",
                "Plain words.",
                "<p>Feeding and housing.</p>",
                "Nature",
                &[],
                "live",
            ),
        ],
    )
    .await;
    let found = search(&app, "Capybara", None).await;
    assert_eq!(
        (
            found["query"].clone(),
            found["total"].clone(),
            found["page"].clone(),
            found["page_size"].clone()
        ),
        (json!("Capybara"), json!(3), json!(1), json!(10))
    );
    assert_eq!(
        paths(&found),
        ["/blog/in-title", "/blog/in-description", "/blog/in-body"]
    );
    assert_eq!(found["suggestions"], json!([]));
    let body_hit = &found["results"][2];
    assert_eq!(
        (
            body_hit["kind"].clone(),
            body_hit["title"].clone(),
            body_hit["description"].clone()
        ),
        (json!("post"), json!("Field journal"), json!("Daily notes."))
    );
    assert_eq!(
        body_hit["snippet"], "On the river we saw a \u{E000}capybara\u{E001} today & yesterday.",
        "the body's text (no HTML, entities decoded), the word marked"
    );
    assert_eq!(
        found["results"][1]["snippet"], "All about the \u{E000}capybara\u{E001}.",
        "no body match: the description"
    );
    assert_eq!(
        found["results"][0]["snippet"], "Plain words.",
        "a title match: the description as it is"
    );

    // Pages of results: the same order, counted once.
    let second = answer(
        &app,
        "search_site",
        json!({"q": "capybara", "page": 2, "page_size": 2}),
        None,
    )
    .await;
    assert_eq!(
        (paths(&second), second["total"].clone()),
        (vec!["/blog/in-body".to_owned()], json!(3))
    );
    let past = answer(
        &app,
        "search_site",
        json!({"q": "capybara", "page": 3, "page_size": 2}),
        None,
    )
    .await;
    assert_eq!(
        (past["results"].clone(), past["total"].clone()),
        (json!([]), json!(3))
    );
}

#[tokio::test]
async fn search_stems_english_and_reads_the_websearch_syntax() {
    let app = app().await;
    add_posts(
        &app,
        &[
            (
                "billed-twice",
                "Duplicate claims",
                "When a claim goes out again.",
                "<p>The claim was billed twice.</p>",
                "Billing",
                &[],
                "live",
            ),
            (
                "ferret-food",
                "Ferret food",
                "What they eat.",
                "<p>Kibble and raw meat.</p>",
                "Pets",
                &[],
                "live",
            ),
            (
                "ferret-toys",
                "Ferret toys",
                "What they play with.",
                "<p>Balls and tunnels.</p>",
                "Pets",
                &[],
                "live",
            ),
        ],
    )
    .await;
    assert_eq!(
        paths(&search(&app, "billing", None).await),
        ["/blog/billed-twice"],
        "billing finds billed"
    );
    assert_eq!(
        paths(&search(&app, "claims billings", None).await),
        ["/blog/billed-twice"]
    );
    assert_eq!(
        paths(&search(&app, "ferret -toys", None).await),
        ["/blog/ferret-food"],
        "-word"
    );
    assert_eq!(
        paths(&search(&app, "ferret -\"play with\"", None).await),
        ["/blog/ferret-food"],
        "-\"phrase\""
    );
    assert_eq!(
        paths(&search(&app, "\"raw meat\"", None).await),
        ["/blog/ferret-food"],
        "a phrase"
    );
    assert_eq!(
        search(&app, "\"meat raw\"", None).await["total"],
        0,
        "a phrase's words in its order"
    );
    let either = paths(&search(&app, "kibble or tunnels", None).await);
    assert_eq!(either.len(), 2, "or: {either:?}");
    assert_eq!(
        paths(&search(&app, "kibble tunnels", None).await),
        Vec::<String>::new(),
        "all the words"
    );
    // Only stop words, only syntax, blank: nothing, and no error.
    for q in ["the of and", "-", "\"\"", " or ", "   ", ""] {
        let found = search(&app, q, None).await;
        assert_eq!(
            (
                found["total"].clone(),
                found["results"].clone(),
                found["suggestions"].clone()
            ),
            (json!(0), json!([]), json!([])),
            "{q:?}"
        );
        assert_eq!(found["query"], q);
    }
}

#[tokio::test]
async fn search_forgives_typos_in_titles_and_suggests_titles_when_nothing_matches() {
    let app = app().await;
    add_posts(
        &app,
        &[
            (
                "compliance",
                "Compliance Best Practices for DME Providers",
                "Seven elements.",
                "<p>Screen monthly.</p>",
                "Compliance",
                &[],
                "live",
            ),
            (
                "oxygen",
                "Oxygen Billing After the Rental Cap",
                "Months 37 to 60.",
                "<p>Contents billing.</p>",
                "Billing",
                &[],
                "live",
            ),
            (
                "hidden",
                "Compliance Secrets",
                "A draft.",
                "<p>Draft.</p>",
                "Compliance",
                &[],
                "draft",
            ),
        ],
    )
    .await;
    let found = search(&app, "compliace", None).await;
    assert_eq!(
        paths(&found),
        ["/blog/compliance"],
        "a typo in a title's word"
    );
    assert_eq!(
        found["results"][0]["title"],
        "Compliance Best Practices for DME Providers"
    );
    assert_eq!(
        paths(&search(&app, "oxygn biling", None).await),
        ["/blog/oxygen"]
    );
    // A -word holds against a title close to the words too.
    assert_eq!(search(&app, "compliace -screen", None).await["total"], 0);
    // Too short to tell a typo from the start of a word.
    assert_eq!(search(&app, "oxy", None).await["total"], 0);

    let nothing = search(&app, "compliant provision", None).await;
    assert_eq!(
        (nothing["total"].clone(), nothing["results"].clone()),
        (json!(0), json!([]))
    );
    assert_eq!(
        nothing["suggestions"],
        json!([{"title": "Compliance Best Practices for DME Providers", "path": "/blog/compliance"}]),
        "the titles closest to the words, never a draft's"
    );
    assert_eq!(
        search(&app, "zzyzx qwvbk", None).await["suggestions"],
        json!([]),
        "nothing close"
    );
}

#[tokio::test]
async fn search_gives_one_result_per_path_a_post_before_the_page_and_each_whitepaper() {
    let app = app().await;
    add_posts(
        &app,
        &[(
            "wombat-guide",
            "Wombat guide (post)",
            "The post.",
            "<p>Wombat care.</p>",
            "Zoology",
            &[],
            "live",
        )],
    )
    .await;
    let synced = sync_pages(
        &app,
        json!([
            {"path": "/blog/wombat-guide", "kind": "article", "title": "Wombat guide", "description": "The article.", "body": "Wombat wombat wombat care."},
            {"path": "/services", "kind": "page", "title": "Services", "description": "What we do.", "body": "Even for wombat owners."},
        ]),
    )
    .await
    .unwrap();
    assert_eq!(synced, 2);
    app.db
        .execute(
            "insert into public.whitepapers (title, description, category)
             values ('Wombat whitepaper one', 'First.', 'Zoology'), ('Wombat whitepaper two', 'Second.', 'Zoology')",
        )
        .await;
    let found = search(&app, "wombat", None).await;
    let results: Vec<(String, String, String)> = found["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["kind"].as_str().unwrap().into(),
                r["path"].as_str().unwrap().into(),
                r["title"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(found["total"], 4);
    let post = (
        "post".to_owned(),
        "/blog/wombat-guide".to_owned(),
        "Wombat guide (post)".to_owned(),
    );
    assert!(results.contains(&post), "{results:?}");
    assert!(
        results.iter().all(|r| r.2 != "Wombat guide"),
        "the page of the post's path is left out: {results:?}"
    );
    let whitepapers: Vec<&String> = results
        .iter()
        .filter(|r| r.0 == "whitepaper")
        .map(|r| &r.2)
        .collect();
    assert_eq!(
        whitepapers.len(),
        2,
        "each whitepaper, both on /whitepapers: {results:?}"
    );
    assert!(
        results
            .iter()
            .filter(|r| r.0 == "whitepaper")
            .all(|r| r.1 == "/whitepapers")
    );
    assert!(results.contains(&(
        "page".to_owned(),
        "/services".to_owned(),
        "Services".to_owned()
    )));
}

#[tokio::test]
async fn the_index_follows_posts_whitepapers_and_the_pages_the_server_sends() {
    let app = app().await;
    add_posts(
        &app,
        &[(
            "platypus",
            "Platypus facts",
            "Odd animals.",
            "<p>They lay eggs.</p>",
            "Zoology",
            &[],
            "live",
        )],
    )
    .await;
    let found = |q: &'static str| found(&app, q);
    assert_eq!(found("platypus").await, ["/blog/platypus"]);
    app.db
        .execute("update public.blog_posts set slug = 'platypus-facts', title = 'Monotreme facts' where slug = 'platypus'")
        .await;
    assert_eq!(
        found("monotreme").await,
        ["/blog/platypus-facts"],
        "a new slug and title"
    );
    assert_eq!(found("eggs").await, ["/blog/platypus-facts"]);
    app.db.execute("update public.blog_posts set content = '<p>They swim.</p>' where slug = 'platypus-facts'").await;
    assert_eq!(
        found("eggs").await,
        Vec::<String>::new(),
        "the new content only"
    );
    app.db
        .execute("update public.blog_posts set published = false where slug = 'platypus-facts'")
        .await;
    assert_eq!(
        found("monotreme").await,
        Vec::<String>::new(),
        "unpublished: gone"
    );
    app.db
        .execute("update public.blog_posts set published = true where slug = 'platypus-facts'")
        .await;
    assert_eq!(
        found("monotreme").await,
        ["/blog/platypus-facts"],
        "published again"
    );
    app.db
        .execute("delete from public.blog_posts where slug = 'platypus-facts'")
        .await;
    assert_eq!(
        found("monotreme").await,
        Vec::<String>::new(),
        "deleted: gone"
    );

    app.db
        .execute("insert into public.whitepapers (title, description, category) values ('Echidna handbook', 'Spines.', 'Zoology')")
        .await;
    assert_eq!(found("echidna").await, ["/whitepapers"]);
    app.db
        .execute("update public.whitepapers set title = 'Spiny anteater handbook'")
        .await;
    assert_eq!(found("anteater").await, ["/whitepapers"]);
    app.db.execute("delete from public.whitepapers").await;
    assert_eq!(found("anteater").await, Vec::<String>::new());

    // The pages: replaced as a set; unchanged ones are not rewritten.
    let sync = |docs: Value| sync_pages(&app, docs);
    let about = json!({"path": "/about", "kind": "page", "title": "About", "description": "Who we are.", "body": "Kangaroo people."});
    let careers = json!({"path": "/careers", "kind": "page", "title": "Careers", "description": "Join.", "body": "Kangaroo jobs."});
    assert_eq!(sync(json!([about, careers])).await.unwrap(), 2);
    assert_eq!(
        sync(json!([about, careers])).await.unwrap(),
        0,
        "nothing changed"
    );
    assert_eq!(found("kangaroo").await.len(), 2);
    let changed_about = json!({"path": "/about", "kind": "page", "title": "About", "description": "Who we are.", "body": "Koala people."});
    assert_eq!(
        sync(json!([changed_about])).await.unwrap(),
        2,
        "one changed, one removed"
    );
    assert_eq!(found("kangaroo").await, Vec::<String>::new());
    assert_eq!(found("koala").await, ["/about"]);
    for bad in [
        json!({"path": "/about"}),
        json!([{"path": "about", "kind": "page", "title": "About"}]),
        json!([{"path": "/about", "kind": "post", "title": "About"}]),
        json!([{"path": "/about", "kind": "page", "title": " "}]),
    ] {
        let err = sync(bad.clone()).await.expect_err("refused");
        let code = err
            .as_database_error()
            .and_then(|e| e.code())
            .map(|c| c.into_owned());
        assert_eq!(code.as_deref(), Some("22023"), "{bad}: {err}");
    }
    // Only the server (the database owner) sends pages.
    let reply = call(&app, "sync_search_pages", json!({"docs": []}), None).await;
    assert_eq!(reply.status, 404, "{}", reply.text);
}

#[tokio::test]
async fn searches_are_counted_without_personal_data_and_only_staff_read_the_counts() {
    let app = app().await;
    app.db
        .execute(
            "insert into private.search_queries (day, query, searches) values
               (current_date - 401, 'too old', 1), (current_date - 399, 'kept', 1)",
        )
        .await;
    let record = |q: &str, results: i64| record_search(&app, q.to_owned(), results);
    record(
        "  Help for JANE.Doe+claims@Example.com   claim 1234567890 ",
        3,
    )
    .await;
    record("help for jane@example.org claim 98765", 0).await;
    record("Call (615) 555-0134 about CPAP 2026", 2).await;
    record("   ", 0).await;
    record(&"Prior  Authorization ".repeat(6), 0).await;
    // Spaces collapsed, cut at 100 characters (and trimmed again).
    let long_kept = "prior authorization ".repeat(5).trim_end().to_owned();
    let rows = app
        .db
        .json_rows(
            "select query, searches, no_result_searches, last_results from private.search_queries
              where day = current_date order by query",
        )
        .await;
    assert_eq!(
        rows,
        [
            json!({"query": "call [number] about cpap 2026", "searches": 1, "no_result_searches": 0, "last_results": 2}),
            json!({"query": "help for [email] claim [number]", "searches": 2, "no_result_searches": 1, "last_results": 0}),
            json!({"query": long_kept, "searches": 1, "no_result_searches": 1, "last_results": 0}),
        ]
    );
    assert_eq!(
        app.db
            .count("select count(*) from private.search_queries where day < current_date")
            .await,
        1,
        "days older than 400 dropped"
    );

    let today = app.db.scalar::<String>("select current_date::text").await;
    let args = json!({"from_day": today, "to_day": today});
    let editor = add_staff(&app.db, "editor", "Erin Editor").await.jwt();
    let author = add_staff(&app.db, "author", "Avery Author").await.jwt();
    let stranger = add_account(&app.db, None, "Sam Stranger").await.jwt();
    let stats = answer(&app, "search_stats", args.clone(), Some(&editor)).await;
    assert_eq!(
        stats["top"],
        json!([
            {"query": "help for [email] claim [number]", "searches": 2, "no_result_searches": 1},
            {"query": "call [number] about cpap 2026", "searches": 1, "no_result_searches": 0},
            {"query": rows[2]["query"], "searches": 1, "no_result_searches": 1},
        ])
    );
    assert_eq!(
        stats["no_results"],
        json!([
            {"query": "help for [email] claim [number]", "searches": 1},
            {"query": rows[2]["query"], "searches": 1},
        ])
    );
    assert_eq!(
        answer(&app, "search_stats", args.clone(), Some(&author)).await["top"]
            .as_array()
            .map(Vec::len),
        Some(3),
        "every staff member"
    );
    call(&app, "search_stats", args.clone(), None)
        .await
        .assert_error_message(401, "42501", "permission denied for function search_stats");
    call(&app, "search_stats", args.clone(), Some(&stranger))
        .await
        .assert_error_message(403, "42501", "Only staff can see what people search for");
    call(
        &app,
        "search_stats",
        json!({"from_day": "2026-03-10", "to_day": "2026-03-09"}),
        Some(&editor),
    )
    .await
    .assert_error_message(400, "22023", "The last day is before the first day");
    // What is kept: the day, the words and the counts, nothing about who searched.
    let columns: Vec<String> = sqlx::query_scalar(
        "select column_name::text from information_schema.columns
          where table_schema = 'private' and table_name = 'search_queries' order by ordinal_position",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(
        columns,
        [
            "day",
            "query",
            "searches",
            "no_result_searches",
            "last_results"
        ]
    );
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

#[tokio::test]
async fn a_kept_answer_never_outlives_a_change_or_a_post_going_live() {
    let app = app().await;
    let total = |found: &Value| found["total"].as_i64().unwrap();
    // The first call keeps its answer; the second is the kept one, with the query as typed.
    let before = search(&app, "nebulizer compressor", None).await;
    let again = search(&app, "  nebulizer   compressor ", None).await;
    assert_eq!(again["query"], "  nebulizer   compressor ");
    assert_eq!(again["results"], before["results"]);
    let kept: i64 = app
        .db
        .scalar("select count(*) from private.search_cache where words = 'nebulizer compressor'")
        .await;
    assert_eq!(kept, 1);

    // A new post changes the index: the next search sees it.
    add_posts(
        &app,
        &[(
            "nebulizer-compressor-billing",
            "Nebulizer compressor billing",
            "E0570 rentals and their supplies",
            "<p>Compressor nebulizers bill as capped rentals.</p>",
            "Billing",
            &[],
            "live",
        )],
    )
    .await;
    let after = search(&app, "nebulizer compressor", None).await;
    assert_eq!(total(&after), total(&before) + 1, "{after}");

    // A scheduled post changes no row when it goes live: the kept answer ends then.
    app.db
        .execute(
            "insert into public.blog_posts (slug, title, description, category, published, publish_at)
             values ('nebulizer-compressor-later', 'Nebulizer compressor audits', 'Soon', 'Billing',
                     true, now() + interval '2 seconds')",
        )
        .await;
    let scheduled = search(&app, "nebulizer compressor", None).await;
    assert_eq!(total(&scheduled), total(&after), "not yet visible");
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    let live = search(&app, "nebulizer compressor", None).await;
    assert_eq!(total(&live), total(&after) + 1, "{live}");
}
