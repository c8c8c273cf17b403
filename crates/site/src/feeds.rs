//! /sitemap.xml (sitemaps.org protocol; an index of numbered parts past the per-file limit),
//! /robots.txt and /rss.xml (RSS 2.0), rendered from the site data. Pure functions.
use chrono::{DateTime, Utc};

use crate::posts::Post;
use cb_escape as escape;

/// The sitemaps.org limit of URLs per file.
pub(crate) const SITEMAP_URL_LIMIT: usize = 50_000;
/// Newest posts in the feed: readers poll it, so it stays small.
const RSS_ITEM_LIMIT: usize = 50;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SitemapUrl {
    pub(crate) loc: String,
    pub(crate) lastmod: Option<DateTime<Utc>>,
}

/// /sitemap.xml and, past `limit` URLs, the parts it indexes (`parts[0]` is /sitemap-1.xml).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Sitemap {
    pub(crate) root: String,
    pub(crate) parts: Vec<String>,
}

const XML_DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
const SITEMAP_NS: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";

/// The path of sitemap part `number` (from 1).
pub(crate) fn sitemap_part_path(number: usize) -> String {
    format!("/sitemap-{number}.xml")
}

/// The part number of a sitemap part path, if `path` is one.
pub(crate) fn parse_sitemap_part(path: &str) -> Option<usize> {
    let number = path.strip_prefix("/sitemap-")?.strip_suffix(".xml")?;
    if number.starts_with('0') || !number.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    number.parse().ok()
}

/// One urlset when `urls` fit in `limit`, else an index of urlsets of `limit` URLs each.
pub(crate) fn sitemap(urls: &[SitemapUrl], site_url: &str, limit: usize) -> Sitemap {
    let limit = limit.max(1);
    if urls.len() <= limit {
        return Sitemap {
            root: urlset(urls),
            parts: Vec::new(),
        };
    }
    let parts: Vec<String> = urls.chunks(limit).map(urlset).collect();
    let mut index = format!("{XML_DECLARATION}<sitemapindex xmlns=\"{SITEMAP_NS}\">\n");
    for (number, chunk) in urls.chunks(limit).enumerate() {
        index.push_str("  <sitemap><loc>");
        index.push_str(&escape::markup(&format!(
            "{site_url}{}",
            sitemap_part_path(number + 1)
        )));
        index.push_str("</loc>");
        if let Some(lastmod) = chunk.iter().filter_map(|url| url.lastmod).max() {
            index.push_str(&format!("<lastmod>{}</lastmod>", w3c_date(lastmod)));
        }
        index.push_str("</sitemap>\n");
    }
    index.push_str("</sitemapindex>\n");
    Sitemap { root: index, parts }
}

fn urlset(urls: &[SitemapUrl]) -> String {
    let mut xml = format!("{XML_DECLARATION}<urlset xmlns=\"{SITEMAP_NS}\">\n");
    for url in urls {
        xml.push_str("  <url><loc>");
        xml.push_str(&escape::markup(&url.loc));
        xml.push_str("</loc>");
        if let Some(lastmod) = url.lastmod {
            xml.push_str(&format!("<lastmod>{}</lastmod>", w3c_date(lastmod)));
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

fn w3c_date(time: DateTime<Utc>) -> String {
    time.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// Crawlers stay out of the admin screens and the APIs; the sitemap is named.
pub(crate) fn robots_txt(site_url: &str) -> String {
    format!(
        "User-agent: *\nDisallow: /admin\nDisallow: /auth\nDisallow: /auth/v1\nDisallow: /rest/\n\
         Disallow: /storage/\nDisallow: /functions/\nDisallow: /healthz\nDisallow: /readyz\n\
         Allow: /\n\nSitemap: {site_url}/sitemap.xml\n"
    )
}

/// What the feed says about itself.
#[derive(Debug, Clone)]
pub(crate) struct FeedChannel<'a> {
    pub(crate) title: String,
    pub(crate) description: &'a str,
    pub(crate) site_url: &'a str,
    /// The site path of the page the feed follows (/blog, an archive).
    pub(crate) page_path: String,
    /// The feed's own site path.
    pub(crate) feed_path: &'a str,
}

/// RSS 2.0 of the newest published posts (`posts` newest first), with its atom:link self.
pub(crate) fn rss<'a>(
    posts: impl Iterator<Item = &'a Post> + Clone,
    channel: &FeedChannel<'_>,
) -> String {
    let site = channel.site_url;
    let mut xml = String::from(XML_DECLARATION);
    xml.push_str("<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">\n<channel>\n");
    xml.push_str(&format!(
        "<title>{}</title>\n<link>{}</link>\n<description>{}</description>\n<language>en-us</language>\n",
        escape::markup(&channel.title),
        escape::markup(&format!("{site}{}", channel.page_path)),
        escape::markup(channel.description),
    ));
    xml.push_str(&format!(
        "<atom:link href=\"{}\" rel=\"self\" type=\"application/rss+xml\"/>\n",
        escape::markup(&format!("{site}{}", channel.feed_path))
    ));
    if let Some(newest) = posts
        .clone()
        .map(|post| post.updated.max(post.published))
        .max()
    {
        xml.push_str(&format!(
            "<lastBuildDate>{}</lastBuildDate>\n",
            newest.to_rfc2822()
        ));
    }
    for post in posts.take(RSS_ITEM_LIMIT) {
        let link = escape::markup(&format!("{site}/blog/{}", post.slug));
        xml.push_str("<item>\n");
        xml.push_str(&format!(
            "  <title>{}</title>\n",
            escape::markup(&post.title)
        ));
        xml.push_str(&format!("  <link>{link}</link>\n"));
        xml.push_str(&format!("  <guid isPermaLink=\"true\">{link}</guid>\n"));
        xml.push_str(&format!(
            "  <description>{}</description>\n",
            escape::cdata(post_description(post))
        ));
        xml.push_str(&format!(
            "  <pubDate>{}</pubDate>\n",
            post.published.to_rfc2822()
        ));
        for tag in post
            .tags
            .iter()
            .map(|tag| tag.trim())
            .filter(|tag| !tag.is_empty())
        {
            xml.push_str(&format!("  <category>{}</category>\n", escape::markup(tag)));
        }
        xml.push_str("</item>\n");
    }
    xml.push_str("</channel>\n</rss>\n");
    xml
}

/// The description a post shows: its excerpt, else its description (post-head.ts).
fn post_description(post: &Post) -> &str {
    match post.excerpt.as_deref().map(str::trim) {
        Some(excerpt) if !excerpt.is_empty() => excerpt,
        _ => post.description.trim(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone as _;

    fn urls(count: usize) -> Vec<SitemapUrl> {
        (0..count)
            .map(|i| SitemapUrl {
                loc: format!("https://x.test/p{i}?a=1&b=2"),
                lastmod: Some(
                    Utc.with_ymd_and_hms(2026, 1, 1 + i as u32, 0, 0, 0)
                        .unwrap(),
                ),
            })
            .collect()
    }

    #[test]
    fn a_small_sitemap_is_one_urlset() {
        let sitemap = sitemap(&urls(3), "https://x.test", 3);
        assert!(sitemap.parts.is_empty());
        assert!(
            sitemap
                .root
                .contains("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">")
        );
        assert_eq!(sitemap.root.matches("<url>").count(), 3);
        assert!(
            sitemap
                .root
                .contains("<loc>https://x.test/p0?a=1&amp;b=2</loc>")
        );
        assert!(
            sitemap
                .root
                .contains("<lastmod>2026-01-01T00:00:00Z</lastmod>")
        );
    }

    #[test]
    fn past_the_limit_the_sitemap_becomes_an_index_of_parts() {
        let sitemap = sitemap(&urls(5), "https://x.test", 2);
        assert_eq!(sitemap.parts.len(), 3);
        assert_eq!(
            sitemap
                .parts
                .iter()
                .map(|part| part.matches("<url>").count())
                .collect::<Vec<_>>(),
            [2, 2, 1]
        );
        assert!(sitemap.root.contains("<sitemapindex"));
        assert!(sitemap.root.contains(
            "<sitemap><loc>https://x.test/sitemap-3.xml</loc><lastmod>2026-01-05T00:00:00Z</lastmod></sitemap>"
        ));
        assert_eq!(sitemap.root.matches("<sitemap>").count(), 3);
    }

    #[test]
    fn sitemap_part_paths_round_trip() {
        assert_eq!(parse_sitemap_part(&sitemap_part_path(12)), Some(12));
        for bad in [
            "/sitemap-.xml",
            "/sitemap-01.xml",
            "/sitemap-1a.xml",
            "/sitemap-1.xml/x",
            "/sitemap.xml",
        ] {
            assert_eq!(parse_sitemap_part(bad), None, "{bad}");
        }
    }

    #[test]
    fn robots_disallows_admin_and_apis_and_names_the_sitemap() {
        let robots = robots_txt("https://x.test");
        for path in [
            "/admin",
            "/auth",
            "/rest/",
            "/storage/",
            "/functions/",
            "/auth/v1",
        ] {
            assert!(robots.contains(&format!("Disallow: {path}\n")), "{path}");
        }
        assert!(robots.ends_with("Sitemap: https://x.test/sitemap.xml\n"));
    }

    #[test]
    fn a_post_is_described_by_its_excerpt_else_its_description() {
        let post = |excerpt: Option<&str>| Post {
            description: " The description ".into(),
            excerpt: excerpt.map(Into::into),
            ..Post::default()
        };
        assert_eq!(
            post_description(&post(Some(" The excerpt "))),
            "The excerpt"
        );
        assert_eq!(post_description(&post(Some("  "))), "The description");
        assert_eq!(post_description(&post(None)), "The description");
    }

    #[test]
    fn rss_escapes_and_dates_its_items() {
        let post = Post {
            slug: "a".into(),
            title: "Tips & </title> tricks".into(),
            description: "Ends ]]> here".into(),
            tags: vec!["<b>".into()],
            published: Utc.with_ymd_and_hms(2026, 3, 2, 9, 5, 0).unwrap(),
            ..Post::default()
        };
        let xml = rss(
            [post].iter(),
            &FeedChannel {
                title: "A&B Blog".into(),
                description: "News",
                site_url: "https://x.test",
                page_path: "/blog".into(),
                feed_path: "/rss.xml",
            },
        );
        assert!(xml.contains("<title>A&amp;B Blog</title>"));
        assert!(xml.contains("<link>https://x.test/blog</link>"));
        assert!(xml.contains("<title>Tips &amp; &lt;/title&gt; tricks</title>"));
        assert!(xml.contains("<description><![CDATA[Ends ]]]]><![CDATA[> here]]></description>"));
        assert!(xml.contains("<pubDate>Mon, 2 Mar 2026 09:05:00 +0000</pubDate>"));
        assert!(xml.contains("<category>&lt;b&gt;</category>"));
        assert!(xml.contains(
            "<atom:link href=\"https://x.test/rss.xml\" rel=\"self\" type=\"application/rss+xml\"/>"
        ));
    }
}
