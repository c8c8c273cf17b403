//! Singular objects, CSV, stripped nulls and read errors.
use super::*;

#[tokio::test]
async fn singular_objects_need_exactly_one_row() {
    let app = fixture_app().await;
    let one = get(&app, "/fx_users?select=username,status&username=eq.supabot")
        .single()
        .await;
    one.assert_headers(
        200,
        &[(
            "content-type",
            "application/vnd.pgrst.object+json; charset=utf-8",
        )],
    );
    assert_eq!(one.text, "{\"username\":\"supabot\",\"status\":\"ONLINE\"}");
    for (query, n) in [("username=eq.nobody", 0), ("status=eq.ONLINE", 4)] {
        let reply = get(&app, &format!("/fx_users?{query}")).single().await;
        reply.assert_error_with(
            406,
            "PGRST116",
            &json!({
                "message": "Cannot coerce the result to a single JSON object",
                "details": format!("The result contains {n} rows"),
                "hint": null,
            }),
        );
    }
}

/// A singular object is rendered row by row rather than cut out of `json_agg` as PostgREST
/// does: the text must be the very element the array answer holds, whatever the row has in it
/// (JSON columns, ranges, enums, nulls, embeds), with nulls stripped too, and for functions.
#[tokio::test]
async fn singular_objects_are_the_text_of_the_array_element() {
    let app = fixture_app().await;
    for (path, stripped) in [
        ("/fx_users?username=eq.jsonuser", false),
        (
            "/fx_users?username=eq.jsonuser&select=*,fx_messages(*,fx_channels(*))",
            false,
        ),
        (
            "/fx_users?username=eq.supabot&select=username,data,age_range,catchphrase",
            true,
        ),
        (
            "/fx_messages?id=eq.1&select=*,fx_users(*),fx_channels(slug)",
            true,
        ),
        ("/rpc/fx_get_username_and_status?name_param=supabot", false),
        ("/rpc/fx_add?a=1&b=2", false),
        (
            "/rpc/fx_users_by_status?s=ONLINE&order=username&limit=1",
            true,
        ),
    ] {
        let nulls = if stripped { ";nulls=stripped" } else { "" };
        let asking_for = |shape: &str| {
            get(&app, path).header(
                "accept",
                &format!("application/vnd.pgrst.{shape}+json{nulls}"),
            )
        };
        let array = asking_for("array").await;
        let one = asking_for("object").await;
        assert_eq!(one.status, 200, "{path}: {}", one.text);
        let element = if array.text.starts_with('[') {
            assert_eq!(
                array.json().as_array().map(Vec::len),
                Some(1),
                "{path}: {}",
                array.text
            );
            array.text[1..array.text.len() - 1].to_owned()
        } else {
            array.text.clone() // a function returning one value answers it without an array
        };
        assert_eq!(one.text, element, "{path}");
    }
}

#[tokio::test]
async fn csv_and_stripped_nulls_are_rendered_by_postgres() {
    let app = fixture_app().await;
    let accepting = |path: &str, media_type: &str| get(&app, path).header("accept", media_type);
    let csv = accepting("/fx_accounts?select=id,email,score&order=id", "text/csv").await;
    csv.assert_text(
        200,
        "id,email,score\n1,ada@example.com,10\n2,grace@example.com,",
    );
    assert_eq!(csv.header("content-type"), Some("text/csv; charset=utf-8"));
    let stripped = accepting(
        "/fx_accounts?select=email,score&id=eq.2",
        "application/vnd.pgrst.array+json;nulls=stripped",
    )
    .await;
    assert_eq!(stripped.json(), json!([{"email": "grace@example.com"}]));
    let unacceptable = accepting("/fx_accounts", "text/html").await;
    unacceptable.assert_error_message(
        406,
        "PGRST107",
        "None of these media types are available: text/html",
    );
}

#[tokio::test]
async fn read_errors_carry_postgrest_codes_and_texts() {
    let app = spawn_app().await;
    let none = json!({});
    expect_errors(vec![
        (
            get(&app, "/blog_post"),
            404,
            "PGRST205",
            json!({
                "message": "Could not find the table 'public.blog_post' in the schema cache",
                "hint": "Perhaps you meant the table 'public.blog_posts'",
            }),
        ),
        (
            get(&app, "/blog_posts?select=id,nope"),
            400,
            "42703",
            json!({"message": "column blog_posts.nope does not exist"}),
        ),
        (
            get(&app, "/blog_posts?id=noop.1"),
            400,
            "PGRST100",
            json!({
                "message": "\"failed to parse filter (noop.1)\" (line 1, column 1)",
                "details": "unexpected \"o\" expecting \"not\" or operator (eq, gt, ...)",
            }),
        ),
        (
            get(&app, "/blog_posts?select=id,("),
            400,
            "PGRST100",
            none.clone(),
        ),
        (
            get(&app, "/blog_posts?id=eq.not-a-uuid"),
            400,
            "22P02",
            json!({"message": "invalid input syntax for type uuid: \"not-a-uuid\""}),
        ),
        (
            get(&app, "/blog_posts/1"),
            404,
            "PGRST125",
            json!({"message": "Invalid path specified in request URL"}),
        ),
        (
            get(&app, "/blog_posts").header("accept-profile", "private"),
            406,
            "PGRST106",
            json!({
                "message": "Invalid schema: private",
                "hint": "Only the following schemas are exposed: public",
            }),
        ),
        (
            Call::new(
                &app,
                reqwest::Method::from_bytes(b"TRACE").unwrap(),
                "/blog_posts",
            ),
            405,
            "PGRST117",
            none.clone(),
        ),
        (
            get(&app, "/blog_posts?select=id&limit=1").header("prefer", "handling=strict, foo=bar"),
            400,
            "PGRST122",
            json!({"details": "Invalid preferences: foo=bar"}),
        ),
        (
            get(&app, "/blog_posts?select=count()"),
            400,
            "PGRST123",
            none,
        ),
    ])
    .await;
}
