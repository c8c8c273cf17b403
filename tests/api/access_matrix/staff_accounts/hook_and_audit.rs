//! The custom access token hook, and what staff do and how they sign in logged in their name.
use super::*;

#[tokio::test]
async fn the_access_token_hook_adds_the_members_role_and_nothing_else() {
    let db = fresh_database().await;
    let author = add_staff(&db, "author", "Avery Author").await;
    let stranger = add_account(&db, None, "Sam Stranger").await;
    let gone = add_staff(&db, "editor", "Eden Editor").await;
    db.execute(&format!(
        "update private.staff_members set deactivated_at = now() where user_id = '{}'",
        gone.id
    ))
    .await;
    let hook = |user: &Account, claims: &Value| {
        let event =
            json!({"user_id": user.id, "claims": claims, "authentication_method": "password"});
        format!(
            "select public.custom_access_token_hook('{}'::jsonb) as answer",
            event.to_string().replace('\'', "''")
        )
    };
    let auth_server = Caller::new("supabase_auth_admin", json!({}));
    let answer = |user: &Account, claims: Value| {
        let sql = hook(user, &claims);
        let auth_server = &auth_server;
        let db = &db;
        async move { rows(db, auth_server, &sql).await.unwrap()[0]["answer"].clone() }
    };

    // GoTrue's claims come back as they were, with the member's role added.
    let mut issued = author.claims();
    issued.as_object_mut().unwrap().remove("staff_role");
    let mut expected = issued.clone();
    expected["staff_role"] = json!("author");
    assert_eq!(
        answer(&author, issued.clone()).await,
        json!({"claims": expected})
    );

    // A staff_role already in the claims, or in user_metadata (which PUT /user lets anyone set),
    // gives nothing: a non-member's comes back without one, an author stays an author, and a
    // deactivated member gets none.
    let forged = stranger.claims_with(
        json!({"staff_role": "owner", "user_metadata": {"staff_role": "owner", "role": "owner"}}),
    );
    let mut stripped = forged.clone();
    stripped.as_object_mut().unwrap().remove("staff_role");
    assert_eq!(answer(&stranger, forged).await, json!({"claims": stripped}));
    let forged = author
        .claims_with(json!({"staff_role": "owner", "user_metadata": {"staff_role": "owner"}}));
    assert_eq!(
        answer(&author, forged).await["claims"]["staff_role"],
        "author"
    );
    let answered = answer(&gone, gone.claims()).await;
    assert_eq!(answered["claims"].get("staff_role"), None, "{answered}");

    // Only the auth server calls it.
    let call = hook(&author, &issued);
    for caller in [anon(), user(), service(), author.caller(), admin()] {
        assert_denied(&db, &caller, &call).await;
    }
}

#[tokio::test]
async fn what_staff_do_is_logged_and_revised_in_their_name() {
    let app = spawn_app().await;
    let author = add_staff(&app.db, "author", "Avery Author").await;
    let created = app
        .with_token(Method::POST, "/rest/v1/blog_posts", &author.jwt())
        .header("Prefer", "return=minimal")
        .json(&json!({"title": "Capped rentals", "slug": "capped-rentals", "description": "x", "category": "Billing"}))
        .answer()
        .await;
    assert_eq!(created.status(), 201);
    let (status, _) = rpc(
        &app,
        &author.jwt(),
        "log_admin_activity",
        json!({"action": "media_upload", "entity": "media", "entity_id": "chart.png"}),
    )
    .await;
    assert_eq!(status, 204);
    let by_author =
        json!({"actor_id": author.id, "actor_name": "Avery Author", "actor_email": author.email});
    assert_eq!(
        app.db
            .json_rows("select action, actor_id, actor_name, actor_email, session_id from admin_activity order by id")
            .await,
        ["create", "media_upload"]
            .map(|action| {
                let mut entry = by_author.clone();
                entry["action"] = json!(action);
                entry["session_id"] = json!(author.session_id);
                entry
            })
    );
    assert_eq!(
        app.db
            .json_rows("select actor_id, actor_name, actor_email from content_revisions where entity_key = 'capped-rentals'")
            .await,
        [by_author]
    );
}

#[tokio::test]
async fn a_staff_sign_in_is_logged_in_their_name_and_nobody_elses_is() {
    let app = spawn_app().await;
    let auth = |method: Method, path: &str| {
        app.client
            .request(method, format!("{}/auth/v1{path}", app.url))
            .header("apikey", DEMO_ANON_KEY)
    };
    let mut people = Vec::new();
    for (email, name) in [
        ("rowan@staff.example", "Rowan Reyes"),
        ("visitor@example.com", "Val Visitor"),
    ] {
        let user: Value = auth(Method::POST, "/admin/users")
            .bearer_auth(cb_tests::DEMO_SERVICE_ROLE_KEY)
            .json(
                &json!({"email": email, "password": "capped-rental-13", "email_confirm": true,
                          "user_metadata": {"display_name": name}}),
            )
            .answer()
            .await
            .json()
            .await
            .unwrap();
        people.push(Uuid::parse_str(user["id"].as_str().unwrap()).unwrap());
    }
    sqlx::query("insert into private.staff_members (user_id, role, invited_at) values ($1, 'editor', now())")
        .bind(people[0])
        .execute(&app.db.pool)
        .await
        .unwrap();

    let mut sessions = Vec::new();
    for email in ["rowan@staff.example", "visitor@example.com"] {
        let session: Value = auth(Method::POST, "/token?grant_type=password")
            .header("user-agent", "Mozilla/5.0 (Macintosh) Firefox/133.0")
            .json(&json!({"email": email, "password": "capped-rental-13"}))
            .answer()
            .await
            .json()
            .await
            .unwrap();
        sessions.push(session);
    }
    // A refresh is no new sign-in.
    let refreshed = auth(Method::POST, "/token?grant_type=refresh_token")
        .json(&json!({"refresh_token": sessions[0]["refresh_token"]}))
        .answer()
        .await;
    assert_eq!(refreshed.status(), 200);

    let session_id = {
        use base64::Engine as _;
        let token = sessions[0]["access_token"].as_str().unwrap();
        let claims: Value = serde_json::from_slice(
            &base64::engine::general_purpose::URL_SAFE_NO_PAD
                .decode(token.split('.').nth(1).unwrap())
                .unwrap(),
        )
        .unwrap();
        claims["session_id"].clone()
    };
    assert_eq!(
        app.db
            .json_rows(
                "select action, summary, session_id, actor_id, actor_name, actor_email, user_agent,
                        client_ip is not null as has_ip
                   from admin_activity order by id"
            )
            .await,
        [json!({
            "action": "sign_in", "summary": "Signed in with their staff account",
            "session_id": session_id, "actor_id": people[0], "actor_name": "Rowan Reyes",
            "actor_email": "rowan@staff.example",
            "user_agent": "Mozilla/5.0 (Macintosh) Firefox/133.0", "has_ip": true,
        })]
    );
}
