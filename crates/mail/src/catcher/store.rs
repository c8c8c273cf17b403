//! The caught messages: the newest `max` kept in memory, each read once on arrival (addresses,
//! subject, text and HTML parts, whatever their transfer encoding) into Mailpit's shapes.
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, SecondsFormat, Utc};
use mail_parser::MessageParser;
use serde::Serialize;

/// Mailpit's snippets are this long.
const SNIPPET_CHARS: usize = 250;

/// An address as Go's `net/mail.Address` serialises it (Mailpit's shape).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub(super) struct Address {
    pub(super) name: String,
    pub(super) address: String,
}

/// One caught message.
#[derive(Debug)]
pub(super) struct Caught {
    pub(super) id: String,
    pub(super) created: DateTime<Utc>,
    /// What the SMTP client sent after DATA, dot-unstuffed.
    pub(super) raw: Vec<u8>,
    pub(super) read: AtomicBool,
    pub(super) message_id: String,
    /// The envelope sender (MAIL FROM).
    pub(super) return_path: String,
    pub(super) from: Option<Address>,
    pub(super) to: Vec<Address>,
    pub(super) cc: Vec<Address>,
    /// Envelope recipients named in no To or Cc header.
    pub(super) bcc: Vec<Address>,
    pub(super) reply_to: Vec<Address>,
    pub(super) subject: String,
    /// The Date header, if it has one.
    pub(super) date: Option<DateTime<Utc>>,
    pub(super) text: String,
    pub(super) html: String,
    pub(super) snippet: String,
}

impl Caught {
    /// Reads `raw`, received from `envelope_from` for `recipients`. A message that cannot be
    /// read as MIME is still kept, with its raw text as the text body.
    pub(super) fn new(raw: Vec<u8>, envelope_from: &str, recipients: &[String]) -> Self {
        let parsed = MessageParser::default().parse(&raw);
        let addresses = |field: Option<&mail_parser::Address<'_>>| -> Vec<Address> {
            field
                .map(|list| {
                    list.iter()
                        .map(|addr| Address {
                            name: addr.name().unwrap_or_default().to_string(),
                            address: addr.address().unwrap_or_default().to_string(),
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        let (message_id, from, to, cc, reply_to, subject, date, text, html, snippet) = match &parsed
        {
            Some(message) => {
                // mail-parser converts between text and HTML when a part is missing; only a
                // part that is really there is shown.
                let html = message
                    .html_part(0)
                    .filter(|part| part.is_text_html())
                    .and_then(|part| part.text_contents())
                    .unwrap_or_default()
                    .to_string();
                let text = message
                    .text_part(0)
                    .filter(|part| part.is_text() && !part.is_text_html())
                    .and_then(|part| part.text_contents())
                    .unwrap_or_default()
                    .to_string();
                (
                    message.message_id().unwrap_or_default().to_string(),
                    addresses(message.from()).into_iter().next(),
                    addresses(message.to()),
                    addresses(message.cc()),
                    addresses(message.reply_to()),
                    message.subject().unwrap_or_default().to_string(),
                    message
                        .date()
                        .and_then(|date| DateTime::from_timestamp(date.to_timestamp(), 0)),
                    text,
                    html,
                    message
                        .body_preview(SNIPPET_CHARS)
                        .map(|preview| squeeze(&preview))
                        .unwrap_or_default(),
                )
            }
            None => {
                let text = String::from_utf8_lossy(&raw).into_owned();
                let snippet = squeeze(&text);
                let none = Vec::new;
                (
                    String::new(),
                    None,
                    none(),
                    none(),
                    none(),
                    String::new(),
                    None,
                    text,
                    String::new(),
                    snippet,
                )
            }
        };
        let named = |address: &str| {
            to.iter()
                .chain(&cc)
                .any(|shown| shown.address.eq_ignore_ascii_case(address))
        };
        let bcc = recipients
            .iter()
            .filter(|recipient| !named(recipient))
            .map(|recipient| Address {
                name: String::new(),
                address: recipient.clone(),
            })
            .collect();
        Self {
            id: uuid::Uuid::new_v4().simple().to_string(),
            created: Utc::now(),
            raw,
            read: AtomicBool::new(false),
            message_id,
            return_path: envelope_from.to_string(),
            from,
            to,
            cc,
            bcc,
            reply_to,
            subject,
            date,
            text,
            html,
            snippet,
        }
    }

    /// Whether every term of `query` matches (Mailpit's search syntax, in part: `to:`, `from:`,
    /// `subject:`, `is:read`, `is:unread`, and words or "quoted phrases" anywhere), ignoring case.
    pub(super) fn matches(&self, query: &Query) -> bool {
        query.terms.iter().all(|term| match term {
            Term::To(needle) => {
                any_address(self.to.iter().chain(&self.cc).chain(&self.bcc), needle)
            }
            Term::From(needle) => any_address(self.from.iter(), needle),
            Term::Subject(needle) => has(&self.subject, needle),
            Term::Read(read) => self.read.load(Ordering::Relaxed) == *read,
            Term::Anywhere(needle) => {
                has(&self.subject, needle)
                    || has(&self.text, needle)
                    || has(&self.html, needle)
                    || any_address(
                        self.from
                            .iter()
                            .chain(&self.to)
                            .chain(&self.cc)
                            .chain(&self.bcc),
                        needle,
                    )
            }
        })
    }

    /// Mailpit's `MessageSummary`.
    pub(super) fn summary(&self) -> serde_json::Value {
        serde_json::json!({
            "ID": self.id,
            "MessageID": self.message_id,
            "Read": self.read.load(Ordering::Relaxed),
            "From": self.from,
            "To": self.to,
            "Cc": self.cc,
            "Bcc": self.bcc,
            "ReplyTo": self.reply_to,
            "Subject": self.subject,
            "Created": timestamp(self.created),
            "Username": "",
            "Tags": [],
            "Size": self.raw.len(),
            "Attachments": 0,
            "Snippet": self.snippet,
        })
    }

    /// Mailpit's `Message`.
    pub(super) fn message(&self) -> serde_json::Value {
        serde_json::json!({
            "ID": self.id,
            "MessageID": self.message_id,
            "From": self.from,
            "To": self.to,
            "Cc": self.cc,
            "Bcc": self.bcc,
            "ReplyTo": self.reply_to,
            "ReturnPath": self.return_path,
            "Subject": self.subject,
            "ListUnsubscribe": {"Header": "", "Links": [], "Errors": "", "HeaderPost": ""},
            "Date": timestamp(self.date.unwrap_or(self.created)),
            "Tags": [],
            "Username": "",
            "Text": self.text,
            "HTML": self.html,
            "Size": self.raw.len(),
            "Inline": [],
            "Attachments": [],
        })
    }
}

/// Whether `haystack` holds `needle` (already lower case), ignoring case.
fn has(haystack: &str, needle: &str) -> bool {
    haystack.to_lowercase().contains(needle)
}

fn any_address<'a>(mut list: impl Iterator<Item = &'a Address>, needle: &str) -> bool {
    list.any(|address| has(&address.address, needle) || has(&address.name, needle))
}

fn timestamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// Whitespace runs as one space.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A parsed search.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Query {
    terms: Vec<Term>,
}

#[derive(Debug, PartialEq, Eq)]
enum Term {
    To(String),
    From(String),
    Subject(String),
    Read(bool),
    Anywhere(String),
}

impl Query {
    pub(super) fn parse(text: &str) -> Self {
        let mut words = Vec::new();
        let mut word = String::new();
        let mut quoted = false;
        for ch in text.chars().chain(std::iter::once(' ')) {
            match ch {
                '"' => quoted = !quoted,
                ch if ch.is_whitespace() && !quoted => {
                    if !word.is_empty() {
                        words.push(std::mem::take(&mut word));
                    }
                }
                ch => word.push(ch),
            }
        }
        let terms = words
            .into_iter()
            .map(|word| {
                let lower = word.to_lowercase();
                match lower.split_once(':') {
                    Some(("to", value)) => Term::To(value.to_string()),
                    Some(("from", value)) => Term::From(value.to_string()),
                    Some(("subject", value)) => Term::Subject(value.to_string()),
                    Some(("is", "read")) => Term::Read(true),
                    Some(("is", "unread")) => Term::Read(false),
                    _ => Term::Anywhere(lower),
                }
            })
            .collect();
        Self { terms }
    }
}

/// The newest messages, newest first.
#[derive(Debug)]
pub(super) struct Store {
    messages: Mutex<VecDeque<Arc<Caught>>>,
    max: usize,
}

impl Store {
    pub(super) fn new(max: usize) -> Self {
        Self {
            messages: Mutex::default(),
            max: max.max(1),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<Arc<Caught>>> {
        self.messages.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps `message`, dropping the oldest beyond the limit; its ID.
    pub(super) fn push(&self, message: Caught) -> String {
        let id = message.id.clone();
        let mut messages = self.lock();
        messages.push_front(Arc::new(message));
        messages.truncate(self.max);
        id
    }

    /// Every message, newest first.
    pub(super) fn all(&self) -> Vec<Arc<Caught>> {
        self.lock().iter().cloned().collect()
    }

    /// Message `id`, or the newest for `latest` (as Mailpit answers it).
    pub(super) fn get(&self, id: &str) -> Option<Arc<Caught>> {
        let messages = self.lock();
        if id == "latest" {
            return messages.front().cloned();
        }
        messages.iter().find(|message| message.id == id).cloned()
    }

    /// Deletes the messages `ids` names, or all of them when it names none.
    pub(super) fn delete(&self, ids: &[String]) {
        let mut messages = self.lock();
        if ids.is_empty() {
            messages.clear();
        } else {
            messages.retain(|message| !ids.contains(&message.id));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MESSAGE: &str = "From: \"ClaimBridge\" <no-reply@claimbridge.test>\r\n\
        To: Dana <dana@acme.test>\r\n\
        Subject: =?utf-8?b?WW91IGhhdmUgYmVlbiBpbnZpdGVkIOKAlCB3ZWxjb21l?=\r\n\
        Message-ID: <abc@claimbridge.test>\r\n\
        Date: Mon, 05 Jan 2026 10:00:00 +0000\r\n\
        MIME-Version: 1.0\r\n\
        Content-Type: multipart/alternative; boundary=\"b\"\r\n\r\n\
        --b\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n\
        Accept: https://x.test/verify?token=3Dabc&type=3Dinvite\r\n\
        --b\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n\
        PHA+PGEgaHJlZj0iaHR0cHM6Ly94LnRlc3QvP2E9MSZhbXA7Yj0yIj5BY2NlcHQ8L2E+PC9wPg==\r\n\
        --b--\r\n";

    #[test]
    fn a_message_is_read_into_mailpits_shape() {
        let caught = Caught::new(
            MESSAGE.as_bytes().to_vec(),
            "bounce@claimbridge.test",
            &["dana@acme.test".into(), "audit@claimbridge.test".into()],
        );
        assert_eq!(caught.subject, "You have been invited — welcome");
        assert_eq!(
            caught.text.trim_end(),
            "Accept: https://x.test/verify?token=abc&type=invite"
        );
        assert_eq!(
            caught.html,
            r#"<p><a href="https://x.test/?a=1&amp;b=2">Accept</a></p>"#
        );
        let summary = caught.summary();
        assert_eq!(
            summary["From"],
            serde_json::json!({"Name": "ClaimBridge", "Address": "no-reply@claimbridge.test"})
        );
        assert_eq!(summary["To"][0]["Address"], "dana@acme.test");
        assert_eq!(summary["Bcc"][0]["Address"], "audit@claimbridge.test");
        assert_eq!(summary["MessageID"], "abc@claimbridge.test");
        assert!(summary["Snippet"].as_str().unwrap().starts_with("Accept:"));
        let message = caught.message();
        assert_eq!(message["Date"], "2026-01-05T10:00:00.000Z");
        assert_eq!(message["ReturnPath"], "bounce@claimbridge.test");
    }

    #[test]
    fn a_text_only_message_has_no_html() {
        let raw = b"Subject: hi\r\nContent-Type: text/plain\r\n\r\nplain body\r\n".to_vec();
        let caught = Caught::new(raw, "", &["a@b.test".into()]);
        assert_eq!(caught.text.trim_end(), "plain body");
        assert_eq!(caught.html, "");
        assert_eq!(caught.to, []);
        assert_eq!(caught.bcc[0].address, "a@b.test");
    }

    #[test]
    fn searches_match_every_term() {
        let caught = Caught::new(MESSAGE.as_bytes().to_vec(), "", &["dana@acme.test".into()]);
        for (query, expected) in [
            ("to:dana@acme.test", true),
            ("TO:Dana@Acme.test", true),
            ("to:ops@acme.test", false),
            ("from:claimbridge subject:invited", true),
            ("subject:\"been invited\"", true),
            ("\"has been invited\"", false),
            ("token=abc", true),
            ("is:unread", true),
            ("is:read", false),
        ] {
            assert_eq!(caught.matches(&Query::parse(query)), expected, "{query}");
        }
    }

    #[test]
    fn the_store_keeps_the_newest() {
        let store = Store::new(2);
        let ids: Vec<String> = (0..3)
            .map(|n| store.push(Caught::new(format!("Subject: {n}\r\n\r\n").into(), "", &[])))
            .collect();
        let subjects: Vec<String> = store.all().iter().map(|m| m.subject.clone()).collect();
        assert_eq!(subjects, ["2", "1"]);
        assert!(store.get(&ids[0]).is_none());
        assert_eq!(store.get("latest").unwrap().id, ids[2]);
        store.delete(std::slice::from_ref(&ids[2]));
        assert_eq!(store.all().len(), 1);
        store.delete(&[]);
        assert!(store.all().is_empty());
    }
}
