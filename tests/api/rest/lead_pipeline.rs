//! The lead pipeline of the admin inbox (migration 20261127000500_lead_pipeline.sql) over
//! /rest/v1, on both tables that hold leads: the admin token moves a lead through the statuses,
//! writes a note and an assignee and flags or restores spam; nobody else can; nobody can change
//! what the visitor sent; bad values are clear 400s; every change lands in the activity log.
use cb_db::sqlx;
use cb_tests::{TestApp, admin_jwt, mint_jwt, spawn_app_with};
use serde_json::{Value, json};
use uuid::Uuid;

use super::{Reply, get, patch, post};
use crate::functions::support::relay;

/// The two lead tables and the activity-log entity of each.
const TABLES: [(&str, &str); 2] = [
    ("leads", "contact_lead"),
    ("whitepaper_submissions", "whitepaper_lead"),
];

/// The relay stores leads without a captcha check here, and queues a delivery to a webhook
/// target per accepted lead (nothing listens there: only the queueing is looked at).
async fn pipeline_app() -> TestApp {
    spawn_app_with(&[
        ("LEAD_RELAY_REQUIRE_CAPTCHA", "false"),
        ("LEAD_WEBHOOK_URLS", "http://127.0.0.1:9/lead-hook"),
        ("LEAD_WEBHOOK_RETRY_BASE_MS", "600000"),
    ])
    .await
}

fn contact_payload(email: &str) -> Value {
    json!({
        "companyName": "Summit Home Medical", "yourName": "Dana Whitfield", "email": email,
        "phone": "(615) 555-0187", "howCanWeHelp": "CPAP resupply denials doubled",
        "howManyUsers": "5-10", "yearsInBusiness": "12", "claimsPerMonth": "1400",
        "currentSoftware": "Spreadsheets", "aboutProducts": "CPAP, oxygen",
        "timestamp": "2026-11-27T10:00:00.000Z", "source": "ClaimBridge website contact form",
        "recaptchaToken": ""
    })
}

/// A whitepaper lead, inserted with the admin token (a visitor's insert needs a lead ticket,
/// covered in tests/api/security/whitepaper_leads.rs).
async fn whitepaper_lead(app: &TestApp, email: &str) -> Uuid {
    let reply = post(
        app,
        "/whitepaper_submissions?select=id",
        &json!({
            "company_name": "CareLine Mobility", "first_name": "Ada", "last_name": "Okafor",
            "email": email, "phone": "555-0100", "company_size": "10-50", "revenue": "7",
            "current_challenges": "Prior authorization backlog"
        }),
    )
    .bearer(&admin_jwt())
    .header("prefer", "return=representation")
    .send()
    .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    reply.json()[0]["id"].as_str().unwrap().parse().unwrap()
}

/// One lead in each table: (table, entity, id).
async fn one_lead_each(app: &TestApp) -> Vec<(&'static str, &'static str, Uuid)> {
    let contact = relay(app, &contact_payload("dana@summit.example")).await;
    let whitepaper = whitepaper_lead(app, "ada@careline.example").await;
    vec![
        (TABLES[0].0, TABLES[0].1, contact),
        (TABLES[1].0, TABLES[1].1, whitepaper),
    ]
}

/// The whole row as the database owner sees it.
async fn row(app: &TestApp, table: &str, id: Uuid) -> Value {
    sqlx::query_scalar::<_, Value>(&format!(
        "select to_jsonb(t) from public.{table} t where id = $1"
    ))
    .bind(id)
    .fetch_one(&app.db.pool)
    .await
    .unwrap()
}

/// (action, entity, entity_id, summary, details) of every activity entry, oldest first.
async fn activity(app: &TestApp) -> Vec<(String, String, String, String, Value)> {
    sqlx::query_as(
        "select action, entity, entity_id, summary, details from public.admin_activity
          where action in ('lead_update', 'spam', 'not_spam') order by id",
    )
    .fetch_all(&app.db.pool)
    .await
    .unwrap()
}

async fn update(app: &TestApp, table: &str, id: Uuid, token: Option<&str>, body: &Value) -> Reply {
    let call = patch(
        app,
        &format!(
            "/{table}?id=eq.{id}&select=status,internal_note,assignee,spam_reason,spam_flagged_at,updated_at"
        ),
        body,
    )
    .header("prefer", "return=representation");
    match token {
        Some(token) => call.bearer(token),
        None => call,
    }
    .send()
    .await
}

fn non_admin_jwt() -> String {
    mint_jwt(
        "authenticated",
        json!({"aud": "authenticated", "sub": "00000000-0000-0000-0000-0000000000f1", "app_metadata": {}}),
    )
}

#[tokio::test]
async fn the_admin_moves_leads_of_both_tables_through_the_pipeline() {
    let app = pipeline_app().await;
    let admin = admin_jwt();
    for (table, entity, id) in one_lead_each(&app).await {
        let before = row(&app, table, id).await;
        assert_eq!(before["status"], "new", "{table}: new leads start as new");
        assert_eq!(before["internal_note"], "");
        assert_eq!(before["assignee"], "");
        assert_eq!(before["spam_reason"], Value::Null);

        let moved = update(
            &app,
            table,
            id,
            Some(&admin),
            &json!({"status": "contacted", "internal_note": "Called Tuesday; wants a demo of the denial worklist", "assignee": "Sam Rivera"}),
        )
        .await;
        assert_eq!(moved.status, 200, "{table}: {}", moved.text);
        let moved = &moved.json()[0];
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

        let qualified = update(
            &app,
            table,
            id,
            Some(&admin),
            &json!({"status": "qualified"}),
        )
        .await;
        assert_eq!(qualified.status, 200, "{}", qualified.text);

        // The inbox's filters: by status, not spam.
        let listed = get(
            &app,
            &format!("/{table}?select=id&status=eq.qualified&spam_reason=is.null"),
        )
        .bearer(&admin)
        .send()
        .await;
        assert_eq!(listed.json(), json!([{"id": id}]), "{table}");

        let flagged = update(
            &app,
            table,
            id,
            Some(&admin),
            &json!({"spam_reason": "Marked as spam by staff"}),
        )
        .await;
        assert_eq!(flagged.status, 200, "{}", flagged.text);
        assert_eq!(flagged.json()[0]["spam_reason"], "Marked as spam by staff");
        assert!(
            flagged.json()[0]["spam_flagged_at"].is_string(),
            "{table}: when it was flagged"
        );
        let spam_view = get(&app, &format!("/{table}?select=id&spam_reason=not.is.null"))
            .bearer(&admin)
            .send()
            .await;
        assert_eq!(spam_view.json(), json!([{"id": id}]));

        let restored = update(&app, table, id, Some(&admin), &json!({"spam_reason": null})).await;
        assert_eq!(restored.status, 200, "{}", restored.text);
        assert_eq!(restored.json()[0]["spam_reason"], Value::Null);
        assert_eq!(restored.json()[0]["spam_flagged_at"], Value::Null);
        assert_eq!(
            restored.json()[0]["status"],
            "qualified",
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
async fn anon_and_signed_in_non_admins_cannot_change_the_pipeline() {
    let app = pipeline_app().await;
    let user = non_admin_jwt();
    for (table, _, id) in one_lead_each(&app).await {
        let before = row(&app, table, id).await;
        let changes = json!({"status": "closed", "internal_note": "x", "assignee": "Mallory", "spam_reason": "x"});

        // anon has no UPDATE on any lead table: permission denied, 401 for anon.
        let anon = update(&app, table, id, None, &changes).await;
        let body = anon.assert_error(401, "42501");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("permission denied"),
            "{body}"
        );
        let anon_read = get(&app, &format!("/{table}?select=id")).send().await;
        anon_read.assert_error(401, "42501");

        // A signed-in user who is not the admin: row-level security leaves no row to update.
        let signed_in = update(&app, table, id, Some(&user), &changes).await;
        assert_eq!(signed_in.status, 200, "{}", signed_in.text);
        assert_eq!(signed_in.json(), json!([]), "{table}: no row matched");
        let without_body = patch(&app, &format!("/{table}?id=eq.{id}"), &changes)
            .bearer(&user)
            .send()
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
        let (_, _, id) = leads.iter().find(|lead| lead.0 == table).unwrap();
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
    for (table, _, id) in one_lead_each(&app).await {
        let before = row(&app, table, id).await;

        let status = update(&app, table, id, Some(&admin), &json!({"status": "won"})).await;
        let error = status.assert_error(400, "23514");
        assert_eq!(error["message"], "Unknown lead status: won");
        assert_eq!(
            error["hint"],
            "Use one of new, contacted, qualified, closed"
        );

        let null_status = update(&app, table, id, Some(&admin), &json!({"status": null})).await;
        null_status.assert_error(400, "23502");

        let note = update(
            &app,
            table,
            id,
            Some(&admin),
            &json!({"status": "contacted", "internal_note": "n".repeat(5001)}),
        )
        .await;
        let error = note.assert_error(400, "23514");
        assert_eq!(
            error["message"],
            "The internal note is 5001 characters long; at most 5000 are kept"
        );

        let assignee = update(
            &app,
            table,
            id,
            Some(&admin),
            &json!({"assignee": "a".repeat(201)}),
        )
        .await;
        assignee.assert_error(400, "23514");

        assert_eq!(row(&app, table, id).await, before, "{table}");

        // Exactly at the limits is fine; a blank spam reason is no flag.
        let edge = update(
            &app,
            table,
            id,
            Some(&admin),
            &json!({"internal_note": "n".repeat(5000), "assignee": "a".repeat(200), "spam_reason": "  "}),
        )
        .await;
        assert_eq!(edge.status, 200, "{}", edge.text);
        assert_eq!(edge.json()[0]["spam_reason"], Value::Null);
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
    let restored = update(
        &app,
        "leads",
        bot,
        Some(&admin_jwt()),
        &json!({"spam_reason": null}),
    )
    .await;
    assert_eq!(restored.status, 200, "{}", restored.text);
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
    .bearer(&admin_jwt())
    .send()
    .await;
    assert_eq!(reply.status, 204, "{}", reply.text);
    let (action, entity, summary, details): (String, String, String, Value) = sqlx::query_as(
        "select action, entity, summary, details from public.admin_activity where action = 'export'",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(
        (action.as_str(), entity.as_str(), summary.as_str()),
        ("export", "leads", "3 leads exported")
    );
    assert_eq!(details, json!({"filters": filters}));

    post(
        &app,
        "/rpc/log_admin_activity",
        &json!({"action": "export", "entity": "leads", "summary": "all of them"}),
    )
    .bearer(&non_admin_jwt())
    .send()
    .await
    .assert_error(403, "42501");
}
