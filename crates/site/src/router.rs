//! The website's router (and its kept pages), built once from [`SiteSettings`]: reads the build (index.html, the
//! site manifest with the app's routes, the Vite manifest, the public files), starts the server
//! renderer and the cache's listener, and wires the routes (hashed assets, files, pages) under
//! the security headers.
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Router;
use axum::response::Redirect;
use axum::routing::get;
use cb_db::sqlx::PgPool;
use cb_render::RendererSettings;
use http::StatusCode;
use tower::util::MapResponseLayer;

use crate::delivery::{HTML, Rendered, TEXT};
use crate::kept_pages::KeptPages;
use crate::not_found_log::NotFoundLog;
use crate::redirects::Redirects;
use crate::serve::serve_file_or_page;
use crate::site_manifest::SiteManifest;
use crate::ssr::ServerRendering;
use crate::state::{BuiltSite, Site};
use crate::static_files::{self, StaticFiles};
use crate::store::SiteCache;
use crate::template::PageTemplate;
use crate::{feeds, listen, preload, search_pages, security, stats, template};

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("could not read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// What the website is served from and says about itself.
#[derive(Debug, Clone)]
pub struct SiteSettings {
    /// The Vite build (index.html and assets/).
    pub dist_dir: PathBuf,
    /// Injected into index.html (never a secret).
    pub runtime_config: serde_json::Value,
    /// The public URL of the site, for canonical links, the sitemap and the feed.
    pub site_url: String,
    pub company_name: String,
    /// The feed's description.
    pub company_tagline: String,
    /// Production: HSTS and upgrade-insecure-requests.
    pub production: bool,
    /// The server renderer's engines (crates/render).
    pub render: RendererSettings,
    /// How often redirect hits and the 404 log are written.
    pub stats_flush: std::time::Duration,
}

/// Vite's hashed file names change with their content: a found asset never changes.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Files outside /assets (logos, illustrations, the favicon) keep their names across builds:
/// cached for a day, then revalidated.
const PUBLIC_FILE: &str = "public, max-age=86400";
/// What the public files are not: the page template and the hashed assets.
const NOT_PUBLIC: [&str; 2] = ["/index.html", "/assets"];

/// Where the build writes the app's route table, under the site's files.
const SITE_MANIFEST: &str = ".ssr/site-manifest.json";

/// The website: its router, and the pages answered before any routing.
#[derive(Debug)]
pub struct Website {
    pub router: Router,
    /// Ask these first (see [`KeptPages`]).
    pub kept_pages: KeptPages,
}

/// Builds the website and starts listening for SEO data changes. A missing build is not fatal:
/// the API still serves, and pages say how to build the site.
pub fn website(settings: &SiteSettings, pool: PgPool) -> Result<Website, SiteError> {
    let index_path = settings.dist_dir.join("index.html");
    let index_html = match std::fs::read_to_string(&index_path) {
        Ok(html) => Some(html),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            tracing::warn!(path = %index_path.display(), "the website is not built; run `make run` to build it");
            None
        }
        Err(source) => {
            return Err(SiteError::Read {
                path: index_path,
                source,
            });
        }
    };
    let mut policy = security::PolicyInputs::from_runtime_config(&settings.runtime_config);
    policy.script_hashes = index_html
        .as_deref()
        .map(template::inline_script_hashes)
        .unwrap_or_default();
    policy.production = settings.production;
    let security = Arc::new(security::SecurityHeaders::new(&policy));

    let site_url = settings.site_url.trim_end_matches('/').to_string();
    let built = index_html
        .as_deref()
        .and_then(|html| Some((html, read_site_manifest(&settings.dist_dir)?)))
        .map(|(html, manifest)| {
            let template = PageTemplate::parse(html, &settings.runtime_config);
            // Written by `vite build` (build.manifest); without it pages simply get no preloads.
            let vite_manifest = settings.dist_dir.join(".vite/manifest.json");
            let preloads = std::fs::read_to_string(&vite_manifest)
                .map(|text| preload::Preloads::from_manifest(&text, manifest.page_modules()))
                .unwrap_or_default();
            BuiltSite {
                preloads,
                admin_page: Rendered::new(StatusCode::OK, HTML, template.render_plain()),
                template,
                manifest,
            }
        });
    let ssr = built.as_ref().and_then(|_| {
        ServerRendering::start(
            &settings.dist_dir,
            &settings.runtime_config,
            &site_url,
            &settings.render,
        )
        .map(Arc::new)
    });
    let cache = Arc::new(SiteCache::new(pool.clone()));
    let search_sync = Arc::new(search_pages::SearchPagesSync::default());
    if let (Some(built), Some(ssr)) = (&built, &ssr) {
        search_pages::spawn_sync(
            built.manifest.clone(),
            ssr.clone(),
            cache.clone(),
            search_sync.clone(),
        );
    }
    let redirects = Arc::new(Redirects::new(pool));
    let not_found = Arc::new(NotFoundLog::default());
    listen::spawn(cache.clone(), redirects.clone(), search_sync);
    stats::spawn(
        cache.clone(),
        redirects.clone(),
        not_found.clone(),
        settings.stats_flush,
    );
    let public_files = StaticFiles::read(&settings.dist_dir, &NOT_PUBLIC, PUBLIC_FILE);
    let assets = Arc::new(StaticFiles::read(
        &settings.dist_dir.join("assets"),
        &[],
        IMMUTABLE,
    ));
    tracing::debug!(
        files = public_files.len() + assets.len(),
        bytes = public_files.bytes_held() + assets.bytes_held(),
        "site: the build's files are held in memory"
    );
    let site = Arc::new(Site {
        built,
        robots: Rendered::new(StatusCode::OK, TEXT, feeds::robots_txt(&site_url)),
        public_files,
        ssr,
        cache,
        redirects,
        not_found,
        site_url,
        company_name: settings.company_name.clone(),
        company_tagline: settings.company_tagline.clone(),
    });

    let kept_pages = KeptPages::new(site.clone(), security.clone());
    let assets = Router::new()
        .fallback(get(static_files::serve))
        .with_state(assets);
    let router = Router::new()
        .route("/index.html", get(|| async { Redirect::permanent("/") }))
        .nest_service("/assets", assets)
        .fallback(get(serve_file_or_page))
        .with_state(site)
        .layer(MapResponseLayer::new(move |response| {
            security.apply(response)
        }));
    Ok(Website { router, kept_pages })
}

/// The build's route table (frontend/scripts/prerender.mjs writes it). Without
/// it the build is incomplete: the site is served as not built, and the log says why.
pub(crate) fn read_site_manifest(dist: &Path) -> Option<SiteManifest> {
    let path = dist.join(SITE_MANIFEST);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) => {
            tracing::warn!(path = %path.display(), %err, "the website build has no route table; run `make run` to build it");
            return None;
        }
    };
    serde_json::from_str(&text)
        .inspect_err(|err| {
            tracing::error!(path = %path.display(), %err, "the website build's route table does not parse; the site is served as not built");
        })
        .ok()
}

/// URL paths of the files under `dist` other than index.html, assets/, dot directories and
/// compressed copies.
pub(crate) fn public_files(dist: &Path) -> HashSet<String> {
    static_files::files_under(dist, &NOT_PUBLIC)
        .into_iter()
        .map(|(url, _)| url)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_files_are_the_build_outside_assets_and_index_html() {
        let dist = tempfile::tempdir().unwrap();
        for file in [
            "index.html",
            "favicon.svg",
            "favicon.svg.br",
            "blog-images/a b.svg",
            "blog-images/a b.svg.gz",
            "assets/index-abc.js",
            ".vite/manifest.json",
            ".ssr/server.js",
        ] {
            let path = dist.path().join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "x").unwrap();
        }
        let mut files: Vec<String> = public_files(dist.path()).into_iter().collect();
        files.sort();
        assert_eq!(files, ["/blog-images/a b.svg", "/favicon.svg"]);
    }
}
