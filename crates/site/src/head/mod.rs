//! The document head of a page as data, built by the same rules as the client
//! (frontend/src/features/seo/page-seo.ts for pages, frontend/src/features/blog/post-head.ts for
//! posts, spec §4), and rendered as the tags the client's `applyHead` writes: each carries
//! `data-dynamic-seo`, so the client's first `applyHead` removes them and nothing is duplicated.
mod page;
mod post;

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::Value;

use cb_escape as escape;

pub(crate) use page::{PageSeo, page_head};
pub(crate) use post::{ArchiveSlugs, Post, post_description, post_head};

/// The attribute the client marks its head elements with (frontend/src/lib/head.ts).
pub(crate) const DYNAMIC_ATTR: &str = "data-dynamic-seo";

/// Whether a meta names its key with `name` (standard and Twitter tags) or `property` (Open
/// Graph and article tags).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Meta {
    pub(crate) key: MetaKey,
    pub(crate) value: Cow<'static, str>,
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

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct HeadSpec {
    pub(crate) title: String,
    pub(crate) metas: Vec<Meta>,
    pub(crate) canonical: Option<String>,
    pub(crate) json_ld: Option<Value>,
    pub(crate) links: Vec<HeadLink>,
}

impl HeadSpec {
    /// The head of a page without its own tags: the company name as the title.
    pub(crate) fn default_for(company_name: &str) -> Self {
        Self {
            title: company_name.to_string(),
            metas: Vec::new(),
            canonical: None,
            json_ld: None,
            links: Vec::new(),
        }
    }

    /// The head of a not-found page when its render does not say it (the renderer is busy):
    /// lib/not-found-page.ts `notFoundHead`.
    pub(crate) fn not_found(context: &HeadContext<'_>) -> Self {
        Self {
            title: format!(
                "Page not found{}{}",
                context.rules.title_separator, context.company_name
            ),
            metas: vec![name("robots", "noindex")],
            ..Self::default_for(context.company_name)
        }
    }

    /// The head a page claimed while it was rendered (frontend/src/lib/use-head.ts), when it
    /// claimed one in a form this server reads.
    pub(crate) fn reported(head: &Value) -> Option<Self> {
        let reported: ReportedHead = serde_json::from_value(head.clone())
            .inspect_err(|err| tracing::warn!(%err, "site: a rendered page reported a head this server cannot read"))
            .ok()?;
        let metas = reported
            .metas
            .into_iter()
            .map(|meta| Meta {
                key: if meta.key == "property" {
                    MetaKey::Property
                } else {
                    MetaKey::Name
                },
                value: Cow::Owned(meta.value),
                content: meta.content,
            })
            .collect();
        Some(Self {
            title: reported.title,
            metas: present(metas),
            canonical: reported.canonical,
            json_ld: reported.json_ld,
            links: reported.links,
        })
    }
}

/// lib/head.ts `HeadSpec`, as a render reports it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ReportedHead {
    title: String,
    metas: Vec<ReportedMeta>,
    canonical: Option<String>,
    json_ld: Option<Value>,
    #[serde(default)]
    links: Vec<HeadLink>,
}

#[derive(Debug, Deserialize)]
struct ReportedMeta {
    key: String,
    value: String,
    content: String,
}

/// The fixed values of the head rules, from the build (frontend/src/lib/head.ts `HEAD_RULES`,
/// in the site manifest).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct HeadRules {
    /// Between a post's headline and the company name in its title.
    pub(crate) title_separator: String,
    /// og:type of a page whose record names none.
    pub(crate) page_og_type: String,
    /// og:type of every post.
    pub(crate) post_og_type: String,
    /// twitter:card when a record or post names none.
    pub(crate) twitter_card: String,
    /// A post's JSON-LD @type when it names none.
    pub(crate) post_schema_type: String,
    /// The publisher logo a post's JSON-LD names, site-relative.
    pub(crate) publisher_logo_path: String,
}

/// What every head needs to know about the site.
#[derive(Debug, Clone)]
pub(crate) struct HeadContext<'a> {
    pub(crate) company_name: &'a str,
    /// The public site URL without a trailing slash.
    pub(crate) site_url: &'a str,
    pub(crate) rules: &'a HeadRules,
}

fn text(value: Option<&String>) -> &str {
    value.map_or("", |value| value.trim())
}

fn first_present<'a>(values: &[&'a str]) -> &'a str {
    values
        .iter()
        .copied()
        .find(|value| !value.is_empty())
        .unwrap_or("")
}

/// `url` resolved against `base` as the browser's `new URL(url, base + '/')` does; `url`
/// unchanged when that fails (head.ts `absoluteUrl`).
pub(crate) fn absolute_url(url: &str, base: &str) -> String {
    let base = if base.ends_with('/') {
        base.to_string()
    } else {
        format!("{base}/")
    };
    url::Url::parse(&base)
        .and_then(|base| base.join(url))
        .map_or_else(|_| url.to_string(), String::from)
}

/// [`absolute_url`], or "" for an empty `url` (no image).
fn absolute_or_empty(url: &str, base: &str) -> String {
    if url.is_empty() {
        String::new()
    } else {
        absolute_url(url, base)
    }
}

/// The robots content for the two flags, or "" when neither is set (page-seo.ts).
pub(crate) fn robots_content(noindex: bool, nofollow: bool) -> String {
    [(noindex, "noindex"), (nofollow, "nofollow")]
        .iter()
        .filter(|(set, _)| *set)
        .map(|(_, word)| *word)
        .collect::<Vec<_>>()
        .join(", ")
}

fn name(value: &'static str, content: impl Into<String>) -> Meta {
    Meta {
        key: MetaKey::Name,
        value: Cow::Borrowed(value),
        content: content.into(),
    }
}

fn property(value: &'static str, content: impl Into<String>) -> Meta {
    Meta {
        key: MetaKey::Property,
        value: Cow::Borrowed(value),
        content: content.into(),
    }
}

/// Keeps the metas with non-blank content (head.ts `presentMetas`).
fn present(metas: Vec<Meta>) -> Vec<Meta> {
    metas
        .into_iter()
        .filter(|meta| !meta.content.trim().is_empty())
        .collect()
}

fn trimmed_list(values: &[String]) -> Vec<&str> {
    values
        .iter()
        .map(|value| value.trim())
        .filter(|value| !value.is_empty())
        .collect()
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

/// What the page and post head tests share.
#[cfg(test)]
mod fixtures {
    use std::sync::LazyLock;

    use super::{HeadContext, HeadRules, HeadSpec, MetaKey};

    /// The head rules of the frontend build.
    pub(super) static RULES: LazyLock<HeadRules> =
        LazyLock::new(|| crate::site_manifest::testing::built_manifest().head);

    pub(super) fn context() -> HeadContext<'static> {
        HeadContext {
            company_name: "ClaimBridge",
            site_url: "https://www.example.test",
            rules: &RULES,
        }
    }

    /// A head in the form of the shared vectors (frontend/src/app/site-vectors.json).
    pub(super) fn plain(spec: &HeadSpec) -> serde_json::Value {
        let metas: Vec<[&str; 3]> = spec
            .metas
            .iter()
            .map(|meta| {
                let key = match meta.key {
                    MetaKey::Name => "name",
                    MetaKey::Property => "property",
                };
                [key, &*meta.value, meta.content.as_str()]
            })
            .collect();
        serde_json::json!({
            "title": spec.title,
            "metas": metas,
            "canonical": spec.canonical,
            "jsonLd": spec.json_ld,
        })
    }

    /// The vectors of one kind of head, with the context they were written for.
    pub(super) fn head_vectors(section: &str) -> Vec<serde_json::Value> {
        let vectors = crate::site_manifest::testing::vectors();
        let context = context();
        assert_eq!(vectors["context"]["siteUrl"], context.site_url);
        assert_eq!(vectors["context"]["companyName"], context.company_name);
        assert_eq!(vectors["dynamicAttribute"], super::DYNAMIC_ATTR);
        vectors[section].as_array().unwrap().clone()
    }

    /// The contents of the metas named `value`, in order.
    pub(super) fn content<'a>(spec: &'a HeadSpec, value: &str) -> Vec<&'a str> {
        spec.metas
            .iter()
            .filter(|meta| meta.value == value)
            .map(|meta| meta.content.as_str())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absolute_url_resolves_like_the_browser() {
        assert_eq!(
            absolute_url("/a b.png", "https://x.test"),
            "https://x.test/a%20b.png"
        );
        assert_eq!(
            absolute_url("img.png", "https://x.test/base"),
            "https://x.test/base/img.png"
        );
        assert_eq!(
            absolute_url("https://cdn.test/a.png", "https://x.test"),
            "https://cdn.test/a.png"
        );
        assert_eq!(absolute_url("/a.png", "not a url"), "/a.png");
    }
}
