//! SQL in every part of a REST request a client controls: identifiers only ever come from the
//! schema cache and values are always bound, so each attempt is a 4xx or an empty answer, and
//! nothing is changed.
use cb_tests::{Answer as _, DEMO_ANON_KEY, spawn_app};
use reqwest::Method;

#[tokio::test]
async fn injection_strings_change_nothing_and_never_5xx() {
    let app = spawn_app().await;
    let before: i64 = app.db.count("select count(*) from blog_posts").await;
    let payloads = [
        "'; drop table blog_posts; --",
        "\"; drop table blog_posts; --",
        "1) or (1=1",
        "$$; drop table blog_posts; $$",
        "id;select pg_sleep(5)",
        "\\'; truncate blog_posts; --",
        "x' union select passcode_version from private.admin_settings --",
        "%27%3B%20drop%20table%20blog_posts%3B%20--",
    ];
    let mut queries = Vec::new();
    for p in payloads {
        let e = urlencode(p);
        queries.extend([
            format!("/blog_posts?select={e}"),
            format!("/blog_posts?select=id,{e}(id)"),
            format!("/blog_posts?select=id::{e}"),
            format!("/blog_posts?select=id&title=eq.{e}"),
            format!("/blog_posts?select=id&title=in.({e})"),
            format!("/blog_posts?select=id&title=like.{e}"),
            format!("/blog_posts?select=id&title=fts.{e}"),
            format!("/blog_posts?select=id&{e}=eq.1"),
            format!("/blog_posts?select=id&order={e}"),
            format!("/blog_posts?select=id&order=title.{e}"),
            format!("/blog_posts?select=id&or=(title.eq.{e},id.eq.{e})"),
            format!("/blog_posts?select=id&limit={e}"),
            format!("/{e}?select=id"),
            format!("/rpc/{e}"),
            format!("/blog_posts?select=content->>{e}"),
        ]);
    }
    for path in &queries {
        for method in [Method::GET, Method::DELETE, Method::PATCH] {
            let mut request = app.anon(method.clone(), &format!("/rest/v1{path}"));
            if method == Method::PATCH {
                request = request.json(&serde_json::json!({"title": payloads[0]}));
            }
            let response = request.answer().await;
            let status = response.status();
            assert!(!status.is_server_error(), "{method} {path}: {status}");
        }
    }
    for header in ["Accept-Profile", "Content-Profile", "Prefer", "Range"] {
        for p in payloads {
            let response = app
                .anon(Method::GET, "/rest/v1/blog_posts?select=id")
                .header(header, p)
                .answer()
                .await;
            assert!(!response.status().is_server_error(), "{header}: {p}");
        }
    }
    // A write body with SQL in keys and values.
    let response = app
        .post("/rest/v1/page_analytics")
        .header("apikey", DEMO_ANON_KEY)
        .json(&serde_json::json!({
            "session_id": "session_1_abc",
            "page_path": payloads[0],
            "page_title": payloads[1],
            "\"page_path\"); drop table blog_posts; --": "x",
        }))
        .answer()
        .await;
    assert!(response.status().is_client_error(), "{}", response.status());

    let after: i64 = app.db.count("select count(*) from blog_posts").await;
    assert_eq!(before, after);
    let titles_changed: i64 = app
        .db
        .count("select count(*) from blog_posts where title like '%drop table%'")
        .await;
    assert_eq!(titles_changed, 0, "anon updated nothing");
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
