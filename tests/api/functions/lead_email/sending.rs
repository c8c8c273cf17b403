//! What is emailed: each lead once with both parts, a whitepaper submission once, the daily digest;
//! nothing with the feature off.
use super::*;
use cb_tests::{Answer as _, anon_get};

#[tokio::test]
async fn a_contact_lead_is_emailed_once_with_both_parts_and_its_fields_escaped() {
    let sink = Sink::start().await;
    // A poll once a minute: an email within seconds came through NOTIFY.
    let app = app_mailing_to(sink.port, "60000", &[]).await;
    let mut body = lead_payload("dana@acme.test", "");
    body["companyName"] = json!("<script>alert(1)</script>");
    body["yourName"] = json!("Dana \"D\" O'Neil & Sons");
    body["howCanWeHelp"] = json!("Denials <b>doubled</b>\nsince March");
    let id = verified_lead(&app, body).await;

    let mail = sink.wait_for(1, Duration::from_secs(10)).await.remove(0);
    assert_recipients(&mail);
    assert_eq!(mail.content_type, "multipart/alternative");
    assert_eq!(
        mail.header("subject"),
        Some("New contact inquiry: <script>alert(1)</script>")
    );
    assert_eq!(
        mail.header("from"),
        Some("ClaimBridge website <leads@claimbridge.test>")
    );
    assert_eq!(
        mail.header("reply-to"),
        Some("\"Dana \\\"D\\\" O'Neil & Sons\" <dana@acme.test>")
    );
    let (text, html) = (mail.text(), mail.html());
    // The fields as they were in the text part, escaped in the HTML part.
    for (part, expected) in [
        (&text, "Company name: <script>alert(1)</script>\n"),
        (
            &text,
            "How can we help?:\n  Denials <b>doubled</b>\n  since March\n",
        ),
        (&text, "Claims per month: 2000\n"),
        (&text, "/admin/leads"),
        (&html, "&lt;script&gt;alert(1)&lt;/script&gt;"),
        (&html, "Dana &quot;D&quot; O&#39;Neil &amp; Sons"),
        (&html, "Denials &lt;b&gt;doubled&lt;/b&gt;\nsince March"),
    ] {
        assert!(part.contains(expected), "{expected:?} in {part}");
    }
    assert!(!html.contains("<script>") && !html.contains("<b>"));
    assert!(!text.contains("recaptchaToken") && !html.contains("recaptchaToken"));

    let row = notification(&app, "lead_id", id).await;
    wait_until(
        &app.db.pool,
        &format!("select status = 'sent' and sent_at is not null from public.lead_notifications where lead_id = '{id}'"),
        Duration::from_secs(5),
    )
    .await;
    assert_eq!(row["kind"], "contact");
    assert!(
        mail.header("message-id")
            .unwrap()
            .contains(row["id"].as_str().unwrap()),
        "the Message-ID names the notification"
    );
    let stored = received_epoch(
        &app,
        "select extract(epoch from received_at)::float8 from public.leads where id = $1",
        id,
    )
    .await;
    let mut latencies = vec![mail.received_at - stored];

    // A few more, one after another, for the latency figure; each is emailed once.
    for n in 0..4 {
        let lead = verified_lead(&app, lead_payload(&format!("n{n}@acme.test"), "")).await;
        let mail = sink
            .wait_for(n + 2, Duration::from_secs(10))
            .await
            .remove(n + 1);
        let stored = received_epoch(
            &app,
            "select extract(epoch from received_at)::float8 from public.leads where id = $1",
            lead,
        )
        .await;
        latencies.push(mail.received_at - stored);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(sink.messages().len(), 5, "one email per lead");
    latencies.sort_by(f64::total_cmp);
    println!(
        "lead stored → email received (NOTIFY, local sink, debug build): min {:.0} ms, median {:.0} ms, max {:.0} ms over {} leads",
        latencies[0] * 1000.0,
        latencies[latencies.len() / 2] * 1000.0,
        latencies[latencies.len() - 1] * 1000.0,
        latencies.len()
    );

    // The outbox is the admin's to read, nobody else's.
    let anon = anon_get(&app, "/rest/v1/lead_notifications?select=id").await;
    assert_eq!(anon.status(), 401);
    let admin: Value = app
        .with_token(
            reqwest::Method::GET,
            "/rest/v1/lead_notifications?select=status",
            &admin_jwt(),
        )
        .answer()
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(admin.as_array().unwrap().len(), 5, "{admin}");
}

#[tokio::test]
async fn a_whitepaper_submission_over_rest_is_emailed_and_its_relay_twin_is_not() {
    let sink = Sink::start().await;
    let app = app_mailing_to(sink.port, "200", &[]).await;
    submit_whitepaper(&app, &whitepaper_row()).await;
    let mail = sink.wait_for(1, Duration::from_secs(10)).await.remove(0);
    assert_recipients(&mail);
    assert_eq!(
        mail.header("subject"),
        Some("New whitepaper download: Summit Home Medical")
    );
    assert_eq!(
        mail.header("reply-to"),
        Some("Ravi Patel <ravi@summit.test>")
    );
    let text = mail.text();
    assert!(text.contains("Company size: 5-10\n"), "{text}");
    assert!(text.contains("Years in business: 8\n"));
    assert!(text.contains("Current challenges:\n  How can we help: Audits are coming\n"));
    assert!(mail.html().contains("Summit Home Medical"));
    let (submission, stored): (Uuid, f64) = sqlx::query_as(
        "select id, extract(epoch from created_at)::float8 from public.whitepaper_submissions where email = 'ravi@summit.test'",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    println!(
        "whitepaper stored → email received: {:.0} ms",
        (mail.received_at - stored) * 1000.0
    );
    let emailed = notification(&app, "submission_id", submission).await;

    // The form then POSTs the same answers to the lead relay: stored, not emailed twice.
    let twin = verified_lead(&app, whitepaper_row_as_lead()).await;
    let twin_row = notification(&app, "lead_id", twin).await;
    assert_eq!(twin_row["status"], "duplicate");
    assert_eq!(twin_row["duplicate_of"], emailed["id"]);
    // Another question from the same visitor is a lead of its own.
    let mut other = whitepaper_row_as_lead();
    other["howCanWeHelp"] = json!("Can you also take over our oxygen billing?");
    verified_lead(&app, other).await;
    let messages = sink.wait_for(2, Duration::from_secs(10)).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(sink.messages().len(), 2);
    assert_eq!(
        messages[1].header("subject"),
        Some("New contact inquiry: Summit Home Medical")
    );
    assert!(messages[1].text().contains("oxygen billing"));
}

#[tokio::test]
async fn with_the_feature_off_nothing_is_queued() {
    let app = spawn_app_with(&fast_with(&[])).await;
    verified_lead(&app, lead_payload("quiet@acme.test", "")).await;
    submit_whitepaper(&app, &whitepaper_row()).await;
    let (leads, submissions, queued, enabled): (i64, i64, i64, bool) = sqlx::query_as(
        "select (select count(*) from public.leads), (select count(*) from public.whitepaper_submissions
                 where email = 'ravi@summit.test'),
                (select count(*) from public.lead_notifications),
                (select enabled from private.lead_email_settings)",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!((leads, submissions), (1, 1));
    assert_eq!(queued, 0);
    assert!(!enabled);
}

#[tokio::test]
async fn a_daily_digest_gathers_the_leads_into_one_email() {
    let sink = Sink::start().await;
    let app = app_mailing_to(
        sink.port,
        "100",
        &[
            ("LEAD_EMAIL_DIGEST", "daily"),
            ("LEAD_EMAIL_DIGEST_HOUR", "6"),
        ],
    )
    .await;
    // The worker's first round records this day's digest hour as done (nothing was queued).
    wait_until(
        &app.db.pool,
        "select last_digest_at is not null and digest_hour = 6 from private.lead_email_settings",
        Duration::from_secs(5),
    )
    .await;
    let lead = verified_lead(&app, lead_payload("dana@acme.test", "")).await;
    submit_whitepaper(&app, &whitepaper_row()).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(sink.messages().is_empty(), "nothing before the digest hour");
    let waiting: i64 = app.db.count("select count(*) from public.lead_notifications where status = 'pending' and digest_id is null").await;
    assert_eq!(waiting, 2);

    // A day later, at the digest hour: one email with both.
    app.db.execute("update private.lead_email_settings set last_digest_at = last_digest_at - interval '1 day'").await;
    let mail = sink.wait_for(1, Duration::from_secs(10)).await.remove(0);
    assert_recipients(&mail);
    assert_eq!(
        mail.header("subject"),
        Some("Daily lead digest: 2 new leads (1 contact inquiry, 1 whitepaper download)")
    );
    assert!(
        mail.text()
            .contains("1. Contact inquiry: Acme Medical Supply"),
        "{}",
        mail.text()
    );
    assert!(
        mail.text()
            .contains("2. Whitepaper download: Summit Home Medical")
    );
    assert!(mail.html().contains("Summit Home Medical"));
    wait_until(
        &app.db.pool,
        "select count(*) = 2 and count(distinct digest_id) = 1 and bool_and(status = 'sent')
           from public.lead_notifications",
        Duration::from_secs(5),
    )
    .await;
    let row = notification(&app, "lead_id", lead).await;
    assert!(row["sent_at"].is_string());
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(sink.messages().len(), 1, "one digest");
}
