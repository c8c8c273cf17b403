//! The site search's input as an attacker sends it (migration 20261206000600): a huge query,
//! quotes, backslashes, tsquery operators, control characters, regular-expression syntax and SQL
//! in the words, silly page numbers. Each is answered (200) or refused with the reason (400),
//! never a 500; and counting searches cannot grow without bound: at most 5,000 distinct queries
//! are kept a day.
use cb_tests::{Exchange as _, TestApp, spawn_app_with};
use serde_json::{Value, json};

use crate::rest::{get, post};

/// The app over an empty build: nothing renders pages for the search index in the background.
async fn app() -> (TestApp, tempfile::TempDir) {
    let empty = tempfile::tempdir().unwrap();
    let app = spawn_app_with(&[("CLAIMBRIDGE_FRONTEND_DIR", empty.path().to_str().unwrap())]).await;
    (app, empty)
}

fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// Queries that break naive tsquery building, regular expressions or SQL; none has a NUL and
/// none is longer than 200 characters, so each must be answered.
fn hostile() -> Vec<String> {
    let mut queries: Vec<String> = [
        "'",
        "''",
        "\"",
        "\"\"\"",
        "\\",
        "\\\\",
        "\\'",
        "\\\"",
        "&",
        "|",
        "!",
        "(",
        ")",
        ":",
        "*",
        "<",
        "-",
        ">",
        "<->",
        "<2>",
        "<-1>",
        "&|!():*<->",
        "a & (b | !c",
        "billing:*",
        "billing:A",
        "billing:*A",
        "!!billing",
        "((((((((((billing",
        "billing))))))))",
        "a <-> b <3> c",
        "'billing' & 'claims'",
        "-\"",
        "\"-",
        "- - - -",
        "--billing",
        "-",
        "or or or",
        "OR",
        "-or",
        "or -",
        "\"unterminated phrase",
        "\"a\" \"b\" -\"c",
        "\u{1}\u{2}\u{7}\u{1b}[31mred",
        "\t\r\n\u{b}\u{c}\u{7f}",
        ".*+?[](){}^$|\\",
        "(?=x)(?!y)(?<=z)",
        "[[:alpha:]]",
        "\\m\\M\\y\\1",
        "a{1000000}",
        "(a+)+$",
        "(x|x|x|x|x)*y",
        "%_%",
        "'; drop table blog_posts; --",
        "1) or (1=1",
        "$$; select pg_sleep(10); $$",
        "x' union select passcode_version from private.admin_settings --",
        "select * from private.search_index",
        "\u{202e}gnillib",
        "zero\u{200b}width\u{feff}",
        "emoji 🚀🔥 billing",
        "日本語の検索",
        "ǅ ß ﬁ İ K",
        "%00",
        "&amp;&lt;script&gt;",
        "<script>alert(1)</script>",
        "\u{e000}marked\u{e001}",
    ]
    .iter()
    .map(|q| q.to_string())
    .collect();
    queries.push("a".repeat(200));
    queries.push("x ".repeat(100));
    queries.push("-".repeat(200));
    queries.push("\"".repeat(200));
    queries.push("\\".repeat(200));
    queries.push("(".repeat(200));
    queries.push("billing or ".repeat(18));
    queries
}

#[tokio::test]
async fn a_ten_kilobyte_search_is_a_400_not_a_500() {
    let (app, _empty) = app().await;
    let huge = "billing ".repeat(1280);
    assert_eq!(huge.len(), 10240);
    post(&app, "/rpc/search_site", &json!({"q": huge}))
        .await
        .assert_error_message(
            400,
            "22023",
            "The search is too long: 200 characters at most.",
        );
    post(
        &app,
        "/rpc/record_search",
        &json!({"q": huge, "results": 0}),
    )
    .await
    .assert_error_message(
        400,
        "22023",
        "The search is too long: 200 characters at most.",
    );
    // In the query string too (whatever refuses it first, it is no 500).
    let reply = get(&app, &format!("/rpc/search_site?q={}", urlencode(&huge))).await;
    assert!(
        (400..500).contains(&reply.status),
        "{}: {}",
        reply.status,
        reply.text
    );
    assert_eq!(
        app.db
            .count("select count(*) from private.search_queries")
            .await,
        0
    );
}

#[tokio::test]
async fn hostile_queries_are_answered_and_never_a_500() {
    let (app, _empty) = app().await;
    for q in hostile() {
        for reply in [
            post(&app, "/rpc/search_site", &json!({"q": q})).await,
            post(
                &app,
                "/rpc/search_site",
                &json!({"q": q, "page": 2, "page_size": 50}),
            )
            .await,
            get(&app, &format!("/rpc/search_site?q={}", urlencode(&q))).await,
        ] {
            assert_eq!(reply.status, 200, "{q:?}: {}", reply.text);
            let found = reply.json();
            assert_eq!(found["query"], q.as_str(), "{q:?}");
            assert!(found["total"].is_i64(), "{q:?}: {found}");
            assert!(
                found["results"].is_array() && found["suggestions"].is_array(),
                "{q:?}: {found}"
            );
        }
        let counted = post(&app, "/rpc/record_search", &json!({"q": q, "results": 0})).await;
        assert_eq!(counted.status, 204, "{q:?}: {}", counted.text);
    }
    // Nothing was changed by the words.
    assert!(app.db.count("select count(*) from public.blog_posts").await > 0);
    assert!(
        app.db
            .count("select count(*) from private.search_index")
            .await
            > 0
    );
    // And the hostile words still find what they name.
    let found = post(
        &app,
        "/rpc/search_site",
        &json!({"q": "'billing' & 'claims'"}),
    )
    .await;
    assert_eq!(found.status, 200);
    assert!(
        found.json()["total"].as_i64().unwrap() > 0,
        "{}",
        found.text
    );
}

#[tokio::test]
async fn pages_out_of_range_are_a_400() {
    let (app, _empty) = app().await;
    let pages = "Search results go from page 1 to page 100.";
    let sizes = "A page shows from 1 to 50 search results.";
    for (args, message) in [
        (json!({"q": "billing", "page": 0}), pages),
        (json!({"q": "billing", "page": -1}), pages),
        (json!({"q": "billing", "page": 1_000_000_000}), pages),
        (json!({"q": "billing", "page": 101}), pages),
        (json!({"q": "billing", "page": null}), pages),
        (json!({"q": "billing", "page_size": 0}), sizes),
        (json!({"q": "billing", "page_size": -5}), sizes),
        (json!({"q": "billing", "page_size": 51}), sizes),
    ] {
        post(&app, "/rpc/search_site", &args)
            .await
            .assert_error_message(400, "22023", message);
    }
    // Not numbers a page can be: refused by the types already.
    for args in [
        json!({"q": "billing", "page": 10_000_000_000_i64}),
        json!({"q": "billing", "page": 1.5}),
        json!({"q": "billing", "page": "abc"}),
    ] {
        let reply = post(&app, "/rpc/search_site", &args).await;
        assert_eq!(reply.status, 400, "{args}: {}", reply.text);
    }
    for page in ["0", "-1", "1e9", "101", "99999999999", "abc", ""] {
        let reply = get(&app, &format!("/rpc/search_site?q=billing&page={page}")).await;
        assert_eq!(reply.status, 400, "page={page}: {}", reply.text);
    }
    let reply = get(&app, "/rpc/search_site?q=billing&page=100").await;
    assert_eq!(reply.status, 200, "{}", reply.text);
}

#[tokio::test]
async fn counting_searches_keeps_at_most_five_thousand_distinct_queries_a_day() {
    let (app, _empty) = app().await;
    app.db
        .execute(
            "insert into private.search_queries (day, query, searches)
             select current_date, 'query ' || n, 1 from generate_series(1, 4999) n",
        )
        .await;
    let record = |q: &'static str| {
        let app = &app;
        async move {
            let reply = post(app, "/rpc/record_search", &json!({"q": q, "results": 1})).await;
            assert_eq!(reply.status, 204, "{q}: {}", reply.text);
        }
    };
    let today = "select count(*) from private.search_queries where day = current_date";
    record("the five thousandth").await;
    assert_eq!(app.db.count(today).await, 5000);
    record("one too many").await;
    record("and another").await;
    assert_eq!(app.db.count(today).await, 5000, "new queries are dropped");
    assert_eq!(
        app.db
            .count("select count(*) from private.search_queries where query in ('one too many', 'and another')")
            .await,
        0
    );
    // Queries already counted today still count.
    record("query 17").await;
    record("the five thousandth").await;
    let counts: Vec<Value> = app
        .db
        .json_rows(
            "select query, searches from private.search_queries
              where query in ('query 17', 'the five thousandth') order by query",
        )
        .await;
    assert_eq!(
        counts,
        [
            json!({"query": "query 17", "searches": 2}),
            json!({"query": "the five thousandth", "searches": 2}),
        ]
    );
    // Tomorrow is another day: yesterday's queries do not count against it.
    app.db
        .execute("update private.search_queries set day = current_date - 1")
        .await;
    record("a new day").await;
    assert_eq!(app.db.count(today).await, 1);
    let (status, _) = app
        .anon(reqwest::Method::GET, "/rest/v1/search_queries")
        .status_text()
        .await;
    assert_eq!(status, 404, "the counts are not a table anyone can read");
}
