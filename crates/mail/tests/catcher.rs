//! The catcher as its users meet it: real lettre messages sent over TCP through the server's
//! SMTP sender, read back through Mailpit's JSON API and the page; and what it refuses.
use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use cb_mail::{Catcher, CatcherSettings, MailError, SmtpSender, mailbox};
use lettre::Message;
use lettre::message::MultiPart;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader};
use tokio::net::TcpStream;

async fn catcher_with(settings: CatcherSettings) -> Catcher {
    Catcher::start(&CatcherSettings {
        http_port: 0,
        smtp_port: 0,
        ..settings
    })
    .await
    .expect("start the catcher")
}

async fn catcher() -> Catcher {
    catcher_with(CatcherSettings::default()).await
}

async fn get_json(catcher: &Catcher, path: &str) -> Value {
    let response = reqwest::get(format!("{}{path}", catcher.url()))
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{path}");
    response.json().await.unwrap()
}

fn invite(to: &str, subject: &str) -> Message {
    Message::builder()
        .from(mailbox("ClaimBridge", "no-reply@claimbridge.test").unwrap())
        .to(to.parse().unwrap())
        .subject(subject)
        .multipart(MultiPart::alternative_plain_html(
            "Accept the invitation: https://claimbridge.test/auth/v1/verify?token=abc&type=invite\n"
                .to_string(),
            r#"<p><a href="https://claimbridge.test/auth/v1/verify?token=abc&amp;type=invite">Accept the invitation</a> — ünïcödé</p>"#
                .to_string(),
        ))
        .unwrap()
}

#[tokio::test]
async fn a_message_sent_through_the_sender_is_read_back_through_mailpits_api() {
    let catcher = catcher().await;
    let sender = SmtpSender::new(&catcher.smtp_settings()).unwrap();
    sender
        .send(invite(
            "Dana Scully <dana@acme.test>",
            "You have been invited",
        ))
        .await
        .unwrap();
    sender
        .send(invite("ops@summit.test", "Reset Your Password"))
        .await
        .unwrap();

    let list = get_json(&catcher, "/api/v1/messages").await;
    assert_eq!(list["total"], 2);
    assert_eq!(list["count"], 2);
    assert_eq!(list["unread"], 2);
    let messages = list["messages"].as_array().unwrap();
    // Newest first.
    assert_eq!(messages[0]["Subject"], "Reset Your Password");
    assert_eq!(messages[1]["Subject"], "You have been invited");
    assert_eq!(
        messages[1]["From"],
        serde_json::json!({"Name": "ClaimBridge", "Address": "no-reply@claimbridge.test"})
    );
    assert_eq!(
        messages[1]["To"],
        serde_json::json!([{"Name": "Dana Scully", "Address": "dana@acme.test"}])
    );
    assert!(
        messages[1]["Snippet"]
            .as_str()
            .unwrap()
            .starts_with("Accept the invitation")
    );
    assert!(messages[1]["Created"].as_str().unwrap().ends_with('Z'));

    let id = messages[1]["ID"].as_str().unwrap();
    let message = get_json(&catcher, &format!("/api/v1/message/{id}")).await;
    assert_eq!(
        message["Text"].as_str().unwrap().trim_end(),
        "Accept the invitation: https://claimbridge.test/auth/v1/verify?token=abc&type=invite"
    );
    assert_eq!(
        message["HTML"],
        r#"<p><a href="https://claimbridge.test/auth/v1/verify?token=abc&amp;type=invite">Accept the invitation</a> — ünïcödé</p>"#
    );
    assert_eq!(message["ReturnPath"], "no-reply@claimbridge.test");
    // Reading it marked it read, as Mailpit does.
    assert_eq!(get_json(&catcher, "/api/v1/messages").await["unread"], 1);
    assert_eq!(
        get_json(&catcher, "/api/v1/message/latest").await["Subject"],
        "Reset Your Password"
    );

    let found = get_json(&catcher, "/api/v1/search?query=to:dana@acme.test").await;
    assert_eq!(found["messages_count"], 1);
    assert_eq!(found["messages"][0]["ID"], id);
    let none = get_json(&catcher, "/api/v1/search?query=to:nobody@acme.test").await;
    assert_eq!(none["messages_count"], 0);
    assert_eq!(none["total"], 2);

    // The page lists them and shows one, every value escaped.
    let page = reqwest::get(catcher.url()).await.unwrap();
    assert!(
        page.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .contains("default-src 'none'")
    );
    let page = page.text().await.unwrap();
    assert!(page.contains("Reset Your Password"), "{page}");
    assert!(
        page.contains("Dana Scully &lt;dana@acme.test&gt;"),
        "{page}"
    );
    let view = reqwest::get(format!("{}/view/{id}", catcher.url()))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(view.contains(&format!(
        r#"sandbox="allow-popups allow-popups-to-escape-sandbox" src="/view/{id}/html""#
    )));
    let framed = reqwest::get(format!("{}/view/{id}/html", catcher.url()))
        .await
        .unwrap();
    let policy = framed.headers()["content-security-policy"]
        .to_str()
        .unwrap();
    assert!(policy.starts_with("sandbox allow-popups"), "{policy}");
    assert!(policy.contains("default-src 'none'"), "{policy}");
    assert!(
        framed
            .text()
            .await
            .unwrap()
            .starts_with(r#"<base target="_blank"><p><a href="https://claimbridge.test/"#)
    );

    let client = reqwest::Client::new();
    let deleted = client
        .delete(format!("{}/api/v1/messages", catcher.url()))
        .json(&serde_json::json!({"IDs": [id]}))
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.text().await.unwrap(), "ok");
    assert_eq!(get_json(&catcher, "/api/v1/messages").await["total"], 1);
    client
        .delete(format!("{}/api/v1/messages", catcher.url()))
        .send()
        .await
        .unwrap();
    assert_eq!(get_json(&catcher, "/api/v1/messages").await["total"], 0);
    let missing = reqwest::get(format!("{}/api/v1/message/{id}", catcher.url()))
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);
}

/// A raw SMTP client: each call sends `line` (if any) and returns the reply's last line.
struct RawClient {
    reader: BufReader<tokio::net::tcp::OwnedReadHalf>,
    writer: tokio::net::tcp::OwnedWriteHalf,
}

impl RawClient {
    async fn connect(catcher: &Catcher) -> (Self, String) {
        let (reader, writer) = TcpStream::connect(catcher.smtp_address())
            .await
            .unwrap()
            .into_split();
        let mut client = Self {
            reader: BufReader::new(reader),
            writer,
        };
        let greeting = client.reply().await;
        (client, greeting)
    }

    async fn reply(&mut self) -> String {
        loop {
            let mut line = String::new();
            tokio::time::timeout(Duration::from_secs(10), self.reader.read_line(&mut line))
                .await
                .expect("a reply in time")
                .unwrap();
            // A multi-line reply goes on while the code is followed by '-'.
            if line.len() < 4 || line.as_bytes()[3] != b'-' {
                return line.trim_end().to_string();
            }
        }
    }

    async fn send(&mut self, line: &str) -> String {
        self.writer.write_all(line.as_bytes()).await.unwrap();
        self.writer.write_all(b"\r\n").await.unwrap();
        self.reply().await
    }
}

#[tokio::test]
async fn the_smtp_dialogue_unstuffs_dots_and_refuses_what_it_must() {
    let catcher = catcher_with(CatcherSettings {
        max_message_bytes: 2048,
        ..CatcherSettings::default()
    })
    .await;
    let (mut client, greeting) = RawClient::connect(&catcher).await;
    assert!(greeting.starts_with("220 "), "{greeting}");
    assert!(client.send("MAIL FROM:<a@b.test>").await.starts_with("503"));
    assert!(client.send("EHLO tester").await.starts_with("250 "));
    assert!(client.send("DATA").await.starts_with("503"));
    assert!(
        client
            .send("MAIL FROM:<a@b.test> SIZE=4096")
            .await
            .starts_with("552")
    );
    assert!(client.send("MAIL FROM:<a@b.test>").await.starts_with("250"));
    assert!(client.send("RCPT TO:<x@y.test>").await.starts_with("250"));
    assert!(client.send("NOOP").await.starts_with("250"));
    assert!(client.send("DATA").await.starts_with("354"));
    let reply = client
        .send("Subject: dots\r\n\r\n..leading dot\r\nlast line\r\n.")
        .await;
    assert!(reply.starts_with("250 "), "{reply}");
    let message = get_json(&catcher, "/api/v1/message/latest").await;
    assert_eq!(
        message["Text"].as_str().unwrap(),
        ".leading dot\r\nlast line\r\n",
        "one dot taken off a stuffed line, and a lone dot line ends the data"
    );

    // An oversized DATA is refused, and the session carries on.
    assert!(client.send("MAIL FROM:<a@b.test>").await.starts_with("250"));
    assert!(client.send("RCPT TO:<x@y.test>").await.starts_with("250"));
    assert!(client.send("DATA").await.starts_with("354"));
    let big = format!("Subject: big\r\n\r\n{}\r\n.", "x".repeat(3000));
    let reply = client.send(&big).await;
    assert!(reply.starts_with("552 "), "{reply}");
    assert!(client.send("RSET").await.starts_with("250"));
    assert_eq!(get_json(&catcher, "/api/v1/messages").await["total"], 1);
    assert!(client.send("QUIT").await.starts_with("221"));

    // Something that is not an SMTP client is cut off after a few mistakes.
    let (mut http, _) = RawClient::connect(&catcher).await;
    let mut last = String::new();
    for _ in 0..10 {
        last = http.send("GET / HTTP/1.1").await;
    }
    assert!(last.starts_with("421"), "{last}");
}

#[tokio::test]
async fn the_catcher_listens_beyond_loopback_only_when_allowed() {
    let everywhere = CatcherSettings {
        host: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        http_port: 0,
        smtp_port: 0,
        ..CatcherSettings::default()
    };
    let err = Catcher::start(&everywhere).await.unwrap_err();
    assert!(matches!(err, MailError::NotLoopback(_)), "{err}");
    assert!(err.to_string().contains("only when the network is allowed"));
    let allowed = Catcher::start(&CatcherSettings {
        allow_network: true,
        ..everywhere
    })
    .await
    .unwrap();
    assert!(!allowed.http_address().ip().is_loopback());
}

#[tokio::test]
async fn a_taken_port_is_named() {
    let first = catcher().await;
    let err = Catcher::start(&CatcherSettings {
        smtp_port: first.smtp_address().port(),
        http_port: 0,
        ..CatcherSettings::default()
    })
    .await
    .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("the mail catcher cannot listen for SMTP on 127.0.0.1:"),
        "{err}"
    );
}

#[tokio::test]
async fn a_request_for_another_host_name_is_refused() {
    let catcher = catcher().await;
    let client = reqwest::Client::new();
    let url = format!("{}/api/v1/messages", catcher.url());
    for host in ["evil.example", "evil.example:54324"] {
        let answer = client.get(&url).header("host", host).send().await.unwrap();
        assert_eq!(answer.status(), 421, "{host}");
    }
    for host in ["localhost:54324", "127.0.0.1", "[::1]:1", "mail.localhost"] {
        let answer = client.get(&url).header("host", host).send().await.unwrap();
        assert_eq!(answer.status(), 200, "{host}");
    }
}

#[tokio::test]
async fn the_oldest_messages_make_room() {
    let catcher = catcher_with(CatcherSettings {
        max_messages: 3,
        ..CatcherSettings::default()
    })
    .await;
    let sender = SmtpSender::new(&catcher.smtp_settings()).unwrap();
    for n in 0..5 {
        sender
            .send(invite("dana@acme.test", &format!("message {n}")))
            .await
            .unwrap();
    }
    let list = get_json(&catcher, "/api/v1/messages?limit=2").await;
    assert_eq!(list["total"], 3);
    assert_eq!(list["count"], 2);
    assert_eq!(list["messages"][0]["Subject"], "message 4");
    let rest = get_json(&catcher, "/api/v1/messages?start=2").await;
    assert_eq!(rest["messages"][0]["Subject"], "message 2");
}
