//! The catcher's HTTP side: a small page listing the caught emails (newest first) and showing
//! one (its HTML in a sandboxed frame, its text, its source), and Mailpit's JSON API for tools
//! and tests (`/api/v1/messages`, `/api/v1/message/{ID}`, `/api/v1/search`).
use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use cb_escape::markup;
use chrono::{DateTime, Utc};
use serde::Deserialize;

use super::store::{Address, Caught, Query as Search, Store};

/// Mailpit's page size when a request names none.
const DEFAULT_LIMIT: usize = 50;

/// The pages only style themselves and frame a message's HTML from here; no page can be framed
/// by another site.
const PAGE_POLICY: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; \
    frame-src 'self'; frame-ancestors 'none'";
/// A message's HTML is a sandbox of its own: no script, nothing loaded from the network, only
/// this catcher's page may frame it, and its links open in a new tab outside the sandbox.
const MESSAGE_POLICY: &str = "sandbox allow-popups allow-popups-to-escape-sandbox; \
    default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

pub(super) fn router(store: Arc<Store>, loopback_only: bool) -> Router {
    let router = Router::new()
        .route("/", get(list_page))
        .route("/view/{id}", get(message_page))
        .route("/view/{id}/html", get(message_html))
        .route("/api/v1/messages", get(list).delete(delete))
        .route("/api/v1/message/{id}", get(message))
        .route("/api/v1/message/{id}/raw", get(raw))
        .route("/api/v1/search", get(search))
        .with_state(store);
    if loopback_only {
        router.layer(axum::middleware::from_fn(local_host_only))
    } else {
        router
    }
}

/// A page of a web site the browser has open may resolve its own name to 127.0.0.1 (DNS
/// rebinding) and read the caught emails, which hold sign-in links: a catcher listening on
/// loopback answers only requests addressed to localhost or an IP address.
async fn local_host_only(request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    let name = match host.rsplit_once(':') {
        Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    };
    let name = name.trim_start_matches('[').trim_end_matches(']');
    let local = name.eq_ignore_ascii_case("localhost")
        || name.to_ascii_lowercase().ends_with(".localhost")
        || name.parse::<std::net::IpAddr>().is_ok();
    if !local {
        return (
            StatusCode::MISDIRECTED_REQUEST,
            "This mail catcher answers only requests to localhost.",
        )
            .into_response();
    }
    next.run(request).await
}

#[derive(Debug, Deserialize)]
struct Page {
    start: Option<usize>,
    limit: Option<usize>,
    query: Option<String>,
}

/// Mailpit's `MessagesSummary` of `matching` (newest first), paged by `page`.
fn summary(store: &Store, matching: &[Arc<Caught>], page: &Page) -> Response {
    let all = store.all();
    let unread = |messages: &[Arc<Caught>]| {
        messages
            .iter()
            .filter(|message| !message.read.load(Ordering::Relaxed))
            .count()
    };
    let start = page.start.unwrap_or(0);
    let limit = page.limit.unwrap_or(DEFAULT_LIMIT);
    let messages: Vec<serde_json::Value> = matching
        .iter()
        .skip(start)
        .take(limit)
        .map(|message| message.summary())
        .collect();
    axum::Json(serde_json::json!({
        "total": all.len(),
        "unread": unread(&all),
        "count": messages.len(),
        "messages_count": matching.len(),
        "messages_unread": unread(matching),
        "start": start,
        "tags": [],
        "messages": messages,
    }))
    .into_response()
}

async fn list(State(store): State<Arc<Store>>, Query(page): Query<Page>) -> Response {
    summary(&store, &store.all(), &page)
}

async fn search(State(store): State<Arc<Store>>, Query(page): Query<Page>) -> Response {
    let query = page.query.as_deref().map(str::trim).unwrap_or_default();
    if query.is_empty() {
        return (StatusCode::BAD_REQUEST, "Error: no search query").into_response();
    }
    let query = Search::parse(query);
    let matching: Vec<Arc<Caught>> = store
        .all()
        .into_iter()
        .filter(|message| message.matches(&query))
        .collect();
    summary(&store, &matching, &page)
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "message not found").into_response()
}

/// Mailpit's `Message`; reading it marks it read, as there.
async fn message(State(store): State<Arc<Store>>, Path(id): Path<String>) -> Response {
    match store.get(&id) {
        Some(message) => {
            message.read.store(true, Ordering::Relaxed);
            axum::Json(message.message()).into_response()
        }
        None => not_found(),
    }
}

async fn raw(State(store): State<Arc<Store>>, Path(id): Path<String>) -> Response {
    match store.get(&id) {
        Some(message) => (
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            message.raw.clone(),
        )
            .into_response(),
        None => not_found(),
    }
}

#[derive(Debug, Default, Deserialize)]
struct Delete {
    #[serde(rename = "IDs", default)]
    ids: Vec<String>,
}

/// Deletes the messages the body's `IDs` names, or every message without a body (Mailpit's).
async fn delete(State(store): State<Arc<Store>>, body: Bytes) -> Response {
    let request: Delete = serde_json::from_slice(&body).unwrap_or_default();
    store.delete(&request.ids);
    "ok".into_response()
}

fn page(title: &str, refresh: bool, body: &str) -> Response {
    let refresh = if refresh {
        r#"<meta http-equiv="refresh" content="5">"#
    } else {
        ""
    };
    let html = format!(
        r#"<!doctype html><html lang="en"><head><meta charset="utf-8">{refresh}<title>{} · ClaimBridge mail catcher</title><style>{STYLE}</style></head><body>{body}</body></html>"#,
        markup(title)
    );
    html_under(PAGE_POLICY, html)
}

/// `html` as a response under the content security `policy`, sending no referrer: following a
/// link in an email must not tell its site where the email was read.
fn html_under(policy: &'static str, html: String) -> Response {
    let mut response = Html(html).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

const STYLE: &str = "body{margin:0;font:14px/1.5 system-ui,-apple-system,'Segoe UI',Arial,sans-serif;color:#1a202c;background:#f7fafc}\
main{max-width:960px;margin:0 auto;padding:24px}\
h1{font-size:20px;margin:0 0 4px}h2{font-size:15px;margin:24px 0 8px;color:#4a5568}\
p.note{margin:0 0 16px;color:#4a5568}\
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #e2e8f0}\
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #e2e8f0;vertical-align:top}\
th{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#718096}\
td.time{white-space:nowrap;color:#4a5568}tr.unread td.subject a{font-weight:600}\
a{color:#2b6cb0}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:12px 0}\
dt{color:#718096}dd{margin:0}\
iframe{width:100%;height:480px;border:1px solid #e2e8f0;background:#fff}\
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #e2e8f0;padding:12px;margin:0}\
.empty{padding:32px;text-align:center;color:#718096;background:#fff;border:1px solid #e2e8f0}";

fn shown_time(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d %H:%M:%S UTC").to_string()
}

fn shown_addresses(addresses: &[Address]) -> String {
    addresses
        .iter()
        .map(|address| {
            if address.name.is_empty() {
                address.address.clone()
            } else {
                format!("{} <{}>", address.name, address.address)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

async fn list_page(State(store): State<Arc<Store>>) -> Response {
    let messages = store.all();
    let mut body = String::from(
        "<main><h1>Caught emails</h1><p class=\"note\">Every email this server sends in \
         development lands here and goes nowhere else. Newest first; the page refreshes itself. \
         For tools: <a href=\"/api/v1/messages\">/api/v1/messages</a> (Mailpit's API).</p>",
    );
    if messages.is_empty() {
        body.push_str("<p class=\"empty\">No emails yet.</p>");
    } else {
        body.push_str(
            "<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>",
        );
        for message in &messages {
            let recipients: Vec<Address> = message
                .to
                .iter()
                .chain(&message.cc)
                .chain(&message.bcc)
                .cloned()
                .collect();
            let subject = if message.subject.is_empty() {
                "(no subject)"
            } else {
                &message.subject
            };
            body.push_str(&format!(
                r#"<tr class="{}"><td class="time">{}</td><td>{}</td><td class="subject"><a href="/view/{}">{}</a></td></tr>"#,
                if message.read.load(Ordering::Relaxed) { "read" } else { "unread" },
                shown_time(message.created),
                markup(&shown_addresses(&recipients)),
                markup(&message.id),
                markup(subject),
            ));
        }
        body.push_str("</tbody></table>");
    }
    body.push_str("</main>");
    page("Caught emails", true, &body)
}

/// The email's HTML as its own document (see [`MESSAGE_POLICY`]), for the page's frame.
async fn message_html(State(store): State<Arc<Store>>, Path(id): Path<String>) -> Response {
    let Some(message) = store.get(&id) else {
        return not_found();
    };
    html_under(MESSAGE_POLICY, with_links_in_new_tabs(&message.html))
}

/// `html` with `<base target="_blank">` at the start of its head (before any doctype it would
/// put the document in quirks mode), or at its start when it has no head.
fn with_links_in_new_tabs(html: &str) -> String {
    const BASE: &str = r#"<base target="_blank">"#;
    let head_end = html
        .to_ascii_lowercase()
        .find("<head")
        .and_then(|start| html[start..].find('>').map(|end| start + end + 1));
    match head_end {
        Some(at) => format!("{}{BASE}{}", &html[..at], &html[at..]),
        None => format!("{BASE}{html}"),
    }
}

async fn message_page(State(store): State<Arc<Store>>, Path(id): Path<String>) -> Response {
    let Some(message) = store.get(&id) else {
        return not_found();
    };
    message.read.store(true, Ordering::Relaxed);
    let subject = if message.subject.is_empty() {
        "(no subject)"
    } else {
        &message.subject
    };
    let mut body = format!(
        r#"<main><p><a href="/">&larr; All emails</a></p><h1>{}</h1><dl><dt>From</dt><dd>{}</dd><dt>To</dt><dd>{}</dd>"#,
        markup(subject),
        markup(&shown_addresses(message.from.as_slice())),
        markup(&shown_addresses(&message.to)),
    );
    for (label, addresses) in [("Cc", &message.cc), ("Bcc", &message.bcc)] {
        if !addresses.is_empty() {
            body.push_str(&format!(
                "<dt>{label}</dt><dd>{}</dd>",
                markup(&shown_addresses(addresses))
            ));
        }
    }
    body.push_str(&format!(
        "<dt>Received</dt><dd>{}</dd></dl>",
        shown_time(message.created)
    ));
    if !message.html.is_empty() {
        body.push_str(&format!(
            r#"<h2>HTML</h2><iframe title="The email's HTML" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/view/{}/html"></iframe>"#,
            markup(&message.id)
        ));
    }
    if !message.text.is_empty() {
        body.push_str(&format!(
            "<h2>Text</h2><pre>{}</pre>",
            markup(&message.text)
        ));
    }
    body.push_str(&format!(
        r#"<p><a href="/api/v1/message/{id}/raw">Source</a> · <a href="/api/v1/message/{id}">JSON</a></p></main>"#,
        id = markup(&message.id)
    ));
    page(subject, false, &body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_open_in_new_tabs_with_the_doctype_kept_first() {
        assert_eq!(
            with_links_in_new_tabs("<!doctype html><HTML><Head lang=x><title>t</title>"),
            r#"<!doctype html><HTML><Head lang=x><base target="_blank"><title>t</title>"#
        );
        assert_eq!(
            with_links_in_new_tabs("<p>hi</p>"),
            r#"<base target="_blank"><p>hi</p>"#
        );
    }
}
