//! Who writes the rules (editors), who reads them (staff; anon gets nothing), and bad rules:
//! a 400 with the reason and nothing stored.
use super::*;

#[tokio::test]
async fn editors_create_change_and_delete_rules_staff_read_them_and_anon_gets_nothing() {
    let app = spawn_app().await;
    let team = StaffTeam::new(&app.db).await;
    let editor = team.editor.jwt();

    // Created with the source in its one spelling; the database keeps the bookkeeping.
    let created = add_rule(
        &app,
        &editor,
        json!({"source_path": "/Old-Pricing/", "target": "/pricing", "note": "Renamed in the 2026 redesign"}),
    )
    .await;
    assert_eq!(
        (
            &created["source_path"],
            &created["match_type"],
            &created["status_code"],
            &created["automatic"],
            &created["hits"]
        ),
        (
            &json!("/Old-Pricing"),
            &json!("exact"),
            &json!(301),
            &json!(false),
            &json!(0)
        )
    );
    let folder = add_rule(
        &app,
        &team.owner.jwt(),
        json!({"source_path": "/resources", "match_type": "prefix", "target": "/blog/", "status_code": 302}),
    )
    .await;
    assert_eq!(
        folder["source_path"], "/resources/",
        "a prefix covers a folder"
    );
    let id = created["id"].as_str().unwrap();
    let one = format!("redirects?id=eq.{id}");

    let (status, rows) = rest_as(&app, Some(&editor))
        .patch(&one, json!({"target": "/plans", "status_code": 302}))
        .await;
    assert_eq!(
        (status, &rows[0]["target"]),
        (200, &json!("/plans")),
        "{rows}"
    );
    // Hits, the automatic mark and the times are not the API's to write.
    for forged in [
        json!({"hits": 1000}),
        json!({"automatic": true}),
        json!({"created_at": "2020-01-01T00:00:00Z"}),
    ] {
        let answer = rest_as(&app, Some(&editor)).patch(&one, forged).await;
        assert_error(
            &answer,
            403,
            "42501",
            "permission denied for table redirects",
        );
    }

    // Authors (and every staff member) read the rules, and change none.
    let (status, rows) = rest_as(&app, Some(&team.author.jwt()))
        .get("redirects?select=source_path&order=source_path")
        .await;
    assert_eq!(
        (status, rows),
        (
            200,
            json!([{"source_path": "/Old-Pricing"}, {"source_path": "/resources/"}])
        )
    );
    let author = team.author.jwt();
    assert_error(
        &rest_as(&app, Some(&author))
            .post("redirects", json!({"source_path": "/x", "target": "/y"}))
            .await,
        403,
        "42501",
        "new row violates row-level security policy for table \"redirects\"",
    );
    assert_eq!(
        rest_as(&app, Some(&author))
            .patch(&one, json!({"target": "/hijacked"}))
            .await,
        (200, json!([]))
    );
    assert_eq!(
        rest_as(&app, Some(&author)).delete(&one).await,
        (200, json!([]))
    );

    // A signed-in account that is not staff sees nothing; anon may not even ask.
    let stranger = add_account(&app.db, None, "Sam Stranger").await;
    assert_eq!(
        rest_as(&app, Some(&stranger.jwt())).get("redirects").await,
        (200, json!([]))
    );
    assert_error(
        &rest_as(&app, None).get("redirects").await,
        401,
        "42501",
        "permission denied for table redirects",
    );
    assert_error(
        &rest_as(&app, None)
            .post("redirects", json!({"source_path": "/x", "target": "/y"}))
            .await,
        401,
        "42501",
        "permission denied for table redirects",
    );
    assert_eq!(
        targets(&app).await,
        [to("/Old-Pricing", "/plans"), to("/resources/", "/blog/")]
    );

    let (status, rows) = rest_as(&app, Some(&editor)).delete(&one).await;
    assert_eq!((status, rows.as_array().map(Vec::len)), (200, Some(1)));
    assert_eq!(targets(&app).await, [to("/resources/", "/blog/")]);

    // Each change is in the activity log, in its writer's name.
    assert_eq!(
        app.db
            .json_rows(
                "select action, entity, entity_id, summary, actor_name from admin_activity
                  where entity = 'redirect' order by id"
            )
            .await,
        [
            json!({"action": "create", "entity": "redirect", "entity_id": id, "summary": "/Old-Pricing", "actor_name": "Eden Editor"}),
            json!({"action": "create", "entity": "redirect", "entity_id": folder["id"], "summary": "/resources/", "actor_name": "Olive Owner"}),
            json!({"action": "save", "entity": "redirect", "entity_id": id, "summary": "/Old-Pricing", "actor_name": "Eden Editor"}),
            json!({"action": "delete", "entity": "redirect", "entity_id": id, "summary": "/Old-Pricing", "actor_name": "Eden Editor"}),
        ]
    );
}

#[tokio::test]
async fn a_bad_rule_is_a_400_with_the_reason_and_nothing_is_stored() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let off_site = "Redirect targets must be a path on this site (or a full https:// address for an exact rule).";
    let cases = [
        (
            json!({"source_path": "old-page", "target": "/new"}),
            "The path to redirect from must start with a single /, such as /old-page (not a full https:// address).",
        ),
        (
            json!({"source_path": "https://www.claimbridge.example/old", "target": "/new"}),
            "The path to redirect from must start with a single /, such as /old-page (not a full https:// address).",
        ),
        (
            json!({"source_path": "", "target": "/new"}),
            "A redirect needs the path it redirects from, such as /old-page.",
        ),
        (
            json!({"source_path": "/old page", "target": "/new"}),
            "The path to redirect from cannot contain spaces, control characters or a backslash.",
        ),
        (
            json!({"source_path": "/old?ref=mail", "target": "/new"}),
            "The path to redirect from cannot contain ? or #: redirects match the path only.",
        ),
        (
            json!({"source_path": "/blog/../admin", "target": "/new"}),
            "The path to redirect from cannot contain /./ or /../ steps.",
        ),
        (
            json!({"source_path": format!("/{}", "a".repeat(1000)), "target": "/new"}),
            "The path to redirect from is too long: 1000 characters at most.",
        ),
        (
            json!({"source_path": "/sitemap.xml", "target": "/new"}),
            "/sitemap.xml belongs to the site itself and cannot be redirected.",
        ),
        (
            json!({"source_path": "/old", "target": "/new", "status_code": 307}),
            "A redirect answers 301 (moved for good), 302 (moved for now) or 410 (gone for good).",
        ),
        (
            json!({"source_path": "/old", "target": "/new", "match_type": "regex"}),
            "A redirect matches an exact path or a prefix (exact or prefix).",
        ),
        (
            json!({"source_path": "/old"}),
            "A 301 redirect needs a target, such as /new-page.",
        ),
        (
            json!({"source_path": "/old", "status_code": 302, "target": ""}),
            "A 302 redirect needs a target, such as /new-page.",
        ),
        (
            json!({"source_path": "/old", "status_code": 410, "target": "/new"}),
            "A 410 (gone) rule sends visitors nowhere: leave its target empty.",
        ),
        (
            json!({"source_path": "/old", "target": "new-page"}),
            off_site,
        ),
        (
            json!({"source_path": "/old", "target": "ftp://files.example/x"}),
            off_site,
        ),
        (
            json!({"source_path": "/old", "target": format!("/{}", "a".repeat(2000))}),
            "The redirect target is too long: 2000 characters at most.",
        ),
        (
            json!({"source_path": "/old", "target": "/new", "note": "n".repeat(501)}),
            "The note is too long: 500 characters at most.",
        ),
    ];
    for (rule, message) in cases {
        let answer = rest_as(&app, Some(&editor))
            .post("redirects", rule.clone())
            .await;
        assert_error(&answer, 400, "22023", message);
    }
    assert_eq!(app.db.count("select count(*) from redirects").await, 0);

    // What is fine: a 410 without a target, a full address for an exact rule, a target's query
    // and fragment, a 500-character note.
    for rule in [
        json!({"source_path": "/retired-service", "status_code": 410}),
        json!({"source_path": "/partner", "target": "https://partner.example/claimbridge?ref=site"}),
        json!({"source_path": "/webinar", "target": "/events?year=2026#webinars", "note": "n".repeat(500)}),
    ] {
        add_rule(&app, &editor, rule).await;
    }
    // One rule per source, whatever its case; a prefix of the same path is another rule.
    assert_error(
        &rest_as(&app, Some(&editor))
            .post(
                "redirects",
                json!({"source_path": "/WEBINAR/", "target": "/events"}),
            )
            .await,
        409,
        "23505",
        "There is already a redirect from /WEBINAR.",
    );
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/webinar/", "match_type": "prefix", "target": "/events/"}),
    )
    .await;
    // A change is checked as a new rule is.
    let (status, rows) = rest_as(&app, Some(&editor))
        .patch(
            "redirects?source_path=eq./partner",
            json!({"match_type": "prefix"}),
        )
        .await;
    assert_error(&(status, rows), 400, "22023", off_site);
    assert_eq!(
        targets(&app).await,
        [
            to("/partner", "https://partner.example/claimbridge?ref=site"),
            ("/retired-service".to_owned(), None),
            to("/webinar", "/events?year=2026#webinars"),
            to("/webinar/", "/events/"),
        ]
    );
}
