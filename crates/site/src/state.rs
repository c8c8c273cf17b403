//! What the page handlers share: the parsed build ([`BuiltSite`]) and everything else a request
//! reads ([`Site`]), made once by the router.
use std::sync::Arc;

use crate::delivery::Rendered;
use crate::head::HeadSpec;
use crate::not_found_log::NotFoundLog;
use crate::preload::Preloads;
use crate::redirects::Redirects;
use crate::site_manifest::SiteManifest;
use crate::ssr::{ServerRendering, image_preload_tags};
use crate::static_files::StaticFiles;
use crate::store::SiteCache;
use crate::template::{PageBody, PageTemplate};

/// The build: index.html parsed, its route table, its module preloads.
#[derive(Debug)]
pub(crate) struct BuiltSite {
    pub(crate) template: PageTemplate,
    pub(crate) manifest: SiteManifest,
    pub(crate) preloads: Preloads,
    /// The admin screens' page (they set no head of their own), rendered once.
    pub(crate) admin_page: Rendered,
}

impl BuiltSite {
    /// The page around the server's rendering `markup`: the head it reported, preloads for the
    /// code it rendered (which the browser loads before hydrating) and its largest images, and
    /// the data it embeds, made by `page_data` from the modules it rendered.
    pub(crate) fn render_markup(
        &self,
        company_name: &str,
        markup: &cb_render::RenderedPage,
        page_data: impl FnOnce(&[String]) -> serde_json::Value,
    ) -> String {
        let mut head_tags = self.preloads.tags_for_modules(&markup.modules);
        head_tags.push_str(&image_preload_tags(markup));
        let data = page_data(&markup.modules);
        self.template.render(
            &HeadSpec::of_render(markup.head.as_ref(), company_name),
            &head_tags,
            Some(PageBody {
                root_html: &markup.html,
                page_data: &data,
            }),
        )
    }
}

/// Everything the page handler needs.
#[derive(Debug)]
pub(crate) struct Site {
    /// None when the website is not built.
    pub(crate) built: Option<BuiltSite>,
    pub(crate) robots: Rendered,
    /// The build's files outside assets/ (favicon, images), held in memory.
    pub(crate) public_files: StaticFiles,
    pub(crate) cache: Arc<SiteCache>,
    /// The redirect rules, applied before any page.
    pub(crate) redirects: Arc<Redirects>,
    /// Missing paths asked for, written in batches.
    pub(crate) not_found: Arc<NotFoundLog>,
    /// None when the build has no server bundle (pages go out for the browser to render).
    pub(crate) ssr: Option<Arc<ServerRendering>>,
    pub(crate) site_url: String,
    pub(crate) company_name: String,
    pub(crate) company_tagline: String,
}
