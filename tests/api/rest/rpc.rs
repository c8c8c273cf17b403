//! /rpc/{fn}: GET and POST, overloads by argument names, scalar/set/table/void returns,
//! read-only transactions, single unnamed json parameter, variadic, and the errors.
use cb_tests::TestApp;
use reqwest::Method;
use serde_json::{Value, json};

use super::{
    Call, expect_errors, expect_json, expect_text_ranges, expect_texts, fixture_app, get, post,
};

/// Calls the volatile fx_set_offline for `name` by POST, which must answer 200: the user's row.
async fn set_offline(app: &TestApp, name: &str) -> Value {
    let reply = post(app, "/rpc/fx_set_offline", &json!({"name_param": name})).await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    reply.json()
}

#[tokio::test]
async fn scalar_functions_by_post_and_get() {
    let app = fixture_app().await;
    let supabots_status = || {
        post(
            &app,
            "/rpc/fx_get_status",
            &json!({"name_param": "supabot"}),
        )
    };
    expect_text_ranges(vec![
        (supabots_status(), 200, "\"ONLINE\"", "0-0/*"),
        (
            supabots_status().header("prefer", "count=exact"),
            200,
            "\"ONLINE\"",
            "0-0/1",
        ),
    ])
    .await;
    expect_texts(vec![
        (
            get(&app, "/rpc/fx_get_status?name_param=supabot"),
            200,
            "\"ONLINE\"",
        ),
        (
            get(&app, "/rpc/fx_get_status?name_param=nobody"),
            200,
            "null",
        ),
        (get(&app, "/rpc/fx_add?a=1"), 200, "11"),
        (
            post(&app, "/rpc/fx_add", &json!({"a": 1, "b": 2})),
            200,
            "3",
        ),
        (
            post(
                &app,
                "/rpc/fx_bigint_param",
                &json!({"n": "9223372036854775807"}),
            ),
            200,
            "9223372036854775807",
        ),
    ])
    .await;
}

#[tokio::test]
async fn void_functions_answer_204() {
    let app = fixture_app().await;
    let reply = post(&app, "/rpc/fx_void_func", &json!({})).await;
    reply.assert_text(204, "");
    assert!(reply.header("content-type").is_none());
    let no_body = Call::new(&app, Method::POST, "/rpc/fx_void_func")
        .header("content-type", "application/json")
        .await;
    assert_eq!(no_body.status, 204);
}

#[tokio::test]
async fn set_and_table_returns_accept_filters_order_and_limits() {
    let app = fixture_app().await;
    expect_json(vec![
        (
            get(
                &app,
                "/rpc/fx_users_by_status?s=ONLINE&select=username&username=neq.supabot&limit=2",
            ),
            200,
            json!([{"username": "awailas"}, {"username": "dragarcia"}]),
        ),
        (
            post(
                &app,
                "/rpc/fx_get_username_and_status",
                &json!({"name_param": "kiwicopple"}),
            ),
            200,
            json!([{"username": "kiwicopple", "status": "OFFLINE"}]),
        ),
        (
            get(
                &app,
                "/rpc/fx_users_by_status?s=OFFLINE&select=username,fx_messages(id)",
            ),
            200,
            json!([{"username": "kiwicopple", "fx_messages": []}]),
        ),
    ])
    .await;
    let scalars = Call::new(&app, Method::POST, "/rpc/fx_ids?limit=2")
        .header("prefer", "count=exact")
        .json(&json!({}))
        .await;
    scalars.assert_text_range(206, "[1, 2]", "0-1/5");
    // A function returning one row answers it as an object.
    let row = set_offline(&app, "awailas").await;
    assert_eq!(row["status"], "OFFLINE");
}

#[tokio::test]
async fn overloads_single_json_parameter_and_variadic() {
    let app = fixture_app().await;
    expect_texts(vec![
        (
            post(&app, "/rpc/fx_concat", &json!({"a": "x", "b": "y"})),
            200,
            "\"xy\"",
        ),
        (get(&app, "/rpc/fx_concat?a=x&b=y&sep=-"), 200, "\"x-y\""),
        (get(&app, "/rpc/fx_sum_all?nums=1&nums=2&nums=3"), 200, "6"),
        (
            post(&app, "/rpc/fx_sum_all", &json!({"nums": [4, 5]})),
            200,
            "9",
        ),
    ])
    .await;
    let echo = post(&app, "/rpc/fx_echo", &json!({"any": ["thing", 1]})).await;
    echo.assert_json(200, &json!({"any": ["thing", 1]}));
}

#[tokio::test]
async fn reads_run_read_only_and_volatile_posts_write() {
    let app = fixture_app().await;
    let refused = get(&app, "/rpc/fx_set_offline?name_param=supabot").await;
    refused.assert_error_message(
        405,
        "25006",
        "cannot execute UPDATE in a read-only transaction",
    );
    set_offline(&app, "supabot").await;
    let status = get(&app, "/rpc/fx_get_status?name_param=supabot").await;
    status.assert_text(200, "\"OFFLINE\"");
}

#[tokio::test]
async fn unknown_and_ambiguous_functions() {
    let app = fixture_app().await;
    expect_errors(vec![
        (
            post(&app, "/rpc/fx_get_statuz", &json!({"name_param": "x"})),
            404,
            "PGRST202",
            json!({
                "message": "Could not find the function public.fx_get_statuz(name_param) in the schema cache",
                "details": "Searched for the function public.fx_get_statuz with parameter name_param or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
                "hint": "Perhaps you meant to call the function public.fx_get_status",
            }),
        ),
        (
            get(&app, "/rpc/fx_get_status?nam=x"),
            404,
            "PGRST202",
            json!({"details": "Searched for the function public.fx_get_status with parameter nam, but no matches were found in the schema cache."}),
        ),
        (
            get(&app, "/rpc/fx_get_status"),
            404,
            "PGRST202",
            json!({"message": "Could not find the function public.fx_get_status without parameters in the schema cache"}),
        ),
        (
            get(&app, "/rpc/fx_ambiguous?x=1"),
            300,
            "PGRST203",
            json!({"message": "Could not choose the best candidate function between: public.fx_ambiguous(x => integer), public.fx_ambiguous(x => text)"}),
        ),
        (
            post(&app, "/rpc/fx_raise", &json!({"msg": "boom"})),
            400,
            "P0001",
            json!({"message": "boom"}),
        ),
        (
            Call::new(&app, Method::PATCH, "/rpc/fx_void_func").json(&json!({})),
            405,
            "PGRST101",
            json!({"message": "Cannot use the PATCH method on RPC"}),
        ),
    ])
    .await;
}

#[tokio::test]
async fn head_calls_have_no_body() {
    let app = fixture_app().await;
    let reply = Call::new(&app, Method::HEAD, "/rpc/fx_ids")
        .header("prefer", "count=exact")
        .await;
    reply.assert_text(200, "");
    assert_eq!(reply.header("content-range"), Some("0-4/5"));
}

#[tokio::test]
async fn a_request_dropped_mid_transaction_leaves_no_transaction_open() {
    let app = fixture_app().await;
    app.db
        .execute(
            "create function public.fx_sleep() returns void language sql as 'select pg_sleep(1)';
         grant execute on function public.fx_sleep() to anon;
         notify pgrst, 'reload schema';",
        )
        .await;
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
    // The statement runs on after the client left; once it ends, its transaction must not
    // stay open (a busy machine takes longer to get there, so this polls).
    cb_tests::eventually(
        std::time::Duration::from_secs(15),
        std::time::Duration::from_millis(100),
        async || {
            let open: i64 = app
                .db
                .count(
                    "select count(*) from pg_stat_activity
                  where datname = current_database() and state like 'idle in transaction%'",
                )
                .await;
            if open == 0 {
                return Ok(());
            }
            Err(format!(
                "the abandoned connection was not put back with its transaction ({open} open)"
            ))
        },
    )
    .await;
    let after = get(&app, "/rpc/fx_get_status?name_param=supabot").await;
    after.assert_text(200, "\"ONLINE\"");
}
