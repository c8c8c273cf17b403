//! Where the staff role comes from: the staff table, for a live session of an active member
//! only (not the token's claims).
use super::*;

/// What private.staff_role() answers a caller with `claims`.
async fn role_of(db: &TestDatabase, claims: Value) -> Value {
    let caller = Caller::new("authenticated", claims);
    rows(db, &caller, "select private.staff_role() as role")
        .await
        .unwrap()[0]["role"]
        .clone()
}

#[tokio::test]
async fn the_role_is_read_from_the_table_for_a_live_session_of_an_active_member() {
    let db = fresh_database().await;
    let editor = add_staff(&db, "editor", "Eden Editor").await;
    assert_eq!(role_of(&db, editor.claims()).await, "editor");
    assert_eq!(role_of(&db, admin_claims()).await, "owner", "the passcode");
    // The claim says nothing: the table does.
    assert_eq!(
        role_of(&db, editor.claims_with(json!({"staff_role": "owner"}))).await,
        "editor"
    );
    assert_eq!(
        role_of(
            &db,
            editor.claims_with(json!({"session_id": uuid::Uuid::new_v4()}))
        )
        .await,
        Value::Null,
        "a session that is not theirs"
    );
    assert_eq!(
        role_of(&db, editor.claims_with(json!({"sub": "not-a-uuid"}))).await,
        Value::Null
    );

    for (why, spoil) in [
        (
            "deactivated",
            "update private.staff_members set deactivated_at = now() where user_id = $1",
        ),
        (
            "banned",
            "update auth.users set banned_until = now() + interval '1 hour' where id = $1",
        ),
        (
            "deleted",
            "update auth.users set deleted_at = now() where id = $1",
        ),
        ("signed out", "delete from auth.sessions where user_id = $1"),
        (
            "session timed out",
            "update auth.sessions set not_after = now() - interval '1 second' where user_id = $1",
        ),
        (
            "no longer staff",
            "delete from private.staff_members where user_id = $1",
        ),
    ] {
        let author = add_staff(&db, "author", "Avery Author").await;
        let caller = author.caller();
        let draft = "insert into blog_posts (title, slug, description, category) values ('x', 'x', 'x', 'x')";
        assert_eq!(run(&db, &caller, draft).await, Ok(1), "{why}: before");
        cb_db::sqlx::query(spoil)
            .bind(author.id)
            .execute(&db.pool)
            .await
            .unwrap();
        assert_eq!(role_of(&db, author.claims()).await, Value::Null, "{why}");
        assert_denied(&db, &caller, draft).await;
        assert_eq!(
            count(&db, &caller, "select id from blog_posts").await,
            count(&db, &service(), PUBLIC_POSTS).await,
            "{why}: drafts are hidden again"
        );
    }
}
