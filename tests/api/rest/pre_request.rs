//! PostgREST's `db-pre-request` from the in-database configuration (`alter role authenticator
//! ... set pgrst.db_pre_request`, `NOTIFY pgrst, 'reload config'`), and `RAISE SQLSTATE
//! 'PGRST'` errors that choose the whole response.
use std::time::{Duration, Instant};

use cb_tests::{DEMO_SERVICE_ROLE_KEY, TestApp, eventually};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use super::{POLL_EVERY, SETTLED_WITHIN, fixture_app, get, post};

const PRE_REQUEST: &str = r#"
create function public.fx_pre_request() returns void language plpgsql as $$
begin
  if current_setting('request.headers', true)::json->>'x-block' = 'yes' then
    raise sqlstate 'PGRST' using
      message = '{"code":"CB403","message":"Blocked before the request","details":null,"hint":"Leave out x-block"}',
      detail = '{"status":403,"headers":{"X-Blocked-By":"pre-request"}}';
  end if;
  if current_setting('request.method') <> 'GET' then
    insert into public.fx_logs (event) values ('pre ' || current_setting('request.method') || ' ' || current_user);
  end if;
  perform set_config('response.headers', '[{"X-Pre-Request": "ran as ' || current_user || '"}]', true);
end $$;
grant execute on function public.fx_pre_request() to anon, authenticated, service_role;
do $$ begin
  execute format('alter role authenticator in database %I set pgrst.db_pre_request = %L',
                 current_database(), 'public.fx_pre_request');
end $$;
notify pgrst, 'reload config';
"#;

/// Polls until the pre-request header is there (`present`) or gone.
async fn wait_for_pre_request(app: &TestApp, present: bool) {
    eventually(SETTLED_WITHIN, POLL_EVERY, async || {
        let reply = get(app, "/fx_users?limit=0").await;
        if reply.status == 200 && reply.header("x-pre-request").is_some() == present {
            return Ok(());
        }
        Err(format!(
            "the pre-request never {}: {} {:?}",
            if present { "started" } else { "stopped" },
            reply.status,
            reply.headers
        ))
    })
    .await
}

async fn pre_request_log(app: &TestApp) -> Vec<String> {
    cb_db::sqlx::query_scalar(
        "select event from public.fx_logs where event like 'pre %' order by at",
    )
    .fetch_all(&app.db.pool)
    .await
    .expect("read fx_logs")
}

#[tokio::test]
async fn the_configured_pre_request_runs_in_every_request_transaction() {
    let app = fixture_app().await;
    // Nothing configured: no pre-request.
    let plain = get(&app, "/fx_users?limit=0").await;
    assert_eq!(plain.status, 200, "{}", plain.text);
    assert_eq!(plain.header("x-pre-request"), None);

    app.db.execute(PRE_REQUEST).await;
    wait_for_pre_request(&app, true).await;

    let read = get(&app, "/fx_users?select=username&username=eq.supabot").await;
    read.assert_json(200, &json!([{"username": "supabot"}]));
    assert_eq!(read.header("x-pre-request"), Some("ran as anon"));

    // It can refuse the request with the response of its choice.
    let blocked = get(&app, "/fx_users").header("x-block", "yes").await;
    let body = blocked.assert_error(403, "CB403");
    assert_eq!(
        body,
        json!({"code": "CB403", "details": null, "hint": "Leave out x-block", "message": "Blocked before the request"})
    );
    assert_eq!(blocked.header("x-blocked-by"), Some("pre-request"));
    // The OpenAPI description is read in a request transaction too.
    get(&app, "/")
        .header("x-block", "yes")
        .await
        .assert_error(403, "CB403");
    let description = get(&app, "/").await;
    assert_eq!(description.status, 200, "{}", description.text);

    // Writes and calls: the same transaction as the statement, so a failed statement takes
    // the pre-request's own writes with it.
    let created = post(&app, "/fx_accounts", &json!({"email": "pre@example.com"})).await;
    assert_eq!(created.status, 201, "{}", created.text);
    assert_eq!(created.header("x-pre-request"), Some("ran as anon"));
    assert_eq!(pre_request_log(&app).await, ["pre POST anon"]);
    let duplicate = post(&app, "/fx_accounts", &json!({"email": "pre@example.com"})).await;
    duplicate.assert_error(409, "23505");
    assert_eq!(pre_request_log(&app).await, ["pre POST anon"]);

    // (A call of an immutable function runs read-only, the pre-request with it.)
    let called = get(&app, "/rpc/fx_add?a=1")
        .bearer(DEMO_SERVICE_ROLE_KEY)
        .await;
    called.assert_json(200, &json!(11));
    assert_eq!(called.header("x-pre-request"), Some("ran as service_role"));
    let updated = super::patch(
        &app,
        "/fx_accounts?email=eq.pre@example.com",
        &json!({"plan": "pro"}),
    )
    .bearer(DEMO_SERVICE_ROLE_KEY)
    .await;
    assert_eq!(updated.status, 204, "{}", updated.text);
    assert_eq!(
        pre_request_log(&app).await,
        ["pre POST anon", "pre PATCH service_role"]
    );

    // Reset, reloaded: requests go without it again.
    app.db.execute(
        "do $$ begin execute format('alter role authenticator in database %I reset pgrst.db_pre_request', current_database()); end $$;
         notify pgrst, 'reload config';",
    )
    .await;
    wait_for_pre_request(&app, false).await;
    let unblocked = get(&app, "/fx_users?limit=0")
        .header("x-block", "yes")
        .await;
    assert_eq!(unblocked.status, 200, "{}", unblocked.text);
}

#[tokio::test]
async fn raise_sqlstate_pgrst_chooses_status_reason_headers_and_body() {
    let app = fixture_app().await;
    app.db.execute(
        r#"create function public.fx_pay(plan text) returns void language plpgsql as $$
           begin
             if plan = 'broken' then
               raise sqlstate 'PGRST' using message = 'not json', detail = '{"status":400,"headers":{}}';
             end if;
             raise sqlstate 'PGRST' using
               message = json_build_object('code', 'CB402', 'message', 'Upgrade to ' || plan, 'details', 'Quota reached', 'hint', null)::text,
               detail = json_build_object('status', 402, 'status_text', 'Pay Up', 'headers', json_build_object('X-Upgrade', plan))::text;
           end $$;
           grant execute on function public.fx_pay(text) to anon;
           notify pgrst, 'reload schema';"#,
    )
    .await;
    let deadline = Instant::now() + Duration::from_secs(10);
    let reply = loop {
        let reply = post(&app, "/rpc/fx_pay", &json!({"plan": "pro"})).await;
        if reply.status != 404 || Instant::now() > deadline {
            break reply;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let body = reply.assert_error(402, "CB402");
    assert_eq!(
        body,
        json!({"code": "CB402", "details": "Quota reached", "hint": null, "message": "Upgrade to pro"})
    );
    assert_eq!(reply.header("x-upgrade"), Some("pro"));

    // The reason phrase is on the status line itself.
    let address = app.url.trim_start_matches("http://").to_owned();
    let mut stream = tokio::net::TcpStream::connect(&address)
        .await
        .expect("connect");
    let request = format!(
        "POST /rest/v1/rpc/fx_pay HTTP/1.1\r\nhost: {address}\r\napikey: {key}\r\ncontent-type: application/json\r\ncontent-length: 15\r\nconnection: close\r\n\r\n{{\"plan\":\"team\"}}",
        key = cb_tests::DEMO_ANON_KEY
    );
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut raw = String::new();
    stream.read_to_string(&mut raw).await.expect("read");
    assert!(raw.starts_with("HTTP/1.1 402 Pay Up\r\n"), "{raw}");

    let broken = post(&app, "/rpc/fx_pay", &json!({"plan": "broken"})).await;
    let body: Value = broken.assert_error(500, "PGRST121");
    assert_eq!(
        body["details"],
        "Invalid JSON value for MESSAGE: 'not json'"
    );
}
