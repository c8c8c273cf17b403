//! index.html as a template, parsed once at startup: the runtime configuration injected into its
//! JSON data block, then split around the title, the static meta tags a page may override and
//! the end of the head, so rendering a page is a few string copies.
use sha2::{Digest as _, Sha256};

use crate::head::{HeadSpec, render_dynamic_tags};
use cb_escape as escape;

/// The element the frontend build contains; its text is replaced by the runtime configuration.
pub const RUNTIME_CONFIG_OPEN_TAG: &str = r#"<script id="runtime-config" type="application/json">"#;
/// The app's (empty) mount point in index.html; a server-rendered page fills it.
const ROOT_ELEMENT: &str = r#"<div id="root"></div>"#;
/// index.html's note for visitors without JavaScript, true only of pages that are not rendered
/// by the server (the admin screens): a rendered page drops it.
const APP_NOSCRIPT_OPEN_TAG: &str = r#"<noscript id="app-noscript">"#;
/// The element a rendered page's data goes in (frontend/src/lib/page-data.ts).
const PAGE_DATA_OPEN_TAG: &str = r#"<script id="page-data" type="application/json">"#;

/// What a server-rendered page adds to the template.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PageBody<'a> {
    /// The markup of #root.
    pub(crate) root_html: &'a str,
    /// The data it was rendered with (frontend/src/lib/page-data.ts), JSON.
    pub(crate) page_data: &'a serde_json::Value,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Segment {
    Literal(String),
    /// The `<title>` element; holds index.html's own.
    Title(String),
    /// A meta of index.html naming `key` (`name` or `property`) `value`: dropped when the page
    /// has its own, as the client's applyHead removes it.
    StaticMeta {
        key: String,
        value: String,
        html: String,
    },
    /// `</head>`: the page's own tags go right before it.
    HeadEnd,
    /// The empty #root element.
    Root,
    /// The noscript note of pages the browser renders.
    AppNoscript(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PageTemplate {
    segments: Vec<Segment>,
}

impl PageTemplate {
    /// Parses `index_html` with `runtime_config` already in its data block.
    pub(crate) fn parse(index_html: &str, runtime_config: &serde_json::Value) -> Self {
        let html = inject_runtime_config(index_html, runtime_config);
        let head_end = html.find("</head>");
        let mut segments = Vec::new();
        let mut literal = String::new();
        let mut rest = html.as_str();
        let mut offset = 0;
        while let Some(start) = rest.find('<') {
            let absolute = offset + start;
            if head_end.is_some_and(|end| absolute > end) {
                break;
            }
            literal.push_str(&rest[..start]);
            let tail = &rest[start..];
            let consumed = if head_end == Some(absolute) {
                flush(&mut segments, &mut literal);
                segments.push(Segment::HeadEnd);
                "</head>".len()
            } else if tail.starts_with("<title>") || tail.starts_with("<title ") {
                match tail.find("</title>") {
                    Some(close) => {
                        flush(&mut segments, &mut literal);
                        let end = close + "</title>".len();
                        segments.push(Segment::Title(tail[..end].to_string()));
                        end
                    }
                    None => 1,
                }
            } else if tail.starts_with("<meta") {
                let end = tail.find('>').map_or(tail.len(), |end| end + 1);
                let tag = &tail[..end];
                let named = attribute(tag, "name")
                    .map(|value| ("name", value))
                    .or_else(|| attribute(tag, "property").map(|value| ("property", value)));
                match named {
                    Some((key, value)) => {
                        flush(&mut segments, &mut literal);
                        segments.push(Segment::StaticMeta {
                            key: key.into(),
                            value,
                            html: tag.to_string(),
                        });
                    }
                    None => literal.push_str(tag),
                }
                end
            } else {
                literal.push('<');
                1
            };
            rest = &rest[start + consumed..];
            offset = absolute + consumed;
        }
        split_body(rest, &mut literal, &mut segments);
        flush(&mut segments, &mut literal);
        if !segments.contains(&Segment::HeadEnd) {
            tracing::warn!("index.html has no </head>; pages get no SEO tags");
        }
        if !segments.contains(&Segment::Root) {
            tracing::warn!(
                "index.html has no {ROOT_ELEMENT}; pages are not rendered on the server"
            );
        }
        Self { segments }
    }

    /// Whether a rendered page has somewhere to go.
    pub(crate) fn has_root(&self) -> bool {
        self.segments.contains(&Segment::Root)
    }

    /// The page with `head`: its title, its tags before `</head>`, and the static metas it does
    /// not override.
    /// `preloads`: `<link rel="modulepreload">` tags of the page's code (see `preload`).
    /// `body`: the page as the server rendered it, else the empty mount point.
    pub(crate) fn render(
        &self,
        head: &HeadSpec,
        preloads: &str,
        body: Option<PageBody<'_>>,
    ) -> String {
        let mut dynamic = render_dynamic_tags(head);
        dynamic.push_str(preloads);
        let body_len = body.map_or(0, |body| body.root_html.len() * 2);
        let mut html =
            String::with_capacity(self.len_hint() + dynamic.len() + head.title.len() + body_len);
        for segment in &self.segments {
            match segment {
                Segment::Literal(text) => html.push_str(text),
                Segment::Root => match body {
                    Some(body) => {
                        html.push_str(r#"<div id="root">"#);
                        html.push_str(body.root_html);
                        html.push_str("</div>");
                        html.push_str(PAGE_DATA_OPEN_TAG);
                        html.push_str(&escape::json_for_script(body.page_data));
                        html.push_str("</script>");
                    }
                    None => html.push_str(ROOT_ELEMENT),
                },
                Segment::AppNoscript(text) => {
                    if body.is_none() {
                        html.push_str(text);
                    }
                }
                Segment::Title(_) => {
                    html.push_str("<title>");
                    html.push_str(&escape::markup(&head.title));
                    html.push_str("</title>");
                }
                Segment::StaticMeta {
                    key,
                    value,
                    html: tag,
                } => {
                    let overridden = head
                        .metas
                        .iter()
                        .any(|meta| meta.key.attribute() == key && *meta.value == **value);
                    if !overridden {
                        html.push_str(tag);
                    }
                }
                Segment::HeadEnd => {
                    html.push_str(&dynamic);
                    html.push_str("</head>");
                }
            }
        }
        html
    }

    /// The page as index.html has it (admin screens, which set no head of their own).
    pub(crate) fn render_plain(&self) -> String {
        let mut html = String::with_capacity(self.len_hint());
        for segment in &self.segments {
            match segment {
                Segment::Literal(text)
                | Segment::Title(text)
                | Segment::StaticMeta { html: text, .. }
                | Segment::AppNoscript(text) => html.push_str(text),
                Segment::HeadEnd => html.push_str("</head>"),
                Segment::Root => html.push_str(ROOT_ELEMENT),
            }
        }
        html
    }

    fn len_hint(&self) -> usize {
        self.segments
            .iter()
            .map(|segment| match segment {
                Segment::Literal(text)
                | Segment::Title(text)
                | Segment::StaticMeta { html: text, .. }
                | Segment::AppNoscript(text) => text.len(),
                Segment::HeadEnd | Segment::Root => 32,
            })
            .sum()
    }
}

/// The document after the head: literal text around the #root element and the app's noscript
/// note.
fn split_body(mut rest: &str, literal: &mut String, segments: &mut Vec<Segment>) {
    loop {
        let root = rest.find(ROOT_ELEMENT);
        let noscript = rest.find(APP_NOSCRIPT_OPEN_TAG).and_then(|start| {
            rest[start..]
                .find("</noscript>")
                .map(|end| (start, start + end + "</noscript>".len()))
        });
        match (root, noscript) {
            (Some(at), noscript) if noscript.is_none_or(|(start, _)| at < start) => {
                literal.push_str(&rest[..at]);
                flush(segments, literal);
                segments.push(Segment::Root);
                rest = &rest[at + ROOT_ELEMENT.len()..];
            }
            (_, Some((start, end))) => {
                literal.push_str(&rest[..start]);
                flush(segments, literal);
                segments.push(Segment::AppNoscript(rest[start..end].to_string()));
                rest = &rest[end..];
            }
            _ => {
                literal.push_str(rest);
                return;
            }
        }
    }
}

fn flush(segments: &mut Vec<Segment>, literal: &mut String) {
    if !literal.is_empty() {
        segments.push(Segment::Literal(std::mem::take(literal)));
    }
}

/// The value of attribute `name` in the tag text `tag` (quoted with `"` or `'`).
fn attribute(tag: &str, name: &str) -> Option<String> {
    let mut search = tag;
    while let Some(found) = search.find(name) {
        let before = search[..found].chars().next_back();
        let after = &search[found + name.len()..];
        search = after;
        if !before.is_some_and(char::is_whitespace) {
            continue;
        }
        let Some(value) = after.trim_start().strip_prefix('=') else {
            continue;
        };
        let value = value.trim_start();
        let quote = value.chars().next()?;
        if quote != '"' && quote != '\'' {
            continue;
        }
        let inner = &value[1..];
        return inner.find(quote).map(|end| inner[..end].to_string());
    }
    None
}

/// Replaces the text of the runtime-config element with `config`, escaped so that no value can
/// close the element or start markup. A JSON block is not executed, so a CSP without
/// 'unsafe-inline' scripts allows it.
fn inject_runtime_config(template: &str, config: &serde_json::Value) -> String {
    let Some(open) = template.find(RUNTIME_CONFIG_OPEN_TAG) else {
        tracing::warn!("index.html has no runtime-config element; serving it unchanged");
        return template.to_string();
    };
    let content_start = open + RUNTIME_CONFIG_OPEN_TAG.len();
    let Some(close) = template[content_start..].find("</script>") else {
        return template.to_string();
    };
    let mut html = String::with_capacity(template.len() + 512);
    html.push_str(&template[..content_start]);
    html.push_str(&escape::json_for_script(config));
    html.push_str(&template[content_start + close..]);
    html
}

/// CSP sources (`'sha256-…'`) of the executable inline scripts of `html`: scripts without `src`
/// whose type is not a JSON data block.
pub(crate) fn inline_script_hashes(html: &str) -> Vec<String> {
    use base64::Engine as _;
    let mut hashes = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<script") {
        let tail = &rest[start..];
        let Some(tag_end) = tail.find('>') else { break };
        let tag = &tail[..tag_end];
        let body = &tail[tag_end + 1..];
        let Some(close) = body.find("</script>") else {
            break;
        };
        let data_block = matches!(
            attribute(tag, "type").as_deref(),
            Some("application/json" | "application/ld+json")
        );
        if attribute(tag, "src").is_none() && !data_block {
            let digest = Sha256::digest(&body.as_bytes()[..close]);
            hashes.push(format!(
                "'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            ));
        }
        rest = &body[close..];
    }
    hashes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::head::{Meta, MetaKey};
    use serde_json::json;

    const INDEX: &str = "<!doctype html><html><head><meta charset=\"UTF-8\" />\
<title>ClaimBridge</title>\n<meta\n  name=\"description\"\n  content=\"Default\"\n/>\
<meta name=\"theme-color\" content=\"#0B2545\" />\
<script id=\"runtime-config\" type=\"application/json\">{}</script>\
<script type=\"module\" crossorigin src=\"/assets/index-abc.js\"></script></head>\
<body><div id=\"root\"></div><title>not the head</title></body></html>";

    fn spec(metas: Vec<Meta>) -> HeadSpec {
        HeadSpec {
            title: "A & B".into(),
            metas,
            canonical: None,
            json_ld: None,
            links: Vec::new(),
        }
    }

    #[test]
    fn a_page_replaces_the_title_and_the_metas_it_overrides() {
        let template = PageTemplate::parse(INDEX, &json!({"k": "</script>"}));
        let html = template.render(
            &spec(vec![Meta {
                key: MetaKey::Name,
                value: "description".into(),
                content: "Mine".into(),
            }]),
            "",
            None,
        );
        assert_eq!(
            html,
            "<!doctype html><html><head><meta charset=\"UTF-8\" /><title>A &amp; B</title>\n\
<meta name=\"theme-color\" content=\"#0B2545\" />\
<script id=\"runtime-config\" type=\"application/json\">{\"k\":\"\\u003c/script\\u003e\"}</script>\
<script type=\"module\" crossorigin src=\"/assets/index-abc.js\"></script>\
<meta name=\"description\" content=\"Mine\" data-dynamic-seo=\"\"></head>\
<body><div id=\"root\"></div><title>not the head</title></body></html>"
        );
    }

    #[test]
    fn without_overrides_the_static_metas_stay() {
        let template = PageTemplate::parse(INDEX, &json!({}));
        let html = template.render(
            &spec(Vec::new()),
            "<link rel=\"modulepreload\" href=\"/assets/p.js\">",
            None,
        );
        assert!(html.contains("<link rel=\"modulepreload\" href=\"/assets/p.js\"></head>"));
        assert!(html.contains("content=\"Default\""));
        assert_eq!(html.matches("<title>").count(), 2);
        assert_eq!(template.render_plain(), INDEX);
    }

    #[test]
    fn a_rendered_page_fills_the_root_embeds_its_data_and_drops_the_noscript_note() {
        let index = "<html><head><title>T</title></head><body><div id=\"root\"></div>\
<noscript id=\"app-noscript\"><p>Needs JavaScript</p></noscript><script src=\"/a.js\"></script></body></html>";
        let template = PageTemplate::parse(index, &json!({}));
        assert!(template.has_root());
        let data = json!({"path": "/", "resources": {"x": "</script>"}});
        let html = template.render(
            &spec(Vec::new()),
            "",
            Some(PageBody {
                root_html: "<main>Hi</main>",
                page_data: &data,
            }),
        );
        assert!(html.ends_with(
            "<body><div id=\"root\"><main>Hi</main></div><script id=\"page-data\" type=\"application/json\">\
{\"path\":\"/\",\"resources\":{\"x\":\"\\u003c/script\\u003e\"}}</script><script src=\"/a.js\"></script></body></html>"
        ), "{html}");
        let plain = template.render(&spec(Vec::new()), "", None);
        assert!(plain.contains("<div id=\"root\"></div><noscript id=\"app-noscript\"><p>Needs JavaScript</p></noscript>"));
        assert_eq!(template.render_plain(), index);
    }

    #[test]
    fn attributes_are_read_with_either_quote() {
        assert_eq!(
            attribute("<meta name='a' content=\"b\">", "content").as_deref(),
            Some("b")
        );
        assert_eq!(attribute("<meta name='a'>", "name").as_deref(), Some("a"));
        assert_eq!(attribute("<meta data-name=\"a\">", "name"), None);
    }

    #[test]
    fn only_executable_inline_scripts_are_hashed() {
        let html = "<script type=\"application/json\">{}</script>\
<script type=\"application/ld+json\">{}</script><script src=\"/a.js\"></script>\
<script>console.log(1)</script>";
        assert_eq!(
            inline_script_hashes(html),
            ["'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='"]
        );
        assert!(inline_script_hashes(INDEX).is_empty());
    }
}
