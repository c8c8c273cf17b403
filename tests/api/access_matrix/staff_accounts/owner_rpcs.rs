//! The owner-only RPCs: the staff list, role changes and the last-owner guard, deactivation
//! (ending sessions and writes at once) and reactivation.
use super::*;

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
