//! The hosted-Supabase schedule of the lead outbox (migration 20261122000500): the function pg_cron
//! calls every minute, against stand-ins for Supabase Vault and pg_net (neither exists in the
//! embedded cluster, which schedules nothing and lets the server's worker deliver).
use cb_db::sqlx::{self, Executor as _};
use cb_tests::{Caller, fresh_database};
use serde_json::json;

/// `vault.decrypted_secrets` and `net.http_post` with the shapes Supabase provides; the stand-in
/// records each call and returns its request id as pg_net does.
const SUPABASE_STAND_INS: &str = "
create schema vault;
create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
create schema net;
create table net.calls (id bigserial primary key, url text, headers jsonb, body jsonb, timeout_milliseconds int);
create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
                              headers jsonb default '{}', timeout_milliseconds int default 5000)
returns bigint language sql as $$
  insert into net.calls (url, headers, body, timeout_milliseconds)
  values (url, headers, body, timeout_milliseconds) returning id
$$;";

#[tokio::test]
async fn the_scheduled_call_posts_to_lead_outbox_with_the_vault_secrets() {
    let db = fresh_database().await;
    db.pool.execute(SUPABASE_STAND_INS).await.unwrap();

    // Without the secrets the job does nothing.
    let run: Option<i64> = db.scalar("select private.request_lead_outbox_run()").await;
    assert_eq!(run, None);
    let calls: i64 = db.count("select count(*) from net.calls").await;
    assert_eq!(calls, 0);

    db.pool
        .execute(
            "insert into vault.decrypted_secrets values
               ('claimbridge_project_url', 'https://abcd.supabase.co/'),
               ('claimbridge_service_role_key', 'service-role-key-value')",
        )
        .await
        .unwrap();
    let run: Option<i64> = db.scalar("select private.request_lead_outbox_run()").await;
    let (url, headers, body): (String, serde_json::Value, serde_json::Value) =
        sqlx::query_as("select url, headers, body from net.calls where id = $1")
            .bind(run.expect("a request id"))
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(url, "https://abcd.supabase.co/functions/v1/lead-outbox");
    assert_eq!(headers["Authorization"], "Bearer service-role-key-value");
    assert_eq!(headers["apikey"], "service-role-key-value");
    assert_eq!(body, json!({}));
}

#[tokio::test]
async fn api_roles_cannot_trigger_the_outbox_call() {
    let db = fresh_database().await;
    for role in ["anon", "authenticated"] {
        let outcome = Caller::new(role, json!({ "role": role }))
            .query(&db.pool, "select private.request_lead_outbox_run()")
            .await;
        assert_eq!(outcome, Err("42501".into()), "{role}");
    }
}

#[tokio::test]
async fn nothing_is_scheduled_without_pg_cron() {
    let db = fresh_database().await;
    let cron: Option<String> = db.scalar("select to_regnamespace('cron')::text").await;
    assert_eq!(cron, None);
}
