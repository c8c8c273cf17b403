//! GET/HEAD: select shaping, every filter operator, logic trees, order, ranges, counts,
//! singular objects, CSV, and the read errors.
use cb_tests::spawn_app;
use serde_json::json;

use super::{fixture_app, get};

fn usernames(body: &serde_json::Value) -> Vec<String> {
    body.as_array()
        .expect("array")
        .iter()
        .map(|r| r["username"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[tokio::test]
async fn a_read_answers_postgrest_json_with_its_headers() {
    let app = fixture_app().await;
    let reply = get(
        &app,
        "/fx_users?select=username&status=eq.ONLINE&order=username.asc&limit=2",
    )
    .send()
    .await;
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.header("content-type"),
        Some("application/json; charset=utf-8")
    );
    assert_eq!(reply.header("content-range"), Some("0-1/*"));
    assert_eq!(
        reply.header("content-location"),
        Some("/fx_users?limit=2&order=username.asc&select=username&status=eq.ONLINE")
    );
    // json_agg's own formatting, byte for byte.
    assert_eq!(
        reply.text,
        "[{\"username\":\"awailas\"}, \n {\"username\":\"dragarcia\"}]"
    );
}

#[tokio::test]
async fn empty_results_are_an_empty_array_with_a_star_range() {
    let app = fixture_app().await;
    let reply = get(&app, "/fx_users?username=eq.nobody").send().await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.text, "[]");
    assert_eq!(reply.header("content-range"), Some("*/*"));
}

#[tokio::test]
async fn select_shapes_columns_aliases_casts_and_json_paths() {
    let app = fixture_app().await;
    let reply = get(
        &app,
        "/fx_users?select=name:username,status::text,data->foo->bar,age:data->>age,data->foo->bar->>baz&username=eq.jsonuser",
    )
    .send()
    .await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(
        reply.json(),
        json!([{"name": "jsonuser", "status": "ONLINE", "bar": {"baz": 1}, "age": "25", "baz": "1"}])
    );
    let star = get(&app, "/fx_channels?select=*&id=eq.1").send().await;
    assert_eq!(star.json(), json!([{"id": 1, "slug": "public"}]));
    let quoted = get(
        &app,
        "/fx_cornercase?select=%22column%20whitespace%22,id&id=eq.1",
    )
    .send()
    .await;
    assert_eq!(
        quoted.json(),
        json!([{"column whitespace": "foo", "id": 1}])
    );
}

#[tokio::test]
async fn comparison_and_pattern_operators_filter_with_the_column_type() {
    let app = fixture_app().await;
    let cases: &[(&str, &[&str])] = &[
        ("username=eq.supabot", &["supabot"]),
        ("username=neq.supabot&status=eq.OFFLINE", &["kiwicopple"]),
        ("username=gt.kiwicopple", &["supabot"]),
        (
            "username=gte.kiwicopple&username=lt.supabot",
            &["kiwicopple"],
        ),
        ("username=lte.awailas", &["awailas"]),
        ("username=like.*bot", &["supabot"]),
        ("username=ilike.*BOT", &["supabot"]),
        ("username=match.^kiwi", &["kiwicopple"]),
        ("username=imatch.^KIWI", &["kiwicopple"]),
        ("username=in.(supabot,awailas)", &["awailas", "supabot"]),
        (
            "username=not.in.(supabot,awailas,kiwicopple)",
            &["dragarcia", "jsonuser"],
        ),
        ("username=in.()", &[]),
        ("data=is.null&username=like.s*", &["supabot"]),
        ("data=not.is.null", &["jsonuser"]),
        (
            "username=isdistinct.supabot&status=eq.OFFLINE",
            &["kiwicopple"],
        ),
        (
            "username=like(any).{sup*,kiwi*}",
            &["kiwicopple", "supabot"],
        ),
        ("username=like(all).{*a*,*s*}", &["awailas", "supabot"]),
        (
            "username=eq(any).{awailas,dragarcia}",
            &["awailas", "dragarcia"],
        ),
        ("status=eq.OFFLINE", &["kiwicopple"]),
        ("age_range=cs.[22,23)", &["dragarcia", "jsonuser"]),
        ("age_range=cd.[0,3)", &["supabot"]),
        ("age_range=ov.[30,31)", &["awailas", "kiwicopple"]),
        ("age_range=sl.[10,20)", &["supabot"]),
        (
            "age_range=sr.[10,20)",
            &["awailas", "dragarcia", "jsonuser", "kiwicopple"],
        ),
        ("age_range=nxr.[0,2)", &["supabot"]),
        ("age_range=nxl.[30,40)", &[]),
        (
            "age_range=adj.[2,25)",
            &["awailas", "kiwicopple", "supabot"],
        ),
        ("catchphrase=fts.cat", &["kiwicopple", "supabot"]),
        ("catchphrase=plfts.fat%20cat", &["supabot"]),
        ("catchphrase=phfts(english).fat%20cat", &["supabot"]),
        ("catchphrase=wfts.rat%20-bat", &["dragarcia"]),
        (
            "catchphrase=not.fts.cat&username=neq.jsonuser",
            &["awailas", "dragarcia"],
        ),
        ("data->>age=eq.25", &["jsonuser"]),
        ("data->age=gt.20", &["jsonuser"]),
        ("data->foo->bar=cs.{\"baz\":1}", &["jsonuser"]),
    ];
    for (query, expected) in cases {
        let reply = get(
            &app,
            &format!("/fx_users?select=username&order=username&{query}"),
        )
        .send()
        .await;
        assert_eq!(reply.status, 200, "{query}: {}", reply.text);
        assert_eq!(usernames(&reply.json()), *expected, "{query}");
    }
    let arrays = get(
        &app,
        "/fx_cornercase?select=id&array_column=cs.{a}&order=id",
    )
    .send()
    .await;
    assert_eq!(arrays.json(), json!([{"id": 1}, {"id": 3}]));
    let overlap = get(&app, "/fx_cornercase?select=id&array_column=ov.{c,x}")
        .send()
        .await;
    assert_eq!(overlap.json(), json!([{"id": 2}]));
    let quoted_in = get(
        &app,
        "/fx_cornercase?select=id&%22column%20whitespace%22=in.(%22foo%22,bar)&order=id",
    )
    .send()
    .await;
    assert_eq!(quoted_in.json(), json!([{"id": 1}, {"id": 2}]));
    let is_values = get(&app, "/fx_accounts?select=email&score=not.is.null")
        .send()
        .await;
    assert_eq!(is_values.json(), json!([{"email": "ada@example.com"}]));
}

#[tokio::test]
async fn or_and_trees_nest_and_negate() {
    let app = fixture_app().await;
    let cases: &[(&str, &[&str])] = &[
        (
            "or=(username.eq.supabot,username.eq.awailas)",
            &["awailas", "supabot"],
        ),
        (
            "or=(status.eq.OFFLINE,and(username.like.s*,status.eq.ONLINE))",
            &["kiwicopple", "supabot"],
        ),
        (
            "not.or=(status.eq.ONLINE,username.eq.nobody)",
            &["kiwicopple"],
        ),
        (
            "and=(username.gte.k,or(status.eq.OFFLINE,username.eq.supabot))",
            &["kiwicopple", "supabot"],
        ),
        (
            "or=(username.in.(supabot,kiwicopple),age_range.adj.\"[25,30)\")",
            &["kiwicopple", "supabot"],
        ),
        (
            "or=(data->>age.eq.25,username.eq.awailas)",
            &["awailas", "jsonuser"],
        ),
        (
            "or=(username.not.eq.supabot)&status=eq.OFFLINE",
            &["kiwicopple"],
        ),
    ];
    for (query, expected) in cases {
        let reply = get(
            &app,
            &format!("/fx_users?select=username&order=username&{query}"),
        )
        .send()
        .await;
        assert_eq!(reply.status, 200, "{query}: {}", reply.text);
        assert_eq!(usernames(&reply.json()), *expected, "{query}");
    }
}

#[tokio::test]
async fn order_with_directions_nulls_and_json_paths() {
    let app = fixture_app().await;
    let desc = get(&app, "/fx_accounts?select=email&order=score.desc.nullslast")
        .send()
        .await;
    assert_eq!(
        desc.json(),
        json!([{"email": "ada@example.com"}, {"email": "grace@example.com"}])
    );
    let first = get(
        &app,
        "/fx_accounts?select=email&order=score.desc.nullsfirst",
    )
    .send()
    .await;
    assert_eq!(
        first.json(),
        json!([{"email": "grace@example.com"}, {"email": "ada@example.com"}])
    );
    let multi = get(&app, "/fx_messages?select=id&order=channel_id.desc,id.asc")
        .send()
        .await;
    assert_eq!(
        multi.json(),
        json!([{"id": 2}, {"id": 4}, {"id": 1}, {"id": 3}])
    );
    let json_path = get(
        &app,
        "/fx_users?select=username&order=data->>age.asc.nullslast,username&limit=2",
    )
    .send()
    .await;
    assert_eq!(usernames(&json_path.json()), ["jsonuser", "awailas"]);
}

#[tokio::test]
async fn limits_offsets_and_range_headers_give_content_ranges() {
    let app = fixture_app().await;
    let page = get(
        &app,
        "/fx_users?select=username&order=username&limit=2&offset=1",
    )
    .header("prefer", "count=exact")
    .send()
    .await;
    assert_eq!(page.status, 206);
    assert_eq!(page.header("content-range"), Some("1-2/5"));
    assert_eq!(page.header("preference-applied"), Some("count=exact"));
    assert_eq!(usernames(&page.json()), ["dragarcia", "jsonuser"]);

    let all = get(&app, "/fx_users?select=username")
        .header("prefer", "count=exact")
        .send()
        .await;
    assert_eq!(all.status, 200);
    assert_eq!(all.header("content-range"), Some("0-4/5"));

    let ranged = get(&app, "/fx_users?select=username&order=username")
        .header("range", "1-3")
        .send()
        .await;
    assert_eq!(ranged.status, 200);
    assert_eq!(ranged.header("content-range"), Some("1-3/*"));
    assert_eq!(
        usernames(&ranged.json()),
        ["dragarcia", "jsonuser", "kiwicopple"]
    );

    let zero = get(&app, "/fx_users?limit=0")
        .header("prefer", "count=exact")
        .send()
        .await;
    assert_eq!(zero.text, "[]");
    assert_eq!(zero.header("content-range"), Some("*/5"));

    let none = get(&app, "/fx_users?username=eq.x")
        .header("prefer", "count=exact")
        .send()
        .await;
    assert_eq!(none.header("content-range"), Some("*/0"));

    // PostgREST answers this one from the read path: an error body, the read's headers.
    let past = get(&app, "/fx_users?offset=10")
        .header("prefer", "count=exact")
        .send()
        .await;
    assert_eq!(past.status, 416);
    let body = past.json();
    assert_eq!(body["code"], "PGRST103");
    assert_eq!(body["message"], "Requested range not satisfiable");
    assert_eq!(
        body["details"],
        "An offset of 10 was requested, but there are only 5 rows."
    );
    assert_eq!(past.header("content-range"), Some("*/5"));

    get(&app, "/fx_users?limit=-1")
        .send()
        .await
        .assert_error(416, "PGRST103");
    let bad_range = get(&app, "/fx_users").header("range", "5-2").send().await;
    let body = bad_range.assert_error(416, "PGRST103");
    assert_eq!(
        body["details"],
        "The lower boundary must be lower than or equal to the upper boundary in the Range header."
    );
}

#[tokio::test]
async fn planned_and_estimated_counts_give_numbers() {
    let app = fixture_app().await;
    cb_db::sqlx::query("analyze public.fx_users")
        .execute(&app.db.pool)
        .await
        .unwrap();
    for count in ["planned", "estimated"] {
        let reply = get(&app, "/fx_users?select=username&limit=1")
            .header("prefer", &format!("count={count}"))
            .send()
            .await;
        let range = reply.header("content-range").unwrap().to_owned();
        let total: i64 = range
            .split('/')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap_or_else(|_| panic!("{count}: {range}"));
        assert!(total >= 1, "{count}: {range}");
        assert_eq!(
            reply.header("preference-applied"),
            Some(format!("count={count}").as_str())
        );
    }
}

#[tokio::test]
async fn head_answers_headers_and_counts_without_a_body() {
    let app = fixture_app().await;
    let reply = super::Call::new(&app, reqwest::Method::HEAD, "/fx_users?select=*")
        .header("prefer", "count=exact")
        .send()
        .await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-range"), Some("0-4/5"));
    assert_eq!(reply.text, "");
}

#[tokio::test]
async fn singular_objects_need_exactly_one_row() {
    let app = fixture_app().await;
    let one = get(&app, "/fx_users?select=username,status&username=eq.supabot")
        .header("accept", "application/vnd.pgrst.object+json")
        .send()
        .await;
    assert_eq!(one.status, 200);
    assert_eq!(
        one.header("content-type"),
        Some("application/vnd.pgrst.object+json; charset=utf-8")
    );
    assert_eq!(one.text, "{\"username\":\"supabot\",\"status\":\"ONLINE\"}");
    for (query, n) in [("username=eq.nobody", 0), ("status=eq.ONLINE", 4)] {
        let reply = get(&app, &format!("/fx_users?{query}"))
            .header("accept", "application/vnd.pgrst.object+json")
            .send()
            .await;
        let body = reply.assert_error(406, "PGRST116");
        assert_eq!(
            body["message"],
            "Cannot coerce the result to a single JSON object"
        );
        assert_eq!(body["details"], format!("The result contains {n} rows"));
        assert_eq!(body["hint"], serde_json::Value::Null);
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
        let array = get(&app, path)
            .header(
                "accept",
                &format!("application/vnd.pgrst.array+json{nulls}"),
            )
            .send()
            .await;
        let one = get(&app, path)
            .header(
                "accept",
                &format!("application/vnd.pgrst.object+json{nulls}"),
            )
            .send()
            .await;
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
    let csv = get(&app, "/fx_accounts?select=id,email,score&order=id")
        .header("accept", "text/csv")
        .send()
        .await;
    assert_eq!(csv.status, 200);
    assert_eq!(csv.header("content-type"), Some("text/csv; charset=utf-8"));
    assert_eq!(
        csv.text,
        "id,email,score\n1,ada@example.com,10\n2,grace@example.com,"
    );
    let stripped = get(&app, "/fx_accounts?select=email,score&id=eq.2")
        .header("accept", "application/vnd.pgrst.array+json;nulls=stripped")
        .send()
        .await;
    assert_eq!(stripped.json(), json!([{"email": "grace@example.com"}]));
    let unacceptable = get(&app, "/fx_accounts")
        .header("accept", "text/html")
        .send()
        .await;
    let body = unacceptable.assert_error(406, "PGRST107");
    assert_eq!(
        body["message"],
        "None of these media types are available: text/html"
    );
}

#[tokio::test]
async fn read_errors_carry_postgrest_codes_and_texts() {
    let app = spawn_app().await;
    let missing = get(&app, "/blog_post").send().await;
    let body = missing.assert_error(404, "PGRST205");
    assert_eq!(
        body["message"],
        "Could not find the table 'public.blog_post' in the schema cache"
    );
    assert_eq!(
        body["hint"],
        "Perhaps you meant the table 'public.blog_posts'"
    );

    let column = get(&app, "/blog_posts?select=id,nope").send().await;
    let body = column.assert_error(400, "42703");
    assert_eq!(body["message"], "column blog_posts.nope does not exist");

    let parse = get(&app, "/blog_posts?id=noop.1").send().await;
    let body = parse.assert_error(400, "PGRST100");
    assert_eq!(
        body["message"],
        "\"failed to parse filter (noop.1)\" (line 1, column 1)"
    );
    assert_eq!(
        body["details"],
        "unexpected \"o\" expecting \"not\" or operator (eq, gt, ...)"
    );

    let select = get(&app, "/blog_posts?select=id,(").send().await;
    select.assert_error(400, "PGRST100");

    let bad_value = get(&app, "/blog_posts?id=eq.not-a-uuid").send().await;
    let body = bad_value.assert_error(400, "22P02");
    assert_eq!(
        body["message"],
        "invalid input syntax for type uuid: \"not-a-uuid\""
    );

    let path = get(&app, "/blog_posts/1").send().await;
    let body = path.assert_error(404, "PGRST125");
    assert_eq!(body["message"], "Invalid path specified in request URL");

    let schema = get(&app, "/blog_posts")
        .header("accept-profile", "private")
        .send()
        .await;
    let body = schema.assert_error(406, "PGRST106");
    assert_eq!(body["message"], "Invalid schema: private");
    assert_eq!(
        body["hint"],
        "Only the following schemas are exposed: public"
    );

    let method = super::Call::new(
        &app,
        reqwest::Method::from_bytes(b"TRACE").unwrap(),
        "/blog_posts",
    )
    .send()
    .await;
    method.assert_error(405, "PGRST117");

    let strict = get(&app, "/blog_posts?select=id&limit=1")
        .header("prefer", "handling=strict, foo=bar")
        .send()
        .await;
    let body = strict.assert_error(400, "PGRST122");
    assert_eq!(body["details"], "Invalid preferences: foo=bar");

    let aggregates = get(&app, "/blog_posts?select=count()").send().await;
    aggregates.assert_error(400, "PGRST123");
}

#[tokio::test]
async fn the_profile_header_is_echoed_as_content_profile() {
    let app = spawn_app().await;
    let reply = get(&app, "/blog_posts?select=slug&limit=1")
        .header("accept-profile", "public")
        .send()
        .await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-profile"), Some("public"));
}

#[tokio::test]
async fn options_lists_the_allowed_methods() {
    let app = fixture_app().await;
    let table = super::Call::new(&app, reqwest::Method::OPTIONS, "/fx_users")
        .send()
        .await;
    assert_eq!(table.status, 200);
    assert_eq!(
        table.header("allow"),
        Some("OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE")
    );
    let no_pk = super::Call::new(&app, reqwest::Method::OPTIONS, "/fx_logs")
        .send()
        .await;
    assert_eq!(
        no_pk.header("allow"),
        Some("OPTIONS,GET,HEAD,POST,PATCH,DELETE")
    );
    let volatile = super::Call::new(&app, reqwest::Method::OPTIONS, "/rpc/fx_void_func")
        .send()
        .await;
    assert_eq!(volatile.header("allow"), Some("OPTIONS,POST"));
}

#[tokio::test]
async fn the_root_serves_the_openapi_description_of_what_the_role_can_reach() {
    let app = fixture_app().await;
    let reply = get(&app, "/").send().await;
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(
        reply.header("content-type"),
        Some("application/openapi+json; charset=utf-8")
    );
    let spec = reply.json();
    assert_eq!(spec["swagger"], "2.0");
    assert!(spec["paths"]["/blog_posts"]["get"].is_object());
    assert!(spec["paths"]["/rpc/fx_get_status"]["get"].is_object());
    assert!(
        spec["paths"]["/rpc/fx_set_offline"]["get"].is_null(),
        "volatile: POST only"
    );
    assert!(
        spec["paths"]["/leads"].is_null(),
        "anon has no privilege on leads"
    );
    let id = &spec["definitions"]["fx_messages"]["properties"]["username"];
    assert_eq!(
        id["description"],
        "Note:\nThis is a Foreign Key to `fx_users.username`.<fk table='fx_users' column='username'/>"
    );
    assert_eq!(
        spec["definitions"]["fx_users"]["properties"]["status"]["enum"],
        json!(["ONLINE", "OFFLINE"])
    );
    let admin = get(&app, "/")
        .bearer(cb_tests::DEMO_SERVICE_ROLE_KEY)
        .send()
        .await;
    assert!(admin.json()["paths"]["/leads"].is_object());
    let from_the_top = |path: &str| {
        app.client
            .get(format!("{}{path}", app.url))
            .header("apikey", cb_tests::DEMO_ANON_KEY)
            .send()
    };
    // The root without a trailing slash is the same resource.
    let bare = from_the_top("/rest/v1").await.unwrap();
    assert_eq!(bare.status(), 200);
    // The mount is a whole path segment: a longer one is the site's, not the API's.
    let beside = from_the_top("/rest/v10/blog_posts").await.unwrap();
    assert_eq!(beside.status(), 404);
    let content_type = beside.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(content_type.starts_with("text/html"), "{content_type}");
    let html = get(&app, "/").header("accept", "text/html").send().await;
    html.assert_error(406, "PGRST107");
}

/// Reads are kept compiled by URL and the headers that shape them (`compiled_reads`); who asks
/// is not part of that, so the same URL must still answer each caller what its role may see,
/// and each Accept, Prefer, Range and method its own shape.
#[tokio::test]
async fn one_url_answers_each_caller_and_each_header_its_own() {
    let app = spawn_app().await;
    let url = "/blog_posts?select=slug&order=slug";
    let slugs = |reply: &super::Reply| reply.json().as_array().expect("array").len();
    let anon = get(&app, url).send().await;
    let service = get(&app, url)
        .bearer(cb_tests::DEMO_SERVICE_ROLE_KEY)
        .send()
        .await;
    let anon_again = get(&app, url).send().await;
    assert_eq!(service.status, 200, "{}", service.text);
    assert_eq!(
        slugs(&service),
        slugs(&anon) + 2,
        "the service role sees the two drafts"
    );
    assert_eq!(anon_again.json(), anon.json());

    let first = anon.json()[0]["slug"].as_str().expect("a slug").to_owned();
    let one = format!("/blog_posts?select=slug&slug=eq.{first}");
    let as_array = get(&app, &one).send().await;
    assert_eq!(as_array.json(), json!([{ "slug": first }]));
    let as_object = get(&app, &one)
        .header("accept", "application/vnd.pgrst.object+json")
        .send()
        .await;
    assert_eq!(as_object.json(), json!({ "slug": first }));
    let as_csv = get(&app, &one).header("accept", "text/csv").send().await;
    assert_eq!(as_csv.text, format!("slug\n{first}"));
    let counted = get(&app, url).header("prefer", "count=exact").send().await;
    assert_eq!(
        counted.header("content-range"),
        Some(format!("0-{}/{}", slugs(&anon) - 1, slugs(&anon)).as_str())
    );
    assert_eq!(counted.header("preference-applied"), Some("count=exact"));
    let ranged = get(&app, url).header("range", "0-0").send().await;
    assert_eq!(ranged.json(), json!([{ "slug": first }]));
    let head = super::Call::new(&app, reqwest::Method::HEAD, url)
        .send()
        .await;
    assert_eq!(head.status, 200);
    assert_eq!(head.text, "");
    let plain = get(&app, url).send().await;
    assert_eq!(plain.json(), anon.json());
    assert_eq!(
        plain.header("content-range"),
        Some(format!("0-{}/*", slugs(&anon) - 1).as_str())
    );
}
