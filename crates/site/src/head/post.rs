//! A published post's head (post-head.ts `buildBlogPostHead`, spec §4): its metas, its
//! canonical URL and its JSON-LD; and the URL and description the sitemap and the feed share.
use serde_json::json;

use super::{
    HeadContext, HeadSpec, absolute_or_empty, absolute_url, first_present, name, present, property,
    robots_content, text, trimmed_list,
};

/// A published blog_posts row, the columns the head, the sitemap and the feed use.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(test, derive(serde::Deserialize), serde(default))]
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
    /// Set when the post was scheduled: it went on the site then, not when it was created.
    pub(crate) publish_at: Option<String>,
    /// When it went on the site (`publish_at`, else `created_at`), for the feed and the sitemap.
    pub(crate) published: chrono::DateTime<chrono::Utc>,
    pub(crate) updated: chrono::DateTime<chrono::Utc>,
    /// The archives it is listed in (public.taxonomy_slug of its category, tags and author).
    pub(crate) archive_slugs: ArchiveSlugs,
}

/// The slugs of a post's category, tags and author, as the database makes them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(test, derive(serde::Deserialize), serde(default))]
pub(crate) struct ArchiveSlugs {
    pub(crate) category: Option<String>,
    pub(crate) tags: Vec<String>,
    pub(crate) author: Option<String>,
}

/// The absolute URL of a post: its canonical URL, else /blog/{slug} on the site.
fn post_url(post: &Post, site_url: &str) -> String {
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
    let image = absolute_or_empty(image_source, site);
    let tags = trimmed_list(&post.tags);
    let author = text(post.author_name.as_ref());
    let og_title = first_present(&[text(post.og_title.as_ref()), headline]);
    let og_description = first_present(&[text(post.og_description.as_ref()), description]);
    let published = first_present(&[text(post.publish_at.as_ref()), &post.created_at]);
    let modified = first_present(&[&post.updated_at, published]);

    let mut json_ld = json!({
        "@context": "https://schema.org",
        "@type": first_present(&[text(post.schema_type.as_ref()), &context.rules.post_schema_type]),
        "headline": headline,
        "description": description,
        "datePublished": published,
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
            "logo": { "@type": "ImageObject", "url": absolute_url(&context.rules.publisher_logo_path, site) },
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
        property("og:type", context.rules.post_og_type.as_str()),
        property("og:title", og_title),
        property("og:description", og_description),
        property("og:image", image.clone()),
        property("og:url", page_url.clone()),
        property("og:site_name", context.company_name),
        property("article:published_time", published.to_owned()),
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
            first_present(&[
                text(post.twitter_card_type.as_ref()),
                &context.rules.twitter_card,
            ]),
        ),
        name("twitter:title", og_title),
        name("twitter:description", og_description),
        name("twitter:image", image),
    ]);

    HeadSpec {
        title: format!(
            "{headline}{}{}",
            context.rules.title_separator, context.company_name
        ),
        metas: present(metas),
        canonical: Some(page_url),
        json_ld: Some(json_ld),
        links: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{content, context, head_vectors, plain};
    use super::super::render_dynamic_tags;
    use super::*;

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
    fn post_heads_are_the_shared_vectors() {
        for vector in head_vectors("postHeads") {
            let post: Post = serde_json::from_value(vector["post"].clone()).unwrap();
            let spec = post_head(&post, &context());
            assert_eq!(plain(&spec), vector["head"], "{}", vector["case"]);
        }
    }

    #[test]
    fn post_head_follows_spec_section_4() {
        let spec = post_head(&post(), &context());
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
        let spec = post_head(&post, &context());
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
        let html = render_dynamic_tags(&post_head(&post, &context()));
        assert!(!html.contains("<script>"));
        assert!(!html.contains("<img"));
        assert_eq!(html.matches("</script>").count(), 1);
        assert!(html.contains("content=\"&quot;&gt;&lt;img src=x onerror=alert(1)&gt;\""));
        assert!(html.contains("\\u003c/script\\u003e"));
    }
}
