//! Role escalation by staff accounts, over /rest/v1 as the admin app's client would send it: a
//! forged `staff_role` claim, roles put in user_metadata, a deactivated person's unexpired token,
//! and an author publishing, taking over or handing away posts.
use cb_tests::{Account, Answer as _, TestApp, add_account, add_staff, mint_jwt, spawn_app};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn rest(app: &TestApp, method: Method, path: &str, token: &str) -> reqwest::RequestBuilder {
    app.with_token(method, &format!("/rest/v1{path}"), token)
}

/// What an owner's or editor's write answers with `token`, for each of: a whitepaper, a page
/// SEO record, the staff list.
async fn privileged_writes(app: &TestApp, token: &str) -> Vec<StatusCode> {
    let whitepaper = rest(app, Method::POST, "/whitepapers", token)
        .json(&json!({"title": "Escalated", "category": "Guides"}))
        .answer()
        .await
        .status();
    let page = rest(app, Method::POST, "/page_seo_settings", token)
        .json(&json!({"page_route": "/escalated", "page_name": "Escalated"}))
        .answer()
        .await
        .status();
    let staff = rest(app, Method::POST, "/rpc/staff_list", token)
        .json(&json!({}))
        .answer()
        .await
        .status();
    vec![whitepaper, page, staff]
}

/// The rows `token` reads at `path`.
async fn read(app: &TestApp, path: &str, token: &str) -> Vec<Value> {
    let response = rest(app, Method::GET, path, token).answer().await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.json().await.unwrap()
}

async fn with_a_lead_and_a_draft(app: &TestApp) {
    app.db
        .execute(
            "insert into leads (source, email, payload) values ('contact', 'ops@supplier.example', '{}');
             insert into blog_posts (title, slug, description, category) values ('Unannounced', 'unannounced', 'x', 'News')",
        )
        .await;
}

const DENIED: [StatusCode; 3] = [StatusCode::FORBIDDEN; 3];

#[tokio::test]
async fn a_forged_staff_role_claim_grants_nothing() {
    let app = spawn_app().await;
    with_a_lead_and_a_draft(&app).await;
    let stranger = add_account(&app.db, None, "Sam Stranger").await;
    let author = add_staff(&app.db, "author", "Avery Author").await;
    let forged = |account: &Account| {
        mint_jwt(
            "authenticated",
            account.claims_with(json!({"staff_role": "owner"})),
        )
    };

    let token = forged(&stranger);
    assert_eq!(privileged_writes(&app, &token).await, DENIED);
    assert!(
        read(&app, "/blog_posts?select=id&published=is.false", &token)
            .await
            .is_empty()
    );
    assert!(read(&app, "/leads?select=id", &token).await.is_empty());

    let token = forged(&author);
    assert_eq!(
        privileged_writes(&app, &token).await,
        DENIED,
        "still an author"
    );
    assert!(read(&app, "/leads?select=id", &token).await.is_empty());
    let patched = rest(
        &app,
        Method::PATCH,
        "/page_seo_settings?page_route=eq.%2Fabout",
        &token,
    )
    .json(&json!({"meta_title": "Defaced"}))
    .answer()
    .await;
    assert!(patched.status().is_success());
    assert_eq!(
        app.db
            .count("select count(*) from page_seo_settings where meta_title = 'Defaced'")
            .await,
        0
    );
}

#[tokio::test]
async fn roles_in_user_metadata_or_app_metadata_grant_nothing() {
    let app = spawn_app().await;
    with_a_lead_and_a_draft(&app).await;
    let stranger = add_account(&app.db, None, "Sam Stranger").await;
    let author = add_staff(&app.db, "author", "Avery Author").await;
    // PUT /user lets anyone write their user_metadata; app_metadata is the server's, but a
    // role there is not how staff are recognised either.
    let owner_everywhere = json!({
        "user_metadata": {"role": "owner", "staff_role": "owner", "admin": true},
        "app_metadata": {"provider": "email", "role": "owner", "staff_role": "owner"},
    });
    for account in [&stranger, &author] {
        let token = mint_jwt(
            "authenticated",
            account.claims_with(owner_everywhere.clone()),
        );
        assert_eq!(
            privileged_writes(&app, &token).await,
            DENIED,
            "{:?}",
            account.role
        );
        assert!(read(&app, "/leads?select=id", &token).await.is_empty());
    }
    let token = mint_jwt("authenticated", stranger.claims_with(owner_everywhere));
    assert!(
        read(&app, "/blog_posts?select=id&published=is.false", &token)
            .await
            .is_empty()
    );
}

#[tokio::test]
async fn a_deactivated_authors_unexpired_token_is_refused_on_its_next_write() {
    let app = spawn_app().await;
    let owner = add_staff(&app.db, "owner", "Olive Owner").await;
    let author = add_staff(&app.db, "author", "Avery Author").await;
    let token = author.jwt();
    let draft = |slug: &str| {
        rest(&app, Method::POST, "/blog_posts", &token)
            .header("Prefer", "return=minimal")
            .json(&json!({"title": "Draft", "slug": slug, "description": "x", "category": "News"}))
            .answer()
    };
    assert_eq!(draft("first").await.status(), StatusCode::CREATED);
    let deactivated = rest(&app, Method::POST, "/rpc/staff_set_active", &owner.jwt())
        .json(&json!({"target": author.id, "active": false}))
        .answer()
        .await;
    assert_eq!(deactivated.status(), StatusCode::NO_CONTENT);
    assert_eq!(draft("second").await.status(), StatusCode::FORBIDDEN);
    let renamed = rest(&app, Method::PATCH, "/blog_posts?slug=eq.first", &token)
        .json(&json!({"title": "Renamed after leaving"}))
        .answer()
        .await;
    assert!(renamed.status().is_success());
    assert_eq!(
        app.db
            .count("select count(*) from blog_posts where title = 'Renamed after leaving'")
            .await,
        0
    );
}

#[tokio::test]
async fn an_author_cannot_publish_take_over_or_hand_away_posts() {
    let app = spawn_app().await;
    let author = add_staff(&app.db, "author", "Avery Author").await;
    let other = add_staff(&app.db, "author", "Blake Author").await;
    app.db
        .execute(&format!(
            "insert into blog_posts (title, slug, description, category, author_id) values
               ('Mine', 'mine', 'x', 'News', '{}'), ('Theirs', 'theirs', 'x', 'News', '{}')",
            author.id, other.id
        ))
        .await;
    let token = author.jwt();
    let patch = |slug: &str, body: Value| {
        rest(
            &app,
            Method::PATCH,
            &format!("/blog_posts?slug=eq.{slug}"),
            &token,
        )
        .json(&body)
        .answer()
    };
    for (body, message) in [
        (
            json!({"published": true}),
            "An author cannot publish or schedule a post",
        ),
        (
            json!({"publish_at": "2099-01-05T09:00:00Z"}),
            "An author cannot publish or schedule a post",
        ),
        (
            json!({"author_id": other.id}),
            "An author writes only their own posts",
        ),
    ] {
        let response = patch("mine", body.clone()).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{body}");
        let answer: Value = response.json().await.unwrap();
        assert_eq!(
            (answer["code"].as_str(), answer["message"].as_str()),
            (Some("42501"), Some(message))
        );
    }
    let created = rest(&app, Method::POST, "/blog_posts", &token)
        .json(&json!({"title": "Sneaky", "slug": "sneaky", "description": "x", "category": "News", "published": true}))
        .answer()
        .await;
    assert_eq!(created.status(), StatusCode::FORBIDDEN);
    let credited = rest(&app, Method::POST, "/blog_posts", &token)
        .json(&json!({"title": "Framed", "slug": "framed", "description": "x", "category": "News", "author_id": other.id}))
        .answer()
        .await;
    assert_eq!(credited.status(), StatusCode::FORBIDDEN);
    // Another author's draft is not theirs to change or delete: no row matches.
    assert!(
        patch("theirs", json!({"title": "Taken over"}))
            .await
            .status()
            .is_success()
    );
    let deleted = rest(&app, Method::DELETE, "/blog_posts?slug=eq.theirs", &token)
        .answer()
        .await;
    assert!(deleted.status().is_success());
    assert_eq!(
        app.db
            .json_rows("select slug, title, published, author_id from blog_posts where slug in ('mine', 'theirs', 'sneaky', 'framed') order by slug")
            .await,
        [
            json!({"slug": "mine", "title": "Mine", "published": false, "author_id": author.id}),
            json!({"slug": "theirs", "title": "Theirs", "published": false, "author_id": other.id}),
        ]
    );
}
