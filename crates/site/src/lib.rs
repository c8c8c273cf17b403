//! Serves the website: the Vite build in `frontend/dist`, with the runtime configuration
//! injected into index.html so one build runs anywhere, and per URL the page rendered on the
//! server with the head a crawler or link preview needs (title, description, canonical, Open
//! Graph, Twitter, JSON-LD, as the render reports them), the real status (404 for unknown paths and posts), /sitemap.xml,
//! /robots.txt, /rss.xml, security headers, and caching: immutable hashed assets, precompressed
//! files, pages rendered and compressed once per change of the SEO data.
//!
//! The map: `router` builds the [`website`] from [`SiteSettings`] into the shared `state`;
//! `static_files` holds the build's files (hashed assets, public files) in memory and answers
//! them; `serve` answers every request that is not an asset: the public files, `feeds` (sitemap,
//! robots.txt, RSS) and the pages, whose path `site_manifest` classifies, with the data `store`
//! keeps (dropped by `listen` on every change); `kept_pages` answers a kept page's next GET before
//! any routing. `page` renders a page on the server (`ssr`,
//! with `template`, `head`, `preload` and `sanitize`), `preview` a preview link's;
//! `delivery` compresses the answers and revalidates them by ETag; `security` adds the
//! headers. Escaping is cb_escape's, the server's one HTML, XML and JSON escaping. Beside the
//! router, `health` is the link checker behind the admin's Site health
//! ([`start_link_checker`]), which the server starts and stops.
mod delivery;
mod discovery;
mod feeds;
mod head;
mod health;
mod kept_pages;
mod listen;
mod not_found_log;
mod page;
mod posts;
mod preload;
mod preview;
mod redirects;
mod reloadable;
mod router;
mod sanitize;
mod search_pages;
mod security;
mod serve;
mod site_manifest;
mod ssr;
mod state;
mod static_files;
mod stats;
mod store;
mod template;

pub use cb_render::RendererSettings;
pub use health::{LinkCheckSettings, LinkCheckerHandle, start_link_checker};
pub use kept_pages::KeptPages;
pub use router::{SiteError, SiteSettings, Website, website};
pub use template::RUNTIME_CONFIG_OPEN_TAG;
