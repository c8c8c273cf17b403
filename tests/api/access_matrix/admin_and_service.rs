//! What the admin token and the service role may do, and what look-alike or revoked admin tokens
//! may not.
use super::*;

/// Asserts that `caller` (the admin, service_role) reads every session's page views (the two of
/// [`with_analytics`]) with the columns anon may not read.
async fn assert_sees_every_session(db: &TestDatabase, caller: &Caller) {
    assert_eq!(
        count(
            db,
            caller,
            "select user_agent, time_on_page, scroll_depth from page_analytics"
        )
        .await,
        2,
        "{} sees every session",
        caller.role
    );
}

/// Asserts that `caller` (the admin, service_role) inserts whitepaper submissions without
/// antispam-check's lead ticket, and reads them.
async fn assert_submits_leads_without_a_ticket(db: &TestDatabase, caller: &Caller) {
    assert_eq!(
        run(
            db,
            caller,
            "insert into whitepaper_submissions (company_name, first_name, email, phone)
             values ('Trusted Co', 'Ada', 'ada@trusted.example', '555-0100'), ('Trusted Co', 'Bo', 'bo@trusted.example', '555-0101')"
        )
        .await,
        Ok(2),
        "{} needs no lead ticket",
        caller.role
    );
    assert!(
        rows(db, caller, "select * from whitepaper_submissions")
            .await
            .is_ok(),
        "{} reads the submissions",
        caller.role
    );
}

#[tokio::test]
async fn the_admin_token_does_what_the_admin_screens_need() {
    let db = fresh_database().await;
    with_analytics(&db).await;
    let admin = admin();
    assert_eq!(
        run(&db, &admin, "insert into blog_posts (title, slug, description, category, published) values ('Oxygen billing in 2027', 'oxygen-billing-2027', 'What changes', 'Billing & Coding', true)").await,
        Ok(1)
    );
    assert!(
        run(&db, &admin, "update blog_posts set published = false")
            .await
            .unwrap()
            >= 5
    );
    assert!(
        run(&db, &admin, "delete from blog_posts where not published")
            .await
            .unwrap()
            >= 1
    );
    assert_eq!(run(&db, &admin, "insert into page_seo_settings (page_route, page_name, meta_title) values ('/partners', 'Partners', 'Partners')").await, Ok(1));
    assert_eq!(
        run(
            &db,
            &admin,
            "update page_seo_settings set content = '<p>Hello</p>' where page_route = '/about'"
        )
        .await,
        Ok(1)
    );
    assert_eq!(
        run(
            &db,
            &admin,
            "delete from page_seo_settings where page_route = '/careers'"
        )
        .await,
        Ok(1)
    );
    assert_eq!(run(&db, &admin, "insert into whitepapers (title, category, pages) values ('CMN checklist', 'Compliance', 4)").await, Ok(1));
    assert!(
        run(
            &db,
            &admin,
            "update whitepapers set featured = not featured"
        )
        .await
        .unwrap()
            >= 3
    );
    assert_submits_leads_without_a_ticket(&db, &admin).await;
    assert!(rows(&db, &admin, "select * from leads").await.is_ok());
    assert!(
        rows(&db, &admin, "select * from lead_deliveries")
            .await
            .is_ok()
    );
    assert_sees_every_session(&db, &admin).await;
    // The admin token is still not a superuser: abuse state stays private.
    assert_denied(&db, &admin, "select * from private.rate_limit_hits").await;
}

#[tokio::test]
async fn a_token_with_admin_claims_but_the_wrong_role_is_not_admin() {
    let db = fresh_database().await;
    let forged = Caller::new(
        "anon",
        json!({"role": "anon", "app_metadata": {"admin": true}}),
    );
    assert_eq!(
        count(
            &db,
            &forged,
            "select id from blog_posts where not published"
        )
        .await,
        0
    );
    let user_metadata = Caller::new(
        "authenticated",
        json!({"role": "authenticated", "user_metadata": {"admin": true}}),
    );
    // Only app_metadata (set by the server) counts, never user_metadata.
    assert_denied(
        &db,
        &user_metadata,
        "insert into whitepapers (title, category) values ('x', 'x')",
    )
    .await;
}

#[tokio::test]
async fn service_role_bypasses_row_level_security() {
    let db = fresh_database().await;
    with_analytics(&db).await;
    let service = service();
    assert_sees_every_session(&db, &service).await;
    assert!(
        count(
            &db,
            &service,
            "select id from blog_posts where not published"
        )
        .await
            >= 1
    );
    assert_eq!(
        run(
            &db,
            &service,
            "insert into leads (source, email, payload) values ('contact', 'a@b.co', '{}')"
        )
        .await,
        Ok(1)
    );
    assert_submits_leads_without_a_ticket(&db, &service).await;
}

#[tokio::test]
async fn storage_objects_are_readable_in_the_site_buckets_and_writable_only_by_the_admin() {
    let db = fresh_database().await;
    db.execute("insert into storage.objects (bucket_id, name, metadata) values ('whitepapers', 'guide.pdf', '{}')").await;
    assert!(
        count(
            &db,
            &anon(),
            "select name from storage.objects where bucket_id = 'whitepapers'"
        )
        .await
            >= 1
    );
    assert_eq!(
        count(&db, &anon(), "select id from storage.buckets").await,
        2
    );
    let upload = "insert into storage.objects (bucket_id, name, metadata) values ('blog-images', 'x/evil.png', '{}')";
    assert_denied(&db, &anon(), upload).await;
    assert_denied(&db, &user(), upload).await;
    assert_eq!(run(&db, &admin(), upload).await, Ok(1));
    assert_eq!(
        run(&db, &anon(), "delete from storage.objects").await,
        Ok(0)
    );
    assert!(
        run(
            &db,
            &admin(),
            "delete from storage.objects where bucket_id = 'whitepapers'"
        )
        .await
        .unwrap()
            >= 1
    );
    assert_denied(
        &db,
        &anon(),
        "insert into storage.buckets (id, name, public) values ('mine', 'mine', true)",
    )
    .await;
}

#[tokio::test]
async fn a_new_passcode_revokes_admin_tokens_of_the_old_one_in_rls_too() {
    let db = fresh_database().await;
    db.execute("update private.admin_settings set passcode_version = 'generation-2'")
        .await;
    let with_version = |version: &str| {
        Caller::new(
            "authenticated",
            json!({"role": "authenticated", "app_metadata": {"admin": true, "passcode_version": version}}),
        )
    };
    let current = with_version("generation-2");
    let revoked = with_version("generation-1");
    let insert = "insert into whitepapers (title, category) values ('x', 'x')";
    assert_eq!(run(&db, &current, insert).await, Ok(1));
    assert_denied(&db, &revoked, insert).await;
    assert!(
        count(
            &db,
            &current,
            "select id from blog_posts where not published"
        )
        .await
            >= 1
    );
    assert_eq!(
        count(
            &db,
            &revoked,
            "select id from blog_posts where not published"
        )
        .await,
        0
    );
    assert_denied(&db, &anon(), "select * from private.admin_settings").await;
}

/// A scheduled post (published, publish_at ahead) is a draft to everyone but the admin until
/// its time.
#[tokio::test]
async fn a_scheduled_post_is_the_admins_alone_until_its_time() {
    let db = fresh_database().await;
    db.execute(
        "insert into blog_posts (title, slug, description, category, published, publish_at) values
           ('Competitive bidding round 2028', 'cb-round-2028', 'What suppliers should know', 'News', true, now() + interval '1 day'),
           ('Due already', 'due-already', 'Published by its time', 'News', true, now() - interval '1 minute')",
    )
    .await;
    let scheduled = "select id from blog_posts where slug = 'cb-round-2028'";
    let due = "select id from blog_posts where slug = 'due-already'";
    for caller in [anon(), user()] {
        assert_eq!(count(&db, &caller, scheduled).await, 0, "{}", caller.role);
        assert_eq!(count(&db, &caller, due).await, 1, "{}", caller.role);
    }
    assert_eq!(count(&db, &admin(), scheduled).await, 1);
}

/// Revisions, the activity log and preview links: the admin token reads them; only the
/// database writes revisions and the log (triggers, security-definer functions); preview links
/// are made through create_preview_link and only their revocation is an update; nobody else
/// sees any of it.
#[tokio::test]
async fn revisions_activity_and_preview_links_are_the_admins_and_written_by_the_database() {
    let db = fresh_database().await;
    let admin = admin();
    // Kept (the callers' own statements are rolled back): a sign-in and a preview link.
    db.execute(
        "insert into admin_activity (action, entity) values ('sign_in', 'session');
         insert into preview_links (token_hash, kind, page_route, content, expires_at)
         values ('0f', 'page', '/about', '<p>x</p>', now() + interval '1 day')",
    )
    .await;
    let link = rows(
        &db,
        &admin,
        "select public.create_preview_link('page', page_route => '/about', content => '<p>x</p>') as link",
    )
    .await
    .unwrap();
    assert!(
        link[0]["link"]["token"]
            .as_str()
            .is_some_and(|t| t.len() == 64)
    );

    for table in ["content_revisions", "admin_activity", "preview_links"] {
        let select = format!("select id from {table}");
        assert_denied(&db, &anon(), &select).await;
        assert_eq!(count(&db, &user(), &select).await, 0, "{table}");
        assert!(count(&db, &admin, &select).await >= 1, "{table}");
        assert!(count(&db, &service(), &select).await >= 1, "{table}");
        let column = match table {
            "content_revisions" => "entity_key",
            "admin_activity" => "summary",
            _ => "label",
        };
        for write in [
            format!("delete from {table}"),
            format!("update {table} set {column} = {column}"),
        ] {
            assert_denied(&db, &admin, &write).await;
            assert_denied(&db, &user(), &write).await;
        }
    }
    for insert in [
        "insert into content_revisions (entity, entity_id, entity_key, action) values ('blog_post', gen_random_uuid(), 'x', 'create')",
        "insert into admin_activity (action) values ('sign_in')",
        "insert into preview_links (token_hash, kind, page_route, content, expires_at) values ('h', 'page', '/about', 'x', now() + interval '1 day')",
    ] {
        assert_denied(&db, &admin, insert).await;
    }
    // The token's hash is not even readable; revoking is the one update.
    assert_denied(&db, &admin, "select token_hash from preview_links").await;
    assert_denied(
        &db,
        &admin,
        "update preview_links set expires_at = now() + interval '1 year'",
    )
    .await;
    assert_eq!(
        run(&db, &admin, "update preview_links set revoked_at = now()").await,
        Ok(1)
    );
    assert_eq!(
        run(&db, &user(), "update preview_links set revoked_at = now()").await,
        Ok(0)
    );
    // Nobody but the admin makes links or restores revisions.
    for caller in [anon(), user()] {
        assert_denied(
            &db,
            &caller,
            "select public.create_preview_link('page', page_route => '/about', content => 'x')",
        )
        .await;
    }
}
