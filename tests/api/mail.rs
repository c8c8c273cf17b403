//! The auth emails as the server configures them: the mailer `Config::auth_mailer` builds from
//! `GOTRUE_SMTP_*` delivers to a real mail catcher over SMTP, read back through its Mailpit API;
//! what a user controls cannot add a header; production without a server fails at send time;
//! and `claimbridge serve` in development starts the catcher on the ports it is given.
use cb_mail::{Catcher, CatcherSettings};
use cb_server::app::cb_auth::mail::{MailData, MailError, MailKind};
use serde_json::{Value, json};

use crate::server_process::{free_port, serve_command_on, wait_ready};

async fn catcher() -> Catcher {
    Catcher::start(&CatcherSettings {
        http_port: 0,
        smtp_port: 0,
        ..CatcherSettings::default()
    })
    .await
    .expect("start a catcher")
}

/// The configuration of a server sending its auth emails to the SMTP server on loopback port
/// `port`, with `vars` on top.
fn config_for(port: u16, data_dir: &std::path::Path, vars: &[(&str, &str)]) -> cb_server::Config {
    let port = port.to_string();
    let mut all = vec![
        ("GOTRUE_SMTP_HOST", "127.0.0.1"),
        ("GOTRUE_SMTP_PORT", port.as_str()),
        ("GOTRUE_SMTP_ADMIN_EMAIL", "accounts@claimbridge.test"),
        ("GOTRUE_SMTP_SENDER_NAME", "ClaimBridge Accounts"),
    ];
    all.extend_from_slice(vars);
    // No database is reached: only the mail settings are used.
    cb_tests::app_config_on("postgres://postgres@127.0.0.1:1/unused", data_dir, &all)
}

fn invite(to: &str) -> MailData {
    MailData {
        to: to.into(),
        email: to.into(),
        confirmation_url: "http://localhost:54321/auth/v1/verify?token=pkce_7f3a&type=invite&redirect_to=http://localhost:54321/admin".into(),
        token: "482913".into(),
        token_hash: "7f3a".into(),
        site_url: "http://localhost:54321".into(),
        redirect_to: "http://localhost:54321/admin".into(),
        data: json!({"full_name": "Dana <b>Scully</b> & Co\r\nBcc: evil@attacker.test"}),
        ..MailData::default()
    }
}

async fn get(catcher: &Catcher, path: &str) -> reqwest::Response {
    let response = reqwest::get(format!("{}{path}", catcher.url()))
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{path}");
    response
}

/// The one message caught for `to`.
async fn caught_for(catcher: &Catcher, to: &str) -> Value {
    let found: Value = get(catcher, &format!("/api/v1/search?query=to:{to}"))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(found["messages_count"], 1, "{found}");
    let id = found["messages"][0]["ID"].as_str().unwrap();
    get(catcher, &format!("/api/v1/message/{id}"))
        .await
        .json()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_configured_mailer_delivers_an_invite_with_its_link_code_and_escaped_values() {
    let catcher = catcher().await;
    let data_dir = tempfile::tempdir().unwrap();
    let mut config = config_for(catcher.smtp_address().port(), data_dir.path(), &[]);
    // `[auth.email.template.invite]` for one of the two recipients' emails: a subject and body
    // using the user's metadata.
    let mailer = config.auth_mailer().unwrap();
    config.auth.email_templates.invite.subject = Some("Welcome, {{ .Data.full_name }}".into());
    config.auth.email_templates.invite.content = Some(
        "<p>Hello {{ .Data.full_name }},</p><p><a href=\"{{ .ConfirmationURL }}\">Join</a> \
         or type {{.Token}}{{ .Unknown }}.</p>"
            .into(),
    );
    let custom = config.auth_mailer().unwrap();

    mailer
        .send(MailKind::Invite, &invite("dana@acme.test"))
        .await
        .unwrap();
    custom
        .send(MailKind::Invite, &invite("ravi@summit.test"))
        .await
        .unwrap();

    let default = caught_for(&catcher, "dana@acme.test").await;
    assert_eq!(default["Subject"], "You have been invited");
    assert_eq!(
        default["From"],
        json!({"Name": "ClaimBridge Accounts", "Address": "accounts@claimbridge.test"})
    );
    assert_eq!(
        default["To"],
        json!([{"Name": "", "Address": "dana@acme.test"}])
    );
    let html = default["HTML"].as_str().unwrap();
    assert!(
        html.contains(r#"href="http://localhost:54321/auth/v1/verify?token=pkce_7f3a&amp;type=invite&amp;redirect_to=http://localhost:54321/admin""#),
        "{html}"
    );
    assert!(html.contains(">482913</span>"), "{html}");
    let text = default["Text"].as_str().unwrap();
    assert!(
        text.contains("Accept invitation: http://localhost:54321/auth/v1/verify?token=pkce_7f3a&type=invite&redirect_to=http://localhost:54321/admin"),
        "{text}"
    );
    assert!(text.contains("Or enter this code: 482913"), "{text}");

    let custom = caught_for(&catcher, "ravi@summit.test").await;
    // The metadata reached the subject with its line break turned into a space: no header.
    assert_eq!(
        custom["Subject"],
        "Welcome, Dana <b>Scully</b> & Co Bcc: evil@attacker.test"
    );
    assert_eq!(custom["Bcc"], json!([]));
    let html = custom["HTML"].as_str().unwrap();
    assert!(
        html.starts_with("<p>Hello Dana &lt;b&gt;Scully&lt;/b&gt; &amp; Co"),
        "{html}"
    );
    assert!(
        html.trim_end().ends_with(
            "<p><a href=\"http://localhost:54321/auth/v1/verify?token=pkce_7f3a&amp;type=invite&amp;redirect_to=http://localhost:54321/admin\">Join</a> \
             or type 482913.</p>"
        ),
        "{html}"
    );
    assert_eq!(custom["Text"], "", "a configured HTML body stands alone");
    let id = custom["ID"].as_str().unwrap();
    let raw = get(&catcher, &format!("/api/v1/message/{id}/raw"))
        .await
        .text()
        .await
        .unwrap();
    let head = raw.split("\r\n\r\n").next().unwrap();
    assert!(!head.lines().any(|line| line.starts_with("Bcc:")), "{head}");

    // A recipient that is not exactly one address is refused before anything is sent.
    for to in [
        "dana@acme.test\r\nBcc: evil@attacker.test",
        "dana@acme.test, evil@attacker.test",
    ] {
        let err = mailer
            .send(MailKind::Invite, &invite(to))
            .await
            .unwrap_err();
        assert!(
            matches!(&err, MailError::Send(why) if why.starts_with("not sent to the recipient")),
            "{err}"
        );
    }
    let all: Value = get(&catcher, "/api/v1/messages")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(all["total"], 2);
}

#[tokio::test]
async fn an_unreachable_mail_server_is_a_send_error() {
    let data_dir = tempfile::tempdir().unwrap();
    // Nothing listens on that port.
    let config = config_for(free_port(), data_dir.path(), &[("SMTP_TIMEOUT_SECS", "2")]);
    let err = config
        .auth_mailer()
        .unwrap()
        .send(MailKind::Recovery, &invite("dana@acme.test"))
        .await
        .unwrap_err();
    assert!(matches!(err, MailError::Send(_)), "{err}");
}

#[tokio::test]
async fn production_without_a_mail_server_fails_each_send_clearly() {
    let data_dir = tempfile::tempdir().unwrap();
    let config = cb_tests::app_config_on(
        "postgres://postgres@127.0.0.1:1/unused",
        data_dir.path(),
        &[
            ("CLAIMBRIDGE_ENV", "production"),
            (
                "JWT_SECRET",
                "a-production-secret-of-at-least-32-characters",
            ),
        ],
    );
    assert!(config.mail.catcher.is_none());
    let err = config
        .auth_mailer()
        .unwrap()
        .send(MailKind::MagicLink, &invite("dana@acme.test"))
        .await
        .unwrap_err();
    assert_eq!(err, MailError::NotConfigured);
    assert_eq!(
        err.to_string(),
        "no SMTP server is configured for auth emails (GOTRUE_SMTP_HOST or SMTP_HOST)"
    );
}

#[tokio::test]
async fn serve_in_development_starts_the_catcher_on_the_ports_it_is_given() {
    let db = cb_tests::fresh_database().await;
    let data_dir = tempfile::tempdir().unwrap();
    let (port, mailbox, smtp) = (free_port(), free_port(), free_port());
    let mut server = serve_command_on(&db, data_dir.path(), port)
        .env("CLAIMBRIDGE_MAILBOX_PORT", mailbox.to_string())
        .env("CLAIMBRIDGE_MAILBOX_SMTP_PORT", smtp.to_string())
        .spawn()
        .expect("start claimbridge");
    wait_ready(port, &mut server).await;
    let answer = reqwest::get(format!("http://127.0.0.1:{mailbox}/api/v1/messages")).await;
    let greeting = smtp_greeting(smtp).await;
    let _ = server.kill();
    let _ = server.wait();
    let list: Value = answer.unwrap().json().await.unwrap();
    assert_eq!(list["total"], 0);
    assert!(greeting.starts_with("220 "), "{greeting}");
}

/// The first line the SMTP server on loopback `port` says.
async fn smtp_greeting(port: u16) -> String {
    use tokio::io::AsyncBufReadExt as _;
    let stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    let mut line = String::new();
    tokio::io::BufReader::new(stream)
        .read_line(&mut line)
        .await
        .unwrap();
    line
}
