//! The security headers of every response that does not set its own: the APIs' JSON, Storage's
//! downloads, health checks (the website's pages and assets get the site's stricter set first,
//! `cb_site::security`). What Mozilla Observatory grades: no framing, no MIME sniffing, a strict
//! referrer policy, a CSP that allows nothing (an API answer is data, never a document that runs
//! code), and HSTS in production.
use std::sync::Arc;

use axum::response::Response;
use http::{HeaderName, HeaderValue, header};

/// A response body a browser may show as a document of its own: an image or a PDF opened from a
/// public URL. A CSP of `default-src 'none'` would keep Chromium's PDF viewer from starting, so
/// these keep the rest of the set; active content (HTML, SVG) gets a sandboxing CSP from Storage.
fn is_viewable_media(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|content_type| {
            let content_type = content_type.trim_start().as_bytes();
            // Runs on every API answer: compared in place, no lower-cased copy.
            ["image/", "video/", "audio/", "application/pdf"]
                .iter()
                .any(|prefix| {
                    content_type
                        .get(..prefix.len())
                        .is_some_and(|head| head.eq_ignore_ascii_case(prefix.as_bytes()))
                })
        })
}

#[derive(Debug, Clone)]
pub(crate) struct BaselineHeaders(Arc<Vec<(HeaderName, HeaderValue)>>);

impl BaselineHeaders {
    pub(crate) fn new(production: bool) -> Self {
        let mut headers = vec![
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
            (
                header::REFERRER_POLICY,
                HeaderValue::from_static("strict-origin-when-cross-origin"),
            ),
        ];
        if production {
            headers.push((
                header::STRICT_TRANSPORT_SECURITY,
                HeaderValue::from_static("max-age=63072000; includeSubDomains"),
            ));
        }
        Self(Arc::new(headers))
    }

    pub(crate) fn apply(&self, mut response: Response) -> Response {
        if !response
            .headers()
            .contains_key(header::CONTENT_SECURITY_POLICY)
            && !is_viewable_media(&response)
        {
            response.headers_mut().insert(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static("default-src 'none'; frame-ancestors 'none'"),
            );
        }
        let headers = response.headers_mut();
        for (name, value) in self.0.iter() {
            if !headers.contains_key(name) {
                headers.insert(name.clone(), value.clone());
            }
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn response(content_type: &str) -> Response {
        Response::builder()
            .header(header::CONTENT_TYPE, content_type)
            .body(axum::body::Body::empty())
            .unwrap()
    }

    #[test]
    fn api_answers_get_a_csp_that_allows_nothing_media_keeps_its_viewer() {
        let baseline = BaselineHeaders::new(false);
        let json = baseline.apply(response("application/json; charset=utf-8"));
        assert_eq!(
            json.headers()[header::CONTENT_SECURITY_POLICY],
            "default-src 'none'; frame-ancestors 'none'"
        );
        assert_eq!(json.headers()[header::X_FRAME_OPTIONS], "DENY");
        assert!(
            !json
                .headers()
                .contains_key(header::STRICT_TRANSPORT_SECURITY)
        );
        let pdf = baseline.apply(response("application/pdf"));
        assert!(!pdf.headers().contains_key(header::CONTENT_SECURITY_POLICY));
        let image = baseline.apply(response(" Image/PNG"));
        assert!(
            !image
                .headers()
                .contains_key(header::CONTENT_SECURITY_POLICY)
        );
        let short = baseline.apply(response("im"));
        assert!(
            short
                .headers()
                .contains_key(header::CONTENT_SECURITY_POLICY)
        );
        assert_eq!(pdf.headers()[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    }

    #[test]
    fn headers_a_response_set_itself_are_kept() {
        let mut own = response("text/html");
        own.headers_mut().insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'self'"),
        );
        let applied = BaselineHeaders::new(true).apply(own);
        assert_eq!(
            applied.headers()[header::CONTENT_SECURITY_POLICY],
            "default-src 'self'"
        );
        assert!(
            applied.headers()[header::STRICT_TRANSPORT_SECURITY]
                .to_str()
                .unwrap()
                .starts_with("max-age=63072000")
        );
    }
}
