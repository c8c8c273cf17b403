//! Read basics: the answer's body and headers, select, HEAD, the profile header, OPTIONS, the OpenAPI
//! root and an answer per caller.
use super::*;

#[tokio::test]
async fn a_read_answers_postgrest_json_with_its_headers() {
    let app = fixture_app().await;
    let reply = get(
        &app,
        "/fx_users?select=username&status=eq.ONLINE&order=username.asc&limit=2",
    )
    .await;
    reply.assert_headers(
        200,
        &[
            ("content-type", "application/json; charset=utf-8"),
            ("content-range", "0-1/*"),
            (
                "content-location",
                "/fx_users?limit=2&order=username.asc&select=username&status=eq.ONLINE",
            ),
        ],
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
    get(&app, "/fx_users?username=eq.nobody")
        .await
        .assert_text_range(200, "[]", "*/*");
}

#[tokio::test]
async fn select_shapes_columns_aliases_casts_and_json_paths() {
    let app = fixture_app().await;
    let reply = get(
        &app,
        "/fx_users?select=name:username,status::text,data->foo->bar,age:data->>age,data->foo->bar->>baz&username=eq.jsonuser",
    ).await;
    reply.assert_json(200, &json!([{"name": "jsonuser", "status": "ONLINE", "bar": {"baz": 1}, "age": "25", "baz": "1"}]));
    let cases = [
        (
            "/fx_channels?select=*&id=eq.1",
            json!([{"id": 1, "slug": "public"}]),
        ),
        (
            "/fx_cornercase?select=%22column%20whitespace%22,id&id=eq.1",
            json!([{"column whitespace": "foo", "id": 1}]),
        ),
    ];
    expect_reads(&app, &cases).await;
}

#[tokio::test]
async fn head_answers_headers_and_counts_without_a_body() {
    let app = fixture_app().await;
    Call::new(&app, reqwest::Method::HEAD, "/fx_users?select=*")
        .header("prefer", "count=exact")
        .await
        .assert_text_range(200, "", "0-4/5");
}

#[tokio::test]
async fn the_profile_header_is_echoed_as_content_profile() {
    let app = spawn_app().await;
    get(&app, "/blog_posts?select=slug&limit=1")
        .header("accept-profile", "public")
        .await
        .assert_headers(200, &[("content-profile", "public")]);
}

#[tokio::test]
async fn options_lists_the_allowed_methods() {
    let app = fixture_app().await;
    for (path, allow) in [
        ("/fx_users", "OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE"),
        ("/fx_logs", "OPTIONS,GET,HEAD,POST,PATCH,DELETE"), // no primary key: no PUT
        ("/rpc/fx_void_func", "OPTIONS,POST"),              // volatile
    ] {
        let reply = Call::new(&app, reqwest::Method::OPTIONS, path).await;
        reply.assert_headers(200, &[("allow", allow)]);
    }
}

#[tokio::test]
async fn the_root_serves_the_openapi_description_of_what_the_role_can_reach() {
    let app = fixture_app().await;
    let reply = get(&app, "/").await;
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
    let admin = get(&app, "/").bearer(cb_tests::DEMO_SERVICE_ROLE_KEY).await;
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
    let html = get(&app, "/").header("accept", "text/html").await;
    html.assert_error(406, "PGRST107");
}

/// Reads are kept compiled by URL and the headers that shape them (`compiled_reads`); who asks
/// is not part of that, so the same URL must still answer each caller what its role may see,
/// and each Accept, Prefer, Range and method its own shape.
#[tokio::test]
async fn one_url_answers_each_caller_and_each_header_its_own() {
    let app = spawn_app().await;
    let url = "/blog_posts?select=slug&order=slug";
    let anon = get(&app, url).await;
    let service = get(&app, url).bearer(cb_tests::DEMO_SERVICE_ROLE_KEY).await;
    let anon_again = get(&app, url).await;
    assert_eq!(service.status, 200, "{}", service.text);
    assert_eq!(
        service.rows(),
        anon.rows() + 2,
        "the service role sees the two drafts"
    );
    assert_eq!(anon_again.json(), anon.json());

    let first = anon.json()[0]["slug"].as_str().expect("a slug").to_owned();
    let one = format!("/blog_posts?select=slug&slug=eq.{first}");
    let as_array = get(&app, &one).await;
    assert_eq!(as_array.json(), json!([{ "slug": first }]));
    let as_object = get(&app, &one).single().await;
    assert_eq!(as_object.json(), json!({ "slug": first }));
    let as_csv = get(&app, &one).header("accept", "text/csv").await;
    assert_eq!(as_csv.text, format!("slug\n{first}"));
    let counted = get(&app, url).header("prefer", "count=exact").await;
    counted.assert_headers(
        200,
        &[
            (
                "content-range",
                &format!("0-{}/{}", anon.rows() - 1, anon.rows()),
            ),
            ("preference-applied", "count=exact"),
        ],
    );
    let ranged = get(&app, url).header("range", "0-0").await;
    assert_eq!(ranged.json(), json!([{ "slug": first }]));
    let head = Call::new(&app, reqwest::Method::HEAD, url).await;
    head.assert_text(200, "");
    let plain = get(&app, url).await;
    plain.assert_range(200, &format!("0-{}/*", anon.rows() - 1));
    assert_eq!(plain.json(), anon.json());
}
