//! Staff management: the owner-only RPCs over /rest/v1 as supabase.rpc calls them (the list, role
//! changes and the last-owner guard, deactivation and reactivation), the caller's own sessions
//! and profile, private.staff_add for the invite function, and the custom access token hook.
use cb_db::sqlx;
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, TestApp, add_account, add_session, admin_jwt, spawn_app,
};
use reqwest::Method;
use uuid::Uuid;

use super::*;

/// `supabase.rpc(name, body)` with `token` as the bearer: the status and the JSON body (null
/// when there is none).
async fn rpc(app: &TestApp, token: &str, name: &str, body: Value) -> (u16, Value) {
    let response = app
        .with_token(Method::POST, &format!("/rest/v1/rpc/{name}"), token)
        .json(&body)
        .answer()
        .await;
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let body = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {text}"))
    };
    (status, body)
}

/// Asserts that a void RPC ran: 204, no body.
fn assert_done((status, body): (u16, Value), what: &str) {
    assert_eq!((status, body), (204, Value::Null), "{what}");
}

fn set_role(target: &Account, role: &str) -> Value {
    json!({"target": target.id, "new_role": role})
}

fn set_active(target: &Account, active: bool) -> Value {
    json!({"target": target.id, "active": active})
}

/// The staff entries of the activity log: what, about whom, by whom.
async fn staff_activity(app: &TestApp) -> Vec<Value> {
    app.db
        .json_rows(
            "select action, summary, details, actor_id, actor_name, actor_email
               from admin_activity where entity = 'staff' order by id",
        )
        .await
}

#[tokio::test]
async fn only_owners_list_and_manage_staff() {
    let app = spawn_app().await;
    let team = Team::new(&app.db).await;
    let stranger = add_account(&app.db, None, "Sam Stranger").await;
    for (name, body, message) in [
        ("staff_list", json!({}), "Only an owner can list the staff"),
        (
            "staff_set_role",
            set_role(&team.author, "owner"),
            "Only an owner can change a staff member's role",
        ),
        (
            "staff_set_active",
            set_active(&team.owner, false),
            "Only an owner can deactivate or reactivate staff",
        ),
    ] {
        for member in [&team.editor, &team.author, &stranger] {
            let (status, answer) = rpc(&app, &member.jwt(), name, body.clone()).await;
            assert_eq!(status, 403, "{name} as {:?}: {answer}", member.role);
            assert_eq!(answer["code"], "42501");
            assert_eq!(answer["message"], message);
        }
        let (status, _) = rpc(&app, DEMO_ANON_KEY, name, body).await;
        assert_eq!(status, 401, "{name} as anon");
    }
    assert_eq!(
        app.db
            .count("select count(*) from private.staff_members where role = 'owner' or deactivated_at is not null")
            .await,
        1,
        "nothing changed"
    );

    // Blake never signed in (invited); Eden set up an authenticator app.
    app.db
        .execute(&format!(
            "update auth.users set last_sign_in_at = null where id = '{}';
             insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
             values (gen_random_uuid(), '{}', 'Phone', 'totp', 'verified', now(), now())",
            team.other_author.id, team.editor.id
        ))
        .await;
    for token in [team.owner.jwt(), admin_jwt()] {
        let (status, list) = rpc(&app, &token, "staff_list", json!({})).await;
        assert_eq!(status, 200, "{list}");
        let seen: Vec<Value> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|m| json!([m["display_name"], m["role"], m["status"], m["mfa_enabled"]]))
            .collect();
        assert_eq!(
            seen,
            [
                json!(["Olive Owner", "owner", "active", false]),
                json!(["Eden Editor", "editor", "active", true]),
                json!(["Avery Author", "author", "active", false]),
                json!(["Blake Author", "author", "invited", false]),
            ]
        );
        assert_eq!(list[0]["user_id"], json!(team.owner.id));
        assert_eq!(list[0]["email"], team.owner.email);
        assert!(list[0]["invited_at"].is_string() && list[0]["last_sign_in_at"].is_string());
        assert_eq!(list[3]["last_sign_in_at"], Value::Null);
    }
}

#[tokio::test]
async fn owners_change_roles_and_the_site_always_keeps_an_active_owner() {
    let app = spawn_app().await;
    let team = Team::new(&app.db).await;
    let owner = team.owner.jwt();
    let last_owner = |change: &str| {
        json!({
            "code": "P0001",
            "message": format!("Cannot {change} the last active owner: the site would have no owner"),
            "hint": "Make another staff member an owner first",
            "details": null,
        })
    };
    assert_eq!(
        rpc(
            &app,
            &owner,
            "staff_set_role",
            set_role(&team.owner, "editor")
        )
        .await,
        (400, last_owner("demote"))
    );
    assert_eq!(
        rpc(
            &app,
            &owner,
            "staff_set_active",
            set_active(&team.owner, false)
        )
        .await,
        (400, last_owner("deactivate"))
    );
    let (status, answer) = rpc(
        &app,
        &owner,
        "staff_set_role",
        set_role(&team.author, "admin"),
    )
    .await;
    assert_eq!((status, answer["code"].as_str()), (400, Some("22023")));
    assert_eq!(answer["message"], "Unknown staff role: admin");
    let stranger = add_account(&app.db, None, "Sam Stranger").await;
    let (status, answer) = rpc(
        &app,
        &owner,
        "staff_set_role",
        set_role(&stranger, "author"),
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (404, Some("PT404")),
        "{answer}"
    );

    assert_done(
        rpc(
            &app,
            &owner,
            "staff_set_role",
            set_role(&team.editor, "owner"),
        )
        .await,
        "promote Eden",
    );
    // Eden's token still carries staff_role "editor" until it is refreshed: the table decides.
    assert_eq!(team.editor.claims()["staff_role"], "editor");
    assert_eq!(
        rpc(&app, &team.editor.jwt(), "staff_list", json!({}))
            .await
            .0,
        200
    );
    // Now the first owner may step down; then Eden is the last one.
    assert_done(
        rpc(
            &app,
            &team.editor.jwt(),
            "staff_set_role",
            set_role(&team.owner, "author"),
        )
        .await,
        "Eden demotes Olive",
    );
    assert_eq!(rpc(&app, &owner, "staff_list", json!({})).await.0, 403);
    assert_eq!(
        rpc(
            &app,
            &team.editor.jwt(),
            "staff_set_active",
            set_active(&team.editor, false)
        )
        .await,
        (400, last_owner("deactivate"))
    );
    // The same role again changes and logs nothing.
    assert_done(
        rpc(
            &app,
            &team.editor.jwt(),
            "staff_set_role",
            set_role(&team.author, "author"),
        )
        .await,
        "no change",
    );

    assert_eq!(
        staff_activity(&app).await,
        [
            json!({"action": "staff_role", "details": {"from": "editor", "to": "owner"},
                   "summary": format!("Eden Editor <{}>: editor → owner", team.editor.email),
                   "actor_id": team.owner.id, "actor_name": "Olive Owner", "actor_email": team.owner.email}),
            json!({"action": "staff_role", "details": {"from": "owner", "to": "author"},
                   "summary": format!("Olive Owner <{}>: owner → author", team.owner.email),
                   "actor_id": team.editor.id, "actor_name": "Eden Editor", "actor_email": team.editor.email}),
        ]
    );
}

#[tokio::test]
async fn deactivating_ends_sessions_and_writes_at_once_and_reactivating_lifts_the_ban() {
    let app = spawn_app().await;
    let team = Team::new(&app.db).await;
    let author = &team.author;
    let laptop = Uuid::new_v4();
    add_session(&app.db, author.id, laptop).await;
    app.db
        .execute(&format!(
            "insert into auth.refresh_tokens (token, user_id, revoked, session_id, created_at) values
               ('phone-token', '{id}', false, '{phone}', now()), ('laptop-token', '{id}', false, '{laptop}', now()),
               ('legacy-token', '{id}', false, null, now())",
            id = author.id,
            phone = author.session_id
        ))
        .await;
    let write = |token: String, slug: &str| {
        app.with_token(Method::POST, "/rest/v1/blog_posts", &token)
            .header("Prefer", "return=minimal")
            .json(&json!({"title": "Draft", "slug": slug, "description": "x", "category": "News"}))
            .answer()
    };
    assert_eq!(write(author.jwt(), "before").await.status(), 201);

    let owner = team.owner.jwt();
    assert_done(
        rpc(&app, &owner, "staff_set_active", set_active(author, false)).await,
        "deactivate",
    );
    // The access token is still unexpired and well signed: it writes and reads as nobody now.
    assert_eq!(write(author.jwt(), "after").await.status(), 403);
    let drafts = app
        .with_token(
            Method::GET,
            "/rest/v1/blog_posts?select=id&published=is.false",
            &author.jwt(),
        )
        .answer()
        .await
        .text()
        .await
        .unwrap();
    assert_eq!(drafts, "[]");
    assert_eq!(rpc(&app, &author.jwt(), "staff_me", json!({})).await.0, 403);
    let user = format!("'{}'", author.id);
    for (what, sql, expected) in [
        (
            "sessions",
            format!("select count(*) from auth.sessions where user_id = {user}"),
            0,
        ),
        (
            "refresh tokens",
            format!("select count(*) from auth.refresh_tokens where user_id = {user}::text"),
            0,
        ),
        (
            "banned",
            format!(
                "select count(*) from auth.users where id = {user} and banned_until > now() + interval '99 years'"
            ),
            1,
        ),
        (
            "deactivated",
            format!(
                "select count(*) from private.staff_members where user_id = {user} and deactivated_at is not null"
            ),
            1,
        ),
        (
            "other people's sessions",
            "select count(*) from auth.sessions".into(),
            3,
        ),
    ] {
        assert_eq!(app.db.count(&sql).await, expected, "{what}");
    }
    let (_, list) = rpc(&app, &owner, "staff_list", json!({})).await;
    assert_eq!(list[2]["status"], "deactivated", "{list}");
    // Deactivating again changes nothing.
    assert_done(
        rpc(&app, &owner, "staff_set_active", set_active(author, false)).await,
        "again",
    );

    assert_done(
        rpc(&app, &owner, "staff_set_active", set_active(author, true)).await,
        "reactivate",
    );
    assert_eq!(
        app.db
            .count(&format!(
                "select count(*) from auth.users u join private.staff_members m on m.user_id = u.id
                  where u.id = {user} and u.banned_until is null and m.deactivated_at is null"
            ))
            .await,
        1
    );
    // The old token's session is gone: they sign in again, which starts a new one.
    assert_eq!(write(author.jwt(), "stale").await.status(), 403);
    let signed_in_again = Account {
        session_id: Uuid::new_v4(),
        ..author.clone()
    };
    add_session(&app.db, author.id, signed_in_again.session_id).await;
    assert_eq!(write(signed_in_again.jwt(), "again").await.status(), 201);

    let log = staff_activity(&app).await;
    let by_owner = json!({"actor_id": team.owner.id, "actor_name": "Olive Owner", "actor_email": team.owner.email});
    assert_eq!(log.len(), 2, "{log:?}");
    assert_eq!(log[0]["action"], "staff_deactivate");
    assert_eq!(
        log[0]["details"],
        json!({"role": "author", "sessions_ended": 2})
    );
    assert_eq!(
        log[0]["summary"],
        format!("Avery Author <{}> deactivated", author.email)
    );
    assert_eq!(log[1]["action"], "staff_reactivate");
    for entry in &log {
        for key in ["actor_id", "actor_name", "actor_email"] {
            assert_eq!(entry[key], by_owner[key], "{key}");
        }
    }
}

#[tokio::test]
async fn my_sessions_and_staff_me_answer_about_the_caller_only() {
    let db = fresh_database().await;
    let team = Team::new(&db).await;
    let author = &team.author;
    let laptop = Uuid::new_v4();
    add_session(&db, author.id, laptop).await;
    let sessions = rows(
        &db,
        &author.caller(),
        "select id, is_current, ip, user_agent, aal from public.my_sessions() order by is_current desc",
    )
    .await
    .unwrap();
    let device = |id: Uuid, current: bool| json!({"id": id, "is_current": current, "ip": "192.0.2.10", "user_agent": "Mozilla/5.0 (test)", "aal": "aal1"});
    assert_eq!(
        sessions,
        [device(author.session_id, true), device(laptop, false)]
    );
    assert_eq!(
        count(
            &db,
            &team.editor.caller(),
            "select * from public.my_sessions()"
        )
        .await,
        1
    );
    let stranger = add_account(&db, None, "Sam Stranger").await;
    assert_eq!(
        count(
            &db,
            &stranger.caller(),
            "select * from public.my_sessions()"
        )
        .await,
        1,
        "any signed-in person"
    );
    assert_eq!(
        count(&db, &admin(), "select * from public.my_sessions()").await,
        0
    );
    assert_denied(&db, &anon(), "select * from public.my_sessions()").await;

    let me = "select * from public.staff_me()";
    assert_eq!(
        rows(&db, &author.caller(), me).await.unwrap(),
        [
            json!({"user_id": author.id, "email": author.email, "display_name": "Avery Author", "role": "author"})
        ]
    );
    assert_eq!(
        rows(&db, &admin(), me).await.unwrap(),
        [json!({"user_id": null, "email": null, "display_name": "passcode", "role": "owner"})]
    );
    assert_denied(&db, &stranger.caller(), me).await;
    assert_denied(&db, &anon(), me).await;
}

/// Runs `sql` as the database owner (as the invite function's connection does): Ok, or the
/// SQLSTATE of the error.
async fn as_database_owner(db: &TestDatabase, sql: &str) -> Result<(), String> {
    match sqlx::raw_sql(sql).execute(&db.pool).await {
        Ok(_) => Ok(()),
        Err(sqlx::Error::Database(error)) => Err(error.code().unwrap_or_default().to_string()),
        Err(other) => Err(other.to_string()),
    }
}

#[tokio::test]
async fn the_invite_function_adds_staff_with_staff_add_which_no_api_role_calls() {
    let db = fresh_database().await;
    let owner = add_staff(&db, "owner", "Olive Owner").await;
    let invitee = add_account(&db, None, "Ines Invitee").await;
    let add = |target: Uuid, role: &str, by: Option<Uuid>| {
        let by = by.map_or("null".to_string(), |id| format!("'{id}'"));
        format!("select private.staff_add('{target}', '{role}', {by})")
    };
    assert_eq!(
        as_database_owner(&db, &add(invitee.id, "editor", Some(owner.id))).await,
        Ok(())
    );
    // Invited again (by the passcode: no inviter): the role changes.
    assert_eq!(
        as_database_owner(&db, &add(invitee.id, "author", None)).await,
        Ok(())
    );
    assert_eq!(
        db.json_rows(&format!(
            "select role, invited_by, deactivated_at from private.staff_members where user_id = '{}'",
            invitee.id
        ))
        .await,
        [json!({"role": "author", "invited_by": null, "deactivated_at": null})]
    );
    let named = format!("Ines Invitee <{}>", invitee.email);
    assert_eq!(
        db.json_rows(
            "select summary, details, actor_id, actor_name from admin_activity where action = 'staff_invite' order by id"
        )
        .await,
        [
            json!({"summary": format!("{named} invited as editor"), "details": {"role": "editor", "previous_role": null},
                   "actor_id": owner.id, "actor_name": "Olive Owner"}),
            json!({"summary": format!("{named} invited as author"), "details": {"role": "author", "previous_role": "editor"},
                   "actor_id": null, "actor_name": "passcode"}),
        ]
    );
    for (sql, code) in [
        (add(invitee.id, "admin", None), "22023"),
        (add(Uuid::new_v4(), "author", None), "23503"),
        (add(owner.id, "editor", None), "P0001"),
    ] {
        assert_eq!(
            as_database_owner(&db, &sql).await,
            Err(code.into()),
            "{sql}"
        );
    }

    let call = add(invitee.id, "owner", None);
    for caller in [anon(), user(), owner.caller(), admin()] {
        assert_denied(&db, &caller, &call).await;
    }
    assert!(run(&db, &service(), &call).await.is_ok());
}

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
