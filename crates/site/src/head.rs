//! The document head of a page as data, built by the same rules as the client
//! (frontend/src/features/seo/page-seo.ts for pages, frontend/src/features/blog/post-head.ts for
//! posts, spec §4), and rendered as the tags the client's `applyHead` writes: each carries
//! `data-dynamic-seo`, so the client's first `applyHead` removes them and nothing is duplicated.
use serde_json::{Value, json};

use crate::escape;

/// The attribute the client marks its head elements with (frontend/src/features/seo/head.ts).
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
    pub(crate) value: &'static str,
    pub(crate) content: String,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct HeadSpec {
    pub(crate) title: String,
    pub(crate) metas: Vec<Meta>,
    pub(crate) canonical: Option<String>,
    pub(crate) json_ld: Option<Value>,
}

impl HeadSpec {
    /// The head of a page without its own tags: the company name as the title.
    pub(crate) fn default_for(company_name: &str) -> Self {
        Self {
            title: company_name.to_string(),
            metas: Vec::new(),
            canonical: None,
            json_ld: None,
        }
    }
}

/// A page_seo_settings row, the columns the head uses.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct PageSeo {
    pub(crate) meta_title: Option<String>,
    pub(crate) meta_description: Option<String>,
    pub(crate) keywords: Vec<String>,
    pub(crate) canonical_url: Option<String>,
    pub(crate) featured_image_url: Option<String>,
    pub(crate) og_title: Option<String>,
    pub(crate) og_description: Option<String>,
    pub(crate) og_image: Option<String>,
    pub(crate) og_type: Option<String>,
    pub(crate) twitter_card_type: Option<String>,
    pub(crate) twitter_title: Option<String>,
    pub(crate) twitter_description: Option<String>,
    pub(crate) twitter_image: Option<String>,
    pub(crate) noindex: bool,
    pub(crate) nofollow: bool,
    pub(crate) schema_json: Option<Value>,
}

/// A published blog_posts row, the columns the head, the sitemap and the feed use.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Post {
    pub(crate) slug: String,
    pub(crate) title: String,
    pub(crate) description: String,
    pub(crate) meta_title: Option<String>,
    pub(crate) excerpt: Option<String>,
    pub(crate) og_title: Option<String>,
    pub(crate) og_description: Option<String>,
    pub(crate) og_image: Option<String>,
    pub(crate) featured_image_url: Option<String>,
    pub(crate) twitter_card_type: Option<String>,
    pub(crate) canonical_url: Option<String>,
    pub(crate) author_name: Option<String>,
    pub(crate) tags: Vec<String>,
    pub(crate) schema_type: Option<String>,
    pub(crate) noindex: bool,
    pub(crate) nofollow: bool,
    /// The timestamps as the client receives them from /rest/v1 (PostgreSQL's JSON form).
    pub(crate) created_at: String,
    pub(crate) updated_at: String,
    pub(crate) created: chrono::DateTime<chrono::Utc>,
    pub(crate) updated: chrono::DateTime<chrono::Utc>,
}

/// What every head needs to know about the site.
#[derive(Debug, Clone)]
pub(crate) struct HeadContext<'a> {
    pub(crate) company_name: &'a str,
    /// The public site URL without a trailing slash.
    pub(crate) site_url: &'a str,
}

/// The company logo the post JSON-LD names as publisher logo (blog-post-page.tsx LOGO_PATH).
const LOGO_PATH: &str = "/favicon.svg";

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
        value,
        content: content.into(),
    }
}

fn property(value: &'static str, content: impl Into<String>) -> Meta {
    Meta {
        key: MetaKey::Property,
        value,
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

/// The head of a page from its SEO record (page-seo.ts `buildPageSeoHead`); `route` is the
/// path without a trailing slash.
pub(crate) fn page_head(
    record: Option<&PageSeo>,
    route: &str,
    context: &HeadContext<'_>,
) -> HeadSpec {
    let Some(record) = record else {
        return HeadSpec::default_for(context.company_name);
    };
    let site = context.site_url;
    let page_url = format!("{site}{}", if route == "/" { "/" } else { route });
    let title = first_present(&[text(record.meta_title.as_ref()), context.company_name]);
    let description = text(record.meta_description.as_ref());
    let canonical = text(record.canonical_url.as_ref());
    let canonical = (!canonical.is_empty()).then(|| absolute_url(canonical, site));
    let image = first_present(&[
        text(record.og_image.as_ref()),
        text(record.featured_image_url.as_ref()),
    ]);
    let og_title = first_present(&[text(record.og_title.as_ref()), title]);
    let og_description = first_present(&[text(record.og_description.as_ref()), description]);
    let twitter_image = first_present(&[text(record.twitter_image.as_ref()), image]);
    let absolute = |url: &str| {
        if url.is_empty() {
            String::new()
        } else {
            absolute_url(url, site)
        }
    };
    HeadSpec {
        title: title.to_string(),
        metas: present(vec![
            name("description", description),
            name("keywords", trimmed_list(&record.keywords).join(", ")),
            name("robots", robots_content(record.noindex, record.nofollow)),
            property(
                "og:type",
                first_present(&[text(record.og_type.as_ref()), "website"]),
            ),
            property("og:title", og_title),
            property("og:description", og_description),
            property("og:image", absolute(image)),
            property("og:url", canonical.clone().unwrap_or(page_url)),
            property("og:site_name", context.company_name),
            name(
                "twitter:card",
                first_present(&[
                    text(record.twitter_card_type.as_ref()),
                    "summary_large_image",
                ]),
            ),
            name(
                "twitter:title",
                first_present(&[text(record.twitter_title.as_ref()), og_title]),
            ),
            name(
                "twitter:description",
                first_present(&[text(record.twitter_description.as_ref()), og_description]),
            ),
            name("twitter:image", absolute(twitter_image)),
        ]),
        canonical,
        json_ld: record.schema_json.clone().filter(|value| !value.is_null()),
    }
}

/// The absolute URL of a post: its canonical URL, else /blog/{slug} on the site.
pub(crate) fn post_url(post: &Post, site_url: &str) -> String {
    match text(post.canonical_url.as_ref()) {
        "" => format!("{site_url}/blog/{}", post.slug),
        canonical => absolute_url(canonical, site_url),
    }
}

/// The description a post shows: its excerpt, else its description.
pub(crate) fn post_description(post: &Post) -> &str {
    first_present(&[text(post.excerpt.as_ref()), post.description.trim()])
}

/// The head of a published post (post-head.ts `buildBlogPostHead`, spec §4).
pub(crate) fn post_head(post: &Post, context: &HeadContext<'_>) -> HeadSpec {
    let site = context.site_url;
    let headline = first_present(&[text(post.meta_title.as_ref()), &post.title]);
    let description = post_description(post);
    let page_url = post_url(post, site);
    let image_source = first_present(&[
        text(post.og_image.as_ref()),
        text(post.featured_image_url.as_ref()),
    ]);
    let image = if image_source.is_empty() {
        String::new()
    } else {
        absolute_url(image_source, site)
    };
    let tags = trimmed_list(&post.tags);
    let author = text(post.author_name.as_ref());
    let og_title = first_present(&[text(post.og_title.as_ref()), headline]);
    let og_description = first_present(&[text(post.og_description.as_ref()), description]);
    let modified = first_present(&[&post.updated_at, &post.created_at]);

    let mut json_ld = json!({
        "@context": "https://schema.org",
        "@type": first_present(&[text(post.schema_type.as_ref()), "BlogPosting"]),
        "headline": headline,
        "description": description,
        "datePublished": post.created_at,
        "dateModified": modified,
        "author": if author.is_empty() {
            json!({ "@type": "Organization", "name": context.company_name })
        } else {
            json!({ "@type": "Person", "name": author })
        },
        "publisher": {
            "@type": "Organization",
            "name": context.company_name,
            "url": site,
            "logo": { "@type": "ImageObject", "url": absolute_url(LOGO_PATH, site) },
        },
        "mainEntityOfPage": { "@type": "WebPage", "@id": page_url },
    });
    if !image.is_empty() {
        json_ld["image"] = json!(image);
    }
    if !tags.is_empty() {
        json_ld["keywords"] = json!(tags.join(", "));
    }

    let mut metas = vec![
        name("description", description),
        name("robots", robots_content(post.noindex, post.nofollow)),
        name("keywords", tags.join(", ")),
        property("og:type", "article"),
        property("og:title", og_title),
        property("og:description", og_description),
        property("og:image", image.clone()),
        property("og:url", page_url.clone()),
        property("og:site_name", context.company_name),
        property("article:published_time", post.created_at.clone()),
        property("article:modified_time", modified),
        property(
            "article:author",
            first_present(&[author, context.company_name]),
        ),
    ];
    metas.extend(tags.iter().map(|tag| property("article:tag", *tag)));
    metas.extend([
        name(
            "twitter:card",
            first_present(&[text(post.twitter_card_type.as_ref()), "summary_large_image"]),
        ),
        name("twitter:title", og_title),
        name("twitter:description", og_description),
        name("twitter:image", image),
    ]);

    HeadSpec {
        title: format!("{headline} | {}", context.company_name),
        metas: present(metas),
        canonical: Some(page_url),
        json_ld: Some(json_ld),
    }
}

/// The head elements of `spec` after the title, as `applyHead` creates them.
pub(crate) fn render_dynamic_tags(spec: &HeadSpec) -> String {
    let mut html = String::with_capacity(2048);
    for meta in &spec.metas {
        html.push_str(&format!(
            "<meta {}=\"{}\" content=\"{}\" {DYNAMIC_ATTR}=\"\">",
            meta.key.attribute(),
            meta.value,
            escape::markup(&meta.content)
        ));
    }
    if let Some(canonical) = &spec.canonical {
        html.push_str(&format!(
            "<link rel=\"canonical\" href=\"{}\" {DYNAMIC_ATTR}=\"\">",
            escape::markup(canonical)
        ));
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

    const CONTEXT: HeadContext<'static> = HeadContext {
        company_name: "ClaimBridge",
        site_url: "https://www.example.test",
    };

    fn content<'a>(spec: &'a HeadSpec, value: &str) -> Vec<&'a str> {
        spec.metas
            .iter()
            .filter(|meta| meta.value == value)
            .map(|meta| meta.content.as_str())
            .collect()
    }

    fn post() -> Post {
        Post {
            slug: "denials".into(),
            title: "Fewer denials".into(),
            description: "How to cut denials".into(),
            tags: vec![" cpap ".into(), String::new(), "oxygen".into()],
            created_at: "2026-01-10T09:00:00+00:00".into(),
            updated_at: "2026-01-12T10:00:00+00:00".into(),
            ..Post::default()
        }
    }

    #[test]
    fn no_record_gives_the_company_name_only() {
        assert_eq!(
            page_head(None, "/about", &CONTEXT),
            HeadSpec::default_for("ClaimBridge")
        );
    }

    #[test]
    fn page_fallbacks_follow_the_client() {
        let record = PageSeo {
            meta_title: Some("  About us ".into()),
            meta_description: Some("Who we are".into()),
            keywords: vec!["dme".into(), " ".into(), "billing".into()],
            featured_image_url: Some("/img/a.png".into()),
            noindex: true,
            schema_json: Some(Value::Null),
            ..PageSeo::default()
        };
        let spec = page_head(Some(&record), "/about", &CONTEXT);
        assert_eq!(spec.title, "About us");
        assert_eq!(spec.canonical, None);
        assert_eq!(spec.json_ld, None, "a JSON null is no JSON-LD");
        assert_eq!(content(&spec, "keywords"), ["dme, billing"]);
        assert_eq!(content(&spec, "robots"), ["noindex"]);
        assert_eq!(content(&spec, "og:type"), ["website"]);
        assert_eq!(content(&spec, "og:title"), ["About us"]);
        assert_eq!(content(&spec, "twitter:description"), ["Who we are"]);
        assert_eq!(
            content(&spec, "og:image"),
            ["https://www.example.test/img/a.png"]
        );
        assert_eq!(content(&spec, "twitter:image"), content(&spec, "og:image"));
        assert_eq!(content(&spec, "og:url"), ["https://www.example.test/about"]);
        assert_eq!(content(&spec, "twitter:card"), ["summary_large_image"]);
    }

    #[test]
    fn a_page_canonical_is_made_absolute_and_is_the_og_url() {
        let record = PageSeo {
            canonical_url: Some("/services".into()),
            ..PageSeo::default()
        };
        let spec = page_head(Some(&record), "/", &CONTEXT);
        assert_eq!(
            spec.canonical.as_deref(),
            Some("https://www.example.test/services")
        );
        assert_eq!(
            content(&spec, "og:url"),
            ["https://www.example.test/services"]
        );
        assert_eq!(content(&spec, "description"), Vec::<&str>::new());
    }

    #[test]
    fn post_head_follows_spec_section_4() {
        let spec = post_head(&post(), &CONTEXT);
        assert_eq!(spec.title, "Fewer denials | ClaimBridge");
        assert_eq!(
            spec.canonical.as_deref(),
            Some("https://www.example.test/blog/denials")
        );
        assert_eq!(content(&spec, "robots"), Vec::<&str>::new());
        assert_eq!(content(&spec, "keywords"), ["cpap, oxygen"]);
        assert_eq!(content(&spec, "article:tag"), ["cpap", "oxygen"]);
        assert_eq!(content(&spec, "article:author"), ["ClaimBridge"]);
        assert_eq!(content(&spec, "og:image"), Vec::<&str>::new());
        assert_eq!(
            content(&spec, "article:modified_time"),
            ["2026-01-12T10:00:00+00:00"]
        );
        let json_ld = spec.json_ld.unwrap();
        assert_eq!(json_ld["@type"], "BlogPosting");
        assert_eq!(json_ld["author"]["@type"], "Organization");
        assert_eq!(
            json_ld["publisher"]["logo"]["url"],
            "https://www.example.test/favicon.svg"
        );
        assert_eq!(json_ld["keywords"], "cpap, oxygen");
        assert!(json_ld.get("image").is_none());
    }

    #[test]
    fn post_overrides_win() {
        let post = Post {
            meta_title: Some("Meta".into()),
            excerpt: Some("Short".into()),
            og_title: Some("OG".into()),
            og_image: Some("https://cdn.example.test/a.png".into()),
            author_name: Some("Dana".into()),
            canonical_url: Some("https://other.example.test/x".into()),
            schema_type: Some("TechArticle".into()),
            nofollow: true,
            ..post()
        };
        let spec = post_head(&post, &CONTEXT);
        assert_eq!(spec.title, "Meta | ClaimBridge");
        assert_eq!(content(&spec, "description"), ["Short"]);
        assert_eq!(content(&spec, "twitter:title"), ["OG"]);
        assert_eq!(content(&spec, "robots"), ["nofollow"]);
        assert_eq!(content(&spec, "og:url"), ["https://other.example.test/x"]);
        let json_ld = spec.json_ld.unwrap();
        assert_eq!(
            json_ld["author"],
            json!({"@type": "Person", "name": "Dana"})
        );
        assert_eq!(json_ld["image"], "https://cdn.example.test/a.png");
        assert_eq!(json_ld["@type"], "TechArticle");
    }

    #[test]
    fn rendered_tags_escape_every_value() {
        let post = Post {
            title: "</title><script>alert(1)</script>".into(),
            description: "\"><img src=x onerror=alert(1)>".into(),
            tags: vec!["</script><script>alert(2)</script>".into()],
            ..post()
        };
        let html = render_dynamic_tags(&post_head(&post, &CONTEXT));
        assert!(!html.contains("<script>"));
        assert!(!html.contains("<img"));
        assert_eq!(html.matches("</script>").count(), 1);
        assert!(html.contains("content=\"&quot;&gt;&lt;img src=x onerror=alert(1)&gt;\""));
        assert!(html.contains("\\u003c/script\\u003e"));
    }

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
