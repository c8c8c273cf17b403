//! Links to other sites, checked over HTTP as a polite robot: a User-Agent that names the site
//! (so the other site's owner knows who asks and where to look), HEAD first (no page is
//! downloaded) and GET only when HEAD is not supported (405, 501), a timeout per request, at
//! most one request to a host every two seconds from this instance, and redirects followed by
//! hand, at most five hops, each hop's address vetted by the guard again (a public page may
//! redirect to the server's own network) and connected to as vetted.
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http::StatusCode;
use reqwest::dns::{Name, Resolve, Resolving};
use tokio::time::Instant;
use url::Url;

use super::guard::{Guard, Pinned, Refusal};

/// Redirects followed before the checker stops (a browser follows more: the link is not
/// reported for it).
const MAX_REDIRECTS: usize = 5;
/// The least time between two requests to one host from this instance.
pub(crate) const HOST_SPACING: Duration = Duration::from_secs(2);

/// A link's state, as public.link_checks records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LinkStatus {
    Ok,
    Broken,
    Unreachable,
    Refused,
}

impl LinkStatus {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::Broken => "broken",
            Self::Unreachable => "unreachable",
            Self::Refused => "refused",
        }
    }

    /// Days until the link is checked again: a page that works is looked at weekly, anything
    /// else the next day (a site that was down may be back).
    pub(crate) fn recheck_days(self) -> i32 {
        match self {
            Self::Ok => 7,
            Self::Broken | Self::Unreachable | Self::Refused => 1,
        }
    }
}

/// What checking a link found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Outcome {
    pub(crate) status: LinkStatus,
    /// The last answer's status, when there was one.
    pub(crate) http_status: Option<u16>,
    /// In words for the admin screen.
    pub(crate) detail: String,
}

impl Outcome {
    fn new(status: LinkStatus, http_status: Option<u16>, detail: impl Into<String>) -> Self {
        let mut detail: String = detail.into();
        if detail.len() > 500 {
            let mut end = 497;
            while !detail.is_char_boundary(end) {
                end -= 1;
            }
            detail.truncate(end);
            detail.push_str("...");
        }
        Self {
            status,
            http_status,
            detail,
        }
    }
}

/// What the final answer of a link means for its readers (2xx and 3xx: the page is there;
/// 404, 410 and other 4xx: it is not; 401, 403, 429: it is there but keeps robots out or
/// asks them to slow down, which says nothing about the link; 5xx: the site is down for now).
pub(crate) fn judge(status: StatusCode) -> Outcome {
    let code = status.as_u16();
    let reason = status.canonical_reason().unwrap_or("");
    let answered = format!("The site answered {code} {reason}")
        .trim_end()
        .to_string();
    if status.is_success() || status.is_redirection() {
        return Outcome::new(LinkStatus::Ok, Some(code), answered);
    }
    if matches!(code, 401 | 403 | 429) {
        return Outcome::new(
            LinkStatus::Ok,
            Some(code),
            format!(
                "{answered}: it keeps automated visitors out, so the page could not be confirmed"
            ),
        );
    }
    if status.is_client_error() {
        return Outcome::new(LinkStatus::Broken, Some(code), answered);
    }
    Outcome::new(LinkStatus::Unreachable, Some(code), answered)
}

/// A resolver that resolves nothing: a checker's client connects only to the addresses the
/// guard vetted (given with `resolve_to_addrs`), never to a second lookup's answer.
struct NoLookups;

impl Resolve for NoLookups {
    fn resolve(&self, name: Name) -> Resolving {
        let name = name.as_str().to_string();
        Box::pin(
            async move { Err(format!("{name} was not vetted by the link checker's guard").into()) },
        )
    }
}

/// Checks links to other sites.
#[derive(Debug)]
pub(crate) struct Checker {
    guard: Guard,
    timeout: Duration,
    user_agent: String,
    /// The least time between two requests to one host ([`HOST_SPACING`]).
    spacing: Duration,
    /// The earliest time of the next request to each host.
    next_request: Mutex<HashMap<String, Instant>>,
}

impl Checker {
    /// `site_url` names the site in the User-Agent; `timeout` bounds each request;
    /// `allowed_hosts` (`host:port`) skip the guard's address classification.
    pub(crate) fn new(site_url: &str, timeout: Duration, allowed_hosts: &[String]) -> Self {
        Self {
            guard: Guard::new(allowed_hosts, timeout),
            timeout,
            user_agent: format!("ClaimBridgeLinkChecker/1.0 (+{site_url})"),
            spacing: HOST_SPACING,
            next_request: Mutex::new(HashMap::new()),
        }
    }

    /// Checks `link` (an absolute http(s) URL); never longer than a few requests' timeouts.
    pub(crate) async fn check(&self, link: &str) -> Outcome {
        let budget = self.timeout * 3 + self.spacing * 2;
        match tokio::time::timeout(budget, self.follow(link)).await {
            Ok(outcome) => outcome,
            Err(_) => Outcome::new(
                LinkStatus::Unreachable,
                None,
                format!("No answer within {} s", budget.as_secs()),
            ),
        }
    }

    async fn follow(&self, link: &str) -> Outcome {
        let Ok(mut url) = Url::parse(link) else {
            return Outcome::new(LinkStatus::Broken, None, "Not a valid address");
        };
        let mut visited = vec![url.clone()];
        for hop in 0..=MAX_REDIRECTS {
            let redirected = |why: String| {
                if hop == 0 {
                    why
                } else {
                    format!("Redirects to {url}: {why}")
                }
            };
            let pinned = match self.guard.vet(&url).await {
                Ok(pinned) => pinned,
                Err(Refusal::Private(why)) => {
                    return Outcome::new(
                        LinkStatus::Refused,
                        None,
                        redirected(format!("Not requested: {why}")),
                    );
                }
                Err(Refusal::NoAddress(why)) => {
                    return Outcome::new(LinkStatus::Unreachable, None, redirected(why));
                }
                Err(Refusal::Unsupported(why)) => {
                    return Outcome::new(LinkStatus::Broken, None, redirected(why));
                }
            };
            let response = match self.request(&url, &pinned).await {
                Ok(response) => response,
                Err(err) => {
                    return Outcome::new(LinkStatus::Unreachable, None, redirected(describe(&err)));
                }
            };
            let status = response.status();
            let location = response
                .headers()
                .get(http::header::LOCATION)
                .and_then(|value| value.to_str().ok())
                .and_then(|location| url.join(location.trim()).ok());
            drop(response);
            let Some(next) = location.filter(|_| status.is_redirection()) else {
                let mut outcome = judge(status);
                if hop > 0 {
                    outcome.detail = format!("Redirects to {url}. {}", outcome.detail);
                }
                return outcome;
            };
            if visited.contains(&next) {
                return Outcome::new(
                    LinkStatus::Broken,
                    Some(status.as_u16()),
                    format!("Redirects in a loop (back to {next})"),
                );
            }
            visited.push(next.clone());
            url = next;
        }
        Outcome::new(
            LinkStatus::Ok,
            None,
            format!(
                "Still redirecting after {MAX_REDIRECTS} redirects (last to {url}); not followed further"
            ),
        )
    }

    /// HEAD `url` at its vetted addresses, then GET when HEAD is not supported.
    async fn request(
        &self,
        url: &Url,
        pinned: &Pinned,
    ) -> Result<reqwest::Response, reqwest::Error> {
        let client = self.client(pinned)?;
        let host = url.host_str().unwrap_or_default().to_lowercase();
        self.wait_for_turn(&host).await;
        let response = client.head(url.clone()).send().await?;
        if matches!(
            response.status(),
            StatusCode::METHOD_NOT_ALLOWED | StatusCode::NOT_IMPLEMENTED
        ) {
            drop(response);
            self.wait_for_turn(&host).await;
            // Only the status and headers are read: dropping the answer closes the connection.
            return client.get(url.clone()).send().await;
        }
        Ok(response)
    }

    /// A client that connects to the vetted addresses only, follows no redirect and uses no
    /// proxy (a proxy would look the name up again). One per request: the pinning is the
    /// client's, and a link checker makes few requests.
    fn client(&self, pinned: &Pinned) -> Result<reqwest::Client, reqwest::Error> {
        let mut builder = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .timeout(self.timeout)
            .connect_timeout(self.timeout)
            .user_agent(&self.user_agent)
            .dns_resolver(Arc::new(NoLookups));
        if let Some(domain) = &pinned.domain {
            let addrs: Vec<SocketAddr> = pinned.addrs.clone();
            builder = builder.resolve_to_addrs(domain, &addrs);
        }
        builder.build()
    }

    /// Waits until this instance may send `host` another request, and books the turn after.
    async fn wait_for_turn(&self, host: &str) {
        let turn = {
            let mut next = self
                .next_request
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let now = Instant::now();
            // Turns long past tell nothing: the map keeps only hosts asked recently.
            next.retain(|_, at| *at > now);
            let turn = next.get(host).copied().unwrap_or(now);
            next.insert(host.to_string(), turn + self.spacing);
            turn
        };
        tokio::time::sleep_until(turn).await;
    }
}

fn describe(err: &reqwest::Error) -> String {
    if err.is_timeout() {
        "No answer in time".into()
    } else if err.is_connect() {
        "Could not connect to the site".into()
    } else {
        "The request failed".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_judged_as_a_reader_meets_them() {
        let judged: Vec<(u16, LinkStatus)> = [
            200, 204, 301, 304, 400, 401, 403, 404, 405, 410, 418, 429, 451, 500, 502, 503,
        ]
        .into_iter()
        .map(|code| (code, judge(StatusCode::from_u16(code).unwrap()).status))
        .collect();
        assert_eq!(
            judged,
            [
                (200, LinkStatus::Ok),
                (204, LinkStatus::Ok),
                (301, LinkStatus::Ok),
                (304, LinkStatus::Ok),
                (400, LinkStatus::Broken),
                (401, LinkStatus::Ok),
                (403, LinkStatus::Ok),
                (404, LinkStatus::Broken),
                (405, LinkStatus::Broken),
                (410, LinkStatus::Broken),
                (418, LinkStatus::Broken),
                (429, LinkStatus::Ok),
                (451, LinkStatus::Broken),
                (500, LinkStatus::Unreachable),
                (502, LinkStatus::Unreachable),
                (503, LinkStatus::Unreachable),
            ]
        );
        assert_eq!(
            judge(StatusCode::NOT_FOUND).detail,
            "The site answered 404 Not Found"
        );
    }

    #[tokio::test]
    async fn one_host_is_asked_at_most_once_per_spacing() {
        let spacing = Duration::from_millis(200);
        let checker = Checker {
            spacing,
            ..Checker::new("https://www.example.test", Duration::from_secs(10), &[])
        };
        let started = Instant::now();
        checker.wait_for_turn("a.example").await;
        checker.wait_for_turn("b.example").await;
        assert!(started.elapsed() < spacing / 2);
        checker.wait_for_turn("a.example").await;
        assert!(started.elapsed() >= spacing);
        checker.wait_for_turn("a.example").await;
        assert!(started.elapsed() >= spacing * 2);
        // Other hosts are not held up, and a host asked long ago is asked at once.
        let later = Instant::now();
        checker.wait_for_turn("b.example").await;
        assert!(later.elapsed() < spacing / 2);
        tokio::time::sleep(spacing).await;
        let later = Instant::now();
        checker.wait_for_turn("a.example").await;
        assert!(later.elapsed() < spacing / 2);
    }
}
