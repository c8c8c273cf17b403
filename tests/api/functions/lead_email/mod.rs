//! Lead notification emails, delivered to a real SMTP server: aiosmtpd (tests/tools/smtp-sink.sh)
//! started by each test on loopback, which writes every message it receives, with its envelope
//! and its parts as Python's email package reads them, to a folder the test reads. A contact
//! lead through the relay and a whitepaper submission over REST are each emailed once with a
//! plain-text and an HTML part (visitor text escaped in the HTML, unable to add headers); the
//! sink down at first means the email arrives later, once; the feature off queues nothing; a
//! daily digest gathers the day's leads.
mod guards;
mod resilience;
mod sending;

use std::collections::HashMap;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use cb_db::sqlx;
use cb_tests::{
    Answer as _, DEMO_ANON_KEY, Exchange as _, TestApp, admin_jwt, eventually, second_instance,
    spawn_app_with, workspace_root,
};
use serde_json::{Value, json};
use tokio::process::{Child, ChildStdin, Command};
use uuid::Uuid;

use super::support::{Recorder, altcha_token, fast_with, lead_payload, relay, wait_until};

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
        eventually(
            Duration::from_secs(600),
            Duration::from_millis(50),
            async || {
                if tokio::net::TcpStream::connect(("127.0.0.1", port))
                    .await
                    .is_ok()
                {
                    return Ok(());
                }
                if let Some(status) = child.try_wait().unwrap() {
                    panic!("the SMTP sink exited: {status}");
                }
                Err("the SMTP sink did not start".to_string())
            },
        )
        .await;
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

    async fn stop(mut self) {
        self.child.kill().await.unwrap();
    }
}

impl Recorder for Sink {
    type Item = Mail;
    const WHAT: &str = "messages to the sink";
    fn recorded(&self) -> Vec<Mail> {
        self.messages()
    }
}

/// The header `name` of each of `messages`, in order (each must have it).
fn each_header<'a>(messages: &'a [Mail], name: &str) -> Vec<&'a str> {
    messages
        .iter()
        .map(|mail| mail.header(name).unwrap())
        .collect()
}

/// Whether any of `messages` has `needle` in its plain-text part.
fn any_text_contains(messages: &[Mail], needle: &str) -> bool {
    messages.iter().any(|mail| mail.text().contains(needle))
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
    let (_, check) = app
        .post("/functions/v1/antispam-check")
        .bearer_auth(DEMO_ANON_KEY)
        .header("apikey", DEMO_ANON_KEY)
        .json(&json!({"email": row["email"], "ip": "unknown", "recaptchaToken": token}))
        .status_json()
        .await;
    let ticket = check["ticket"].as_str().expect("a lead ticket");
    let response = app
        .anon(reqwest::Method::POST, "/rest/v1/whitepaper_submissions")
        .header("x-claimbridge-lead-ticket", ticket)
        .header("prefer", "return=minimal")
        .json(row)
        .answer()
        .await;
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
