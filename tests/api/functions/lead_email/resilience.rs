//! Sending survives a sink that is down and a stopped instance, never twice with two instances, and
//! works from the real server process.
use super::*;

#[tokio::test]
async fn with_the_sink_down_the_email_is_sent_once_when_it_is_back() {
    let port = free_port();
    let app = app_mailing_to(port, "100", &[]).await;
    let id = verified_lead(&app, lead_payload("later@acme.test", "")).await;
    wait_until(
        &app.db.pool,
        &format!(
            "select status = 'pending' and attempts >= 2 and last_error is not null
               from public.lead_notifications where lead_id = '{id}'"
        ),
        Duration::from_secs(15),
    )
    .await;
    let error: String =
        sqlx::query_scalar("select last_error from public.lead_notifications where lead_id = $1")
            .bind(id)
            .fetch_one(&app.db.pool)
            .await
            .unwrap();
    println!("while the sink was down: {error}");

    let sink = Sink::start_on(port, tempfile::tempdir().unwrap()).await;
    let mail = sink.wait_for(1, Duration::from_secs(15)).await.remove(0);
    assert_eq!(
        mail.header("subject"),
        Some("New contact inquiry: Acme Medical Supply")
    );
    wait_until(
        &app.db.pool,
        &format!("select status = 'sent' and last_error is null from public.lead_notifications where lead_id = '{id}'"),
        Duration::from_secs(5),
    )
    .await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(sink.messages().len(), 1, "sent exactly once");
    sink.stop().await;
}

#[tokio::test]
async fn another_instance_sends_what_a_stopped_one_left_and_two_never_send_one_lead_twice() {
    let port = free_port();
    let port_text = port.to_string();
    let mailing = fast_with(&[
        ("LEAD_EMAIL_TO", RECIPIENTS),
        ("LEAD_EMAIL_FROM", "leads@claimbridge.test"),
        ("SMTP_HOST", "127.0.0.1"),
        ("SMTP_PORT", port_text.as_str()),
        ("SMTP_SECURITY", "none"),
        ("LEAD_EMAIL_RETRY_BASE_MS", "200"),
        ("LEAD_EMAIL_RETRY_MAX_SECS", "1"),
        ("LEAD_EMAIL_POLL_MS", "100"),
        ("LEAD_RELAY_REQUIRE_CAPTCHA", "false"),
        ("LEAD_RELAY_IP_RATE_LIMIT", "off"),
    ]);
    // The instance the leads are posted to sends no email itself (LEAD_EMAIL_TO unset); the
    // others, started after it, switch queueing on for the database.
    let app = spawn_app_with(&fast_with(&[
        ("LEAD_RELAY_REQUIRE_CAPTCHA", "false"),
        ("LEAD_RELAY_IP_RATE_LIMIT", "off"),
    ]))
    .await;
    let (_first_url, stop_first, _first_dir) = second_instance(&app.db.url(), &mailing).await;
    // The sink is down: the first instance tries, fails, and is stopped.
    let early = relay(&app, &lead_payload("early@acme.test", "")).await;
    wait_until(
        &app.db.pool,
        &format!("select attempts >= 1 and status = 'pending' from public.lead_notifications where lead_id = '{early}'"),
        Duration::from_secs(10),
    )
    .await;
    drop(stop_first);
    tokio::time::sleep(Duration::from_millis(500)).await;

    // The sink is up, and two other instances send: the lead left behind and eight new ones,
    // each exactly once.
    let sink = Sink::start_on(port, tempfile::tempdir().unwrap()).await;
    let (_b, _stop_b, _dir_b) = second_instance(&app.db.url(), &mailing).await;
    let (_c, _stop_c, _dir_c) = second_instance(&app.db.url(), &mailing).await;
    for n in 0..8 {
        relay(&app, &lead_payload(&format!("n{n}@acme.test"), "")).await;
    }
    sink.wait_for(9, Duration::from_secs(20)).await;
    wait_until(
        &app.db.pool,
        "select count(*) = 9 and bool_and(status = 'sent') from public.lead_notifications",
        Duration::from_secs(10),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    let messages = sink.messages();
    let mut ids = each_header(&messages, "message-id");
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(
        (messages.len(), ids.len()),
        (9, 9),
        "each lead emailed once"
    );
    assert!(any_text_contains(&messages, "Email: early@acme.test"));
}

/// The server as a process (its configuration is read before its runtime starts, where the
/// pooled SMTP client could not be built) emails a lead.
#[tokio::test]
async fn the_server_process_emails_a_lead() {
    use crate::server_process::{free_port as server_port, serve_command_on, wait_ready};

    let sink = Sink::start().await;
    let db = cb_tests::fresh_database().await;
    let data_dir = tempfile::tempdir().unwrap();
    let port = server_port();
    let mut child = serve_command_on(&db, data_dir.path(), port)
        .env("LEAD_EMAIL_TO", RECIPIENTS)
        .env("LEAD_EMAIL_FROM", "leads@claimbridge.test")
        .env("SMTP_HOST", "127.0.0.1")
        .env("SMTP_PORT", sink.port.to_string())
        .env("SMTP_SECURITY", "none")
        .spawn()
        .unwrap();
    wait_ready(port, &mut child).await;
    // As the owner: the ticket check is for the API roles; the trigger queues it all the same.
    let row = whitepaper_row();
    sqlx::query(
        "insert into public.whitepaper_submissions (company_name, first_name, email, phone)
         values ($1, $2, $3, $4)",
    )
    .bind(row["company_name"].as_str())
    .bind(row["first_name"].as_str())
    .bind(row["email"].as_str())
    .bind(row["phone"].as_str())
    .execute(&db.pool)
    .await
    .unwrap();
    let mail = sink.wait_for(1, Duration::from_secs(30)).await;
    assert!(mail[0].text().contains("Summit Home Medical"));
    child.kill().unwrap();
    child.wait().unwrap();
    sink.stop().await;
}
