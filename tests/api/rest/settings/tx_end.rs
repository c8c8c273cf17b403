//! `db-tx-end` (PGRST_DB_TX_END, `pgrst.db_tx_end`): every write and call committed or rolled
//! back, `Prefer: tx=` honoured only by the `*-allow-override` values and then echoed in
//! Preference-Applied (PostgREST's RollbackSpec).
use serde_json::json;

use cb_tests::{TestApp, eventually};

use super::super::{Call, POLL_EVERY, SETTLED_WITHIN, delete, get, patch, post};
use super::{assert_duplicate_codes_refused, rows, settings_app};
use crate::rest::db_config::set_db_config;

/// A note inserted with `prefer` (return=representation and, if any, `tx=`): it answers 201
/// with the row either way; the Preference-Applied it carries.
async fn insert_note(app: &TestApp, id: i32, tx: Option<&str>) -> Option<String> {
    let mut call = post(app, "/st_notes", &json!({"id": id, "body": "note"}))
        .header("prefer", "return=representation");
    if let Some(tx) = tx {
        call = call.header("prefer", &format!("tx={tx}"));
    }
    let reply = call.await;
    reply.assert_json(201, &json!([{"id": id, "body": "note"}]));
    reply.header("preference-applied").map(str::to_owned)
}

async fn note_stored(app: &TestApp, id: i32) -> bool {
    app.db
        .scalar::<bool>(&format!(
            "select exists (select 1 from public.st_notes where id = {id})"
        ))
        .await
}

#[tokio::test]
async fn rollback_undoes_every_write_and_call_whatever_the_client_prefers() {
    let app = settings_app(&[("PGRST_DB_TX_END", "rollback")]).await;
    app.db
        .execute("insert into public.st_notes values (1, 'kept')")
        .await;

    // Inserts, with or without tx=commit (not honoured: no Preference-Applied about it).
    assert_eq!(
        insert_note(&app, 2, None).await.as_deref(),
        Some("return=representation")
    );
    assert_eq!(
        insert_note(&app, 3, Some("commit")).await.as_deref(),
        Some("return=representation")
    );
    // An update and a delete answer what they did, and it is undone.
    patch(&app, "/st_notes?id=eq.1", &json!({"body": "changed"}))
        .header("prefer", "return=representation")
        .await
        .assert_json(200, &json!([{"id": 1, "body": "changed"}]));
    delete(&app, "/st_notes?id=eq.1")
        .header("prefer", "return=representation")
        .await
        .assert_json(200, &json!([{"id": 1, "body": "kept"}]));
    // A volatile function's insert, and an upsert (PUT).
    post(
        &app,
        "/rpc/st_add_note",
        &json!({"id": 4, "body": "by rpc"}),
    )
    .await
    .assert_json(200, &json!([{"id": 4, "body": "by rpc"}]));
    Call::new(&app, reqwest::Method::PUT, "/st_notes?id=eq.5")
        .json(&json!({"id": 5, "body": "put"}))
        .header("prefer", "return=representation")
        .await
        .assert_json(201, &json!([{"id": 5, "body": "put"}]));
    // Reads answer as ever.
    get(&app, "/st_notes?select=body")
        .await
        .assert_json(200, &json!([{"body": "kept"}]));

    assert_eq!(rows(&app, "st_notes").await, 1);
    assert_eq!(
        app.db
            .scalar::<String>("select body from public.st_notes where id = 1")
            .await,
        "kept"
    );
}

#[tokio::test]
async fn deferred_constraints_are_checked_before_the_rollback() {
    let app = settings_app(&[("PGRST_DB_TX_END", "rollback")]).await;
    assert_duplicate_codes_refused(&app).await;
    // Without the violation the same write answers 201, and is rolled back all the same.
    post(&app, "/st_pairs", &json!([{"id": 1, "code": 7}]))
        .await
        .assert_text(201, "");
    assert_eq!(rows(&app, "st_pairs").await, 0);
}

#[tokio::test]
async fn rollback_allow_override_commits_only_on_request() {
    let app = settings_app(&[("PGRST_DB_TX_END", "rollback-allow-override")]).await;
    assert_eq!(
        insert_note(&app, 1, None).await.as_deref(),
        Some("return=representation")
    );
    assert!(!note_stored(&app, 1).await);
    assert_eq!(
        insert_note(&app, 2, Some("commit")).await.as_deref(),
        Some("return=representation, tx=commit")
    );
    assert!(note_stored(&app, 2).await);
    assert_eq!(
        insert_note(&app, 3, Some("rollback")).await.as_deref(),
        Some("return=representation, tx=rollback")
    );
    assert!(!note_stored(&app, 3).await);
    // The first tx= of a request counts, as in PostgREST.
    let reply = post(&app, "/st_notes", &json!({"id": 4, "body": "n"}))
        .header("prefer", "tx=commit, tx=rollback")
        .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    assert_eq!(reply.header("preference-applied"), Some("tx=commit"));
    assert!(note_stored(&app, 4).await);
    // Reads echo the honoured preference too.
    let read = get(&app, "/st_notes?select=id&order=id")
        .header("prefer", "tx=rollback")
        .await;
    read.assert_json(200, &json!([{"id": 2}, {"id": 4}]));
    assert_eq!(read.header("preference-applied"), Some("tx=rollback"));
    // A function's write commits only on request too.
    let call = |id: i32| post(&app, "/rpc/st_add_note", &json!({"id": id, "body": "rpc"}));
    assert_eq!(call(5).await.status, 200);
    assert_eq!(call(6).header("prefer", "tx=commit").await.status, 200);
    assert!(!note_stored(&app, 5).await);
    assert!(note_stored(&app, 6).await);
}

#[tokio::test]
async fn commit_ignores_the_preference() {
    let app = settings_app(&[("PGRST_DB_TX_END", "commit")]).await;
    assert_eq!(
        insert_note(&app, 1, Some("rollback")).await.as_deref(),
        Some("return=representation")
    );
    assert!(note_stored(&app, 1).await);
}

#[tokio::test]
async fn the_default_commits_unless_the_client_asks_for_a_rollback() {
    let app = settings_app(&[]).await;
    assert_eq!(
        insert_note(&app, 1, None).await.as_deref(),
        Some("return=representation")
    );
    assert!(note_stored(&app, 1).await);
    assert_eq!(
        insert_note(&app, 2, Some("rollback")).await.as_deref(),
        Some("return=representation, tx=rollback")
    );
    assert!(!note_stored(&app, 2).await);
}

#[tokio::test]
async fn the_databases_setting_wins_and_reloads() {
    let app = settings_app(&[("PGRST_DB_TX_END", "commit")]).await;
    set_db_config(&app, "db_tx_end", Some("rollback")).await;
    // Until the reload shows, writes commit: wait for one that is rolled back.
    let mut id = 100;
    eventually(SETTLED_WITHIN, POLL_EVERY, async || {
        id += 1;
        insert_note(&app, id, None).await;
        if note_stored(&app, id).await {
            return Err(format!("note {id} was committed"));
        }
        Ok(())
    })
    .await;
    // A bad value keeps the server's own (commit).
    set_db_config(&app, "db_tx_end", Some("sometimes")).await;
    eventually(SETTLED_WITHIN, POLL_EVERY, async || {
        id += 1;
        insert_note(&app, id, None).await;
        if note_stored(&app, id).await {
            return Ok(());
        }
        Err(format!("note {id} was rolled back"))
    })
    .await;
}
