//! The 404 log staff read in the admin (public.not_found_log): which missing paths are asked for,
//! how often, when last and from where, with bots and vulnerability probes marked so the real
//! broken links stand out. Counted in memory and written in one statement per flush, so a flood
//! of made-up paths costs no write per request and at most [`MAX_PATHS`] rows per flush.
use std::collections::HashMap;
use std::sync::Mutex;

use cb_db::sqlx::{self, PgPool};
use chrono::{DateTime, Utc};
use http::{HeaderMap, header};

/// Distinct paths kept between two flushes; more are dropped (and counted in a metric).
const MAX_PATHS: usize = 1000;
/// The longest path and referrer kept (the table refuses longer paths).
const MAX_LEN: usize = 500;

/// What asked for a missing path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Asker {
    /// Most likely a person following a link.
    Page,
    /// A crawler or a script, by its user agent.
    Bot,
    /// A scan for files this site never had (`/wp-login.php`, `/.env`).
    Probe,
}

impl Asker {
    fn as_str(self) -> &'static str {
        match self {
            Self::Page => "page",
            Self::Bot => "bot",
            Self::Probe => "probe",
        }
    }
}

#[derive(Debug)]
struct Entry {
    hits: u64,
    last_seen: DateTime<Utc>,
    referrer: Option<String>,
    asker: Asker,
}

#[derive(Debug, Default)]
pub(crate) struct NotFoundLog {
    pending: Mutex<HashMap<String, Entry>>,
}

impl NotFoundLog {
    /// Counts a 404 for `path` (the request's path, percent-decoded).
    pub(crate) fn record(&self, path: &str, headers: &HeaderMap) {
        let path = truncated(path);
        let asker = classify(&path, header_text(headers, header::USER_AGENT));
        let referrer = header_text(headers, header::REFERER).and_then(referrer_without_query);
        let mut pending = self
            .pending
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = Utc::now();
        if let Some(entry) = pending.get_mut(&path) {
            entry.hits += 1;
            entry.last_seen = now;
            if referrer.is_some() {
                entry.referrer = referrer;
            }
            return;
        }
        if pending.len() >= MAX_PATHS {
            metrics::counter!("claimbridge_not_found_log_dropped_total").increment(1);
            return;
        }
        pending.insert(
            path,
            Entry {
                hits: 1,
                last_seen: now,
                referrer,
                asker,
            },
        );
    }

    /// Writes what was counted since the last flush; kept for the next one when the database
    /// cannot take it.
    pub(crate) async fn flush(&self, pool: &PgPool) {
        let pending = std::mem::take(
            &mut *self
                .pending
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        if pending.is_empty() {
            return;
        }
        let entries: Vec<serde_json::Value> = pending
            .iter()
            .map(|(path, entry)| {
                serde_json::json!({
                    "path": path,
                    "hits": entry.hits,
                    "last_seen": entry.last_seen,
                    "referrer": entry.referrer,
                    "kind": entry.asker.as_str(),
                })
            })
            .collect();
        let written = sqlx::query("select private.record_not_found($1)")
            .bind(serde_json::Value::Array(entries))
            .execute(pool)
            .await;
        if let Err(err) = written {
            tracing::warn!(%err, "site: 404 log not written; kept for the next flush");
            let mut current = self
                .pending
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            for (path, entry) in pending {
                if current.len() >= MAX_PATHS && !current.contains_key(&path) {
                    break;
                }
                let kept = current.entry(path).or_insert(Entry { hits: 0, ..entry });
                kept.hits += entry.hits;
            }
        }
    }
}

fn header_text(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|value| value.to_str().ok())
}

fn truncated(text: &str) -> String {
    text.chars().take(MAX_LEN).collect()
}

/// The referring page without its query and fragment (they may carry tokens or personal data);
/// only http(s) pages.
fn referrer_without_query(referrer: &str) -> Option<String> {
    let mut url = url::Url::parse(referrer).ok()?;
    if !matches!(url.scheme(), "http" | "https") {
        return None;
    }
    url.set_query(None);
    url.set_fragment(None);
    let _ = url.set_username("");
    let _ = url.set_password(None);
    Some(truncated(url.as_str()))
}

/// Words in the user agents of crawlers, monitors and HTTP libraries.
const BOT_MARKERS: [&str; 16] = [
    "bot",
    "crawl",
    "spider",
    "slurp",
    "curl",
    "wget",
    "python",
    "go-http",
    "java/",
    "okhttp",
    "headless",
    "scan",
    "httpclient",
    "libwww",
    "axios",
    "node-fetch",
];

/// What scanners ask for: other platforms' admin and install paths, dot files, backups and
/// server-side scripts this site never had.
const PROBE_MARKERS: [&str; 18] = [
    "wp-",
    "wordpress",
    "xmlrpc",
    "phpmyadmin",
    "/cgi-bin",
    "/.env",
    "/.git",
    "/.aws",
    "/vendor/",
    "/admin.php",
    ".php",
    ".asp",
    ".jsp",
    ".cgi",
    ".sql",
    ".bak",
    "/.ds_store",
    "/config.",
];

fn classify(path: &str, user_agent: Option<&str>) -> Asker {
    let lower = path.to_ascii_lowercase();
    if PROBE_MARKERS.iter().any(|marker| lower.contains(marker)) {
        return Asker::Probe;
    }
    let agent = user_agent.unwrap_or("").to_ascii_lowercase();
    if agent.is_empty() || BOT_MARKERS.iter().any(|marker| agent.contains(marker)) {
        return Asker::Bot;
    }
    Asker::Page
}

#[cfg(test)]
mod tests {
    use super::*;

    const BROWSER: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

    #[test]
    fn probes_and_bots_are_told_from_visitors() {
        assert_eq!(classify("/wp-login.php", Some(BROWSER)), Asker::Probe);
        assert_eq!(classify("/.env", Some(BROWSER)), Asker::Probe);
        assert_eq!(classify("/backup.SQL", Some(BROWSER)), Asker::Probe);
        assert_eq!(
            classify("/blog/old", Some("Mozilla/5.0 (compatible; Googlebot/2.1)")),
            Asker::Bot
        );
        assert_eq!(classify("/blog/old", Some("curl/8.5.0")), Asker::Bot);
        assert_eq!(classify("/blog/old", None), Asker::Bot);
        assert_eq!(classify("/blog/old", Some(BROWSER)), Asker::Page);
    }

    #[test]
    fn referrers_lose_their_query_and_credentials() {
        assert_eq!(
            referrer_without_query("https://u:p@partner.example/list?token=abc#x").as_deref(),
            Some("https://partner.example/list")
        );
        assert_eq!(referrer_without_query("android-app://com.x"), None);
        assert_eq!(referrer_without_query("not a url"), None);
    }

    #[test]
    fn paths_are_counted_once_each_and_bounded() {
        let log = NotFoundLog::default();
        let mut headers = HeaderMap::new();
        headers.insert(header::USER_AGENT, BROWSER.parse().unwrap());
        log.record("/a", &headers);
        log.record("/a", &headers);
        for i in 0..(MAX_PATHS + 10) {
            log.record(&format!("/p{i}"), &headers);
        }
        let pending = log.pending.lock().unwrap();
        assert_eq!(pending.len(), MAX_PATHS);
        assert_eq!(pending["/a"].hits, 2);
        assert_eq!(truncated(&"é".repeat(2000)).chars().count(), MAX_LEN);
    }
}
