//! Every cell of the access matrix in the README, run as each role with its JWT claims, through
//! the same per-request scope the services use (SET ROLE + request.jwt.claims + headers).
use cb_tests::{TestDatabase, admin_claims, execute_as, fresh_database, query_as};
use serde_json::{Value, json};

const PERMISSION_DENIED: &str = "42501";

struct Caller {
    role: &'static str,
    claims: Value,
    headers: Value,
}

fn anon() -> Caller {
    Caller {
        role: "anon",
        claims: json!({"role": "anon"}),
        headers: json!({}),
    }
}

fn anon_in_session(session: &str) -> Caller {
    Caller {
        headers: json!({ "x-claimbridge-session": session }),
        ..anon()
    }
}

/// A signed-in user who is not the admin (the product has none, but the database must not care).
fn user() -> Caller {
    Caller {
        role: "authenticated",
        claims: json!({"role": "authenticated", "sub": "00000000-0000-0000-0000-0000000000f1", "app_metadata": {}}),
        headers: json!({}),
    }
}

fn admin() -> Caller {
    Caller {
        role: "authenticated",
        claims: admin_claims(),
        headers: json!({}),
    }
}

fn service() -> Caller {
    Caller {
        role: "service_role",
        claims: json!({"role": "service_role"}),
        headers: json!({}),
    }
}

async fn rows(db: &TestDatabase, caller: &Caller, sql: &str) -> Result<Vec<Value>, String> {
    query_as(
        &db.pool,
        caller.role,
        caller.claims.clone(),
        caller.headers.clone(),
        sql,
    )
    .await
}

async fn run(db: &TestDatabase, caller: &Caller, sql: &str) -> Result<u64, String> {
    execute_as(
        &db.pool,
        caller.role,
        caller.claims.clone(),
        caller.headers.clone(),
        sql,
    )
    .await
}

async fn count(db: &TestDatabase, caller: &Caller, sql: &str) -> usize {
    rows(db, caller, sql)
        .await
        .unwrap_or_else(|code| panic!("{sql}: {code}"))
        .len()
}

const SESSION: &str = "session_1732240000000_abc123xyz";
const OTHER_SESSION: &str = "session_1732240000001_zzz999";

async fn with_analytics(db: &TestDatabase) {
    cb_db::sqlx::query(
        "insert into page_analytics (session_id, page_path, page_title, user_agent, device_type, browser)
         values ($1, '/', 'Home', 'Mozilla/5.0', 'desktop', 'Chrome'), ($2, '/blog', 'Blog', 'Mozilla/5.0', 'mobile', 'Safari')",
    )
    .bind(SESSION)
    .bind(OTHER_SESSION)
    .execute(&db.pool)
    .await
    .unwrap();
}

#[tokio::test]
async fn anon_reads_published_posts_only() {
    let db = fresh_database().await;
    let all = count(&db, &service(), "select id from blog_posts").await;
    let published = count(&db, &service(), "select id from blog_posts where published").await;
    assert!(published < all, "the seed has drafts");
    assert_eq!(
        count(&db, &anon(), "select id from blog_posts").await,
        published
    );
    assert_eq!(
        count(
            &db,
            &anon(),
            "select id from blog_posts where not published"
        )
        .await,
        0
    );
    assert_eq!(
        count(
            &db,
            &user(),
            "select id from blog_posts where not published"
        )
        .await,
        0
    );
    assert_eq!(count(&db, &admin(), "select id from blog_posts").await, all);
}

#[tokio::test]
async fn anon_reads_whitepapers_and_page_seo_settings() {
    let db = fresh_database().await;
    assert!(
        count(
            &db,
            &anon(),
            "select * from whitepapers order by featured desc, created_at desc"
        )
        .await
            >= 3
    );
    assert!(
        count(
            &db,
            &anon(),
            "select * from page_seo_settings where page_route = '/'"
        )
        .await
            == 1
    );
}

#[tokio::test]
async fn anon_changes_no_content() {
    let db = fresh_database().await;
    for sql in [
        "insert into blog_posts (title, slug, description, category) values ('x', 'x', 'x', 'x')",
        "update blog_posts set title = 'defaced'",
        "delete from blog_posts",
        "insert into page_seo_settings (page_route, page_name) values ('/x', 'X')",
        "update page_seo_settings set meta_title = 'defaced'",
        "delete from page_seo_settings",
        "insert into whitepapers (title, category) values ('x', 'x')",
        "update whitepapers set featured = true",
        "delete from whitepapers",
    ] {
        assert_eq!(
            run(&db, &anon(), sql).await,
            Err(PERMISSION_DENIED.into()),
            "{sql}"
        );
    }
}

#[tokio::test]
async fn a_non_admin_token_changes_nothing_either() {
    let db = fresh_database().await;
    for sql in [
        "insert into blog_posts (title, slug, description, category) values ('x', 'x-post', 'x', 'x')",
        "insert into page_seo_settings (page_route, page_name) values ('/x', 'X')",
        "insert into whitepapers (title, category) values ('x', 'x')",
    ] {
        assert_eq!(
            run(&db, &user(), sql).await,
            Err(PERMISSION_DENIED.into()),
            "{sql}: RLS refuses the new row"
        );
    }
    for sql in [
        "update blog_posts set title = 'defaced'",
        "delete from whitepapers",
        "update page_seo_settings set content = 'x'",
    ] {
        assert_eq!(
            run(&db, &user(), sql).await,
            Ok(0),
            "{sql}: no row is visible for writing"
        );
    }
    assert_eq!(
        rows(&db, &user(), "select id from whitepaper_submissions").await,
        Ok(vec![])
    );
    assert_eq!(rows(&db, &user(), "select id from leads").await, Ok(vec![]));
}

#[tokio::test]
async fn anon_records_page_views() {
    let db = fresh_database().await;
    let insert = format!(
        "insert into page_analytics (session_id, page_path, page_title, referrer, user_agent, device_type, browser, visited_at)
         values ('{SESSION}', '/services', 'Services', 'https://www.google.com/', 'Mozilla/5.0', 'desktop', 'Chrome', now())"
    );
    assert_eq!(run(&db, &anon(), &insert).await, Ok(1));
    let bad_depth = format!(
        "insert into page_analytics (session_id, page_path, scroll_depth) values ('{SESSION}', '/', 101)"
    );
    assert_eq!(
        run(&db, &anon(), &bad_depth).await,
        Err("23514".into()),
        "scroll depth is capped at 100"
    );
}

#[tokio::test]
async fn anon_reads_back_only_the_id_of_its_own_session_rows() {
    let db = fresh_database().await;
    with_analytics(&db).await;
    let own = format!(
        "select id from page_analytics where session_id = '{SESSION}' and page_path = '/' order by visited_at desc limit 1"
    );
    assert_eq!(count(&db, &anon_in_session(SESSION), &own).await, 1);
    assert_eq!(
        count(&db, &anon(), &own).await,
        0,
        "without the session header nothing is visible"
    );
    assert_eq!(
        count(
            &db,
            &anon_in_session(SESSION),
            "select id from page_analytics"
        )
        .await,
        1,
        "never other sessions"
    );
    for column in [
        "user_agent",
        "referrer",
        "page_title",
        "device_type",
        "browser",
        "time_on_page",
        "*",
    ] {
        let sql = format!("select {column} from page_analytics");
        assert_eq!(
            rows(&db, &anon_in_session(SESSION), &sql).await,
            Err(PERMISSION_DENIED.into()),
            "{column}"
        );
    }
}

#[tokio::test]
async fn anon_updates_only_time_and_scroll_of_its_own_session() {
    let db = fresh_database().await;
    with_analytics(&db).await;
    let caller = anon_in_session(SESSION);
    assert_eq!(
        run(&db, &caller, &format!("update page_analytics set time_on_page = 42, scroll_depth = 80 where session_id = '{SESSION}'")).await,
        Ok(1)
    );
    assert_eq!(
        run(
            &db,
            &caller,
            "update page_analytics set time_on_page = 9999"
        )
        .await,
        Ok(1),
        "other sessions' rows are invisible, so untouched"
    );
    for sql in [
        "update page_analytics set page_path = '/hacked'",
        "update page_analytics set user_agent = 'x'",
        "update page_analytics set session_id = 'session_1_x'",
        "delete from page_analytics",
    ] {
        assert_eq!(
            run(&db, &caller, sql).await,
            Err(PERMISSION_DENIED.into()),
            "{sql}"
        );
    }
}

/// A lead ticket for `email`, as antispam-check issues it when it allows a visitor.
async fn lead_ticket(db: &TestDatabase, email: &str) -> String {
    let ticket = format!("matrix-ticket-{}", uuid::Uuid::new_v4().simple());
    cb_db::sqlx::query(
        "select private.lead_ticket_issue($1, $2, '203.0.113.9', 20, interval '10 minutes')",
    )
    .bind(&ticket)
    .bind(email)
    .execute(&db.pool)
    .await
    .expect("issue a lead ticket");
    ticket
}

fn with_ticket(caller: Caller, ticket: &str) -> Caller {
    Caller {
        headers: json!({ "x-claimbridge-lead-ticket": ticket }),
        ..caller
    }
}

#[tokio::test]
async fn anon_submits_whitepaper_leads_with_a_ticket_but_never_reads_them() {
    let db = fresh_database().await;
    let insert = "insert into whitepaper_submissions (company_name, first_name, last_name, email, phone, job_title,
                    company_size, revenue, current_challenges)
                  values ('Summit Home Medical', 'Dana', 'Reyes', 'dana@summithome.example', '615-555-0134', '',
                    '11-25', '8 years', 'Oxygen denials')";
    // Without antispam-check's ticket, neither anon nor a signed-in non-admin may insert.
    assert_eq!(
        run(&db, &anon(), insert).await,
        Err(PERMISSION_DENIED.into())
    );
    assert_eq!(
        run(&db, &user(), insert).await,
        Err(PERMISSION_DENIED.into())
    );
    let ticket = lead_ticket(&db, "dana@summithome.example").await;
    assert_eq!(run(&db, &with_ticket(anon(), &ticket), insert).await, Ok(1));
    assert_eq!(run(&db, &with_ticket(user(), &ticket), insert).await, Ok(1));
    assert_eq!(
        rows(&db, &anon(), "select id from whitepaper_submissions").await,
        Err(PERMISSION_DENIED.into())
    );
    assert_eq!(
        rows(&db, &anon(), "select email from whitepaper_submissions").await,
        Err(PERMISSION_DENIED.into())
    );
    assert_eq!(
        run(&db, &anon(), "delete from whitepaper_submissions").await,
        Err(PERMISSION_DENIED.into())
    );
    let bad_email = insert.replace("dana@summithome.example", "not an email");
    let ticket = lead_ticket(&db, "not an email").await;
    assert_eq!(
        run(&db, &with_ticket(anon(), &ticket), &bad_email).await,
        Err("23514".into())
    );
}

#[tokio::test]
async fn anon_never_reads_leads_deliveries_or_abuse_state() {
    let db = fresh_database().await;
    for table in [
        "leads",
        "lead_deliveries",
        "private.rate_limit_hits",
        "private.used_captcha_tokens",
        "private.lead_tickets",
    ] {
        let sql = format!("select * from {table}");
        assert_eq!(
            rows(&db, &anon(), &sql).await,
            Err(PERMISSION_DENIED.into()),
            "{table}"
        );
    }
    assert_eq!(
        run(
            &db,
            &anon(),
            "insert into leads (source, email, payload) values ('x', 'a@b.co', '{}')"
        )
        .await,
        Err(PERMISSION_DENIED.into())
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
    // The admin needs no lead ticket.
    assert_eq!(
        run(
            &db,
            &admin,
            "insert into whitepaper_submissions (company_name, first_name, email, phone)
             values ('Admin Co', 'Ada', 'ada@admin.example', '555-0100'), ('Admin Co', 'Bo', 'bo@admin.example', '555-0101')"
        )
        .await,
        Ok(2)
    );
    assert!(
        rows(&db, &admin, "select * from whitepaper_submissions")
            .await
            .is_ok()
    );
    assert!(rows(&db, &admin, "select * from leads").await.is_ok());
    assert!(
        rows(&db, &admin, "select * from lead_deliveries")
            .await
            .is_ok()
    );
    assert_eq!(
        count(
            &db,
            &admin,
            "select user_agent, time_on_page, scroll_depth from page_analytics"
        )
        .await,
        2,
        "every session"
    );
    // The admin token is still not a superuser: abuse state stays private.
    assert_eq!(
        rows(&db, &admin, "select * from private.rate_limit_hits").await,
        Err(PERMISSION_DENIED.into())
    );
}

#[tokio::test]
async fn a_token_with_admin_claims_but_the_wrong_role_is_not_admin() {
    let db = fresh_database().await;
    let forged = Caller {
        role: "anon",
        claims: json!({"role": "anon", "app_metadata": {"admin": true}}),
        headers: json!({}),
    };
    assert_eq!(
        count(
            &db,
            &forged,
            "select id from blog_posts where not published"
        )
        .await,
        0
    );
    let user_metadata = Caller {
        role: "authenticated",
        claims: json!({"role": "authenticated", "user_metadata": {"admin": true}}),
        headers: json!({}),
    };
    assert_eq!(
        run(
            &db,
            &user_metadata,
            "insert into whitepapers (title, category) values ('x', 'x')"
        )
        .await,
        Err(PERMISSION_DENIED.into()),
        "only app_metadata (set by the server) counts, never user_metadata"
    );
}

#[tokio::test]
async fn service_role_bypasses_row_level_security() {
    let db = fresh_database().await;
    with_analytics(&db).await;
    let service = service();
    assert_eq!(
        count(&db, &service, "select user_agent from page_analytics").await,
        2
    );
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
    assert_eq!(
        run(
            &db,
            &service,
            "insert into whitepaper_submissions (company_name, first_name, email, phone)
             values ('Service Co', 'Sam', 'sam@service.example', '555-0100'), ('Service Co', 'Sy', 'sy@service.example', '555-0101')"
        )
        .await,
        Ok(2),
        "service_role needs no lead ticket"
    );
    assert!(
        rows(&db, &service, "select * from whitepaper_submissions")
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn storage_objects_are_readable_in_the_site_buckets_and_writable_only_by_the_admin() {
    let db = fresh_database().await;
    cb_db::sqlx::query("insert into storage.objects (bucket_id, name, metadata) values ('whitepapers', 'guide.pdf', '{}')")
        .execute(&db.pool)
        .await
        .unwrap();
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
    assert_eq!(
        run(&db, &anon(), upload).await,
        Err(PERMISSION_DENIED.into())
    );
    assert_eq!(
        run(&db, &user(), upload).await,
        Err(PERMISSION_DENIED.into())
    );
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
    assert_eq!(
        run(
            &db,
            &anon(),
            "insert into storage.buckets (id, name, public) values ('mine', 'mine', true)"
        )
        .await,
        Err(PERMISSION_DENIED.into())
    );
}

#[tokio::test]
async fn a_new_passcode_revokes_admin_tokens_of_the_old_one_in_rls_too() {
    let db = fresh_database().await;
    cb_db::sqlx::query("update private.admin_settings set passcode_version = 'generation-2'")
        .execute(&db.pool)
        .await
        .unwrap();
    let with_version = |version: &str| Caller {
        role: "authenticated",
        claims: json!({"role": "authenticated", "app_metadata": {"admin": true, "passcode_version": version}}),
        headers: json!({}),
    };
    let current = with_version("generation-2");
    let revoked = with_version("generation-1");
    let insert = "insert into whitepapers (title, category) values ('x', 'x')";
    assert_eq!(run(&db, &current, insert).await, Ok(1));
    assert_eq!(
        run(&db, &revoked, insert).await,
        Err(PERMISSION_DENIED.into())
    );
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
    assert_eq!(
        rows(&db, &anon(), "select * from private.admin_settings").await,
        Err(PERMISSION_DENIED.into())
    );
}

/// A scheduled post (published, publish_at ahead) is a draft to everyone but the admin until
/// its time.
#[tokio::test]
async fn a_scheduled_post_is_the_admins_alone_until_its_time() {
    let db = fresh_database().await;
    cb_db::sqlx::query(
        "insert into blog_posts (title, slug, description, category, published, publish_at) values
           ('Competitive bidding round 2028', 'cb-round-2028', 'What suppliers should know', 'News', true, now() + interval '1 day'),
           ('Due already', 'due-already', 'Published by its time', 'News', true, now() - interval '1 minute')",
    )
    .execute(&db.pool)
    .await
    .unwrap();
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
    cb_db::sqlx::raw_sql(
        "insert into admin_activity (action, entity) values ('sign_in', 'session');
         insert into preview_links (token_hash, kind, page_route, content, expires_at)
         values ('0f', 'page', '/about', '<p>x</p>', now() + interval '1 day')",
    )
    .execute(&db.pool)
    .await
    .unwrap();
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
        assert_eq!(
            rows(&db, &anon(), &select).await,
            Err(PERMISSION_DENIED.into()),
            "{table}"
        );
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
            assert_eq!(
                run(&db, &admin, &write).await,
                Err(PERMISSION_DENIED.into()),
                "{write}"
            );
            assert_eq!(
                run(&db, &user(), &write).await,
                Err(PERMISSION_DENIED.into()),
                "{write}"
            );
        }
    }
    for insert in [
        "insert into content_revisions (entity, entity_id, entity_key, action) values ('blog_post', gen_random_uuid(), 'x', 'create')",
        "insert into admin_activity (action) values ('sign_in')",
        "insert into preview_links (token_hash, kind, page_route, content, expires_at) values ('h', 'page', '/about', 'x', now() + interval '1 day')",
    ] {
        assert_eq!(
            run(&db, &admin, insert).await,
            Err(PERMISSION_DENIED.into()),
            "{insert}"
        );
    }
    // The token's hash is not even readable; revoking is the one update.
    assert_eq!(
        rows(&db, &admin, "select token_hash from preview_links").await,
        Err(PERMISSION_DENIED.into())
    );
    assert_eq!(
        run(
            &db,
            &admin,
            "update preview_links set expires_at = now() + interval '1 year'"
        )
        .await,
        Err(PERMISSION_DENIED.into())
    );
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
        let made = rows(
            &db,
            &caller,
            "select public.create_preview_link('page', page_route => '/about', content => 'x')",
        )
        .await;
        assert_eq!(made, Err(PERMISSION_DENIED.into()), "{}", caller.role);
    }
}
