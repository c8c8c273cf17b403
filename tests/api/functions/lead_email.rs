//! Lead notification emails, delivered to a real SMTP server: aiosmtpd (tests/tools/smtp-sink.sh)
//! started by each test on loopback, which writes every message it receives, with its envelope
//! and its parts as Python's email package reads them, to a folder the test reads. A contact
//! lead through the relay and a whitepaper submission over REST are each emailed once with a
//! plain-text and an HTML part (visitor text escaped in the HTML, unable to add headers); the
//! sink down at first means the email arrives later, once; the feature off queues nothing; a
//! daily digest gathers the day's leads.
use std::collections::HashMap;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use cb_db::sqlx;
use cb_tests::{DEMO_ANON_KEY, TestApp, admin_jwt, spawn_app_with, workspace_root};
use serde_json::{Value, json};
use tokio::process::{Child, ChildStdin, Command};
use uuid::Uuid;

use super::support::{altcha_token, fast_with, lead_payload, relay, second_instance, wait_until};

/// One message the sink received.
#[derive(Debug, Clone)]
struct Mail {
    received_at: f64,
    mail_from: String,
    rcpt_tos: Vec<String>,
    headers: Vec<(String, String)>,
    content_type: String,
    parts: HashMap<String, String>,
}

impl Mail {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    /// The decoded plain-text part, with SMTP's CRLF line ends as `\n`.
    fn text(&self) -> String {
        self.part("text/plain")
    }

    fn html(&self) -> String {
        self.part("text/html")
    }

    fn part(&self, content_type: &str) -> String {
        self.parts
            .get(content_type)
            .map_or_else(String::new, |text| text.replace("\r\n", "\n"))
    }
}

/// The SMTP sink: aiosmtpd on 127.0.0.1:`port`, killed when dropped.
struct Sink {
    port: u16,
    dir: tempfile::TempDir,
    child: Child,
    // Held open: the sink exits when its standard input closes (this test process ended).
    _stdin: ChildStdin,
}

impl Sink {
    async fn start() -> Self {
        Self::start_on(free_port(), tempfile::tempdir().unwrap()).await
    }

    async fn start_on(port: u16, dir: tempfile::TempDir) -> Self {
        let mut child = Command::new(workspace_root().join("tests/tools/smtp-sink.sh"))
            .arg("serve")
            .arg(port.to_string())
            .arg(dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("start tests/tools/smtp-sink.sh");
        let stdin = child.stdin.take().unwrap();
        // The first run installs aiosmtpd (pip), so give it time.
        let deadline = Instant::now() + Duration::from_secs(600);
        while tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_err()
        {
            if let Some(status) = child.try_wait().unwrap() {
                panic!("the SMTP sink exited: {status}");
            }
            assert!(Instant::now() < deadline, "the SMTP sink did not start");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Self {
            port,
            dir,
            child,
            _stdin: stdin,
        }
    }

    fn messages(&self) -> Vec<Mail> {
        read_messages(self.dir.path())
    }

    async fn wait_for(&self, count: usize, within: Duration) -> Vec<Mail> {
        let deadline = Instant::now() + within;
        loop {
            let messages = self.messages();
            if messages.len() >= count {
                return messages;
            }
            assert!(
                Instant::now() < deadline,
                "the sink got {} messages, not {count}, within {within:?}",
                messages.len()
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    async fn stop(mut self) {
        self.child.kill().await.unwrap();
    }
}

fn read_messages(dir: &Path) -> Vec<Mail> {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json") && !name.starts_with('.'))
        .collect();
    names.sort();
    names
        .iter()
        .map(|name| {
            let meta: Value =
                serde_json::from_slice(&std::fs::read(dir.join(name)).unwrap()).unwrap();
            Mail {
                received_at: meta["received_at"].as_f64().unwrap(),
                mail_from: meta["mail_from"].as_str().unwrap().to_string(),
                rcpt_tos: serde_json::from_value(meta["rcpt_tos"].clone()).unwrap(),
                headers: serde_json::from_value(meta["headers"].clone()).unwrap(),
                content_type: meta["content_type"].as_str().unwrap().to_string(),
                parts: serde_json::from_value(meta["parts"].clone()).unwrap(),
            }
        })
        .collect()
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

const RECIPIENTS: &str = "Sales desk <sales@claimbridge.test>, ops@claimbridge.test";

/// The app emailing leads to the sink on `port` (plain SMTP on loopback), with quick retries and
/// `poll_ms` between looks at the outbox without a NOTIFY.
async fn app_mailing_to(port: u16, poll_ms: &str, extra: &[(&str, &str)]) -> TestApp {
    let port = port.to_string();
    let mut vars = vec![
        ("LEAD_EMAIL_TO", RECIPIENTS),
        (
            "LEAD_EMAIL_FROM",
            "ClaimBridge website <leads@claimbridge.test>",
        ),
        ("SMTP_HOST", "127.0.0.1"),
        ("SMTP_PORT", port.as_str()),
        ("SMTP_SECURITY", "none"),
        ("SMTP_TIMEOUT_SECS", "5"),
        ("LEAD_EMAIL_RETRY_BASE_MS", "200"),
        ("LEAD_EMAIL_RETRY_MAX_SECS", "1"),
        ("LEAD_EMAIL_POLL_MS", poll_ms),
    ];
    vars.extend_from_slice(extra);
    spawn_app_with(&fast_with(&vars)).await
}

async fn verified_lead(app: &TestApp, body: Value) -> Uuid {
    let mut body = body;
    body["recaptchaToken"] = json!(altcha_token(&app.client, &app.url).await);
    relay(app, &body).await
}

/// The whitepaper form's way in: antispam-check for a lead ticket, then the insert over REST
/// as anon with the ticket.
async fn submit_whitepaper(app: &TestApp, row: &Value) {
    let token = altcha_token(&app.client, &app.url).await;
    let check: Value = app
        .client
        .post(format!("{}/functions/v1/antispam-check", app.url))
        .bearer_auth(DEMO_ANON_KEY)
        .header("apikey", DEMO_ANON_KEY)
        .json(&json!({"email": row["email"], "ip": "unknown", "recaptchaToken": token}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let ticket = check["ticket"].as_str().expect("a lead ticket");
    let response = app
        .anon(reqwest::Method::POST, "/rest/v1/whitepaper_submissions")
        .header("x-claimbridge-lead-ticket", ticket)
        .header("prefer", "return=minimal")
        .json(row)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201, "{}", response.text().await.unwrap());
}

fn whitepaper_row() -> Value {
    json!({
        "company_name": "Summit Home Medical",
        "first_name": "Ravi",
        "last_name": "Patel",
        "email": "ravi@summit.test",
        "phone": "615-555-0134",
        "job_title": "",
        "company_size": "5-10",
        "revenue": "8",
        "current_challenges": "How can we help: Audits are coming\nClaims per month: 900\nCurrent software: Brightree\nProducts: Oxygen"
    })
}

/// The whitepaper row's answers as the form POSTs them to the lead relay afterwards.
fn whitepaper_row_as_lead() -> Value {
    let mut lead = lead_payload("ravi@summit.test", "");
    lead["companyName"] = json!("Summit Home Medical");
    lead["yourName"] = json!("Ravi Patel");
    lead["phone"] = json!("615-555-0134");
    lead["howCanWeHelp"] = json!("Audits are coming");
    lead
}

async fn notification(app: &TestApp, column: &str, id: Uuid) -> Value {
    sqlx::query_scalar(&format!(
        "select to_jsonb(n) from public.lead_notifications n where {column} = $1"
    ))
    .bind(id)
    .fetch_one(&app.db.pool)
    .await
    .unwrap()
}

async fn received_epoch(app: &TestApp, sql: &str, id: Uuid) -> f64 {
    sqlx::query_scalar(sql)
        .bind(id)
        .fetch_one(&app.db.pool)
        .await
        .unwrap()
}

fn assert_recipients(mail: &Mail) {
    let mut to = mail.rcpt_tos.clone();
    to.sort();
    assert_eq!(to, ["ops@claimbridge.test", "sales@claimbridge.test"]);
    assert_eq!(mail.mail_from, "leads@claimbridge.test");
}

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
    let text = mail.text();
    assert!(
        text.contains("Company name: <script>alert(1)</script>\n"),
        "{text}"
    );
    assert!(text.contains("How can we help?:\n  Denials <b>doubled</b>\n  since March\n"));
    assert!(text.contains("Claims per month: 2000\n"));
    assert!(text.contains("/admin/leads"));
    let html = mail.html();
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(html.contains("Dana &quot;D&quot; O&#39;Neil &amp; Sons"));
    assert!(html.contains("Denials &lt;b&gt;doubled&lt;/b&gt;\nsince March"));
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
    let anon = app
        .anon(
            reqwest::Method::GET,
            "/rest/v1/lead_notifications?select=id",
        )
        .send()
        .await
        .unwrap();
    assert_eq!(anon.status(), 401);
    let admin: Value = app
        .with_token(
            reqwest::Method::GET,
            "/rest/v1/lead_notifications?select=status",
            &admin_jwt(),
        )
        .send()
        .await
        .unwrap()
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
    let subjects: Vec<&str> = messages
        .iter()
        .map(|mail| mail.header("subject").unwrap())
        .collect();
    assert!(
        subjects.contains(&"New contact inquiry: Acme Bcc: evil@attacker.test X-Injected: yes"),
        "{subjects:?}"
    );
    assert!(subjects.contains(&"New whitepaper download: Summit Bcc: evil3@attacker.test"));
    // The text is there, as text, in the body.
    assert!(
        messages
            .iter()
            .any(|mail| mail.text().contains("Bcc: evil@attacker.test"))
    );
}

#[tokio::test]
async fn spam_is_not_emailed_until_restored() {
    let sink = Sink::start().await;
    let app = app_mailing_to(sink.port, "200", &[]).await;
    // No captcha: stored with a spam_reason, not queued.
    let spam = relay(&app, &lead_payload("maybe@acme.test", "")).await;
    let queued: i64 = sqlx::query_scalar("select count(*) from public.lead_notifications")
        .fetch_one(&app.db.pool)
        .await
        .unwrap();
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
    let waiting: i64 = sqlx::query_scalar(
        "select count(*) from public.lead_notifications where status = 'pending' and digest_id is null",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(waiting, 2);

    // A day later, at the digest hour: one email with both.
    sqlx::query(
        "update private.lead_email_settings set last_digest_at = last_digest_at - interval '1 day'",
    )
    .execute(&app.db.pool)
    .await
    .unwrap();
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
    let mut ids: Vec<&str> = messages
        .iter()
        .map(|mail| mail.header("message-id").unwrap())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(
        (messages.len(), ids.len()),
        (9, 9),
        "each lead emailed once"
    );
    assert!(
        messages
            .iter()
            .any(|mail| mail.text().contains("Email: early@acme.test"))
    );
}

/// The server as a process (its configuration is read before its runtime starts, where the
/// pooled SMTP client could not be built) emails a lead.
#[tokio::test]
async fn the_server_process_emails_a_lead() {
    use crate::server_process::{free_port as server_port, serve_command, wait_ready};

    let sink = Sink::start().await;
    let db = cb_tests::fresh_database().await;
    let data_dir = tempfile::tempdir().unwrap();
    let port = server_port();
    let mut child = serve_command(data_dir.path(), port)
        .env("DATABASE_URL", db.url())
        .env("CLAIMBRIDGE_REST_DATABASE_URL", db.url_as("authenticator"))
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
