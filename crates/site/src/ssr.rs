//! The pages as HTML: the React app rendered on the server (crates/render runs the build's
//! server bundle, `dist/.ssr/server.js`), and the static pages the build already rendered
//! (`dist/.ssr/prerendered.json`, frontend/scripts/prerender.mjs), used as they are while they
//! still show what this server would render.
use std::collections::HashMap;
use std::path::Path;

use cb_render::{DateUse, RenderError, RenderedPage, Renderer, RendererSettings, RendererSetup};
use chrono::{Datelike as _, NaiveDate};
use serde::Deserialize;

use cb_escape as escape;

/// The build's server-side output, beside the site's public files (vite.config.ts).
const SSR_DIR: &str = ".ssr";

/// What the build rendered (frontend/scripts/prerender.mjs).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Prerendered {
    rendered_on: NaiveDate,
    /// The configuration its markup shows (`markupConfigKey` of the bundle).
    markup_config_key: String,
    /// The path of its rendering of the not-found page.
    not_found_path: String,
    pages: HashMap<String, RenderedPage>,
}

/// The day a rendering was made and how much of that day it shows: it stays right until the
/// shown part (the year in the footer, the day on the privacy policy) changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DateValidity {
    pub(crate) rendered_on: NaiveDate,
    pub(crate) date_use: DateUse,
}

impl DateValidity {
    pub(crate) fn holds_on(self, today: NaiveDate) -> bool {
        match self.date_use {
            DateUse::None => true,
            DateUse::Year => self.rendered_on.year() == today.year(),
            DateUse::Day => self.rendered_on == today,
        }
    }
}

/// A page the server can send as HTML: its markup and the day it was rendered on.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PageMarkup<'a> {
    pub(crate) page: &'a RenderedPage,
    pub(crate) rendered_on: NaiveDate,
}

/// The renderer and the build's renderings.
#[derive(Debug)]
pub(crate) struct ServerRendering {
    renderer: Renderer,
    /// The build's renderings, when they show this server's configuration.
    prerendered: Option<Prerendered>,
}

impl ServerRendering {
    /// Starts the renderer on the build's server bundle, with the runtime configuration the
    /// pages show. Without a bundle (a build without it) or when it does not load, pages are
    /// sent unrendered, as the browser app alone renders them.
    pub(crate) fn start(
        dist: &Path,
        runtime_config: &serde_json::Value,
        site_url: &str,
        settings: &RendererSettings,
    ) -> Option<Self> {
        let dir = dist.join(SSR_DIR);
        let bundle = match std::fs::read_to_string(dir.join("server.js")) {
            Ok(bundle) => bundle,
            Err(err) => {
                tracing::warn!(%err, dir = %dir.display(), "no server bundle: pages are sent for the browser to render");
                return None;
            }
        };
        let setup = RendererSetup {
            bundle: bundle.into(),
            globals: serde_json::json!({ "injectedConfig": runtime_config, "origin": site_url }),
            sanitize: crate::sanitize::for_renderer(),
        };
        let renderer = match Renderer::start(&setup, settings) {
            Ok(renderer) => renderer,
            Err(err) => {
                tracing::error!(%err, "the server bundle does not load: pages are sent for the browser to render");
                return None;
            }
        };
        let prerendered = std::fs::read_to_string(dir.join("prerendered.json"))
            .ok()
            .and_then(|text| serde_json::from_str::<Prerendered>(&text).ok())
            .filter(|prerendered| {
                let current = prerendered.markup_config_key == renderer.markup_config_key();
                if !current {
                    tracing::info!(
                        "the build's prerendered pages show another configuration; the server renders them"
                    );
                }
                current
            });
        Some(Self {
            renderer,
            prerendered,
        })
    }

    /// The build's rendering of `path`, when it is still right on `today`.
    pub(crate) fn prerendered(&self, path: &str, today: NaiveDate) -> Option<PageMarkup<'_>> {
        let prerendered = self.prerendered.as_ref()?;
        let page = prerendered.pages.get(path)?;
        let validity = DateValidity {
            rendered_on: prerendered.rendered_on,
            date_use: page.date_use,
        };
        validity.holds_on(today).then_some(PageMarkup {
            page,
            rendered_on: prerendered.rendered_on,
        })
    }

    /// The build's not-found page (what unknown paths show when the renderer is busy).
    pub(crate) fn prerendered_not_found(&self, today: NaiveDate) -> Option<PageMarkup<'_>> {
        let path = &self.prerendered.as_ref()?.not_found_path;
        self.prerendered(path, today)
    }

    pub(crate) async fn render(
        &self,
        path: &str,
        page_data: &serde_json::Value,
    ) -> Result<RenderedPage, RenderError> {
        self.renderer.render(path, page_data.to_string()).await
    }
}

/// `<link rel="preload" as="image">` tags of a page's above-the-fold images.
pub(crate) fn image_preload_tags(page: &RenderedPage) -> String {
    let mut tags = String::new();
    for image in &page.image_preloads {
        tags.push_str(r#"<link rel="preload" as="image" fetchpriority="high" href=""#);
        tags.push_str(&escape::markup(&image.href));
        tags.push('"');
        if let Some(srcset) = &image.srcset {
            tags.push_str(r#" imagesrcset=""#);
            tags.push_str(&escape::markup(srcset));
            tags.push('"');
        }
        if let Some(sizes) = &image.sizes {
            tags.push_str(r#" imagesizes=""#);
            tags.push_str(&escape::markup(sizes));
            tags.push('"');
        }
        tags.push('>');
    }
    tags
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn a_rendering_holds_while_what_it_shows_of_the_date_does() {
        let on = |date_use| DateValidity {
            rendered_on: day("2026-12-31"),
            date_use,
        };
        assert!(on(DateUse::None).holds_on(day("2030-01-01")));
        assert!(on(DateUse::Year).holds_on(day("2026-01-01")));
        assert!(!on(DateUse::Year).holds_on(day("2027-01-01")));
        assert!(on(DateUse::Day).holds_on(day("2026-12-31")));
        assert!(!on(DateUse::Day).holds_on(day("2027-01-01")));
    }

    #[test]
    fn image_preloads_are_escaped() {
        let page = RenderedPage {
            html: String::new(),
            image_preloads: vec![cb_render::ImagePreload {
                href: "/a.png?x=1&y=\"2\"".into(),
                srcset: Some("/a.png?width=400 400w, /a.png?width=800 800w".into()),
                sizes: Some("(min-width: 60rem) 48rem, 100vw".into()),
            }],
            date_use: DateUse::None,
            modules: Vec::new(),
            head: None,
        };
        assert_eq!(
            image_preload_tags(&page),
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/a.png?x=1&amp;y=&quot;2&quot;\" \
             imagesrcset=\"/a.png?width=400 400w, /a.png?width=800 800w\" \
             imagesizes=\"(min-width: 60rem) 48rem, 100vw\">"
        );
    }
}
