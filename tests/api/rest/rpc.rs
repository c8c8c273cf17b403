//! /rpc/{fn}: GET and POST, overloads by argument names, scalar/set/table/void returns,
//! read-only transactions, single unnamed json parameter, variadic, and the errors.
use reqwest::Method;
use serde_json::json;

use super::{Call, fixture_app, get, post};

#[tokio::test]
async fn scalar_functions_by_post_and_get() {
    let app = fixture_app().await;
    let post_reply = post(
        &app,
        "/rpc/fx_get_status",
        &json!({"name_param": "supabot"}),
    )
    .await;
    assert_eq!(post_reply.status, 200, "{}", post_reply.text);
    assert_eq!(post_reply.text, "\"ONLINE\"");
    assert_eq!(post_reply.header("content-range"), Some("0-0/*"));
    let get_reply = get(&app, "/rpc/fx_get_status?name_param=supabot").await;
    assert_eq!(get_reply.text, "\"ONLINE\"");
    let missing = get(&app, "/rpc/fx_get_status?name_param=nobody").await;
    assert_eq!(missing.text, "null");
    let counted = post(
        &app,
        "/rpc/fx_get_status",
        &json!({"name_param": "supabot"}),
    )
    .header("prefer", "count=exact")
    .await;
    assert_eq!(counted.header("content-range"), Some("0-0/1"));
    let defaulted = get(&app, "/rpc/fx_add?a=1").await;
    assert_eq!(defaulted.text, "11");
    let both = post(&app, "/rpc/fx_add", &json!({"a": 1, "b": 2})).await;
    assert_eq!(both.text, "3");
    let bigint = post(
        &app,
        "/rpc/fx_bigint_param",
        &json!({"n": "9223372036854775807"}),
    )
    .await;
    assert_eq!(bigint.text, "9223372036854775807");
}

#[tokio::test]
async fn void_functions_answer_204() {
    let app = fixture_app().await;
    let reply = post(&app, "/rpc/fx_void_func", &json!({})).await;
    assert_eq!(reply.status, 204);
    assert_eq!(reply.text, "");
    assert!(reply.header("content-type").is_none());
    let no_body = Call::new(&app, Method::POST, "/rpc/fx_void_func")
        .header("content-type", "application/json")
        .await;
    assert_eq!(no_body.status, 204);
}

#[tokio::test]
async fn set_and_table_returns_accept_filters_order_and_limits() {
    let app = fixture_app().await;
    let set = get(
        &app,
        "/rpc/fx_users_by_status?s=ONLINE&select=username&username=neq.supabot&limit=2",
    )
    .await;
    set.assert_json(
        200,
        &json!([{"username": "awailas"}, {"username": "dragarcia"}]),
    );
    let table = post(
        &app,
        "/rpc/fx_get_username_and_status",
        &json!({"name_param": "kiwicopple"}),
    )
    .await;
    assert_eq!(
        table.json(),
        json!([{"username": "kiwicopple", "status": "OFFLINE"}])
    );
    let scalars = Call::new(&app, Method::POST, "/rpc/fx_ids?limit=2")
        .header("prefer", "count=exact")
        .json(&json!({}))
        .await;
    assert_eq!(scalars.text, "[1, 2]");
    assert_eq!(scalars.status, 206);
    assert_eq!(scalars.header("content-range"), Some("0-1/5"));
    let embedded = get(
        &app,
        "/rpc/fx_users_by_status?s=OFFLINE&select=username,fx_messages(id)",
    )
    .await;
    assert_eq!(
        embedded.json(),
        json!([{"username": "kiwicopple", "fx_messages": []}])
    );
    let single = post(
        &app,
        "/rpc/fx_set_offline",
        &json!({"name_param": "awailas"}),
    )
    .await;
    assert_eq!(single.status, 200);
    assert_eq!(single.json()["status"], "OFFLINE");
}

#[tokio::test]
async fn overloads_single_json_parameter_and_variadic() {
    let app = fixture_app().await;
    let two = post(&app, "/rpc/fx_concat", &json!({"a": "x", "b": "y"})).await;
    assert_eq!(two.text, "\"xy\"");
    let three = get(&app, "/rpc/fx_concat?a=x&b=y&sep=-").await;
    assert_eq!(three.text, "\"x-y\"");
    let echo = post(&app, "/rpc/fx_echo", &json!({"any": ["thing", 1]})).await;
    assert_eq!(echo.json(), json!({"any": ["thing", 1]}));
    let variadic = get(&app, "/rpc/fx_sum_all?nums=1&nums=2&nums=3").await;
    assert_eq!(variadic.text, "6");
    let variadic_post = post(&app, "/rpc/fx_sum_all", &json!({"nums": [4, 5]})).await;
    assert_eq!(variadic_post.text, "9");
}

#[tokio::test]
async fn reads_run_read_only_and_volatile_posts_write() {
    let app = fixture_app().await;
    let refused = get(&app, "/rpc/fx_set_offline?name_param=supabot").await;
    let body = refused.assert_error(405, "25006");
    assert_eq!(
        body["message"],
        "cannot execute UPDATE in a read-only transaction"
    );
    let written = post(
        &app,
        "/rpc/fx_set_offline",
        &json!({"name_param": "supabot"}),
    )
    .await;
    assert_eq!(written.status, 200);
    let status = get(&app, "/rpc/fx_get_status?name_param=supabot").await;
    assert_eq!(status.text, "\"OFFLINE\"");
}

#[tokio::test]
async fn unknown_and_ambiguous_functions() {
    let app = fixture_app().await;
    let unknown = post(&app, "/rpc/fx_get_statuz", &json!({"name_param": "x"})).await;
    let body = unknown.assert_error(404, "PGRST202");
    assert_eq!(
        body["message"],
        "Could not find the function public.fx_get_statuz(name_param) in the schema cache"
    );
    assert_eq!(
        body["details"],
        "Searched for the function public.fx_get_statuz with parameter name_param or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache."
    );
    assert_eq!(
        body["hint"],
        "Perhaps you meant to call the function public.fx_get_status"
    );
    let wrong_args = get(&app, "/rpc/fx_get_status?nam=x").await;
    let body = wrong_args.assert_error(404, "PGRST202");
    assert_eq!(
        body["details"],
        "Searched for the function public.fx_get_status with parameter nam, but no matches were found in the schema cache."
    );
    let no_args = get(&app, "/rpc/fx_get_status").await;
    let body = no_args.assert_error(404, "PGRST202");
    assert_eq!(
        body["message"],
        "Could not find the function public.fx_get_status without parameters in the schema cache"
    );
    let ambiguous = get(&app, "/rpc/fx_ambiguous?x=1").await;
    let body = ambiguous.assert_error(300, "PGRST203");
    assert_eq!(
        body["message"],
        "Could not choose the best candidate function between: public.fx_ambiguous(x => integer), public.fx_ambiguous(x => text)"
    );
    let raised = post(&app, "/rpc/fx_raise", &json!({"msg": "boom"})).await;
    let body = raised.assert_error(400, "P0001");
    assert_eq!(body["message"], "boom");
    let method = Call::new(&app, Method::PATCH, "/rpc/fx_void_func")
        .json(&json!({}))
        .await;
    let body = method.assert_error(405, "PGRST101");
    assert_eq!(body["message"], "Cannot use the PATCH method on RPC");
}

#[tokio::test]
async fn head_calls_have_no_body() {
    let app = fixture_app().await;
    let reply = Call::new(&app, Method::HEAD, "/rpc/fx_ids")
        .header("prefer", "count=exact")
        .await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.text, "");
    assert_eq!(reply.header("content-range"), Some("0-4/5"));
}

#[tokio::test]
async fn a_request_dropped_mid_transaction_leaves_no_transaction_open() {
    let app = fixture_app().await;
    cb_db::sqlx::raw_sql(
        "create function public.fx_sleep() returns void language sql as 'select pg_sleep(1)';
         grant execute on function public.fx_sleep() to anon;
         notify pgrst, 'reload schema';",
    )
    .execute(&app.db.pool)
    .await
    .unwrap();
    for _ in 0..100 {
        if Call::new(&app, Method::OPTIONS, "/rpc/fx_sleep")
            .await
            .status
            == 200
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let impatient = reqwest::Client::builder()
        .timeout(std::time::Duration::from_millis(200))
        .build()
        .unwrap();
    let gave_up = impatient
        .post(format!("{}/rest/v1/rpc/fx_sleep", app.url))
        .header("apikey", cb_tests::DEMO_ANON_KEY)
        .json(&json!({}))
        .send()
        .await;
    assert!(gave_up.is_err(), "the client went away mid-transaction");
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let open: i64 = cb_db::sqlx::query_scalar(
        "select count(*) from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%'",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(
        open, 0,
        "the abandoned connection was not put back with its transaction"
    );
    let after = get(&app, "/rpc/fx_get_status?name_param=supabot").await;
    assert_eq!(after.text, "\"ONLINE\"");
}
