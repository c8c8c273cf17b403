//! A public page's head from its page_seo_settings record (page-seo.ts `buildPageSeoHead`).
use serde_json::Value;

use super::{
    HeadContext, HeadSpec, absolute_or_empty, absolute_url, first_present, name, present, property,
    robots_content, text, trimmed_list,
};

/// A page_seo_settings row, the columns the head uses.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(test, derive(serde::Deserialize), serde(default))]
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
    HeadSpec {
        title: title.to_string(),
        metas: present(vec![
            name("description", description),
            name("keywords", trimmed_list(&record.keywords).join(", ")),
            name("robots", robots_content(record.noindex, record.nofollow)),
            property(
                "og:type",
                first_present(&[text(record.og_type.as_ref()), &context.rules.page_og_type]),
            ),
            property("og:title", og_title),
            property("og:description", og_description),
            property("og:image", absolute_or_empty(image, site)),
            property("og:url", canonical.clone().unwrap_or(page_url)),
            property("og:site_name", context.company_name),
            name(
                "twitter:card",
                first_present(&[
                    text(record.twitter_card_type.as_ref()),
                    &context.rules.twitter_card,
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
            name("twitter:image", absolute_or_empty(twitter_image, site)),
        ]),
        canonical,
        json_ld: record.schema_json.clone().filter(|value| !value.is_null()),
        links: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{content, context, head_vectors, plain};
    use super::*;

    #[test]
    fn page_heads_are_the_shared_vectors() {
        for vector in head_vectors("pageHeads") {
            let record: Option<PageSeo> = serde_json::from_value(vector["record"].clone()).unwrap();
            let route = vector["route"].as_str().unwrap();
            let spec = page_head(record.as_ref(), route, &context());
            assert_eq!(plain(&spec), vector["head"], "{}", vector["case"]);
        }
    }

    #[test]
    fn no_record_gives_the_company_name_only() {
        assert_eq!(
            page_head(None, "/about", &context()),
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
        let spec = page_head(Some(&record), "/about", &context());
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
        let spec = page_head(Some(&record), "/", &context());
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
}
