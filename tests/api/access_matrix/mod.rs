//! Every cell of the access matrix in the README, run as each role with its JWT claims, through
//! the same per-request scope the services use (SET ROLE + request.jwt.claims + headers).
mod admin_and_service;
mod anon;

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
