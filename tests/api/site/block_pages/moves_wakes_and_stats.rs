//! A live page's move leaves a 301 (taken back by a page published there), saves wake every
//! instance, and the per-page views, leads and conversion.
use super::*;

#[tokio::test]
async fn a_live_page_that_moves_leaves_a_301_and_a_page_published_at_a_redirect_takes_it_back() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    create_page(
        &app,
        &editor,
        json!({"route": "/old-offer", "name": "Offer", "blocks": one_block("Offer"), "published": true}),
    )
    .await;
    create_page(
        &app,
        &editor,
        json!({"route": "/old-draft", "name": "Draft", "blocks": one_block("Draft")}),
    )
    .await;
    for (from, to) in [("/old-offer", "/new-offer"), ("/old-draft", "/new-draft")] {
        let (status, rows) = rest_as(&app, Some(&editor))
            .patch(
                &format!("block_pages?route=eq.{from}"),
                json!({"route": to}),
            )
            .await;
        assert_eq!(status, 200, "{rows}");
    }
    // A draft's old route was never public: only the live page leaves a rule. Each page's SEO
    // record moves with it.
    let rules = app
        .db
        .json_rows("select source_path, target, status_code, automatic from redirects order by source_path")
        .await;
    assert_eq!(
        rules,
        [
            json!({"source_path": "/old-offer", "target": "/new-offer", "status_code": 301, "automatic": true})
        ]
    );
    let seo = app
        .db
        .json_rows("select page_route, page_name from page_seo_settings where page_route ~ 'offer|draft' order by 1")
        .await;
    assert_eq!(
        seo,
        [
            json!({"page_route": "/new-draft", "page_name": "Draft"}),
            json!({"page_route": "/new-offer", "page_name": "Offer"})
        ]
    );

    // A draft at a redirected route leaves the rule; publishing it there takes the route back.
    let (status, _) = rest_as(&app, Some(&editor))
        .post(
            "redirects",
            json!({"source_path": "/summit", "target": "/blog"}),
        )
        .await;
    assert_eq!(status, 201);
    create_page(
        &app,
        &editor,
        json!({"route": "/summit", "name": "Summit", "blocks": one_block("Summit")}),
    )
    .await;
    assert_eq!(
        app.db
            .count("select count(*) from redirects where source_path = '/summit'")
            .await,
        1
    );
    let (status, _) = rest_as(&app, Some(&editor))
        .patch("block_pages?route=eq./summit", json!({"published": true}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        app.db
            .count("select count(*) from redirects where source_path = '/summit'")
            .await,
        0
    );
}

#[tokio::test]
async fn saves_wake_every_instance() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let mut listener = cb_db::listen_on(&app.db.pool, "claimbridge_site", "test")
        .await
        .expect("LISTEN");
    let page = create_page(
        &app,
        &editor,
        json!({"route": "/wake", "name": "Wake", "blocks": one_block("Wake")}),
    )
    .await;
    let mut heard = Vec::new();
    while let Ok(Ok(note)) = tokio::time::timeout(Duration::from_millis(500), listener.recv()).await
    {
        heard.push(note.payload().to_owned());
    }
    assert!(
        heard.iter().any(|table| table == "block_pages"),
        "{heard:?}"
    );
    let (status, _) = rest_as(&app, Some(&editor))
        .patch(
            &format!("block_pages?id=eq.{}", page["id"].as_str().unwrap()),
            json!({"blocks": one_block("Woken")}),
        )
        .await;
    assert_eq!(status, 200);
    let note = tokio::time::timeout(Duration::from_secs(5), listener.recv())
        .await
        .expect("a notification")
        .expect("the listener");
    assert_eq!(note.payload(), "block_pages");
}

#[tokio::test]
async fn block_page_stats_count_views_leads_and_conversion() {
    let app = spawn_app().await;
    let team = StaffTeam::new(&app.db).await;
    let editor = team.editor.jwt();
    for route in ["/offer", "/quiet"] {
        create_page(
            &app,
            &editor,
            json!({"route": route, "name": route, "blocks": one_block(route), "published": true}),
        )
        .await;
    }
    app.db
        .execute(
            "insert into page_analytics (session_id, page_path, visited_at, user_agent)
             select 'session_1_abc', p, t::timestamptz, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)' from (values
               ('/offer', '2026-03-01 00:00:00+00'), ('/offer', '2026-03-01 12:00:00+00'),
               ('/offer', '2026-03-02 10:00:00+00'), ('/offer', '2026-03-02 23:59:59+00'),
               ('/offer', '2026-03-03 00:00:00+00'), ('/other', '2026-03-01 10:00:00+00')) v(p, t);
             -- Not counted, as the analytics screen does not count them: a crawler, a view of
             -- the page while it was not there, a lead marked as spam.
             insert into page_analytics (session_id, page_path, visited_at, user_agent, not_found) values
               ('session_2_abc', '/offer', '2026-03-01 08:00:00+00', 'Mozilla/5.0 (compatible; Googlebot/2.1)', false),
               ('session_3_abc', '/offer', '2026-03-01 08:00:00+00', 'Mozilla/5.0 (X11; Linux x86_64)', true);
             insert into leads (source, email, payload, received_at, spam_reason) values
               ('ClaimBridge landing page /offer', 'spam@example.com', '{}', '2026-03-01 09:00:00+00', 'honeypot');
             insert into leads (source, email, payload, received_at) values
               ('ClaimBridge landing page /offer', 'a@example.com', '{}', '2026-03-01 09:00:00+00'),
               ('ClaimBridge landing page /offer', 'b@example.com', '{}', '2026-03-05 09:00:00+00'),
               ('ClaimBridge landing page /quiet', 'c@example.com', '{}', '2026-03-01 09:00:00+00'),
               ('Contact form', 'd@example.com', '{}', '2026-03-01 09:00:00+00');",
        )
        .await;
    let range = json!({"from_date": "2026-03-01", "to_date": "2026-03-02"});
    for token in [editor.clone(), team.author.jwt()] {
        let (status, rows) = rest_as(&app, Some(&token))
            .post("rpc/block_page_stats", range.clone())
            .await;
        assert_eq!(status, 200, "{rows}");
        let rows: Vec<Value> = rows
            .as_array()
            .unwrap()
            .iter()
            .filter(|row| ["/offer", "/quiet"].contains(&row["route"].as_str().unwrap()))
            .map(|row| {
                json!([
                    row["route"],
                    row["views"],
                    row["leads"],
                    row["conversion_rate"]
                ])
            })
            .collect();
        assert_eq!(
            rows,
            [json!(["/offer", 4, 1, 0.25]), json!(["/quiet", 0, 1, 0])]
        );
    }
    let answer = rest_as(&app, Some(&editor))
        .post(
            "rpc/block_page_stats",
            json!({"from_date": "2026-03-02", "to_date": "2026-03-01"}),
        )
        .await;
    assert_error(
        &answer,
        400,
        "22023",
        "The last day is before the first day",
    );
    let outsider = cb_tests::add_account(&app.db, None, "Nora Nobody")
        .await
        .jwt();
    let answer = rest_as(&app, Some(&outsider))
        .post("rpc/block_page_stats", range.clone())
        .await;
    assert_error(&answer, 403, "42501", "Only staff can see page statistics");
    let (status, _) = rest_as(&app, None)
        .post("rpc/block_page_stats", range)
        .await;
    assert_eq!(status, 401);
}
