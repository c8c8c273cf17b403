//! What visitors cannot do through the email: add headers or recipients, get spam sent.
use super::*;

#[tokio::test]
async fn visitor_text_cannot_add_headers_or_recipients() {
    let sink = Sink::start().await;
    let app = app_mailing_to(sink.port, "200", &[]).await;
    let mut body = lead_payload("dana@acme.test", "");
    body["companyName"] = json!("Acme\r\nBcc: evil@attacker.test\r\nX-Injected: yes");
    body["yourName"] = json!("Dana\r\nCc: evil2@attacker.test");
    verified_lead(&app, body).await;
    let mut row = whitepaper_row();
    row["company_name"] = json!("Summit\nBcc: evil3@attacker.test");
    row["first_name"] = json!("Ravi\r\nTo: evil4@attacker.test");
    submit_whitepaper(&app, &row).await;

    let messages = sink.wait_for(2, Duration::from_secs(10)).await;
    for mail in &messages {
        assert_recipients(mail);
        for (name, value) in &mail.headers {
            assert!(
                !["bcc", "cc", "x-injected"].contains(&name.to_ascii_lowercase().as_str()),
                "{name}: {value}"
            );
            assert!(
                !value.contains('\r') && !value.contains('\n'),
                "{name}: {value:?}"
            );
        }
        assert_eq!(
            mail.headers
                .iter()
                .filter(|(name, _)| name.eq_ignore_ascii_case("to"))
                .count(),
            1
        );
    }
    let subjects = each_header(&messages, "subject");
    assert!(
        subjects.contains(&"New contact inquiry: Acme Bcc: evil@attacker.test X-Injected: yes"),
        "{subjects:?}"
    );
    assert!(subjects.contains(&"New whitepaper download: Summit Bcc: evil3@attacker.test"));
    // The text is there, as text, in the body.
    assert!(any_text_contains(&messages, "Bcc: evil@attacker.test"));
}

#[tokio::test]
async fn spam_is_not_emailed_until_restored() {
    let sink = Sink::start().await;
    let app = app_mailing_to(sink.port, "200", &[]).await;
    // No captcha: stored with a spam_reason, not queued.
    let spam = relay(&app, &lead_payload("maybe@acme.test", "")).await;
    let queued: i64 = app
        .db
        .count("select count(*) from public.lead_notifications")
        .await;
    assert_eq!(queued, 0);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(sink.messages().is_empty());
    // Staff restore it from the spam view: now it is a lead, and emailed.
    sqlx::query("update public.leads set spam_reason = null where id = $1")
        .bind(spam)
        .execute(&app.db.pool)
        .await
        .unwrap();
    let mail = sink.wait_for(1, Duration::from_secs(10)).await.remove(0);
    assert!(mail.text().contains("Email: maybe@acme.test"));
}
