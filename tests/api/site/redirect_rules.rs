//! The redirect manager's rules and the 404 log (migration 20261206000700), over /rest/v1 as the
//! admin app sends them: editors write rules, staff read them, anon gets nothing; bad rules are a
//! 400 with the reason; chains collapse and loops are refused; a published post's slug change and
//! a page's route change add a 301 by themselves, and content published at a redirected path
//! takes it back; rule changes (not hit counts) wake every instance; the server's 404s add up in a
//! log of at most 10,000 paths, reported with the rule that now covers each.
use std::time::Duration;

use cb_tests::{Account, Exchange as _, TestApp, add_account, add_staff, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

/// Sends `body` to `path` as `token` (None: anon), asking for the rows back.
async fn send(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut request = match token {
        Some(token) => app.with_token(method, &format!("/rest/v1/{path}"), token),
        None => app.anon(method, &format!("/rest/v1/{path}")),
    }
    .header("Prefer", "return=representation");
    if let Some(body) = body {
        request = request.json(&body);
    }
    let (status, text) = request.status_text().await;
    let body = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"))
    };
    (status, body)
}

/// Adds a rule as `token`, expecting it stored: the row as stored.
async fn add_rule(app: &TestApp, token: &str, rule: Value) -> Value {
    let (status, rows) = send(app, Method::POST, "redirects", Some(token), Some(rule)).await;
    assert_eq!(status, 201, "{rows}");
    rows[0].clone()
}

/// Every rule as (source_path, match_type, target, status_code, automatic), by source.
async fn rules(app: &TestApp) -> Vec<Value> {
    app.db
        .json_rows(
            "select source_path, match_type, target, status_code, automatic from redirects order by source_path",
        )
        .await
}

/// Every rule as source_path -> target, by source.
async fn targets(app: &TestApp) -> Vec<(String, Option<String>)> {
    rules(app)
        .await
        .iter()
        .map(|rule| {
            (
                rule["source_path"].as_str().unwrap().to_owned(),
                rule["target"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

fn to(source: &str, target: &str) -> (String, Option<String>) {
    (source.to_owned(), Some(target.to_owned()))
}

/// Asserts a PostgREST error answer: its status, code and message.
fn assert_error(answer: &(u16, Value), status: u16, code: &str, message: &str) {
    let (got, body) = answer;
    assert_eq!(
        (*got, &body["code"], &body["message"]),
        (status, &json!(code), &json!(message)),
        "{body}"
    );
}

struct Team {
    owner: Account,
    editor: Account,
    author: Account,
}

async fn team(app: &TestApp) -> Team {
    Team {
        owner: add_staff(&app.db, "owner", "Olive Owner").await,
        editor: add_staff(&app.db, "editor", "Eden Editor").await,
        author: add_staff(&app.db, "author", "Avery Author").await,
    }
}

#[tokio::test]
async fn editors_create_change_and_delete_rules_staff_read_them_and_anon_gets_nothing() {
    let app = spawn_app().await;
    let team = team(&app).await;
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

    let (status, rows) = send(
        &app,
        Method::PATCH,
        &one,
        Some(&editor),
        Some(json!({"target": "/plans", "status_code": 302})),
    )
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
        let answer = send(&app, Method::PATCH, &one, Some(&editor), Some(forged)).await;
        assert_error(
            &answer,
            403,
            "42501",
            "permission denied for table redirects",
        );
    }

    // Authors (and every staff member) read the rules, and change none.
    let (status, rows) = send(
        &app,
        Method::GET,
        "redirects?select=source_path&order=source_path",
        Some(&team.author.jwt()),
        None,
    )
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
        &send(
            &app,
            Method::POST,
            "redirects",
            Some(&author),
            Some(json!({"source_path": "/x", "target": "/y"})),
        )
        .await,
        403,
        "42501",
        "new row violates row-level security policy for table \"redirects\"",
    );
    assert_eq!(
        send(
            &app,
            Method::PATCH,
            &one,
            Some(&author),
            Some(json!({"target": "/hijacked"}))
        )
        .await,
        (200, json!([]))
    );
    assert_eq!(
        send(&app, Method::DELETE, &one, Some(&author), None).await,
        (200, json!([]))
    );

    // A signed-in account that is not staff sees nothing; anon may not even ask.
    let stranger = add_account(&app.db, None, "Sam Stranger").await;
    assert_eq!(
        send(&app, Method::GET, "redirects", Some(&stranger.jwt()), None).await,
        (200, json!([]))
    );
    assert_error(
        &send(&app, Method::GET, "redirects", None, None).await,
        401,
        "42501",
        "permission denied for table redirects",
    );
    assert_error(
        &send(
            &app,
            Method::POST,
            "redirects",
            None,
            Some(json!({"source_path": "/x", "target": "/y"})),
        )
        .await,
        401,
        "42501",
        "permission denied for table redirects",
    );
    assert_eq!(
        targets(&app).await,
        [to("/Old-Pricing", "/plans"), to("/resources/", "/blog/")]
    );

    let (status, rows) = send(&app, Method::DELETE, &one, Some(&editor), None).await;
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
        let answer = send(
            &app,
            Method::POST,
            "redirects",
            Some(&editor),
            Some(rule.clone()),
        )
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
        &send(
            &app,
            Method::POST,
            "redirects",
            Some(&editor),
            Some(json!({"source_path": "/WEBINAR/", "target": "/events"})),
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
    let (status, rows) = send(
        &app,
        Method::PATCH,
        "redirects?source_path=eq./partner",
        Some(&editor),
        Some(json!({"match_type": "prefix"})),
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

#[tokio::test]
async fn chains_collapse_both_ways_so_a_visitor_makes_one_hop() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    add_rule(&app, &editor, json!({"source_path": "/a", "target": "/b"})).await;
    // /a -> /b, then /b -> /c: the older rule now sends /a straight to /c.
    add_rule(&app, &editor, json!({"source_path": "/b", "target": "/c"})).await;
    assert_eq!(targets(&app).await, [to("/a", "/c"), to("/b", "/c")]);
    // A new rule into the chain points where it ends, keeping its own query and fragment where
    // the end has none (as the server would carry them over).
    let rule = add_rule(
        &app,
        &editor,
        json!({"source_path": "/campaign", "target": "/A?utm_source=mail#top"}),
    )
    .await;
    assert_eq!(rule["target"], "/c?utm_source=mail#top");
    // The end moves on: everything that led there follows, a target's own query kept.
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/c/", "target": "/d?v=2"}),
    )
    .await;
    assert_eq!(
        targets(&app).await,
        [
            to("/a", "/d?v=2"),
            to("/b", "/d?v=2"),
            to("/c", "/d?v=2"),
            to("/campaign", "/d?v=2#top"),
        ]
    );
    // A 410 ends a chain where it is; a full address is the end.
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/gone", "status_code": 410}),
    )
    .await;
    let rule = add_rule(
        &app,
        &editor,
        json!({"source_path": "/e", "target": "/gone"}),
    )
    .await;
    assert_eq!(rule["target"], "/gone");
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/d", "target": "https://elsewhere.example/d"}),
    )
    .await;
    assert_eq!(
        targets(&app).await,
        [
            to("/a", "https://elsewhere.example/d?v=2"),
            to("/b", "https://elsewhere.example/d?v=2"),
            to("/c", "https://elsewhere.example/d?v=2"),
            to("/campaign", "https://elsewhere.example/d?v=2#top"),
            to("/d", "https://elsewhere.example/d"),
            to("/e", "/gone"),
            ("/gone".to_owned(), None),
        ]
    );
    // A prefix rule's target is a folder, not a page: an exact rule on that path leaves it be.
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/docs", "target": "/manual"}),
    )
    .await;
    let rule = add_rule(
        &app,
        &editor,
        json!({"source_path": "/help/", "match_type": "prefix", "target": "/docs/"}),
    )
    .await;
    assert_eq!(rule["target"], "/docs/");
}

#[tokio::test]
async fn loops_are_refused_directly_through_a_chain_and_by_a_prefix_into_itself() {
    let app = spawn_app().await;
    let editor = add_staff(&app.db, "editor", "Eden Editor").await.jwt();
    let refused = async |rule: Value, message: &str| {
        let answer = send(&app, Method::POST, "redirects", Some(&editor), Some(rule)).await;
        assert_error(&answer, 400, "22023", message);
    };
    refused(
        json!({"source_path": "/pricing", "target": "/Pricing/?plan=pro"}),
        "This redirect would loop: /pricing → /Pricing/.",
    )
    .await;
    // Through a chain: /x -> /y -> /z exists (collapsed to /x -> /z, /y -> /z).
    add_rule(&app, &editor, json!({"source_path": "/x", "target": "/y"})).await;
    add_rule(&app, &editor, json!({"source_path": "/y", "target": "/z"})).await;
    refused(
        json!({"source_path": "/z", "target": "/y"}),
        "This redirect would loop: /z → /y → /z.",
    )
    .await;
    refused(
        json!({"source_path": "/z", "target": "/x"}),
        "This redirect would loop: /z → /x → /z.",
    )
    .await;
    // A prefix into itself never ends.
    refused(
        json!({"source_path": "/blog/", "match_type": "prefix", "target": "/blog/archive/"}),
        "This redirect would loop: /blog/archive/ is inside /blog/ itself.",
    )
    .await;
    // Through a prefix: /docs/... -> /manual/..., and one manual page back into /docs/.
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/docs/", "match_type": "prefix", "target": "/manual/"}),
    )
    .await;
    refused(
        json!({"source_path": "/manual/intro", "target": "/docs/intro"}),
        "This redirect would loop: /manual/intro → /docs/intro → /manual/intro.",
    )
    .await;
    // And the other way round: the exact rule first, then the prefix that closes the loop.
    add_rule(
        &app,
        &editor,
        json!({"source_path": "/guide/start", "target": "/handbook/start"}),
    )
    .await;
    refused(
        json!({"source_path": "/handbook/", "match_type": "prefix", "target": "/guide/"}),
        "This redirect would loop: /handbook/start → /guide/start → /handbook/start.",
    )
    .await;
    // A change that would close a loop is refused as well; the rule stays as it was.
    let (status, body) = send(
        &app,
        Method::PATCH,
        "redirects?source_path=eq./x",
        Some(&editor),
        Some(json!({"source_path": "/z"})),
    )
    .await;
    assert_error(
        &(status, body),
        400,
        "22023",
        "This redirect would loop: /z → /z.",
    );
    assert_eq!(
        targets(&app).await,
        [
            to("/docs/", "/manual/"),
            to("/guide/start", "/handbook/start"),
            to("/x", "/z"),
            to("/y", "/z"),
        ]
    );
}

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
    let (status, rows) = send(
        app,
        Method::PATCH,
        &format!("blog_posts?slug=eq.{from}"),
        Some(token),
        Some(json!({"slug": to})),
    )
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
    let (status, _) = send(
        &app,
        Method::PATCH,
        "blog_posts?slug=eq.prior-authorization-guide",
        Some(&editor),
        Some(
            json!({"slug": "prior-authorization-guide", "published": true, "title": "Prior auth"}),
        ),
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
        let (status, rows) = send(
            &app,
            Method::PATCH,
            &format!("page_seo_settings?page_route=eq.{from}"),
            Some(&editor),
            Some(json!({"page_route": to})),
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
    let team = team(&app).await;
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
    let (status, body) = send(
        &app,
        Method::POST,
        "blog_posts",
        Some(&editor),
        Some(
            json!({"slug": "new-guide", "title": "New guide", "description": "d",
                    "category": "News", "published": true}),
        ),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    // An author's draft takes nothing (an author cannot change rules); its publication does.
    let (status, body) = send(
        &app,
        Method::POST,
        "blog_posts",
        Some(&team.author.jwt()),
        Some(
            json!({"slug": "later-guide", "title": "Later guide", "description": "d",
                    "category": "News"}),
        ),
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
    let (status, _) = send(
        &app,
        Method::PATCH,
        "blog_posts?slug=eq.later-guide",
        Some(&editor),
        Some(json!({"published": true})),
    )
    .await;
    assert_eq!(status, 200);
    // A page set up at a redirected route.
    let (status, body) = send(
        &app,
        Method::POST,
        "page_seo_settings",
        Some(&editor),
        Some(json!({"page_route": "/careers-2027/", "page_name": "Careers 2027"})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(targets(&app).await, []);
}

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
    let (status, _) = send(
        &app,
        Method::PATCH,
        "redirects?source_path=eq./a",
        Some(&editor),
        Some(json!({"status_code": 302})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(next().await, "redirects");
    let (status, _) = send(
        &app,
        Method::DELETE,
        "redirects?source_path=eq./a",
        Some(&editor),
        None,
    )
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
    let team = team(&app).await;
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
        send(
            &app,
            Method::POST,
            "rpc/not_found_report",
            token,
            Some(args),
        )
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
    let (status, rows) = send(
        &app,
        Method::DELETE,
        "not_found_log?path=eq./.env",
        Some(&team.author.jwt()),
        None,
    )
    .await;
    assert_eq!((status, rows), (200, json!([])));
    let (status, rows) = send(
        &app,
        Method::DELETE,
        "not_found_log?kind=eq.probe",
        Some(&editor),
        None,
    )
    .await;
    assert_eq!(
        (status, rows.as_array().map(Vec::len)),
        (200, Some(1)),
        "{rows}"
    );
    assert_error(
        &send(&app, Method::GET, "not_found_log", None, None).await,
        401,
        "42501",
        "permission denied for table not_found_log",
    );
    assert_eq!(
        send(
            &app,
            Method::GET,
            "not_found_log?select=path",
            Some(&stranger.jwt()),
            None
        )
        .await,
        (200, json!([]))
    );
}
