//! The lead pipeline of the admin inbox (migration 20261127000500_lead_pipeline.sql) over
//! /rest/v1, on both tables that hold leads: the admin token moves a lead through the statuses,
//! writes a note and an assignee and flags or restores spam; nobody else can; nobody can change
//! what the visitor sent; bad values are clear 400s; every change lands in the activity log.
mod moves;
mod refusals;

use cb_db::sqlx;
use cb_tests::{TestApp, admin_jwt, mint_jwt, spawn_app_with};
use serde_json::{Value, json};
use uuid::Uuid;

use super::{Call, expect_errors, get, patch, post};
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
    .await;
    assert_eq!(reply.status, 201, "{}", reply.text);
    reply.json()[0]["id"].as_str().unwrap().parse().unwrap()
}

/// One lead in each table: (table, entity, id, the row as it was stored).
async fn one_lead_each(app: &TestApp) -> Vec<(&'static str, &'static str, Uuid, Value)> {
    let contact = relay(app, &contact_payload("dana@summit.example")).await;
    let whitepaper = whitepaper_lead(app, "ada@careline.example").await;
    let mut leads = Vec::new();
    for ((table, entity), id) in TABLES.into_iter().zip([contact, whitepaper]) {
        leads.push((table, entity, id, row(app, table, id).await));
    }
    leads
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

/// (action, entity, entity_id, summary, details) of every activity entry of one of `actions`,
/// oldest first (an entry about no one row has an empty entity_id).
async fn activity_of(
    app: &TestApp,
    actions: &[&str],
) -> Vec<(String, String, String, String, Value)> {
    sqlx::query_as(
        "select action, entity, coalesce(entity_id, ''), summary, details
           from public.admin_activity where action = any($1) order by id",
    )
    .bind(actions)
    .fetch_all(&app.db.pool)
    .await
    .unwrap()
}

/// [`activity_of`] the pipeline's own actions: lead updates and spam flags.
async fn activity(app: &TestApp) -> Vec<(String, String, String, String, Value)> {
    activity_of(app, &["lead_update", "spam", "not_spam"]).await
}

/// A PATCH of one lead that returns the pipeline's columns (`token`: the caller; none is anon).
fn update<'a>(
    app: &'a TestApp,
    table: &str,
    id: Uuid,
    token: Option<&str>,
    body: &Value,
) -> Call<'a> {
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
}

/// An [`update`] by the admin that must succeed: the lead's row after it.
async fn admin_update(app: &TestApp, table: &str, id: Uuid, body: &Value) -> Value {
    let reply = update(app, table, id, Some(&admin_jwt()), body).await;
    assert_eq!(reply.status, 200, "{table} {body}: {}", reply.text);
    reply.json()[0].clone()
}

fn non_admin_jwt() -> String {
    mint_jwt(
        "authenticated",
        json!({"aud": "authenticated", "sub": "00000000-0000-0000-0000-0000000000f1", "app_metadata": {}}),
    )
}
