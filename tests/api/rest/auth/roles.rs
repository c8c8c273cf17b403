//! Roles and request facts: tokens, permission statuses, the headers and claims row-level security
//! sees, and nothing carried over to the next request.
use super::*;

/// A refused token: 401 with PostgREST's code and message, and `WWW-Authenticate` saying why.
fn assert_token_refused(reply: &Reply, code: &str, message: &str) {
    reply.assert_error_message(401, code, message);
    assert_eq!(
        reply.header("www-authenticate"),
        Some(format!("Bearer error=\"invalid_token\", error_description=\"{message}\"").as_str())
    );
}

#[tokio::test]
async fn bad_tokens_are_refused_with_postgrest_texts() {
    let app = spawn_app().await;
    let read_with = |token: &str| get(&app, "/blog_posts").bearer(token);
    let empty = read_with("").await;
    assert_token_refused(
        &empty,
        "PGRST301",
        "Empty JWT is sent in Authorization header",
    );
    let expired = mint_jwt("anon", json!({"exp": 1_000_000_000}));
    assert_token_refused(&read_with(&expired).await, "PGRST303", "JWT expired");
    let malformed = read_with("abc.def").await;
    malformed.assert_error_message(401, "PGRST301", "Expected 3 parts in JWT; got 2");

    // Signed with another secret, or not signed at all.
    let forged = jsonwebtoken::encode(
        &Header::default(),
        &json!({"role": "service_role"}),
        &EncodingKey::from_secret(b"not-the-project-secret-not-the-project-secret"),
    )
    .unwrap();
    let alg_none = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.";
    for token in [forged.as_str(), alg_none] {
        read_with(token).await.assert_error(401, "PGRST301");
    }
}

#[tokio::test]
async fn a_role_the_engine_cannot_assume_is_refused() {
    let app = spawn_app().await;
    let unknown = mint_jwt("nobody_at_all", json!({}));
    let reply = get(&app, "/blog_posts").bearer(&unknown).await;
    reply.assert_error_message(401, "22023", "role \"nobody_at_all\" does not exist");
    // A signed token naming the superuser must not become the superuser.
    let superuser = mint_jwt("postgres", json!({}));
    let reply = get(&app, "/blog_posts").bearer(&superuser).await;
    assert_eq!(reply.status, 401);
    // A token without a role claim is anon.
    let no_role = jsonwebtoken::encode(
        &Header::default(),
        &json!({"sub": "x"}),
        &EncodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
    )
    .unwrap();
    let reply = get(&app, "/blog_posts?select=slug&limit=1")
        .bearer(&no_role)
        .await;
    assert_eq!(reply.status, 200);
}

#[tokio::test]
async fn permission_denied_is_401_for_anon_and_403_for_users() {
    let app = spawn_app().await;
    let new_post = json!({"title": "t", "slug": "t", "description": "d", "category": "c"});
    let anon = post(&app, "/blog_posts", &new_post).await;
    anon.assert_error_message(401, "42501", "permission denied for table blog_posts");
    assert_eq!(anon.header("www-authenticate"), Some("Bearer"));

    let user = mint_jwt(
        "authenticated",
        json!({"sub": "00000000-0000-0000-0000-0000000000f1"}),
    );
    let reply = post(&app, "/blog_posts", &new_post).bearer(&user).await;
    reply.assert_error_message(
        403,
        "42501",
        "new row violates row-level security policy for table \"blog_posts\"",
    );
    assert!(reply.header("www-authenticate").is_none());

    let read = get(&app, "/whitepaper_submissions?select=id").await;
    read.assert_error(401, "42501");
}

#[tokio::test]
async fn the_admin_token_writes_blog_posts() {
    let app = spawn_app().await;
    let admin = admin_jwt();
    let created = post(&app, "/blog_posts?select=id,slug,published", &json!({"title": "Admin post", "slug": "admin-post", "description": "d", "category": "News"}))
        .bearer(&admin)
        .header("prefer", "return=representation").await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.json()[0]["id"].as_str().unwrap().to_owned();
    assert_eq!(created.json()[0]["published"], false);
    // Drafts are invisible to anon, visible to the admin.
    let anon = get(&app, "/blog_posts?slug=eq.admin-post").await;
    assert_eq!(anon.text, "[]");
    let mine = get(&app, "/blog_posts?select=slug&slug=eq.admin-post")
        .bearer(&admin)
        .await;
    assert_eq!(mine.json(), json!([{"slug": "admin-post"}]));
    let this_post = format!("/blog_posts?id=eq.{id}");
    let updated = patch(&app, &this_post, &json!({"published": true}))
        .bearer(&admin)
        .await;
    assert_eq!(updated.status, 204);
    let public = get(&app, "/blog_posts?select=slug&slug=eq.admin-post").await;
    assert_eq!(public.json(), json!([{"slug": "admin-post"}]));
    let deleted = delete(&app, &this_post).bearer(&admin).await;
    assert_eq!(deleted.status, 204);
}

#[tokio::test]
async fn request_headers_reach_row_level_security() {
    let app = spawn_app().await;
    let session = "session_1700000000000_abc123";
    let inserted = post(
        &app,
        "/page_analytics",
        &json!({"session_id": session, "page_path": "/about", "page_title": "About"}),
    )
    .await;
    assert_eq!(inserted.status, 201, "{}", inserted.text);
    let mine = get(&app, &format!("/page_analytics?select=id&session_id=eq.{session}&page_path=eq./about&order=visited_at.desc&limit=1"))
        .header("x-claimbridge-session", session).await;
    assert_eq!(mine.rows(), 1, "{}", mine.text);
    let id = mine.json()[0]["id"].as_str().unwrap().to_owned();
    let other = get(
        &app,
        &format!("/page_analytics?select=id&session_id=eq.{session}"),
    )
    .header("x-claimbridge-session", "session_1_someoneelse")
    .await;
    assert_eq!(other.text, "[]");
    // A counted edit of that row, as the browser of `session`.
    let edit = |session: &str, body: Value| {
        patch(&app, &format!("/page_analytics?id=eq.{id}"), &body)
            .header("x-claimbridge-session", session)
            .header("prefer", "count=exact")
    };
    let update = edit(session, json!({"time_on_page": 30, "scroll_depth": 80})).await;
    update.assert_range(204, "0-0/1");
    let stolen = edit("session_1_someoneelse", json!({"time_on_page": 1})).await;
    stolen.assert_range(204, "*/0");
    let with_id = post(
        &app,
        "/page_analytics?select=id",
        &json!({"session_id": session, "page_path": "/x"}),
    )
    .header("x-claimbridge-session", session)
    .header("prefer", "return=representation")
    .await;
    assert_eq!(with_id.status, 201, "{}", with_id.text);
    assert!(with_id.json()[0]["id"].is_string());
}

#[tokio::test]
async fn the_request_facts_are_set_like_postgrest() {
    let app = spawn_app().await;
    // The role's own statement_timeout applies (anon: 3s), and claims always carry the role.
    let pool = &app.db.pool;
    cb_db::sqlx::raw_sql(
        "create function public.fx_request_facts() returns json language sql stable as $$
           select json_build_object('role', current_user, 'claims', current_setting('request.jwt.claims')::json,
             'method', current_setting('request.method'), 'path', current_setting('request.path'),
             'session', current_setting('request.headers')::json->>'x-claimbridge-session',
             'cookies', current_setting('request.cookies')::json, 'timeout', current_setting('statement_timeout'),
             'search_path', current_setting('search_path'))
         $$;
         grant execute on function public.fx_request_facts() to anon;
         notify pgrst, 'reload schema';",
    )
    .execute(pool)
    .await
    .unwrap();
    let mut facts = Value::Null;
    for _ in 0..100 {
        let reply = get(&app, "/rpc/fx_request_facts")
            .header("x-claimbridge-session", "session_9_x")
            .header("cookie", "a=1; b=two")
            .await;
        if reply.status == 200 {
            facts = reply.json();
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(facts["role"], "anon");
    assert_eq!(facts["claims"]["role"], "anon");
    assert_eq!(facts["method"], "GET");
    assert_eq!(facts["path"], "/rpc/fx_request_facts");
    assert_eq!(facts["session"], "session_9_x");
    assert_eq!(facts["cookies"], json!({"a": "1", "b": "two"}));
    assert_eq!(facts["timeout"], "3s");
    assert_eq!(
        facts["search_path"],
        "\"public\", \"public\", \"extensions\""
    );
}

/// Reads and most writes set their scope on the connection's session (two round trips instead
/// of four); every setting is written on every request, so nothing of one request may reach
/// the next one on the same connection. Sequential requests reuse the same connection (the
/// engine lends the most recently returned one), which the backend pid confirms.
#[tokio::test]
async fn nothing_of_a_request_carries_over_to_the_next_on_its_connection() {
    let app = spawn_app().await;
    cb_db::sqlx::raw_sql(
        "create function public.fx_scope() returns json language sql volatile as $$
           select json_build_object('pid', pg_backend_pid(), 'role', current_user,
             'sub', current_setting('request.jwt.claim.sub', true),
             'claims', current_setting('request.jwt.claims')::json,
             'timezone', current_setting('TimeZone'), 'timeout', current_setting('statement_timeout'),
             'read_only', current_setting('transaction_read_only'),
             'cookies', current_setting('request.cookies')::json,
             'session', current_setting('request.headers')::json->>'x-claimbridge-session')
         $$;
         grant execute on function public.fx_scope() to anon, authenticated, service_role;
         notify pgrst, 'reload schema';",
    )
    .execute(&app.db.pool)
    .await
    .unwrap();
    crate::rest::wait_for_relation(&app, "rpc/fx_scope").await;

    let fresh = get(&app, "/rpc/fx_scope").await.json();
    let pid = fresh["pid"].clone();
    let default_timezone = fresh["timezone"].as_str().unwrap().to_owned();
    assert_ne!(default_timezone, "Asia/Tokyo");

    let user = mint_jwt("authenticated", json!({"sub": "user-1"}));
    let scoped = get(&app, "/rpc/fx_scope")
        .bearer(&user)
        .header("prefer", "timezone=Asia/Tokyo")
        .header("cookie", "a=1")
        .header("x-claimbridge-session", "session_1_x")
        .await
        .json();
    assert_eq!(scoped["pid"], pid);
    assert_eq!(scoped["role"], "authenticated");
    assert_eq!(scoped["sub"], "user-1");
    assert_eq!(scoped["timezone"], "Asia/Tokyo");
    assert_eq!(scoped["timeout"], "8s");
    assert_eq!(scoped["read_only"], "on");
    assert_eq!(scoped["cookies"], json!({"a": "1"}));

    // A write after a read, as anon, without any of those.
    let write = post(&app, "/rpc/fx_scope", &json!({})).await;
    assert_eq!(write.status, 200, "{}", write.text);
    let write = write.json();
    assert_eq!(write["pid"], pid);
    assert_eq!(write["role"], "anon");
    assert_eq!(write["sub"], "");
    assert_eq!(write["claims"]["role"], "anon");
    assert_eq!(write["claims"].get("sub"), None);
    assert_eq!(write["timezone"], default_timezone);
    assert_eq!(write["timeout"], "3s");
    assert_eq!(write["read_only"], "off");
    assert_eq!(write["cookies"], json!({}));
    assert_eq!(write["session"], Value::Null);

    // A failed statement leaves the connection usable, and a write the engine could still
    // refuse (singular) runs in BEGIN READ WRITE ... COMMIT after a read-only request.
    let failed = get(&app, "/rpc/fx_scope?select=nope").await;
    assert!(failed.status >= 400, "{}", failed.text);
    get(&app, "/rpc/fx_scope").await;
    let singular = post(&app, "/rpc/fx_scope", &json!({}))
        .single()
        .bearer(cb_tests::DEMO_SERVICE_ROLE_KEY)
        .await;
    assert_eq!(singular.status, 200, "{}", singular.text);
    let singular = singular.json();
    assert_eq!(singular["pid"], pid);
    assert_eq!(singular["role"], "service_role");
    assert_eq!(singular["read_only"], "off");
    assert_eq!(singular["timezone"], default_timezone);
}
