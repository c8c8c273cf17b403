//! What a lead email says: the lead's answers as a plain-text part and an HTML part (every
//! value escaped by cb_escape, the project's one place for it), a subject naming the
//! kind of lead and the company, and Reply-To the visitor. Whatever a visitor typed reaches a
//! header only through lettre's header types (which encode it) and only after control
//! characters (CR and LF above all) are replaced with spaces, so it can never add a header.
use cb_escape::markup;
use cb_mail::header_text;
use chrono::{DateTime, Utc};
use lettre::Message;
use lettre::message::{Mailbox, MultiPart};
use serde::Deserialize;
use serde_json::{Map, Value};
use uuid::Uuid;

use super::LeadEmailSettings;

/// A lead as `private.lead_email_content` gives it.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(crate) enum Lead {
    Contact {
        received_at: DateTime<Utc>,
        source: String,
        email: String,
        company_name: String,
        full_name: String,
        payload: Value,
        spam: bool,
    },
    Whitepaper {
        received_at: DateTime<Utc>,
        email: String,
        company_name: String,
        first_name: String,
        last_name: String,
        phone: String,
        job_title: String,
        company_size: String,
        revenue: String,
        current_challenges: String,
        spam: bool,
    },
}

/// The contact form's answers in the form's order, with its labels.
const CONTACT_FIELDS: [(&str, &str); 10] = [
    ("companyName", "Company name"),
    ("yourName", "Name"),
    ("email", "Email"),
    ("phone", "Phone"),
    ("howCanWeHelp", "How can we help?"),
    ("howManyUsers", "How many users?"),
    ("yearsInBusiness", "Years in business"),
    ("claimsPerMonth", "Claims per month"),
    ("currentSoftware", "Current software"),
    ("aboutProducts", "Products"),
];
/// Payload fields that are not answers: the captcha solution and the honeypot inputs.
const HIDDEN_FIELDS: [&str; 4] = ["recaptchaToken", "captchaToken", "website", "honeypot"];

impl Lead {
    pub(crate) fn is_spam(&self) -> bool {
        match self {
            Self::Contact { spam, .. } | Self::Whitepaper { spam, .. } => *spam,
        }
    }

    fn kind_label(&self) -> &'static str {
        match self {
            Self::Contact { .. } => "Contact inquiry",
            Self::Whitepaper { .. } => "Whitepaper download",
        }
    }

    fn company(&self) -> &str {
        match self {
            Self::Contact { company_name, .. } | Self::Whitepaper { company_name, .. } => {
                company_name
            }
        }
    }

    fn person(&self) -> String {
        match self {
            Self::Contact { full_name, .. } => full_name.clone(),
            Self::Whitepaper {
                first_name,
                last_name,
                ..
            } => format!("{first_name} {last_name}").trim().to_string(),
        }
    }

    fn email(&self) -> &str {
        match self {
            Self::Contact { email, .. } | Self::Whitepaper { email, .. } => email,
        }
    }

    fn received_at(&self) -> DateTime<Utc> {
        match self {
            Self::Contact { received_at, .. } | Self::Whitepaper { received_at, .. } => {
                *received_at
            }
        }
    }

    /// Label and value of every answer, in the form's order.
    fn fields(&self) -> Vec<(String, String)> {
        let mut fields: Vec<(String, String)> = Vec::new();
        let mut push = |label: &str, value: &str| {
            if !value.trim().is_empty() {
                fields.push((label.to_string(), value.to_string()));
            }
        };
        match self {
            Self::Contact {
                payload, source, ..
            } => {
                let empty = Map::new();
                let object = payload.as_object().unwrap_or(&empty);
                for (key, label) in CONTACT_FIELDS {
                    if let Some(value) = object.get(key) {
                        push(label, &text_of(value));
                    }
                }
                // Anything the form sends that is not one of its known answers, as it came.
                for (key, value) in object {
                    let known = CONTACT_FIELDS.iter().any(|(field, _)| field == key)
                        || HIDDEN_FIELDS.contains(&key.as_str())
                        || key == "source"
                        || key == "timestamp";
                    if !known {
                        push(key, &text_of(value));
                    }
                }
                push("Source", source);
            }
            Self::Whitepaper {
                company_name,
                email,
                phone,
                job_title,
                company_size,
                revenue,
                current_challenges,
                ..
            } => {
                push("Company name", company_name);
                push("Name", &self.person());
                push("Email", email);
                push("Phone", phone);
                push("Job title", job_title);
                // The whitepaper form stores the users answer as company_size and the years in
                // business as revenue (product spec §3).
                push("Company size", company_size);
                push("Years in business", revenue);
                push("Current challenges", current_challenges);
            }
        }
        fields.push((
            "Received".into(),
            self.received_at()
                .format("%Y-%m-%d %H:%M:%S UTC")
                .to_string(),
        ));
        fields
    }
}

fn text_of(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn subject_for(lead: &Lead) -> String {
    let company = header_text(lead.company(), 100);
    let company = if company.is_empty() {
        header_text(&lead.person(), 100)
    } else {
        company
    };
    match lead {
        Lead::Contact { .. } => format!("New contact inquiry: {company}"),
        Lead::Whitepaper { .. } => format!("New whitepaper download: {company}"),
    }
}

fn text_section(lead: &Lead, out: &mut String) {
    for (label, value) in lead.fields() {
        if value.contains('\n') {
            out.push_str(&format!("{label}:\n"));
            for line in value.lines() {
                out.push_str(&format!("  {line}\n"));
            }
        } else {
            out.push_str(&format!("{label}: {value}\n"));
        }
    }
}

const TABLE: &str =
    "border-collapse:collapse;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1a202c";
const TH: &str = "text-align:left;vertical-align:top;padding:6px 12px 6px 0;color:#4a5568;font-weight:600;white-space:nowrap";
const TD: &str = "vertical-align:top;padding:6px 0;white-space:pre-wrap";

fn html_section(lead: &Lead, out: &mut String) {
    out.push_str(&format!(r#"<table role="presentation" style="{TABLE}">"#));
    for (label, value) in lead.fields() {
        out.push_str(&format!(
            r#"<tr><th scope="row" style="{TH}">{}</th><td style="{TD}">{}</td></tr>"#,
            markup(&label),
            markup(&value)
        ));
    }
    out.push_str("</table>");
}

fn html_page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title></head>\
         <body style=\"margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1a202c\">{body}</body></html>",
        markup(title)
    )
}

fn inbox_lines(settings: &LeadEmailSettings, text: &mut String, html: &mut String) {
    if let Some(url) = &settings.inbox_url {
        text.push_str(&format!("\nOpen the leads inbox: {url}\n"));
        html.push_str(&format!(
            r#"<p style="margin-top:24px"><a href="{}">Open the leads inbox</a></p>"#,
            markup(url)
        ));
    }
}

/// The Message-ID of notification or digest `id`: the same on every attempt, so a mail client
/// shows a message sent twice (after a crash between sending and recording) once.
fn message_id(kind: &str, id: Uuid, from: &Mailbox) -> String {
    format!("<{kind}-{id}@{}>", from.email.domain())
}

fn envelope_builder(
    settings: &LeadEmailSettings,
) -> Result<lettre::message::MessageBuilder, String> {
    let from = settings
        .from
        .clone()
        .ok_or_else(|| "no sender configured (LEAD_EMAIL_FROM)".to_string())?;
    let mut builder = Message::builder().from(from);
    for to in &settings.to {
        builder = builder.to(to.clone());
    }
    Ok(builder.user_agent(concat!("ClaimBridge/", env!("CARGO_PKG_VERSION")).to_string()))
}

/// The email for one lead.
pub(crate) fn single(
    settings: &LeadEmailSettings,
    notification: Uuid,
    lead: &Lead,
) -> Result<Message, String> {
    let from = settings.from.as_ref().ok_or("no sender configured")?;
    let subject = subject_for(lead);
    let person = lead.person();
    let intro = match (person.is_empty(), lead.company().is_empty()) {
        (false, false) => format!(
            "{} from {} at {}.",
            lead.kind_label(),
            person,
            lead.company()
        ),
        (false, true) => format!("{} from {}.", lead.kind_label(), person),
        _ => format!("{}.", lead.kind_label()),
    };
    let mut text = format!("{intro}\n\n");
    text_section(lead, &mut text);
    text.push_str("\nReply to this email to answer the visitor.\n");
    let mut html = format!(
        r#"<h1 style="font-size:18px;margin:0 0 16px">{}</h1>"#,
        markup(&intro)
    );
    html_section(lead, &mut html);
    html.push_str(r#"<p style="margin-top:16px;color:#4a5568">Reply to this email to answer the visitor.</p>"#);
    inbox_lines(settings, &mut text, &mut html);

    let mut builder = envelope_builder(settings)?
        .subject(subject.clone())
        .message_id(Some(message_id("lead", notification, from)));
    let reply_name = header_text(&person, 100);
    if let Ok(address) = lead.email().trim().parse() {
        builder = builder.reply_to(Mailbox::new(
            (!reply_name.is_empty()).then_some(reply_name),
            address,
        ));
    }
    builder
        .multipart(MultiPart::alternative_plain_html(
            text,
            html_page(&subject, &html),
        ))
        .map_err(|err| format!("could not build the email: {err}"))
}

/// The daily digest of `leads` (at least one).
pub(crate) fn digest(
    settings: &LeadEmailSettings,
    digest: Uuid,
    leads: &[Lead],
) -> Result<Message, String> {
    let from = settings.from.as_ref().ok_or("no sender configured")?;
    let contacts = leads
        .iter()
        .filter(|lead| matches!(lead, Lead::Contact { .. }))
        .count();
    let whitepapers = leads.len() - contacts;
    let plural = |count: usize, one: &str, many: &str| {
        format!("{count} {}", if count == 1 { one } else { many })
    };
    let subject = format!(
        "Daily lead digest: {} ({}, {})",
        plural(leads.len(), "new lead", "new leads"),
        plural(contacts, "contact inquiry", "contact inquiries"),
        plural(whitepapers, "whitepaper download", "whitepaper downloads"),
    );
    let mut text = format!("{subject}\n");
    let mut html = format!(
        r#"<h1 style="font-size:18px;margin:0 0 16px">{}</h1>"#,
        markup(&subject)
    );
    for (index, lead) in leads.iter().enumerate() {
        let company = if lead.company().is_empty() {
            lead.person()
        } else {
            lead.company().to_string()
        };
        let heading = format!("{}. {}: {}", index + 1, lead.kind_label(), company);
        text.push_str(&format!("\n{heading}\n{}\n", "-".repeat(40)));
        text_section(lead, &mut text);
        html.push_str(&format!(
            r#"<h2 style="font-size:16px;margin:24px 0 8px">{}</h2>"#,
            markup(&heading)
        ));
        html_section(lead, &mut html);
    }
    inbox_lines(settings, &mut text, &mut html);
    envelope_builder(settings)?
        .subject(subject.clone())
        .message_id(Some(message_id("digest", digest, from)))
        .multipart(MultiPart::alternative_plain_html(
            text,
            html_page(&subject, &html),
        ))
        .map_err(|err| format!("could not build the email: {err}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn settings() -> LeadEmailSettings {
        LeadEmailSettings {
            to: vec!["Sales <sales@claimbridge.test>".parse().unwrap()],
            from: Some(
                "ClaimBridge website <leads@claimbridge.test>"
                    .parse()
                    .unwrap(),
            ),
            inbox_url: Some("https://www.claimbridge.test/admin/leads".into()),
            ..LeadEmailSettings::default()
        }
    }

    fn contact(company: &str, name: &str) -> Lead {
        serde_json::from_value(json!({
            "kind": "contact",
            "received_at": "2026-01-05T10:00:00Z",
            "source": "ClaimBridge website contact form",
            "email": "dana@acme.test",
            "company_name": company,
            "full_name": name,
            "spam": false,
            "payload": {
                "companyName": company, "yourName": name, "email": "dana@acme.test",
                "phone": "555-0100", "howCanWeHelp": "Denials\nare piling up",
                "howManyUsers": "10-50", "yearsInBusiness": "12", "claimsPerMonth": "2000",
                "currentSoftware": "Brightree", "aboutProducts": "CPAP, oxygen",
                "recaptchaToken": "secret-solution", "website": "", "referrer": "<b>ad</b>",
                "timestamp": "2026-01-05T10:00:00.000Z", "source": "ClaimBridge website contact form"
            }
        }))
        .unwrap()
    }

    fn text(message: &Message) -> String {
        String::from_utf8(message.formatted()).unwrap()
    }

    #[test]
    fn a_contact_lead_has_both_parts_with_every_answer_escaped_in_html() {
        let lead = contact("<script>alert(1)</script> & Co", "Dana Scully");
        let message = single(&settings(), Uuid::nil(), &lead).unwrap();
        let raw = text(&message);
        assert!(raw.contains("multipart/alternative"), "{raw}");
        assert!(raw.contains("text/plain"));
        assert!(raw.contains("text/html"));
        assert!(
            !raw.contains("secret-solution"),
            "the captcha solution is left out"
        );
        assert!(raw.contains("<lead-00000000-0000-0000-0000-000000000000@claimbridge.test>"));
        let lead_html = {
            let mut html = String::new();
            html_section(&lead, &mut html);
            html
        };
        assert!(lead_html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"));
        assert!(lead_html.contains("&lt;b&gt;ad&lt;/b&gt;"));
        assert!(!lead_html.contains("<script>") && !lead_html.contains("<b>"));
        let mut plain = String::new();
        text_section(&lead, &mut plain);
        assert!(plain.contains("Company name: <script>alert(1)</script> & Co\n"));
        assert!(plain.contains("How can we help?:\n  Denials\n  are piling up\n"));
        assert!(plain.contains("Received: 2026-01-05 10:00:00 UTC\n"));
    }

    #[test]
    fn visitor_text_cannot_add_headers() {
        let lead = contact("Acme\r\nBcc: evil@attacker.test", "Dana\r\nX-Injected: yes");
        let message = single(&settings(), Uuid::nil(), &lead).unwrap();
        let raw = text(&message);
        let head = raw.split("\r\n\r\n").next().unwrap();
        for line in head.split("\r\n") {
            assert!(!line.starts_with("Bcc:"), "{head}");
            assert!(!line.starts_with("X-Injected:"), "{head}");
        }
        assert!(head.contains("Subject: New contact inquiry: Acme Bcc: evil@attacker.test"));
        let recipients: Vec<String> = message
            .envelope()
            .to()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(recipients, ["sales@claimbridge.test"]);
    }

    #[test]
    fn a_whitepaper_lead_and_a_digest() {
        let whitepaper: Lead = serde_json::from_value(json!({
            "kind": "whitepaper", "received_at": "2026-01-05T11:00:00Z", "email": "ops@summit.test",
            "company_name": "Summit Home Medical", "first_name": "Ravi", "last_name": "Patel",
            "phone": "555-0101", "job_title": "", "company_size": "5-10", "revenue": "8",
            "current_challenges": "How can we help: Audits", "spam": false
        }))
        .unwrap();
        let message = single(&settings(), Uuid::nil(), &whitepaper).unwrap();
        let raw = text(&message);
        assert!(raw.contains("Subject: New whitepaper download: Summit Home Medical"));
        assert!(
            raw.contains("Reply-To: \"Ravi Patel\" <ops@summit.test>"),
            "{raw}"
        );
        let leads = [contact("Acme", "Dana Scully"), whitepaper];
        let message = digest(&settings(), Uuid::nil(), &leads).unwrap();
        assert_eq!(
            message.headers().get_raw("Subject"),
            Some("Daily lead digest: 2 new leads (1 contact inquiry, 1 whitepaper download)")
        );
        let raw = text(&message);
        assert!(raw.contains("1. Contact inquiry: Acme"));
        assert!(raw.contains("2. Whitepaper download: Summit Home Medical"));
        assert!(!raw.contains("Reply-To"));
    }
}
