//! The caller's own sessions and profile (my_sessions, staff_me), and private.staff_add for the
//! invite function, which no API role calls.
use super::*;

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
