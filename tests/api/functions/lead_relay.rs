//! The lead relay: every valid lead is stored before the 2xx, then delivered to each configured
//! webhook with a Standard Webhooks signature, retried with backoff while the receiver fails
//! or is down, and never delivered twice by two instances.
use std::collections::HashMap;
use std::time::Duration;

use cb_db::sqlx;
use cb_server::app::cb_functions::{WebhookSettings, signature};
use cb_tests::{Answer as _, DEMO_ANON_KEY, TestApp, second_instance, spawn_app_with};
use serde_json::{Value, json};
use uuid::Uuid;

use super::support::{
    Received, Receiver, Recorder as _, WEBHOOK_SECRET, altcha_token, fast_with, lead_payload,
    post_lead, relay, wait_until,
};

fn assert_signed(received: &Received, lead: Uuid) {
    assert_eq!(
        received.header("webhook-id"),
        Some(lead.to_string().as_str())
    );
    assert_eq!(received.header("content-type"), Some("application/json"));
    let timestamp: i64 = received
        .header("webhook-timestamp")
        .unwrap()
        .parse()
        .unwrap();
    let key = WebhookSettings::secret_key(WEBHOOK_SECRET);
    assert!(
        signature::verify(
            &key,
            &lead.to_string(),
            timestamp,
            &received.body,
            received.header("webhook-signature").unwrap()
        ),
        "the receiver verifies the HMAC"
    );
    assert!(!signature::verify(
        b"wrong key",
        &lead.to_string(),
        timestamp,
        &received.body,
        received.header("webhook-signature").unwrap()
    ));
}

async fn delivery(app: &TestApp, lead: Uuid) -> (String, i32, Option<i32>, Option<String>) {
    sqlx::query_as("select status, attempts, last_status, last_error from public.lead_deliveries where lead_id = $1")
        .bind(lead)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

/// Waits until the delivery of `lead` is as `condition` (SQL over its lead_deliveries row) says.
async fn wait_for_delivery(app: &TestApp, lead: Uuid, condition: &str, within: Duration) {
    let sql = format!("select {condition} from public.lead_deliveries where lead_id = '{lead}'");
    wait_until(&app.db.pool, &sql, within).await;
}

#[tokio::test]
async fn a_lead_is_stored_then_delivered_signed() {
    let receiver = Receiver::start(200, "{}").await;
    let app = spawn_app_with(&fast_with(&[("LEAD_WEBHOOK_URLS", &receiver.url)])).await;
    let token = altcha_token(&app.client, &app.url).await;
    let payload = lead_payload("dana@acme.test", &token);
    let id = relay(&app, &payload).await;

    let (email, company, name, stored, spam, ip): (String, String, String, Value, Option<String>, Option<String>) =
        sqlx::query_as(
            "select email, company_name, full_name, payload, spam_reason, host(client_ip) from public.leads where id = $1",
        )
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(
        (email.as_str(), company.as_str(), name.as_str()),
        ("dana@acme.test", "Acme Medical Supply", "Dana Scully")
    );
    assert_eq!(stored, payload);
    assert_eq!(spam, None);
    assert_eq!(ip.as_deref(), Some("127.0.0.1"));

    let received = receiver.wait_for(1, Duration::from_secs(10)).await;
    assert_eq!(received[0].path, "/hook");
    assert_eq!(received[0].json(), payload);
    assert_signed(&received[0], id);
    wait_for_delivery(
        &app,
        id,
        "status = 'delivered' and delivered_at is not null",
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(
        delivery(&app, id).await,
        ("delivered".into(), 1, Some(200), None)
    );
}

#[tokio::test]
async fn deliveries_are_retried_while_the_receiver_fails_or_is_down() {
    let receiver = Receiver::start(500, r#"{"error":"busy"}"#).await;
    let app = spawn_app_with(&fast_with(&[("LEAD_WEBHOOK_URLS", &receiver.url)])).await;
    let token = altcha_token(&app.client, &app.url).await;
    let id = relay(&app, &lead_payload("retry@acme.test", &token)).await;
    receiver.wait_for(3, Duration::from_secs(15)).await;
    let (status, attempts, last_status, last_error) = delivery(&app, id).await;
    assert!(status == "pending" || status == "delivering", "{status}");
    assert!(attempts >= 2);
    assert_eq!(last_status, Some(500));
    assert_eq!(last_error.as_deref(), Some("HTTP 500"));

    receiver.set_status(200);
    wait_for_delivery(&app, id, "status = 'delivered'", Duration::from_secs(15)).await;
    let received = receiver.received();
    assert!(
        received
            .iter()
            .all(|request| request.header("webhook-id") == Some(id.to_string().as_str()))
    );
    assert_signed(received.last().unwrap(), id);

    // Down: connections refused, then back up.
    receiver.go_down().await;
    let token = altcha_token(&app.client, &app.url).await;
    let second = relay(&app, &lead_payload("down@acme.test", &token)).await;
    wait_for_delivery(
        &app,
        second,
        "attempts >= 2 and last_error like 'could not connect%'",
        Duration::from_secs(15),
    )
    .await;
    let before = receiver.received().len();
    receiver.resume();
    wait_for_delivery(
        &app,
        second,
        "status = 'delivered'",
        Duration::from_secs(15),
    )
    .await;
    let after: Vec<Received> = receiver.received().split_off(before);
    assert_eq!(after.len(), 1, "delivered exactly once after recovering");
    assert_signed(&after[0], second);
}

#[tokio::test]
async fn refusals_and_old_leads_end_as_failed() {
    let receiver = Receiver::start(422, r#"{"error":"unknown field"}"#).await;
    let app = spawn_app_with(&fast_with(&[("LEAD_WEBHOOK_URLS", &receiver.url)])).await;
    let token = altcha_token(&app.client, &app.url).await;
    let id = relay(&app, &lead_payload("refused@acme.test", &token)).await;
    wait_for_delivery(&app, id, "status = 'failed'", Duration::from_secs(10)).await;
    assert_eq!(
        delivery(&app, id).await,
        ("failed".into(), 1, Some(422), Some("HTTP 422".into()))
    );

    // A lead that has been failing for three days is given up at its next failure.
    receiver.set_status(503);
    let token = altcha_token(&app.client, &app.url).await;
    let old = relay(&app, &lead_payload("old@acme.test", &token)).await;
    sqlx::query("update public.leads set received_at = now() - interval '73 hours' where id = $1")
        .bind(old)
        .execute(&app.db.pool)
        .await
        .unwrap();
    wait_for_delivery(
        &app,
        old,
        "status = 'failed' and last_status = 503",
        Duration::from_secs(10),
    )
    .await;
    // The lead itself is kept for the admin view.
    let kept: i64 = sqlx::query_scalar("select count(*) from public.leads where id = $1")
        .bind(old)
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
    assert_eq!(kept, 1);
}

#[tokio::test]
async fn invalid_leads_are_refused_and_unverified_ones_kept_but_not_forwarded() {
    let receiver = Receiver::start(200, "{}").await;
    let app = spawn_app_with(&fast_with(&[("LEAD_WEBHOOK_URLS", &receiver.url)])).await;
    for (body, error) in [
        ("not json".to_string(), "The body must be a JSON object"),
        (
            {
                let mut lead = lead_payload("dana@acme.test", "x");
                lead.as_object_mut().unwrap().remove("phone");
                lead.to_string()
            },
            "Missing required fields: phone",
        ),
        (
            lead_payload("not-an-email", "x").to_string(),
            "Invalid email address",
        ),
    ] {
        let response = app
            .post("/functions/v1/lead-relay")
            .body(body.clone())
            .answer()
            .await;
        assert_eq!(response.status(), 400, "{body}");
        assert_eq!(
            response.json::<Value>().await.unwrap(),
            json!({"error": error})
        );
    }
    let huge = app
        .post("/functions/v1/lead-relay")
        .body(vec![b' '; 70_000])
        .answer()
        .await;
    assert_eq!(huge.status(), 413);
    let stored: i64 = app.db.count("select count(*) from public.leads").await;
    assert_eq!(stored, 0, "nothing invalid is stored");

    // No or a bad captcha: stored (nothing is lost), flagged, not forwarded, answered alike.
    let missing = relay(&app, &lead_payload("bot@spam.test", "")).await;
    let forged = relay(&app, &lead_payload("bot@spam.test", "Zm9yZ2Vk")).await;
    // The whitepaper form: antispam-check first, then the lead with the same token.
    let token = altcha_token(&app.client, &app.url).await;
    let check = app
        .post("/functions/v1/antispam-check")
        .bearer_auth(DEMO_ANON_KEY)
        .json(&json!({"email": "white@paper.test", "ip": "unknown", "recaptchaToken": token}))
        .answer()
        .await;
    assert_eq!(check.status(), 200);
    let whitepaper = relay(&app, &lead_payload("white@paper.test", &token)).await;
    let replayed = relay(&app, &lead_payload("white@paper.test", &token)).await;

    let verdicts: HashMap<Uuid, Option<String>> =
        sqlx::query_as::<_, (Uuid, Option<String>)>("select id, spam_reason from public.leads")
            .fetch_all(&app.db.pool)
            .await
            .unwrap()
            .into_iter()
            .collect();
    assert_eq!(verdicts[&missing].as_deref(), Some("captcha missing"));
    assert_eq!(
        verdicts[&forged].as_deref(),
        Some("captcha invalid: not an ALTCHA solution")
    );
    assert_eq!(verdicts[&whitepaper], None);
    assert_eq!(verdicts[&replayed].as_deref(), Some("captcha already used"));
    let received = receiver.wait_for(1, Duration::from_secs(10)).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        receiver.received().len(),
        1,
        "only the verified lead is forwarded"
    );
    assert_eq!(
        received[0].header("webhook-id"),
        Some(whitepaper.to_string().as_str())
    );
}

#[tokio::test]
async fn the_relay_limits_each_client_ip() {
    let app = spawn_app_with(&fast_with(&[("LEAD_RELAY_IP_RATE_LIMIT", "2/10m")])).await;
    for n in 0..2 {
        let response = app
            .post("/functions/v1/lead-relay")
            .header("x-forwarded-for", "203.0.113.77")
            .body(lead_payload(&format!("n{n}@acme.test"), "").to_string())
            .answer()
            .await;
        assert_eq!(response.status(), 202);
    }
    let limited = app
        .post("/functions/v1/lead-relay")
        .header("x-forwarded-for", "203.0.113.77")
        .body(lead_payload("n2@acme.test", "").to_string())
        .answer()
        .await;
    assert_eq!(limited.status(), 429);
    assert!(limited.headers().contains_key("retry-after"));
}

#[tokio::test]
async fn every_target_gets_each_lead_once_even_with_two_instances() {
    let first = Receiver::start(200, "{}").await;
    let second = Receiver::start(200, "{}").await;
    let targets = format!("{}, {}", first.url, second.url);
    let vars = fast_with(&[
        ("LEAD_WEBHOOK_URLS", &targets),
        ("LEAD_RELAY_REQUIRE_CAPTCHA", "false"),
        ("LEAD_RELAY_IP_RATE_LIMIT", "off"),
    ]);
    let app = spawn_app_with(&vars).await;
    let (other_url, _stop, _dir) = second_instance(&app.db.url(), &vars).await;
    let mut ids = Vec::new();
    for n in 0..40 {
        let url = if n % 2 == 0 { &app.url } else { &other_url };
        let response = post_lead(
            url,
            &app.client,
            &lead_payload(&format!("n{n}@acme.test"), ""),
        )
        .await;
        assert_eq!(response.status(), 202);
        ids.push(
            response.json::<Value>().await.unwrap()["id"]
                .as_str()
                .unwrap()
                .to_string(),
        );
    }
    for receiver in [&first, &second] {
        let received = receiver.wait_for(40, Duration::from_secs(20)).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let mut seen: Vec<String> = receiver
            .received()
            .iter()
            .map(|request| request.header("webhook-id").unwrap().to_string())
            .collect();
        assert_eq!(
            seen.len(),
            40,
            "no lead delivered twice ({} requests)",
            received.len()
        );
        seen.sort();
        let mut expected = ids.clone();
        expected.sort();
        assert_eq!(seen, expected);
    }
}
