//! Kept pages answered before any routing. Once a GET of a path with no query has been answered
//! with a page the snapshot keeps, the same GET gets the same page for as long as the snapshot
//! and the redirect rules it was answered under are those in force and the day it shows holds:
//! everything the page pipeline decides (a redirect rule, the path's one spelling, the status,
//! the rendering) depends on nothing else. So the server asks [`KeptPages::answer`] first and
//! routes only what it does not answer: the site's most frequent request then skips the
//! routers, the handler's classification and its boxed futures, and frees the request at once.
//!
//! The answer is the one the pipeline gives: the same `Rendered` with the same negotiation and
//! revalidation, under the same security headers. Its head is cloned from one made once per
//! rendering with the security headers in it (`Rendered::respond_prepared`), not built.
use std::sync::Arc;

use axum::extract::Request;
use axum::response::Response;
use http::{HeaderName, HeaderValue, Method};

use crate::security::SecurityHeaders;
use crate::state::Site;

/// See the module's header.
#[derive(Debug, Clone)]
pub struct KeptPages {
    site: Arc<Site>,
    security: Arc<SecurityHeaders>,
}

impl KeptPages {
    pub(crate) fn new(site: Arc<Site>, security: Arc<SecurityHeaders>) -> Self {
        Self { site, security }
    }

    /// The kept page `request` asks for, if it asks for one its path was answered with before
    /// (None: route it). Its `x-request-id` is there but empty: the server's request trace, in
    /// front of this, sets it.
    pub fn answer(&self, request: &Request) -> Option<Response> {
        if request.method() != Method::GET || request.uri().query().is_some() {
            return None;
        }
        let snapshot = self.site.cache.kept_snapshot()?;
        let redirects = self.site.redirects.kept_table()?;
        let rendered = snapshot
            .answer(request.uri().path(), &redirects)
            .filter(|rendered| rendered.is_fresh_on(chrono::Utc::now().date_naive()))?;
        metrics::counter!("claimbridge_page_cache_total", "result" => "hit").increment(1);
        let response = rendered.respond_prepared(request.headers(), |head| {
            self.security.add_to(head, false);
            // The request id's place, empty, for the server's request trace to fill without
            // growing the cloned map.
            head.insert(REQUEST_ID, HeaderValue::from_static(""));
        });
        Some(response)
    }
}

/// The header the server gives every request (a client's or a new id) before any routing, and
/// sets on its response.
const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
