//! Finding #2: the whitepaper form's direct anon INSERT into whitepaper_submissions (product spec
//! §7) skipped the captcha and every rate limit. Now a visitor's row needs a single-use lead
//! ticket from antispam-check (sent in the x-claimbridge-lead-ticket header, as the site sends it
//! through postgrest-js), bound to the row's email, and counts against the lead relay's per-IP
//! limit; arrays are refused; the admin token and service_role insert as before.
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY, TestApp, admin_jwt, spawn_app_with,
};
use serde_json::{Value, json};

use crate::functions::support::{altcha_token, fast_with};
use crate::rest::{Reply, get, post};

const TICKET_HEADER: &str = "x-claimbridge-lead-ticket";

/// Antispam windows off, so these tests reach the insert as often as they need.
async fn app() -> TestApp {
    spawn_app_with(&fast_with(&[
        ("ANTISPAM_IP_RATE_LIMIT", "off"),
        ("ANTISPAM_EMAIL_RATE_LIMIT", "off"),
    ]))
    .await
}

/// What the site's whitepaper form inserts (spec §3).
fn lead(email: &str) -> Value {
    json!({
        "company_name": "Summit Home Medical",
        "first_name": "Dana",
        "last_name": "Reyes",
        "email": email,
        "phone": "615-555-0134",
        "job_title": "",
        "company_size": "11-25",
        "revenue": "8",
        "current_challenges": "How can we help: Oxygen denials",
    })
}

/// antispam-check as the form calls it, from `ip`: its ticket.
async fn issue_ticket(app: &TestApp, email: &str, ip: &str) -> String {
    let token = altcha_token(&app.client, &app.url).await;
    let response = app
        .post("/functions/v1/antispam-check")
        .header("apikey", DEMO_ANON_KEY)
        .bearer_auth(DEMO_ANON_KEY)
        .header("x-forwarded-for", ip)
        .json(&json!({"email": email, "ip": "unknown", "recaptchaToken": token}))
        .answer()
        .await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["allowed"], true, "{body}");
    let ticket = body["ticket"].as_str().expect("a ticket").to_string();
    // 256 random bits, base64url.
    assert_eq!(ticket.len(), 43, "{ticket}");
    assert!(
        ticket
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    );
    ticket
}

/// The anon insert (return=minimal, as supabase-js sends it), with a ticket if given.
async fn insert(app: &TestApp, body: &Value, ticket: Option<&str>) -> Reply {
    let mut call = post(app, "/whitepaper_submissions", body).header("prefer", "return=minimal");
    if let Some(ticket) = ticket {
        call = call.header(TICKET_HEADER, ticket);
    }
    call.send().await
}

async fn stored(app: &TestApp) -> i64 {
    app.db
        .count("select count(*) from whitepaper_submissions")
        .await
}

fn assert_refused(reply: &Reply, message: &str) {
    let body = reply.assert_error(401, "42501");
    assert_eq!(body["message"], message, "{}", reply.text);
    assert!(
        body["hint"]
            .as_str()
            .is_some_and(|hint| hint.contains(TICKET_HEADER) || hint.contains("one row")),
        "{}",
        reply.text
    );
}

#[tokio::test]
async fn a_hundred_inserts_without_a_ticket_from_one_ip_are_all_refused() {
    let app = app().await;
    let before = stored(&app).await;
    for n in 0..100 {
        let reply = insert(&app, &lead(&format!("bot{n}@spam.example")), None).await;
        assert_refused(
            &reply,
            "A whitepaper submission needs a lead ticket from antispam-check",
        );
    }
    let forged = insert(
        &app,
        &lead("bot@spam.example"),
        Some("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
    )
    .await;
    assert_refused(&forged, "The lead ticket is not valid");
    assert_eq!(stored(&app).await, before, "no fake lead reached the inbox");
}

#[tokio::test]
async fn an_array_of_submissions_is_refused_with_or_without_a_ticket() {
    let app = app().await;
    let before = stored(&app).await;
    let rows: Vec<Value> = (0..500).map(|_| lead("bulk@spam.example")).collect();
    let rows = Value::Array(rows);
    assert_refused(
        &insert(&app, &rows, None).await,
        "A whitepaper submission needs a lead ticket from antispam-check",
    );
    let ticket = issue_ticket(&app, "bulk@spam.example", "203.0.113.20").await;
    let reply = insert(&app, &rows, Some(&ticket)).await;
    let body = reply.assert_error(401, "42501");
    assert_eq!(
        body["message"],
        "One whitepaper submission per request: arrays of submissions are refused"
    );
    assert_eq!(stored(&app).await, before, "none of the 500 rows is stored");
    // The refused statement consumed nothing: the ticket still admits its one row.
    let single = insert(&app, &lead("bulk@spam.example"), Some(&ticket)).await;
    assert_eq!(single.status, 201, "{}", single.text);
    assert_eq!(stored(&app).await, before + 1);
}

#[tokio::test]
async fn a_ticket_admits_one_row_for_its_own_email_only() {
    let app = app().await;
    let before = stored(&app).await;
    let ticket = issue_ticket(&app, "Dana@Summit.example", "203.0.113.30").await;
    assert_refused(
        &insert(&app, &lead("someone.else@summit.example"), Some(&ticket)).await,
        "The lead ticket was issued for another email address",
    );
    // The normal flow: antispam-check, then the insert with its ticket (email case aside).
    let first = insert(&app, &lead("dana@summit.EXAMPLE"), Some(&ticket)).await;
    assert_eq!(first.status, 201, "{}", first.text);
    assert_refused(
        &insert(&app, &lead("dana@summit.example"), Some(&ticket)).await,
        "The lead ticket was already used",
    );
    assert_eq!(stored(&app).await, before + 1);
    // What arrived is what the form sent; the admin reads it.
    let read = get(
        &app,
        "/whitepaper_submissions?select=email,company_name&email=eq.dana@summit.EXAMPLE",
    )
    .bearer(&admin_jwt())
    .send()
    .await;
    read.assert_json(
        200,
        &json!([{"email": "dana@summit.EXAMPLE", "company_name": "Summit Home Medical"}]),
    );
}

#[tokio::test]
async fn an_expired_ticket_is_refused() {
    let app = app().await;
    let ticket = issue_ticket(&app, "late@summit.example", "203.0.113.40").await;
    let expires: f64 = app
        .db
        .scalar(
            "select extract(epoch from expires_at - issued_at)::float8 from private.lead_tickets",
        )
        .await;
    assert_eq!(expires, 600.0, "tickets live ten minutes");
    app.db
        .execute("update private.lead_tickets set expires_at = now() - interval '1 second'")
        .await;
    assert_refused(
        &insert(&app, &lead("late@summit.example"), Some(&ticket)).await,
        "The lead ticket has expired",
    );
}

#[tokio::test]
async fn tickets_are_stored_hashed() {
    let app = app().await;
    let ticket = issue_ticket(&app, "hash@summit.example", "203.0.113.41").await;
    let (hash, email, ip): (String, String, String) =
        cb_db::sqlx::query_as("select ticket_hash, email, client_ip from private.lead_tickets")
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
    assert_ne!(hash, ticket);
    assert_eq!(hash.len(), 64);
    assert_eq!(
        (email.as_str(), ip.as_str()),
        ("hash@summit.example", "203.0.113.41")
    );
}

#[tokio::test]
async fn one_ip_gets_the_lead_relays_limit_of_whitepaper_leads() {
    // The default LEAD_RELAY_IP_RATE_LIMIT (20 in 10 minutes) applies to the ticket's IP.
    let app = app().await;
    let ip = "198.51.100.77";
    for n in 0..20 {
        let email = format!("lead{n}@summit.example");
        let ticket = issue_ticket(&app, &email, ip).await;
        let reply = insert(&app, &lead(&email), Some(&ticket)).await;
        assert_eq!(reply.status, 201, "lead {n}: {}", reply.text);
    }
    let ticket = issue_ticket(&app, "lead20@summit.example", ip).await;
    let reply = insert(&app, &lead("lead20@summit.example"), Some(&ticket)).await;
    let body = reply.assert_error(429, "CB429");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Too many submissions: please wait"),
        "{}",
        reply.text
    );
    let retry_after: u64 = reply.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=600).contains(&retry_after), "{retry_after}");
    // Another address is not held back.
    let other = issue_ticket(&app, "other@summit.example", "198.51.100.78").await;
    let reply = insert(&app, &lead("other@summit.example"), Some(&other)).await;
    assert_eq!(reply.status, 201, "{}", reply.text);
}

#[tokio::test]
async fn the_admin_token_and_service_role_insert_and_read_as_before() {
    let app = app().await;
    let before = stored(&app).await;
    let rows = json!([lead("one@admin.example"), lead("two@admin.example")]);
    for token in [admin_jwt(), DEMO_SERVICE_ROLE_KEY.to_string()] {
        let reply = post(&app, "/whitepaper_submissions", &rows)
            .bearer(&token)
            .header("prefer", "return=minimal")
            .send()
            .await;
        assert_eq!(reply.status, 201, "{}", reply.text);
        let read = get(
            &app,
            "/whitepaper_submissions?select=email&email=like.*@admin.example",
        )
        .bearer(&token)
        .send()
        .await;
        assert_eq!(read.status, 200, "{}", read.text);
        assert!(read.rows() >= 2, "{}", read.text);
    }
    assert_eq!(stored(&app).await, before + 4);
}
