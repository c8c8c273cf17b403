//! What the pipeline refuses: non-admins, changes to what the visitor submitted, bad values.
use super::*;

#[tokio::test]
async fn anon_and_signed_in_non_admins_cannot_change_the_pipeline() {
    let app = pipeline_app().await;
    let user = non_admin_jwt();
    for (table, _, id, before) in one_lead_each(&app).await {
        let changes = json!({"status": "closed", "internal_note": "x", "assignee": "Mallory", "spam_reason": "x"});

        // anon has no UPDATE on any lead table: permission denied, 401 for anon.
        let anon = update(&app, table, id, None, &changes).await;
        anon.assert_error_message(
            401,
            "42501",
            &format!("permission denied for table {table}"),
        );
        let anon_read = get(&app, &format!("/{table}?select=id")).await;
        anon_read.assert_error(401, "42501");

        // A signed-in user who is not the admin: row-level security leaves no row to update.
        let signed_in = update(&app, table, id, Some(&user), &changes).await;
        assert_eq!(signed_in.status, 200, "{}", signed_in.text);
        assert_eq!(signed_in.json(), json!([]), "{table}: no row matched");
        let without_body = patch(&app, &format!("/{table}?id=eq.{id}"), &changes)
            .bearer(&user)
            .await;
        assert_eq!(without_body.status, 204, "{}", without_body.text);
        // ... and the visitor's own fields not even that far: no column grant.
        update(
            &app,
            table,
            id,
            Some(&user),
            &json!({"email": "mallory@evil.example"}),
        )
        .await
        .assert_error(403, "42501");

        // An admin token from another passcode generation is no admin either.
        let stale = mint_jwt(
            "authenticated",
            json!({"aud": "authenticated", "app_metadata": {"admin": true, "passcode_version": "old"}}),
        );
        let stale_reply = update(&app, table, id, Some(&stale), &changes).await;
        assert_eq!(stale_reply.json(), json!([]), "{table}");

        assert_eq!(
            row(&app, table, id).await,
            before,
            "{table}: nothing changed"
        );
    }
    assert_eq!(activity(&app).await, vec![], "nothing was logged");
}

#[tokio::test]
async fn the_admin_cannot_change_what_the_visitor_submitted() {
    let app = pipeline_app().await;
    let admin = admin_jwt();
    let leads = one_lead_each(&app).await;
    let not_pipeline: [(&str, Value); 8] = [
        ("leads", json!({"email": "someone@else.example"})),
        ("leads", json!({"payload": {"howCanWeHelp": "rewritten"}})),
        ("leads", json!({"received_at": "2020-01-01T00:00:00Z"})),
        ("leads", json!({"spam_flagged_at": "2020-01-01T00:00:00Z"})),
        (
            "whitepaper_submissions",
            json!({"company_name": "Other Co"}),
        ),
        (
            "whitepaper_submissions",
            json!({"current_challenges": "rewritten"}),
        ),
        (
            "whitepaper_submissions",
            json!({"updated_at": "2020-01-01T00:00:00Z"}),
        ),
        // A pipeline change together with a submitted field: the whole statement is refused.
        (
            "whitepaper_submissions",
            json!({"status": "contacted", "email": "someone@else.example"}),
        ),
    ];
    for (table, body) in not_pipeline {
        let (_, _, id, _) = leads.iter().find(|lead| lead.0 == table).unwrap();
        let before = row(&app, table, *id).await;
        let reply = update(&app, table, *id, Some(&admin), &body).await;
        let error = reply.assert_error(403, "42501");
        assert_eq!(
            error["message"],
            format!("permission denied for table {table}"),
            "{body}"
        );
        assert_eq!(row(&app, table, *id).await, before, "{table}: {body}");
    }
    assert_eq!(activity(&app).await, vec![]);
}

#[tokio::test]
async fn bad_pipeline_values_are_clear_400s_and_change_nothing() {
    let app = pipeline_app().await;
    let admin = admin_jwt();
    for (table, _, id, before) in one_lead_each(&app).await {
        let bad = |body: Value| update(&app, table, id, Some(&admin), &body);
        expect_errors(vec![
            (
                bad(json!({"status": "won"})),
                400,
                "23514",
                json!({
                    "message": "Unknown lead status: won",
                    "hint": "Use one of new, contacted, qualified, closed",
                }),
            ),
            (bad(json!({"status": null})), 400, "23502", json!({})),
            (
                bad(json!({"status": "contacted", "internal_note": "n".repeat(5001)})),
                400,
                "23514",
                json!({"message": "The internal note is 5001 characters long; at most 5000 are kept"}),
            ),
            (
                bad(json!({"assignee": "a".repeat(201)})),
                400,
                "23514",
                json!({}),
            ),
        ])
        .await;

        assert_eq!(row(&app, table, id).await, before, "{table}");

        // Exactly at the limits is fine; a blank spam reason is no flag.
        let edge = admin_update(
            &app,
            table,
            id,
            &json!({"internal_note": "n".repeat(5000), "assignee": "a".repeat(200), "spam_reason": "  "}),
        )
        .await;
        assert_eq!(edge["spam_reason"], Value::Null);
    }
    let actions: Vec<String> = activity(&app)
        .await
        .into_iter()
        .map(|entry| entry.0)
        .collect();
    assert_eq!(
        actions,
        ["lead_update", "lead_update"],
        "only the accepted edits"
    );
}
