//! PostgREST's settings beyond the schema: how transactions end (`db-tx-end`), the anonymous
//! role, the JWT audience, `app.settings.*` and Server-Timing, from their PGRST_ variables and
//! (all but the app settings) from the database's `pgrst.*`.
mod anon_role;
mod app_settings;
mod jwt_aud;
mod pipeline;
mod pool;
mod server_timing;
mod tx_end;

use cb_tests::{DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY, TestApp, spawn_app_with};
use serde_json::Value;

use super::{get, wait_for_status};

/// A table to write to, one with a deferred unique constraint, a table nobody is granted, and
/// functions that write, read a setting (read-only or not), change one for the session, sleep
/// and tell who runs them.
const FIXTURE: &str = r#"
create table public.st_notes (id int primary key, body text not null);
create table public.st_pairs (id int primary key, code int not null unique deferrable initially deferred);
create table public.st_private (id int primary key);
grant select, insert, update, delete on public.st_notes, public.st_pairs to anon, authenticated, service_role;
revoke all on public.st_private from anon, authenticated, service_role;
create function public.st_add_note(id int, body text) returns setof public.st_notes
  language sql volatile as $$ insert into public.st_notes values (id, body) returning * $$;
create function public.st_setting(name text) returns text
  language sql stable as $$ select current_setting(name, true) $$;
create function public.st_setting_written(name text) returns text
  language sql volatile as $$ select current_setting(name, true) $$;
create function public.st_tamper(value text) returns text
  language sql volatile as $$ select set_config('app.settings.plan', value, false) $$;
create function public.st_nap(ms int) returns int
  language sql stable as $$ select ms from pg_sleep(ms / 1000.0) $$;
create function public.st_whoami() returns json
  language sql stable as $$
    select json_build_object('user', current_user,
                             'claims', current_setting('request.jwt.claims', true)::json) $$;
grant execute on function public.st_add_note(int, text), public.st_setting(text),
  public.st_setting_written(text), public.st_tamper(text), public.st_nap(int), public.st_whoami()
  to anon, authenticated, service_role;
notify pgrst, 'reload schema';
"#;

/// An app with `vars` and the fixture, once the schema cache knows it.
async fn settings_app(vars: &[(&str, &str)]) -> TestApp {
    let app = spawn_app_with(vars).await;
    app.db.execute(FIXTURE).await;
    // As service_role: the anonymous role may be off, the audience may be set.
    wait_for_status(
        || get(&app, "/st_notes?limit=0").bearer(DEMO_SERVICE_ROLE_KEY),
        200,
    )
    .await;
    app
}

/// The rows of `table`, read as the database's owner.
async fn rows(app: &TestApp, table: &str) -> i64 {
    app.db
        .scalar(&format!("select count(*) from public.{table}"))
        .await
}

/// Posts two pairs with the same code to `st_pairs` and expects the deferred unique constraint
/// to refuse them: 409 23505 naming the constraint.
async fn assert_duplicate_codes_refused(app: &TestApp) {
    let pairs = serde_json::json!([{"id": 1, "code": 7}, {"id": 2, "code": 7}]);
    let refused = super::post(app, "/st_pairs", &pairs).await;
    let body = refused.assert_error(409, "23505");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("st_pairs_code_key")),
        "{body}"
    );
    assert_eq!(refused.header("preference-applied"), None);
}

/// `claims` signed with the demo secret, exactly as given (no role, exp or iat added).
pub(crate) fn signed(claims: &Value) -> String {
    jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        claims,
        &jsonwebtoken::EncodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
    )
    .expect("sign")
}
