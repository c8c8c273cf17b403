//! Stored HTML (blog posts, page body content) made safe on the server, for the pages it
//! renders: the same allow-list as the browser's DOMPurify (one file,
//! `frontend/src/lib/sanitize-policy.json`, read by both), applied by ammonia, then
//! the browser hooks' finishing touches applied by lol_html: frames kept only for the video
//! players the policy names (others removed whole), a frame gets a title, `loading="lazy"` and
//! a referrer policy, and every link gets `rel="noopener"` beside its other rel tokens.
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, OnceLock};

use lol_html::html_content::Element;
use lol_html::{Settings, element};
use serde::Deserialize;

const POLICY_JSON: &str = include_str!("../../../frontend/src/lib/sanitize-policy.json");

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Policy {
    tags: Vec<String>,
    global_attributes: Vec<String>,
    tag_attributes: HashMap<String, Vec<String>>,
    style_properties: Vec<String>,
    url_schemes: Vec<String>,
    iframe_src: String,
}

/// The sanitiser, built once from the policy.
pub(crate) struct Sanitizer {
    cleaner: ammonia::Builder<'static>,
    iframe_src: regex_lite::Regex,
}

impl std::fmt::Debug for Sanitizer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sanitizer").finish_non_exhaustive()
    }
}

/// One of the policy's lists as the set of names ammonia takes.
fn names(list: &'static [String]) -> HashSet<&'static str> {
    list.iter().map(String::as_str).collect()
}

/// `data:` URLs are kept only as image sources (as DOMPurify keeps them only there).
fn keep_url(element: &str, attribute: &str, value: &str) -> bool {
    let is_data = value
        .trim_start()
        .get(..5)
        .is_some_and(|scheme| scheme.eq_ignore_ascii_case("data:"));
    !is_data || (element == "img" && attribute == "src")
}

impl Sanitizer {
    fn from_policy(policy: Policy) -> Self {
        // The builder borrows its lists for its whole life: the policy is leaked once, at the
        // first use of the one sanitiser of the process.
        let policy: &'static Policy = Box::leak(Box::new(policy));
        let mut url_schemes = names(&policy.url_schemes);
        url_schemes.insert("data");
        let mut cleaner = ammonia::Builder::empty();
        cleaner
            .tags(names(&policy.tags))
            .generic_attributes(names(&policy.global_attributes))
            .tag_attributes(
                policy
                    .tag_attributes
                    .iter()
                    .map(|(tag, attributes)| (tag.as_str(), names(attributes)))
                    .collect(),
            )
            .filter_style_properties(names(&policy.style_properties))
            .url_schemes(url_schemes)
            .url_relative(ammonia::UrlRelative::PassThrough)
            .attribute_filter(|element, attribute, value| {
                keep_url(element, attribute, value).then(|| value.into())
            })
            // rel is the policy's to keep; noopener is added below, beside it.
            .link_rel(None)
            .strip_comments(true);
        Self {
            cleaner,
            iframe_src: regex_lite::Regex::new(&policy.iframe_src)
                .unwrap_or_else(|err| panic!("sanitize-policy.json: iframeSrc: {err}")),
        }
    }

    /// The one sanitiser (the policy is compiled into the binary; a policy that does not
    /// parse is a build defect, caught by the tests).
    pub(crate) fn get() -> &'static Sanitizer {
        static SANITIZER: OnceLock<Sanitizer> = OnceLock::new();
        SANITIZER.get_or_init(|| {
            let policy = serde_json::from_str(POLICY_JSON)
                .unwrap_or_else(|err| panic!("sanitize-policy.json does not parse: {err}"));
            Sanitizer::from_policy(policy)
        })
    }

    /// `html` with only what the policy allows.
    pub(crate) fn clean(&self, html: &str) -> String {
        let cleaned = self.cleaner.clean(html).to_string();
        self.finish(&cleaned).unwrap_or_default()
    }

    /// The browser hooks' work on the allowed markup (see the module comment).
    fn finish(&self, html: &str) -> Result<String, lol_html::errors::RewritingError> {
        let settings = Settings::new()
            .append_element_content_handler(element!("iframe", |frame| {
                finish_frame(frame, &self.iframe_src);
                Ok(())
            }))
            .append_element_content_handler(element!("a[href]", |link| {
                add_noopener(link);
                Ok(())
            }));
        lol_html::rewrite_str(html, settings)
    }
}

fn finish_frame(frame: &mut Element<'_, '_>, allowed: &regex_lite::Regex) {
    let src = frame.get_attribute("src").unwrap_or_default();
    if !allowed.is_match(&src) {
        frame.remove();
        return;
    }
    // A frame needs a name for screen readers; players load only when scrolled to.
    if frame
        .get_attribute("title")
        .is_none_or(|title| title.is_empty())
    {
        let _ = frame.set_attribute("title", "Embedded video");
    }
    let _ = frame.set_attribute("loading", "lazy");
    let _ = frame.set_attribute("referrerpolicy", "strict-origin-when-cross-origin");
}

fn add_noopener(link: &mut Element<'_, '_>) {
    let rel = link.get_attribute("rel").unwrap_or_default();
    let mut tokens: Vec<&str> = Vec::new();
    for token in rel.split_whitespace().chain(["noopener"]) {
        if !tokens.contains(&token) {
            tokens.push(token);
        }
    }
    let _ = link.set_attribute("rel", &tokens.join(" "));
}

/// The sanitiser as the server renderer calls it.
pub(crate) fn for_renderer() -> cb_render::Sanitizer {
    Arc::new(|html: &str| Sanitizer::get().clean(html))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean(html: &str) -> String {
        Sanitizer::get().clean(html)
    }

    #[test]
    fn scripts_handlers_and_javascript_urls_are_removed() {
        assert_eq!(
            clean(
                r#"<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)>"#
            ),
            r#"<p>Hi</p><img src="x">"#
        );
        assert_eq!(
            clean(r#"<a href="javascript:alert(1)">x</a><a href=" JaVaScRiPt:alert(1)">y</a>"#),
            "<a>x</a><a>y</a>"
        );
        assert_eq!(
            clean("<style>body{display:none}</style><p>ok</p>"),
            "<p>ok</p>"
        );
        assert_eq!(
            clean("<svg><script>alert(1)</script></svg><math></math>"),
            ""
        );
        assert_eq!(clean("<form action=/x><input name=a></form>"), "");
        assert_eq!(clean("<p>a<!-- secret -->b</p>"), "<p>ab</p>");
    }

    #[test]
    fn the_policy_keeps_what_the_editor_writes() {
        let html = r#"<h2 class="ql-align-center">Title</h2><p><strong>B</strong> <em>I</em> <u>U</u> <s>S</s></p><ol><li data-list="bullet" class="ql-indent-1">one</li></ol><blockquote>q</blockquote><pre spellcheck="false">code</pre><p><span style="color: rgb(230, 0, 0); position: fixed">red</span></p>"#;
        assert_eq!(
            clean(html),
            r#"<h2 class="ql-align-center">Title</h2><p><strong>B</strong> <em>I</em> <u>U</u> <s>S</s></p><ol><li data-list="bullet" class="ql-indent-1">one</li></ol><blockquote>q</blockquote><pre spellcheck="false">code</pre><p><span style="color:rgb(230, 0, 0)">red</span></p>"#
        );
    }

    #[test]
    fn links_get_noopener_beside_their_own_rel() {
        assert_eq!(
            clean(r#"<a href="https://x.example" target="_blank" rel="noreferrer">x</a>"#),
            r#"<a href="https://x.example" target="_blank" rel="noreferrer noopener">x</a>"#
        );
        assert_eq!(
            clean(r#"<a href="/blog">x</a><a href="mailto:a@b.c">m</a><a>no href</a>"#),
            r#"<a href="/blog" rel="noopener">x</a><a href="mailto:a@b.c" rel="noopener">m</a><a>no href</a>"#
        );
    }

    #[test]
    fn only_the_listed_video_players_are_kept_as_frames() {
        assert_eq!(
            clean(
                r#"<iframe src="https://www.youtube.com/embed/abc" allowfullscreen="true" frameborder="0"></iframe>"#
            ),
            r#"<iframe src="https://www.youtube.com/embed/abc" allowfullscreen="true" frameborder="0" title="Embedded video" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>"#
        );
        assert_eq!(
            clean(r#"<p>a</p><iframe src="https://evil.example/embed/abc"></iframe>"#),
            "<p>a</p>"
        );
        assert_eq!(
            clean(r#"<iframe srcdoc="<script>alert(1)</script>"></iframe>"#),
            ""
        );
    }

    #[test]
    fn data_urls_only_as_image_sources() {
        assert_eq!(
            clean(
                r#"<img src="data:image/png;base64,AAAA"><a href="data:text/html,<script>alert(1)</script>">x</a>"#
            ),
            r#"<img src="data:image/png;base64,AAAA"><a>x</a>"#
        );
    }
}
