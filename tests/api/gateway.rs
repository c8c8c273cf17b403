//! The apikey check with Kong's semantics, and CORS as Kong's cors plugin answers it.
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, HeaderText as _, mint_jwt, spawn_app,
    spawn_app_with,
};
use serde_json::{Value, json};

#[tokio::test]
async fn rest_and_auth_need_a_known_api_key() {
    let app = spawn_app().await;
    for prefix in ["/rest/v1/blog_posts", "/auth/v1/settings"] {
        let in_header = |key: &str| app.get(prefix).header("apikey", key).send();
        let in_query = |query: &str| app.get(&format!("{prefix}?{query}")).send();

        let missing = app.get(prefix).answer().await;
        assert_eq!(missing.status(), 401, "{prefix}");
        assert_eq!(missing.headers()["www-authenticate"], "Key realm=\"kong\"");
        assert_eq!(
            missing.json::<Value>().await.unwrap(),
            json!({"message": "No API key found in request"})
        );

        let unknown = in_header(&mint_jwt("anon", json!({}))).await.unwrap();
        assert_eq!(unknown.status(), 401);
        assert!(!unknown.headers().contains_key("www-authenticate"));
        assert_eq!(
            unknown.json::<Value>().await.unwrap(),
            json!({"message": "Invalid authentication credentials"})
        );

        for key in [DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY] {
            let known = in_header(key).await.unwrap();
            assert_ne!(known.status(), 401, "{prefix} with a known key");
        }
        let by_query = in_query(&format!("apikey={DEMO_ANON_KEY}")).await.unwrap();
        assert_ne!(by_query.status(), 401, "{prefix} with ?apikey=");
        // Query values arrive percent-encoded and are decoded; a header is compared as sent.
        let encoded = format!(
            "%{:02X}{}",
            DEMO_ANON_KEY.as_bytes()[0],
            &DEMO_ANON_KEY[1..]
        );
        let by_encoded_query = in_query(&format!("apikey={encoded}")).await.unwrap();
        assert_ne!(by_encoded_query.status(), 401, "{prefix} with ?apikey=%..");
        let by_encoded_header = in_header(&encoded).await.unwrap();
        assert_eq!(by_encoded_header.status(), 401, "{prefix} with apikey: %..");
        assert_eq!(
            by_encoded_header.json::<Value>().await.unwrap(),
            json!({"message": "Invalid authentication credentials"})
        );
        let duplicate = in_query(&format!("apikey={DEMO_ANON_KEY}&apikey={DEMO_ANON_KEY}"))
            .await
            .unwrap();
        assert_eq!(duplicate.status(), 401);
        assert_eq!(
            duplicate.json::<Value>().await.unwrap(),
            json!({"message": "Duplicate API key found"})
        );
    }
}

#[tokio::test]
async fn storage_functions_and_open_auth_paths_need_no_key() {
    let app = spawn_app().await;
    for path in [
        "/storage/v1/object/public/whitepapers/x.pdf",
        "/functions/v1/nope",
        "/auth/v1/.well-known/jwks.json",
    ] {
        let response = app.get(path).answer().await;
        assert_ne!(response.status(), 401, "{path}");
        assert!(
            response
                .header_text("content-type")
                .starts_with("application/json"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn the_key_check_can_be_turned_off_for_another_gateway() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_REQUIRE_APIKEY", "false")]).await;
    let response = app.get("/rest/v1/blog_posts").answer().await;
    assert_ne!(response.status(), 401);
}

/// The body limit holds on /rest/v1 (its handler reads the body itself): a larger body is
/// refused before the engine sees it, and nothing is written.
#[tokio::test]
async fn rest_bodies_over_the_limit_are_refused_with_413() {
    let app = spawn_app_with(&[("CLAIMBRIDGE_MAX_BODY_BYTES", "1024")]).await;
    let post = |body: String| {
        app.post("/rest/v1/page_analytics")
            .header("apikey", DEMO_ANON_KEY)
            .header("content-type", "application/json")
            .body(body)
            .send()
    };
    let row =
        |path: String| json!({ "session_id": "session_1_gate", "page_path": path }).to_string();
    let large = row(format!("/{}", "x".repeat(2000)));
    let refused = post(large).await.unwrap();
    assert_eq!(refused.status(), 413);
    let small = row("/small".into());
    assert_eq!(post(small).await.unwrap().status(), 201);
    let stored: i64 = app
        .db
        .count("select count(*) from public.page_analytics")
        .await;
    assert_eq!(stored, 1);
}

#[tokio::test]
async fn preflights_are_answered_without_a_key_and_echo_the_requested_headers() {
    let app = spawn_app().await;
    for path in [
        "/rest/v1/blog_posts",
        "/storage/v1/object/blog-images/a.png",
        "/functions/v1/simple-auth",
        "/auth/v1/token",
    ] {
        let response = app
            .preflight(
                path,
                "https://www.example.com",
                "authorization, x-client-info, apikey, content-type, x-upsert",
            )
            .await;
        assert_eq!(response.status(), 200, "{path}");
        let headers = response.headers();
        assert_eq!(headers["access-control-allow-origin"], "*");
        assert_eq!(
            headers["access-control-allow-headers"],
            "authorization, x-client-info, apikey, content-type, x-upsert"
        );
        assert_eq!(
            headers["access-control-allow-methods"],
            "GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT"
        );
        assert!(!headers.contains_key("access-control-allow-credentials"));
        assert_eq!(response.text().await.unwrap(), "");
    }
}

#[tokio::test]
async fn responses_to_cross_origin_requests_allow_any_origin_and_expose_client_headers() {
    let app = spawn_app().await;
    let response = app
        .get("/rest/v1/blog_posts")
        .header("origin", "https://www.example.com")
        .answer()
        .await;
    assert_eq!(
        response.status(),
        401,
        "even errors carry CORS headers, so the browser can read them"
    );
    assert_eq!(response.headers()["access-control-allow-origin"], "*");
    let exposed = response
        .header_text("access-control-expose-headers")
        .to_ascii_lowercase();
    for header in [
        "content-range",
        "x-supabase-api-version",
        "etag",
        "content-disposition",
        "x-relay-error",
    ] {
        assert!(exposed.contains(header), "{header} exposed");
    }
    let same_origin = app.get("/healthz").answer().await;
    assert!(
        !same_origin
            .headers()
            .contains_key("access-control-allow-origin")
    );
}

#[tokio::test]
async fn each_service_answers_errors_in_its_own_wire_format() {
    let app = spawn_app().await;
    let rest = app
        .anon(reqwest::Method::GET, "/rest/v1/no_such_table")
        .answer()
        .await;
    assert_eq!(rest.status(), 404);
    let rest: Value = rest.json().await.unwrap();
    for field in ["code", "details", "hint", "message"] {
        assert!(rest.get(field).is_some(), "PostgREST error field {field}");
    }
    let storage: Value = app
        .get("/storage/v1/no/such/route")
        .answer()
        .await
        .json()
        .await
        .unwrap();
    assert!(
        storage["statusCode"].is_string()
            && storage["error"].is_string()
            && storage["message"].is_string()
    );
    let functions: Value = app
        .get("/functions/v1/no-such-function")
        .answer()
        .await
        .json()
        .await
        .unwrap();
    assert!(functions.is_object());
}

/// `supabase status`'s keys are the defaults; the self-hosted Docker demo keys work as aliases.
#[tokio::test]
async fn the_cli_keys_and_the_docker_demo_keys_work_everywhere() {
    let app = spawn_app().await;
    for (anon, service) in [
        (DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY),
        (
            cb_tests::DOCKER_DEMO_ANON_KEY,
            cb_tests::DOCKER_DEMO_SERVICE_ROLE_KEY,
        ),
    ] {
        let rest = app
            .get("/rest/v1/blog_posts?select=id&limit=1")
            .header("apikey", anon)
            .bearer_auth(anon)
            .answer()
            .await;
        assert_eq!(rest.status(), 200);
        let leads = app
            .get("/rest/v1/leads?select=id")
            .header("apikey", anon)
            .bearer_auth(service)
            .answer()
            .await;
        assert_eq!(leads.status(), 200, "service_role reads what anon cannot");
        let buckets = app
            .get("/storage/v1/bucket")
            .bearer_auth(service)
            .answer()
            .await;
        assert_eq!(buckets.status(), 200);
    }
}
