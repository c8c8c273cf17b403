//! The admin moves leads through the pipeline; honeypot leads are flagged; CSV exports are logged.
use super::*;

#[tokio::test]
async fn the_admin_moves_leads_of_both_tables_through_the_pipeline() {
    let app = pipeline_app().await;
    let admin = admin_jwt();
    for (table, entity, id, before) in one_lead_each(&app).await {
        assert_eq!(before["status"], "new", "{table}: new leads start as new");
        assert_eq!(before["internal_note"], "");
        assert_eq!(before["assignee"], "");
        assert_eq!(before["spam_reason"], Value::Null);

        let moved = admin_update(
            &app,
            table,
            id,
            &json!({"status": "contacted", "internal_note": "Called Tuesday; wants a demo of the denial worklist", "assignee": "Sam Rivera"}),
        )
        .await;
        assert_eq!(moved["status"], "contacted");
        assert_eq!(
            moved["internal_note"],
            "Called Tuesday; wants a demo of the denial worklist"
        );
        assert_eq!(moved["assignee"], "Sam Rivera");
        assert_ne!(
            moved["updated_at"], before["updated_at"],
            "{table}: updated_at moves"
        );

        admin_update(&app, table, id, &json!({"status": "qualified"})).await;

        // The inbox's filters: by status, not spam.
        let listed = get(
            &app,
            &format!("/{table}?select=id&status=eq.qualified&spam_reason=is.null"),
        )
        .bearer(&admin)
        .await;
        assert_eq!(listed.json(), json!([{"id": id}]), "{table}");

        let flagged = admin_update(
            &app,
            table,
            id,
            &json!({"spam_reason": "Marked as spam by staff"}),
        )
        .await;
        assert_eq!(flagged["spam_reason"], "Marked as spam by staff");
        assert!(
            flagged["spam_flagged_at"].is_string(),
            "{table}: when it was flagged"
        );
        let spam_view = get(&app, &format!("/{table}?select=id&spam_reason=not.is.null"))
            .bearer(&admin)
            .await;
        assert_eq!(spam_view.json(), json!([{"id": id}]));

        let restored = admin_update(&app, table, id, &json!({"spam_reason": null})).await;
        assert_eq!(restored["spam_reason"], Value::Null);
        assert_eq!(restored["spam_flagged_at"], Value::Null);
        assert_eq!(
            restored["status"], "qualified",
            "restoring keeps the pipeline"
        );

        // The visitor's answers are as they were received.
        let after = row(&app, table, id).await;
        for field in [
            "email",
            "company_name",
            "created_at",
            "received_at",
            "payload",
            "phone",
        ] {
            assert_eq!(after[field], before[field], "{table}.{field}");
        }

        let id_text = id.to_string();
        let entries: Vec<_> = activity(&app)
            .await
            .into_iter()
            .filter(|entry| entry.2 == id_text)
            .collect();
        let actions: Vec<&str> = entries.iter().map(|entry| entry.0.as_str()).collect();
        assert_eq!(
            actions,
            ["lead_update", "lead_update", "spam", "not_spam"],
            "{table}"
        );
        assert!(entries.iter().all(|entry| entry.1 == entity), "{entries:?}");
        assert_eq!(
            entries[0].4,
            json!({
                "status": {"from": "new", "to": "contacted"},
                "assignee": {"from": "", "to": "Sam Rivera"},
                "internal_note": {"from": "", "to": "Called Tuesday; wants a demo of the denial worklist"}
            })
        );
        assert!(
            entries[0].3.contains("status new → contacted")
                && entries[0].3.contains("assigned to Sam Rivera"),
            "{}",
            entries[0].3
        );
        assert_eq!(
            entries[1].4,
            json!({"status": {"from": "contacted", "to": "qualified"}})
        );
        assert_eq!(entries[2].4, json!({"reason": "Marked as spam by staff"}));
        assert_eq!(
            entries[3].4["previous_reason"],
            json!("Marked as spam by staff")
        );
    }
}

#[tokio::test]
async fn a_lead_posted_with_the_honeypot_filled_is_flagged_not_forwarded() {
    let app = pipeline_app().await;
    let clean = relay(&app, &contact_payload("dana@summit.example")).await;
    let mut trap = contact_payload("bot@spam.example");
    trap["website"] = json!("https://cheap-pills.example");
    let bot = relay(&app, &trap).await;

    let deliveries = |id: Uuid| {
        let pool = app.db.pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>(
                "select count(*) from public.lead_deliveries where lead_id = $1",
            )
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap()
        }
    };
    let clean_row = row(&app, "leads", clean).await;
    assert_eq!(clean_row["spam_reason"], Value::Null);
    assert_eq!(deliveries(clean).await, 1, "a clean lead is forwarded");

    let bot_row = row(&app, "leads", bot).await;
    assert_eq!(bot_row["spam_reason"], "honeypot field filled in");
    assert!(bot_row["spam_flagged_at"].is_string());
    assert_eq!(deliveries(bot).await, 0, "a flagged lead is not forwarded");
    assert_eq!(
        bot_row["payload"]["website"], "https://cheap-pills.example",
        "stored as received"
    );

    // Staff can restore a false positive.
    admin_update(&app, "leads", bot, &json!({"spam_reason": null})).await;
    let entries = activity(&app).await;
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].0, "not_spam");
    assert_eq!(entries[0].4["previous_reason"], "honeypot field filled in");
    assert_eq!(entries[0].3, "bot@spam.example restored from spam");
}

#[tokio::test]
async fn the_csv_export_is_logged_with_its_filters() {
    let app = pipeline_app().await;
    let filters = json!({"view": "inbox", "status": "qualified", "source": "contact", "from": "2026-11-01", "to": null});
    let reply = post(
        &app,
        "/rpc/log_admin_activity",
        &json!({"action": "export", "entity": "leads", "summary": "3 leads exported", "details": {"filters": filters}}),
    )
    .bearer(&admin_jwt()).await;
    assert_eq!(reply.status, 204, "{}", reply.text);
    let exports = activity_of(&app, &["export"]).await;
    let (action, entity, _, summary, details) = &exports[0];
    assert_eq!(
        (action.as_str(), entity.as_str(), summary.as_str()),
        ("export", "leads", "3 leads exported")
    );
    assert_eq!(details, &json!({"filters": filters}));

    post(
        &app,
        "/rpc/log_admin_activity",
        &json!({"action": "export", "entity": "leads", "summary": "all of them"}),
    )
    .bearer(&non_admin_jwt())
    .await
    .assert_error(403, "42501");
}
