//! The search index following posts, whitepapers and the server's pages; search counts without
//! personal data; kept answers that never outlive a change.
use super::*;

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
