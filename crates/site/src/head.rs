//! A page's head as its render reports it (frontend/src/lib/use-head.ts): the server bundle is
//! the only author of what a public page's head says; this module reads the report and writes
//! it as the tags the client's `applyHead` writes. Each carries `data-dynamic-seo`, so the
//! client's first `applyHead` removes them and nothing is duplicated.
use serde::Deserialize;
use serde_json::Value;

use cb_escape as escape;

/// The attribute the client marks its head elements with (frontend/src/lib/head.ts).
pub(crate) const DYNAMIC_ATTR: &str = "data-dynamic-seo";

/// Whether a meta names its key with `name` (standard and Twitter tags) or `property` (Open
/// Graph and article tags).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum MetaKey {
    Name,
    Property,
}

impl MetaKey {
    pub(crate) fn attribute(self) -> &'static str {
        match self {
            Self::Name => "name",
            Self::Property => "property",
        }
    }
}

/// lib/head.ts `HeadMeta`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub(crate) struct Meta {
    pub(crate) key: MetaKey,
    pub(crate) value: String,
    pub(crate) content: String,
}

/// A `<link>` of the head other than the canonical one (rel=prev/next, an alternate feed).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub(crate) struct HeadLink {
    pub(crate) rel: String,
    pub(crate) href: String,
    #[serde(rename = "type")]
    pub(crate) media_type: Option<String>,
    pub(crate) title: Option<String>,
}

/// lib/head.ts `HeadSpec`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct HeadSpec {
    pub(crate) title: String,
    pub(crate) metas: Vec<Meta>,
    pub(crate) canonical: Option<String>,
    pub(crate) json_ld: Option<Value>,
    #[serde(default)]
    pub(crate) links: Vec<HeadLink>,
}

impl HeadSpec {
    /// The head of a page whose render said none, or that went out unrendered (the renderer
    /// busy or failing, or no server bundle): the company name as the title, as index.html
    /// and the browser app before it knows the page.
    pub(crate) fn untitled(company_name: &str) -> Self {
        Self {
            title: company_name.to_string(),
            metas: Vec::new(),
            canonical: None,
            json_ld: None,
            links: Vec::new(),
        }
    }

    /// The head a render reported, else [`Self::untitled`].
    pub(crate) fn of_render(reported: Option<&Value>, company_name: &str) -> Self {
        reported
            .and_then(Self::reported)
            .unwrap_or_else(|| Self::untitled(company_name))
    }

    /// The head a render reported, when it reported one in a form this server reads.
    fn reported(head: &Value) -> Option<Self> {
        Self::deserialize(head)
            .inspect_err(|err| tracing::warn!(%err, "site: a rendered page reported a head this server cannot read"))
            .ok()
    }
}

/// The head elements of `spec` after the title, as `applyHead` creates them.
pub(crate) fn render_dynamic_tags(spec: &HeadSpec) -> String {
    let mut html = String::with_capacity(2048);
    for meta in &spec.metas {
        html.push_str(&format!(
            "<meta {}=\"{}\" content=\"{}\" {DYNAMIC_ATTR}=\"\">",
            meta.key.attribute(),
            escape::markup(&meta.value),
            escape::markup(&meta.content)
        ));
    }
    if let Some(canonical) = &spec.canonical {
        html.push_str(&format!(
            "<link rel=\"canonical\" href=\"{}\" {DYNAMIC_ATTR}=\"\">",
            escape::markup(canonical)
        ));
    }
    for link in &spec.links {
        html.push_str(&format!(
            "<link rel=\"{}\" href=\"{}\"",
            escape::markup(&link.rel),
            escape::markup(&link.href)
        ));
        if let Some(media_type) = &link.media_type {
            html.push_str(&format!(" type=\"{}\"", escape::markup(media_type)));
        }
        if let Some(title) = &link.title {
            html.push_str(&format!(" title=\"{}\"", escape::markup(title)));
        }
        html.push_str(&format!(" {DYNAMIC_ATTR}=\"\">"));
    }
    if let Some(json_ld) = &spec.json_ld {
        html.push_str(&format!(
            "<script type=\"application/ld+json\" {DYNAMIC_ATTR}=\"\">{}</script>",
            escape::json_for_script(json_ld)
        ));
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_marks_its_head_elements_with_the_same_attribute() {
        let vectors = crate::site_manifest::testing::vectors();
        assert_eq!(vectors["dynamicAttribute"], DYNAMIC_ATTR);
    }

    #[test]
    fn a_reported_head_is_read_and_a_malformed_one_is_not() {
        let head = HeadSpec::reported(&serde_json::json!({
            "title": "Posts in Billing | ClaimBridge",
            "metas": [
                {"key": "name", "value": "description", "content": "Billing posts"},
                {"key": "property", "value": "og:type", "content": "website"},
            ],
            "canonical": "https://www.example.test/blog/category/billing",
            "links": [{"rel": "alternate", "href": "/rss.xml", "type": "application/rss+xml"}],
        }))
        .expect("read");
        assert_eq!(head.metas[1].key, MetaKey::Property);
        assert_eq!(
            head.links[0].media_type.as_deref(),
            Some("application/rss+xml")
        );
        assert_eq!(head.json_ld, None);
        for malformed in [
            serde_json::json!({"metas": []}),
            serde_json::json!({"title": "T", "metas": [{"key": "http-equiv", "value": "refresh", "content": "0"}]}),
            serde_json::json!("a title"),
        ] {
            assert_eq!(HeadSpec::reported(&malformed), None, "{malformed}");
        }
    }

    #[test]
    fn reported_values_are_escaped_in_the_tags() {
        let head = HeadSpec {
            metas: vec![Meta {
                key: MetaKey::Name,
                value: "description".into(),
                content: "\"><script>alert(1)</script>".into(),
            }],
            canonical: Some("https://x.test/?a=1&b=\"2\"".into()),
            json_ld: Some(serde_json::json!({"headline": "</script><script>alert(1)</script>"})),
            ..HeadSpec::untitled("ClaimBridge")
        };
        let tags = render_dynamic_tags(&head);
        assert!(!tags.contains("<script>alert"), "{tags}");
        assert!(
            tags.contains("content=\"&quot;&gt;&lt;script&gt;"),
            "{tags}"
        );
        assert!(
            tags.contains("href=\"https://x.test/?a=1&amp;b=&quot;2&quot;\""),
            "{tags}"
        );
    }
}
