//! What handlers read from a request: the client (IP through the trusted proxies, user agent),
//! the JSON body as GoTrue reads it, query parameters, and the `redirect_to` a link may lead to.
use std::net::{IpAddr, SocketAddr};

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::response::{IntoResponse, Response};
use http::request::Parts;
use serde::de::DeserializeOwned;

use crate::limits::Bucket;
use crate::{AuthError, AuthSettings, AuthState};

/// Who is asking: their address and browser.
#[derive(Debug, Clone, Default)]
pub(crate) struct ClientInfo {
    pub ip: Option<IpAddr>,
    pub user_agent: Option<String>,
}

impl ClientInfo {
    /// The address as text, for `$n::inet` in the session and challenge rows.
    pub(crate) fn ip_inet(&self) -> Option<String> {
        self.ip.map(|ip| ip.to_string())
    }

    pub(crate) fn ip_text(&self) -> String {
        self.ip_inet().unwrap_or_default()
    }
}

impl FromRequestParts<AuthState> for ClientInfo {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AuthState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(address)| address.ip());
        let user_agent = parts
            .headers
            .get(http::header::USER_AGENT)
            .and_then(|value| value.to_str().ok())
            .map(|agent| agent.chars().take(1024).collect());
        Ok(Self {
            ip: state.trusted_proxies.client_ip(peer, &parts.headers),
            user_agent,
        })
    }
}

/// A request that sends an email or a text message: its client, charged one of the address's
/// email requests (`rate_limit.email_sent`) before the body is read, and its JSON body.
pub(crate) struct EmailRequest<T> {
    pub client: ClientInfo,
    pub params: T,
}

impl<T: DeserializeOwned + Default> FromRequest<AuthState> for EmailRequest<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &AuthState) -> Result<Self, Response> {
        let (mut parts, body) = request.into_parts();
        let Ok(client) = ClientInfo::from_request_parts(&mut parts, state).await;
        state
            .rate_limit(Bucket::EmailRequest, client.ip)
            .map_err(IntoResponse::into_response)?;
        let body = Bytes::from_request(Request::from_parts(parts, body), state)
            .await
            .map_err(IntoResponse::into_response)?;
        let params = json_body(&body).map_err(IntoResponse::into_response)?;
        Ok(Self { client, params })
    }
}

/// The JSON body as GoTrue reads it: empty is `{}`, anything but an object is `bad_json`.
pub(crate) fn json_body<T: DeserializeOwned + Default>(body: &[u8]) -> Result<T, AuthError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    let value: serde_json::Value = serde_json::from_slice(body).map_err(AuthError::bad_json)?;
    if !value.is_object() {
        return Err(AuthError::bad_json("expected a JSON object"));
    }
    serde_json::from_value(value).map_err(AuthError::bad_json)
}

/// What every request that emails a link may carry beside its own fields: a PKCE challenge and
/// where the link should lead (`redirect_to`, in the body or the query).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub(crate) struct LinkOptions {
    pub(crate) code_challenge: Option<String>,
    pub(crate) code_challenge_method: Option<String>,
    pub(crate) redirect_to: Option<String>,
}

impl LinkOptions {
    /// The flow the request asks for (PKCE when it sent a challenge).
    pub(crate) fn flow(&self) -> Result<crate::flow::Flow, AuthError> {
        crate::flow::Flow::from_params(
            self.code_challenge_method.as_deref(),
            self.code_challenge.as_deref(),
        )
    }

    /// Where the link leads: the query's `redirect_to`, else the body's, when allowed.
    pub(crate) fn redirect(&self, settings: &AuthSettings, query: Option<&str>) -> String {
        let requested = query_param(query, "redirect_to").or_else(|| self.redirect_to.clone());
        redirect_to(settings, requested.as_deref())
    }
}

/// The value of `name` in a query string, percent-decoded.
pub(crate) fn query_param(query: Option<&str>, name: &str) -> Option<String> {
    url::form_urlencoded::parse(query?.as_bytes())
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.into_owned())
}

/// Where a link or redirect may lead: `requested` when it is allowed (the site's own origin, a
/// loopback address, or a match of `additional_redirect_urls`), else the site URL, as GoTrue
/// does, so a link never leads anywhere the project did not list.
pub(crate) fn redirect_to(settings: &AuthSettings, requested: Option<&str>) -> String {
    requested
        .filter(|url| is_redirect_allowed(settings, url))
        .map_or_else(|| settings.site_url.clone(), str::to_string)
}

fn is_redirect_allowed(settings: &AuthSettings, requested: &str) -> bool {
    let (Ok(site), Ok(target)) = (
        url::Url::parse(&settings.site_url),
        url::Url::parse(requested),
    ) else {
        return false;
    };
    let is_loopback =
        |host: Option<&str>| matches!(host, Some("localhost" | "127.0.0.1" | "[::1]"));
    if site.host_str() == target.host_str()
        && site.scheme() == target.scheme()
        && (site.port_or_known_default() == target.port_or_known_default()
            || is_loopback(target.host_str()))
    {
        return true;
    }
    let without_fragment = requested.split('#').next().unwrap_or_default();
    settings
        .additional_redirect_urls
        .iter()
        .any(|pattern| glob_matches(pattern, without_fragment))
}

/// GoTrue's URI allow-list globs: `*` matches within one part (not across `.` or `/`), `**`
/// matches across parts, `?` one character; everything else literally.
pub(crate) fn glob_matches(pattern: &str, text: &str) -> bool {
    fn matches(pattern: &[char], text: &[char]) -> bool {
        match pattern.split_first() {
            None => text.is_empty(),
            Some(('*', rest)) if rest.first() == Some(&'*') => {
                let rest = &rest[1..];
                (0..=text.len()).any(|skip| matches(rest, &text[skip..]))
            }
            Some(('*', rest)) => {
                let mut skip = 0;
                loop {
                    if matches(rest, &text[skip..]) {
                        return true;
                    }
                    if skip == text.len() || matches!(text[skip], '.' | '/') {
                        return false;
                    }
                    skip += 1;
                }
            }
            Some(('?', rest)) => {
                !text.is_empty() && !matches!(text[0], '.' | '/') && matches(rest, &text[1..])
            }
            Some((literal, rest)) => text.first() == Some(literal) && matches(rest, &text[1..]),
        }
    }
    let pattern: Vec<char> = pattern.chars().collect();
    let text: Vec<char> = text.chars().collect();
    matches(&pattern, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_as_gotrue_allow_lists() {
        assert!(glob_matches(
            "http://localhost:3000/*",
            "http://localhost:3000/welcome"
        ));
        assert!(!glob_matches(
            "http://localhost:3000/*",
            "http://localhost:3000/a/b"
        ));
        assert!(glob_matches(
            "http://localhost:3000/**",
            "http://localhost:3000/a/b"
        ));
        assert!(glob_matches(
            "https://*.example.com",
            "https://app.example.com"
        ));
        assert!(!glob_matches(
            "https://*.example.com",
            "https://evil.com/.example.com"
        ));
        assert!(glob_matches("https://example.com", "https://example.com"));
        assert!(!glob_matches(
            "https://example.com",
            "https://example.com.evil.io"
        ));
    }

    #[test]
    fn redirects_outside_the_list_fall_back_to_the_site() {
        let settings = AuthSettings {
            site_url: "https://www.claimbridge.example".into(),
            additional_redirect_urls: vec!["https://staging.claimbridge.example/**".into()],
            ..AuthSettings::default()
        };
        let to = |url: &str| redirect_to(&settings, Some(url));
        assert_eq!(
            to("https://www.claimbridge.example/admin"),
            "https://www.claimbridge.example/admin"
        );
        assert_eq!(
            to("https://staging.claimbridge.example/a/b"),
            "https://staging.claimbridge.example/a/b"
        );
        assert_eq!(
            to("https://evil.example/"),
            "https://www.claimbridge.example"
        );
        assert_eq!(to("javascript:alert(1)"), "https://www.claimbridge.example");
        assert_eq!(
            redirect_to(&settings, None),
            "https://www.claimbridge.example"
        );
    }
}
