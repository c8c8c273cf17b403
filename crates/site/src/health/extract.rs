//! What the checks read from a page's stored HTML (a post's content, a page's body content):
//! its links and its images without alt text, and where each link leads: a path on this site
//! or another site's address. Pure functions.
use std::cell::RefCell;

use lol_html::{Settings, element};
use url::Url;

use crate::sanitize::Sanitizer;

/// The longest URL kept (public.link_checks.url).
const MAX_URL: usize = 2000;

/// What one page's HTML links to and shows.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Extracted {
    /// Every link's href and every image's src, as written (trimmed), in document order, once.
    pub(crate) links: Vec<String>,
    /// The src of every image without alt text (none, or a blank one), once each.
    pub(crate) images_without_alt: Vec<String>,
}

/// The links and images of `html` as a visitor gets it: sanitised as the site serves it first,
/// so what the policy removes (a script's URL, a `javascript:` link) is not counted.
pub(crate) fn extract(html: &str) -> Extracted {
    let served = Sanitizer::get().clean(html);
    let found = RefCell::new(Extracted::default());
    let add = |list: &mut Vec<String>, value: &str| {
        if !value.is_empty() && !list.iter().any(|known| known == value) {
            list.push(value.to_string());
        }
    };
    let settings = Settings::new()
        .append_element_content_handler(element!("a[href]", |link| {
            let href = link.get_attribute("href").unwrap_or_default();
            add(&mut found.borrow_mut().links, href.trim());
            Ok(())
        }))
        .append_element_content_handler(element!("img", |image| {
            let src = image.get_attribute("src").unwrap_or_default();
            let src = src.trim();
            let mut found = found.borrow_mut();
            add(&mut found.links, src);
            let described = image
                .get_attribute("alt")
                .is_some_and(|alt| !alt.trim().is_empty());
            if !described {
                add(&mut found.images_without_alt, &shortened(src));
            }
            Ok(())
        }));
    // The sanitiser's output is well-formed; a rewriting error leaves what was found so far.
    let _ = lol_html::rewrite_str(&served, settings);
    found.into_inner()
}

/// An image's src as the admin screen shows it: a `data:` image (the whole picture inline) by
/// its first characters.
fn shortened(src: &str) -> String {
    if src.len() <= MAX_URL && !src.starts_with("data:") {
        return src.to_string();
    }
    let cut: String = src.chars().take(60).collect();
    format!("{cut}…")
}

/// Where a link leads.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Target {
    /// A path on this site, with its `?query` (percent-encoded as in the URL).
    Internal(String),
    /// Another site's http(s) address, without its `#fragment`.
    External(String),
}

/// Where `link`, written on the page at `page` of the site at `site`, leads; None for what is
/// not checked: an anchor on the same page, `mailto:`, `tel:`, `data:` and other schemes, an
/// address that does not parse or is too long.
pub(crate) fn target(link: &str, page: &Url, site: &Url) -> Option<Target> {
    let link = link.trim();
    if link.is_empty() || link.starts_with('#') {
        return None;
    }
    let mut url = page.join(link).ok()?;
    if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
        return None;
    }
    url.set_fragment(None);
    let target = if url.origin() == site.origin() {
        let mut path = url.path().to_string();
        if let Some(query) = url.query() {
            path.push('?');
            path.push_str(query);
        }
        Target::Internal(path)
    } else {
        Target::External(url.to_string())
    };
    match &target {
        Target::Internal(text) | Target::External(text) if text.len() > MAX_URL => None,
        _ => Some(target),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_and_images_without_alt_text_are_found_once_in_order() {
        let html = r##"
            <h2>Read more</h2>
            <p><a href="/blog/other-post">Other</a> and <a href=" https://www.cms.gov/x#part ">CMS</a>,
               <a href="/blog/other-post">again</a>, <a href="#top">top</a>, <a>no href</a>,
               <a href="mailto:billing@example.com">mail</a>, <a href="javascript:alert(1)">bad</a></p>
            <p><img src="/storage/v1/object/public/blog-images/chart.png" alt="Denials by payer">
               <img src="/storage/v1/object/public/blog-images/no-alt.png">
               <img src="/images/blank-alt.svg" alt="  ">
               <img src="/images/decorative.svg" alt="">
               <img alt="no source"></p>
            <script>fetch("https://evil.example/steal")</script>
            <iframe src="https://www.youtube.com/embed/abc"></iframe>
        "##;
        insta::assert_debug_snapshot!(extract(html));
    }

    #[test]
    fn a_data_image_is_named_by_its_first_characters() {
        let src = format!("data:image/png;base64,{}", "A".repeat(5000));
        let found = extract(&format!("<p><img src=\"{src}\"></p>"));
        let shown = &found.images_without_alt[0];
        assert!(shown.starts_with("data:image/png;base64,AAA"), "{shown}");
        assert_eq!(shown.chars().count(), 61);
        assert!(extract("").links.is_empty());
    }

    #[test]
    fn links_lead_inside_the_site_or_to_another_site() {
        let site = Url::parse("https://www.claimbridge.com").unwrap();
        let page = site.join("/blog/prior-authorization").unwrap();
        let targets: Vec<(&str, Option<Target>)> = [
            "/contact",
            "/blog/other-post/?utm=1#top",
            "other-post",
            "../whitepapers",
            "https://www.claimbridge.com/services#billing",
            "HTTPS://WWW.CLAIMBRIDGE.COM/About",
            "http://www.claimbridge.com/contact",
            "//www.cms.gov/medicare",
            "https://www.cms.gov/medicare-coverage-database/search.aspx?q=cpap#results",
            "https://user:pass@example.com:8443/x",
            "http://127.0.0.1:5432/",
            "#section",
            "mailto:billing@claimbridge.com",
            "tel:+18005550100",
            "data:image/png;base64,AAAA",
            "javascript:alert(1)",
            "https://",
            "",
        ]
        .into_iter()
        .map(|link| (link, target(link, &page, &site)))
        .collect();
        insta::assert_debug_snapshot!(targets);
    }

    #[test]
    fn a_too_long_address_is_not_checked() {
        let site = Url::parse("https://www.claimbridge.com").unwrap();
        let long = format!("https://example.com/{}", "a".repeat(MAX_URL));
        assert_eq!(target(&long, &site, &site), None);
        let long = format!("/{}", "a".repeat(MAX_URL));
        assert_eq!(target(&long, &site, &site), None);
    }
}
