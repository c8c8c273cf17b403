//! Rule changes (not hit counts) wake every instance; the server's 404s add up in a log of at
//! most 10,000 paths, reported to staff with the rule that now covers each.
use super::*;

#[tokio::test]
async fn rule_changes_wake_every_instance_and_hit_counts_do_not() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let mut listener = cb_db::listen_on(&app.db.pool, "claimbridge_site", "test")
        .await
        .expect("LISTEN");
    let mut next = async || {
        tokio::time::timeout(Duration::from_secs(5), listener.recv())
            .await
            .expect("a notification")
            .expect("the listener")
            .payload()
            .to_owned()
    };

    add_rule(&app, &editor, json!({"source_path": "/a", "target": "/b"})).await;
    assert_eq!(next().await, "redirects");
    // The server counts hits as the owner: no reload anywhere, nobody's activity. Another
    // table's change after it is the next thing heard.
    app.db
        .execute(
            "update redirects set hits = hits + 3, last_hit_at = now();
             update page_seo_settings set meta_title = meta_title where false",
        )
        .await;
    assert_eq!(next().await, "page_seo_settings");
    let (status, _) = rest_as(&app, Some(&editor))
        .patch("redirects?source_path=eq./a", json!({"status_code": 302}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(next().await, "redirects");
    let (status, _) = rest_as(&app, Some(&editor))
        .delete("redirects?source_path=eq./a")
        .await;
    assert_eq!(status, 200);
    assert_eq!(next().await, "redirects");
    assert_eq!(
        app.db
            .count("select count(*) from admin_activity where entity = 'redirect'")
            .await,
        3,
        "create, save, delete; not the hits"
    );
}

/// Records a batch of 404s as the server does (as the database owner).
async fn record_not_found(app: &TestApp, entries: Value) {
    app.db
        .execute(&format!(
            "select private.record_not_found({}::jsonb)",
            cb_db::quote_literal(&entries.to_string())
        ))
        .await;
}

#[tokio::test]
async fn the_404_log_adds_batches_up_and_keeps_the_10000_most_recently_seen_paths() {
    let app = spawn_app().await;
    record_not_found(
        &app,
        json!([
            {"path": "/old-pricing", "hits": 2, "last_seen": "2026-03-01T10:00:00Z",
             "referrer": "https://partner.example/links", "kind": "page"},
            {"path": "/wp-login.php", "hits": 7, "last_seen": "2026-03-01T10:00:05Z", "kind": "probe"},
            // The same path twice in a batch, once by a crawler.
            {"path": "/old-pricing", "hits": 1, "last_seen": "2026-03-01T09:00:00Z", "kind": "bot"},
        ]),
    )
    .await;
    record_not_found(
        &app,
        json!([
            {"path": "/old-pricing", "hits": 4, "last_seen": "2026-03-02T08:00:00Z", "kind": "bot"},
            {"path": "/wp-login.php", "last_seen": "2026-03-02T08:00:00Z", "referrer": "", "kind": "nonsense"},
            {"path": "/brand-new", "hits": 1, "last_seen": "2026-03-02T09:00:00Z", "referrer": "https://news.example/"},
        ]),
    )
    .await;
    assert_eq!(
        app.db
            .json_rows(
                "select path, hits, first_seen = '2026-03-01T09:00:00Z' as first_seen_kept,
                        last_seen = '2026-03-02T08:00:00Z' as last_seen_moved, last_referrer, kind
                   from not_found_log order by path"
            )
            .await,
        [
            json!({"path": "/brand-new", "hits": 1, "first_seen_kept": false, "last_seen_moved": false,
                   "last_referrer": "https://news.example/", "kind": "page"}),
            // Reached by a person at least once: a page, whoever else asked.
            json!({"path": "/old-pricing", "hits": 7, "first_seen_kept": true, "last_seen_moved": true,
                   "last_referrer": "https://partner.example/links", "kind": "page"}),
            // A kind the server does not know counts as a page.
            json!({"path": "/wp-login.php", "hits": 8, "first_seen_kept": false, "last_seen_moved": true,
                   "last_referrer": null, "kind": "page"}),
        ]
    );

    // Full: 10,000 paths, the oldest seen a day ago. A new batch pushes out as many of the least
    // recently seen as it adds.
    app.db
        .execute(
            "delete from not_found_log;
             insert into not_found_log (path, hits, first_seen, last_seen)
             select '/probe/' || g, 1, now() - interval '2 days', now() - interval '1 day' + make_interval(secs => -g)
               from generate_series(1, 10000) g",
        )
        .await;
    record_not_found(
        &app,
        json!([
            {"path": "/new-1", "hits": 1}, {"path": "/new-2", "hits": 1},
            {"path": "/probe/5", "hits": 1}, {"path": "/probe/10000", "hits": 1},
        ]),
    )
    .await;
    assert_eq!(
        app.db.count("select count(*) from not_found_log").await,
        10000
    );
    assert_eq!(
        app.db
            .json_rows(
                "select path from not_found_log
                  where path in ('/new-1', '/new-2', '/probe/5', '/probe/10000', '/probe/9999', '/probe/9998', '/probe/9997')
                  order by path"
            )
            .await,
        [
            json!({"path": "/new-1"}),
            json!({"path": "/new-2"}),
            json!({"path": "/probe/10000"}),
            json!({"path": "/probe/5"}),
            json!({"path": "/probe/9997"}),
        ],
        "the two new paths took the places of the two least recently seen"
    );
    // Longer paths are cut, never refused.
    record_not_found(&app, json!([{"path": format!("/{}", "x".repeat(600))}])).await;
    assert_eq!(
        app.db
            .count("select count(*) from not_found_log where length(path) = 500")
            .await,
        1
    );
    // Only the server writes the log: no API role may call the function.
    assert_eq!(
        app.db
            .json_rows(
                "select r as role, has_function_privilege(r, 'private.record_not_found(jsonb)', 'execute') as can
                   from unnest(array['anon', 'authenticated', 'service_role']) r"
            )
            .await,
        [
            json!({"role": "anon", "can": false}),
            json!({"role": "authenticated", "can": false}),
            json!({"role": "service_role", "can": false}),
        ]
    );
}

#[tokio::test]
async fn the_404_report_shows_the_rule_now_covering_each_path_to_staff_only() {
    let app = spawn_app().await;
    let team = StaffTeam::new(&app.db).await;
    let editor = team.editor.jwt();
    record_not_found(
        &app,
        json!([
            {"path": "/old-pricing/", "hits": 9, "last_seen": "2026-03-02T08:00:00Z", "kind": "page"},
            {"path": "/Resources/checklist.pdf", "hits": 5, "last_seen": "2026-03-02T08:00:00Z", "kind": "page"},
            {"path": "/resources/2025/report", "hits": 3, "last_seen": "2026-03-02T08:00:00Z", "kind": "bot"},
            {"path": "/resourcesx", "hits": 2, "last_seen": "2026-03-02T08:00:00Z", "kind": "page"},
            {"path": "/.env", "hits": 1, "last_seen": "2026-03-02T08:00:00Z", "kind": "probe"},
        ]),
    )
    .await;
    let exact = add_rule(
        &app,
        &editor,
        json!({"source_path": "/Old-Pricing", "target": "/pricing"}),
    )
    .await;
    let folder = add_rule(
        &app,
        &editor,
        json!({"source_path": "/resources/", "match_type": "prefix", "target": "/blog/"}),
    )
    .await;
    // The longer prefix wins, as on the server.
    let year = add_rule(
        &app,
        &editor,
        json!({"source_path": "/resources/2025/", "match_type": "prefix", "target": "/blog/"}),
    )
    .await;
    let report = async |token: Option<&str>, args: Value| {
        rest_as(&app, token)
            .post("rpc/not_found_report", args)
            .await
    };

    let (status, rows) = report(Some(&team.author.jwt()), json!({})).await;
    assert_eq!(status, 200, "{rows}");
    let covering: Vec<(Value, Value, Value)> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["path"].clone(),
                row["hits"].clone(),
                row["redirect_id"].clone(),
            )
        })
        .collect();
    assert_eq!(
        covering,
        [
            (json!("/old-pricing/"), json!(9), exact["id"].clone()),
            (
                json!("/Resources/checklist.pdf"),
                json!(5),
                folder["id"].clone()
            ),
            (
                json!("/resources/2025/report"),
                json!(3),
                year["id"].clone()
            ),
            (json!("/resourcesx"), json!(2), Value::Null),
            (json!("/.env"), json!(1), Value::Null),
        ]
    );
    assert_eq!(rows[0]["kind"], "page");
    let (status, rows) = report(Some(&editor), json!({"max_rows": 2})).await;
    assert_eq!((status, rows.as_array().map(Vec::len)), (200, Some(2)));
    assert_error(
        &report(Some(&editor), json!({"max_rows": 0})).await,
        400,
        "22023",
        "Ask for 1 to 10000 rows of the 404 log",
    );

    // Not staff: refused; anon may not call it.
    let stranger = add_account(&app.db, None, "Sam Stranger").await;
    assert_error(
        &report(Some(&stranger.jwt()), json!({})).await,
        403,
        "42501",
        "Only staff can see the 404 log",
    );
    assert_error(
        &report(None, json!({})).await,
        401,
        "42501",
        "permission denied for function not_found_report",
    );

    // Staff read the log; editors clear rows of it, authors cannot.
    let (status, rows) = rest_as(&app, Some(&team.author.jwt()))
        .delete("not_found_log?path=eq./.env")
        .await;
    assert_eq!((status, rows), (200, json!([])));
    let (status, rows) = rest_as(&app, Some(&editor))
        .delete("not_found_log?kind=eq.probe")
        .await;
    assert_eq!(
        (status, rows.as_array().map(Vec::len)),
        (200, Some(1)),
        "{rows}"
    );
    assert_error(
        &rest_as(&app, None).get("not_found_log").await,
        401,
        "42501",
        "permission denied for table not_found_log",
    );
    assert_eq!(
        rest_as(&app, Some(&stranger.jwt()))
            .get("not_found_log?select=path")
            .await,
        (200, json!([]))
    );
}
