//! What anon, and a signed-in non-admin, may read and write.
use super::*;

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
        assert_denied(&db, &anon(), sql).await;
    }
}

#[tokio::test]
async fn a_non_admin_token_changes_nothing_either() {
    let db = fresh_database().await;
    // RLS refuses each new row.
    for sql in [
        "insert into blog_posts (title, slug, description, category) values ('x', 'x-post', 'x', 'x')",
        "insert into page_seo_settings (page_route, page_name) values ('/x', 'X')",
        "insert into whitepapers (title, category) values ('x', 'x')",
    ] {
        assert_denied(&db, &user(), sql).await;
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
        assert_denied(&db, &anon_in_session(SESSION), &sql).await;
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
        assert_denied(&db, &caller, sql).await;
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
    assert_denied(&db, &anon(), insert).await;
    assert_denied(&db, &user(), insert).await;
    let ticket = lead_ticket(&db, "dana@summithome.example").await;
    assert_eq!(run(&db, &with_ticket(anon(), &ticket), insert).await, Ok(1));
    assert_eq!(run(&db, &with_ticket(user(), &ticket), insert).await, Ok(1));
    assert_denied(&db, &anon(), "select id from whitepaper_submissions").await;
    assert_denied(&db, &anon(), "select email from whitepaper_submissions").await;
    assert_denied(&db, &anon(), "delete from whitepaper_submissions").await;
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
        assert_denied(&db, &anon(), &sql).await;
    }
    assert_denied(
        &db,
        &anon(),
        "insert into leads (source, email, payload) values ('x', 'a@b.co', '{}')",
    )
    .await;
}
