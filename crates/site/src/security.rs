//! The security headers of every website response (Mozilla Observatory A+ criteria): a
//! Content-Security-Policy without inline or eval scripts, HSTS in production, nosniff, a strict
//! referrer policy, a permissions policy and no framing (but for the block editor's preview
//! frame, which the admin frames on its own origin).
use axum::response::Response;
use http::{HeaderMap, HeaderName, HeaderValue, header};

/// Where the browser app reaches beyond its own origin, from the runtime configuration.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct PolicyInputs {
    /// The Supabase URL's origin when it is another one (API calls and storage images).
    pub(crate) api_origins: Vec<String>,
    /// Other origins the app posts to (an absolute lead webhook or captcha URL).
    pub(crate) connect_origins: Vec<String>,
    /// `'sha256-…'` sources of the executable inline scripts of index.html.
    pub(crate) script_hashes: Vec<String>,
    pub(crate) production: bool,
}

impl PolicyInputs {
    /// The origins of the absolute URLs `runtime_config` points the app to.
    pub(crate) fn from_runtime_config(config: &serde_json::Value) -> Self {
        let origin_of = |key: &str| {
            config
                .get(key)
                .and_then(|value| value.as_str())
                .and_then(origin)
        };
        Self {
            api_origins: origin_of("supabaseUrl").into_iter().collect(),
            connect_origins: ["webhookUrl", "captchaChallengeUrl"]
                .iter()
                .filter_map(|key| origin_of(key))
                .collect(),
            ..Self::default()
        }
    }
}

/// The origin of an absolute http(s) URL.
fn origin(url: &str) -> Option<String> {
    let url = url::Url::parse(url).ok()?;
    matches!(url.scheme(), "http" | "https").then(|| url.origin().ascii_serialization())
}

/// The admin's live preview of a block page, shown in a frame of the block editor (the one page
/// that may be framed, and only by the site itself).
pub(crate) const PREVIEW_FRAME_PATH: &str = "/admin/site-pages/preview-frame";

/// The video players stored content may embed.
const VIDEO_PLAYER_ORIGINS: &str =
    "https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com";

/// The policy: nothing by default, then exactly what the app uses. Styles may be inline (Quill
/// and the ALTCHA widget set style attributes and elements; Observatory does not penalise it);
/// ALTCHA solves its challenge in a worker started from a blob: URL.
pub(crate) fn content_security_policy(inputs: &PolicyInputs) -> String {
    policy_framed_by(inputs, "'none'")
}

fn policy_framed_by(inputs: &PolicyInputs, frame_ancestors: &str) -> String {
    let with = |base: &str, extra: &[String]| {
        let mut sources = vec![base.to_string()];
        for source in extra {
            if !sources.contains(source) {
                sources.push(source.clone());
            }
        }
        sources.join(" ")
    };
    let connect: Vec<String> = inputs
        .api_origins
        .iter()
        .chain(&inputs.connect_origins)
        .cloned()
        .collect();
    let mut directives = vec![
        "default-src 'none'".to_string(),
        format!("script-src {}", with("'self'", &inputs.script_hashes)),
        "style-src 'self' 'unsafe-inline'".to_string(),
        // Posts and pages may show images from any https address (featured images, pasted
        // images in stored content); images cannot run code. The API origin too, in case it is
        // plain http (a development setup).
        format!(
            "img-src {}",
            with("'self' data: blob: https:", &inputs.api_origins)
        ),
        "font-src 'self' data:".to_string(),
        format!("connect-src {}", with("'self'", &connect)),
        format!("media-src {}", with("'self'", &inputs.api_origins)),
        "worker-src 'self' blob:".to_string(),
        // The only frames the content sanitiser keeps (frontend/src/lib/sanitize-html.ts), and
        // the block editor's preview frame on the site's own origin.
        format!("frame-src 'self' {VIDEO_PLAYER_ORIGINS}"),
        "manifest-src 'self'".to_string(),
        format!("frame-ancestors {frame_ancestors}"),
        "base-uri 'self'".to_string(),
        "form-action 'self'".to_string(),
        "object-src 'none'".to_string(),
    ];
    if inputs.production {
        directives.push("upgrade-insecure-requests".to_string());
    }
    directives.join("; ")
}

/// The headers added to every website response that does not set its own.
#[derive(Debug, Clone)]
pub(crate) struct SecurityHeaders {
    headers: Vec<(HeaderName, HeaderValue)>,
    /// What the preview frame gets instead: framing by the site's own pages.
    same_origin_framing: [(HeaderName, HeaderValue); 2],
}

impl SecurityHeaders {
    pub(crate) fn new(inputs: &PolicyInputs) -> Self {
        let mut headers = vec![
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_str(&content_security_policy(inputs))
                    .unwrap_or(HeaderValue::from_static("default-src 'self'")),
            ),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
            (
                header::REFERRER_POLICY,
                HeaderValue::from_static("strict-origin-when-cross-origin"),
            ),
            (
                HeaderName::from_static("permissions-policy"),
                HeaderValue::from_static(
                    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
                ),
            ),
            (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
            (
                HeaderName::from_static("cross-origin-opener-policy"),
                HeaderValue::from_static("same-origin"),
            ),
        ];
        if inputs.production {
            // Two years: past Observatory's six-month minimum and what preload lists ask for.
            headers.push((
                header::STRICT_TRANSPORT_SECURITY,
                HeaderValue::from_static("max-age=63072000; includeSubDomains"),
            ));
        }
        let same_origin_framing = [
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_str(&policy_framed_by(inputs, "'self'"))
                    .unwrap_or(HeaderValue::from_static("default-src 'self'")),
            ),
            (
                header::X_FRAME_OPTIONS,
                HeaderValue::from_static("SAMEORIGIN"),
            ),
        ];
        Self {
            headers,
            same_origin_framing,
        }
    }
}

/// Marks the response of the one page the site's own pages may frame ([`PREVIEW_FRAME_PATH`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct FramedBySite;

impl SecurityHeaders {
    /// `response` with the headers it does not set itself. A plain response map (no middleware
    /// box or request inspection): this runs on every response of the site, assets included.
    pub(crate) fn apply(&self, mut response: Response) -> Response {
        let framed = response.extensions_mut().remove::<FramedBySite>().is_some();
        self.add_to(response.headers_mut(), framed);
        response
    }

    /// Adds the headers `headers` does not set itself (the framing ones too when the page is
    /// the one the site's own pages frame).
    pub(crate) fn add_to(&self, headers: &mut HeaderMap, framed: bool) {
        headers.reserve(self.headers.len());
        if framed {
            for (name, value) in &self.same_origin_framing {
                headers.insert(name.clone(), value.clone());
            }
        }
        for (name, value) in &self.headers {
            if !headers.contains_key(name) {
                headers.insert(name.clone(), value.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_default_policy_allows_only_the_own_origin_and_no_inline_script() {
        let policy = content_security_policy(&PolicyInputs::from_runtime_config(&json!({
            "supabaseUrl": null,
            "webhookUrl": "/functions/v1/lead-relay",
            "captchaChallengeUrl": "/functions/v1/captcha-challenge",
        })));
        assert_eq!(
            policy,
            "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; media-src 'self'; \
             worker-src 'self' blob:; frame-src 'self' https://www.youtube.com https://www.youtube-nocookie.com \
             https://player.vimeo.com; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; \
             form-action 'self'; object-src 'none'"
        );
    }

    #[test]
    fn responses_get_the_headers_they_do_not_set_and_the_preview_frame_may_be_framed() {
        let security = SecurityHeaders::new(&PolicyInputs::default());
        let plain = security.apply(Response::new(axum::body::Body::empty()));
        assert_eq!(plain.headers()[header::X_FRAME_OPTIONS], "DENY");
        assert!(
            plain.headers()[header::CONTENT_SECURITY_POLICY]
                .to_str()
                .unwrap()
                .contains("frame-ancestors 'none'")
        );
        assert_eq!(plain.headers()[header::X_CONTENT_TYPE_OPTIONS], "nosniff");

        let mut own = Response::new(axum::body::Body::empty());
        own.headers_mut().insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static("default-src 'none'"),
        );
        let own = security.apply(own);
        assert_eq!(
            own.headers()[header::CONTENT_SECURITY_POLICY],
            "default-src 'none'"
        );

        let mut frame = Response::new(axum::body::Body::empty());
        frame.extensions_mut().insert(FramedBySite);
        let frame = security.apply(frame);
        assert_eq!(frame.headers()[header::X_FRAME_OPTIONS], "SAMEORIGIN");
        assert!(
            frame.headers()[header::CONTENT_SECURITY_POLICY]
                .to_str()
                .unwrap()
                .contains("frame-ancestors 'self'")
        );
        assert!(frame.extensions().get::<FramedBySite>().is_none());
    }

    #[test]
    fn other_origins_in_the_runtime_configuration_are_allowed_where_used() {
        let mut inputs = PolicyInputs::from_runtime_config(&json!({
            "supabaseUrl": "https://abc.supabase.co/",
            "webhookUrl": "https://hooks.example.test/lead?x=1",
            "captchaChallengeUrl": "javascript:alert(1)",
        }));
        inputs.script_hashes = vec!["'sha256-abc='".into()];
        inputs.production = true;
        let policy = content_security_policy(&inputs);
        assert!(policy.contains("script-src 'self' 'sha256-abc='; "));
        assert!(policy.contains("img-src 'self' data: blob: https: https://abc.supabase.co;"));
        assert!(
            policy
                .contains("connect-src 'self' https://abc.supabase.co https://hooks.example.test;")
        );
        assert!(!policy.contains("javascript"));
        assert!(policy.ends_with("upgrade-insecure-requests"));
        assert!(!policy.contains("unsafe-eval"));
    }
}
