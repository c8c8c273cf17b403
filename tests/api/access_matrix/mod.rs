//! Every cell of the access matrix in docs/architecture.md, run as each role with its JWT claims, through
//! the same per-request scope the services use (SET ROLE + request.jwt.claims + headers).
mod admin_and_service;
mod anon;
mod staff;
mod staff_accounts;

use cb_tests::{
    Account, Caller, StaffTeam as Team, TestDatabase, add_staff, admin_claims, fresh_database,
};
use serde_json::{Value, json};

const PERMISSION_DENIED: &str = "42501";

fn anon() -> Caller {
    Caller::new("anon", json!({"role": "anon"}))
}

fn anon_in_session(session: &str) -> Caller {
    Caller {
        headers: json!({ "x-claimbridge-session": session }),
        ..anon()
    }
}

/// A signed-in user who is not the admin (the product has none, but the database must not care).
fn user() -> Caller {
    Caller::new(
        "authenticated",
        json!({"role": "authenticated", "sub": "00000000-0000-0000-0000-0000000000f1", "app_metadata": {}}),
    )
}

fn admin() -> Caller {
    Caller::new("authenticated", admin_claims())
}

/// A draft post by `author`, written as the database owner (so it stays); its id.
async fn draft_by(db: &TestDatabase, author: &Account, slug: &str) -> String {
    db.scalar(&format!(
        "insert into blog_posts (title, slug, description, category, author_id)
         values ('Draft {slug}', '{slug}', 'Work in progress', 'News', '{}') returning id::text",
        author.id
    ))
    .await
}

fn service() -> Caller {
    Caller::new("service_role", json!({"role": "service_role"}))
}

async fn rows(db: &TestDatabase, caller: &Caller, sql: &str) -> Result<Vec<Value>, String> {
    caller.query(&db.pool, sql).await
}

async fn run(db: &TestDatabase, caller: &Caller, sql: &str) -> Result<u64, String> {
    caller.execute(&db.pool, sql).await
}

/// Asserts that `caller` may not run `sql`, a read or a write: PostgreSQL refuses it with 42501
/// (permission denied).
async fn assert_denied(db: &TestDatabase, caller: &Caller, sql: &str) {
    assert_eq!(
        run(db, caller, sql).await,
        Err(PERMISSION_DENIED.into()),
        "{} may not run {sql}",
        caller.role
    );
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
