//! `/preview/{token}`: a draft post or an unsaved page change behind a preview link, for
//! someone without the passcode. The database decides (public.preview, called as anon exactly
//! as the browser calls it): an unknown, revoked or expired token is a 404 with the reason.
//! Rendered per request, never kept or shared: `no-store`, `X-Robots-Tag: noindex`, and no
//! referrer, so the token does not travel to the sites the page links to.
use axum::response::Response;
use http::{HeaderMap, HeaderValue, StatusCode};

use crate::delivery::{HTML, Rendered};
use crate::head::HeadSpec;
use crate::ssr::ServerRendering;
use crate::state::{BuiltSite, Site};
use crate::store::{self, PreviewLookup};

/// The resource the preview page reads (frontend/src/features/preview/preview-query.ts).
const PREVIEW_RESOURCE: &str = "preview";
/// A page change's page, when it is built from blocks (features/site-pages/site-page-query.ts).
const SITE_PAGE_RESOURCE: &str = "sitePage";
const NO_STORE: &str = "no-store";
const NOINDEX: &str = "noindex, nofollow";

pub(crate) async fn serve(
    site: &Site,
    built: &BuiltSite,
    path: &str,
    token: &str,
    headers: &HeaderMap,
) -> Response {
    let lookup = match store::preview(site.cache.pool(), token).await {
        Ok(lookup) => lookup,
        Err(err) => {
            tracing::warn!(%err, "site: preview unavailable");
            return respond(
                &Rendered::with_cache_control(
                    StatusCode::SERVICE_UNAVAILABLE,
                    HTML,
                    NO_STORE,
                    built
                        .template
                        .render(&HeadSpec::untitled(&site.company_name), "", None),
                ),
                headers,
            );
        }
    };
    let (status, resource) = match &lookup {
        PreviewLookup::Found(preview) => (StatusCode::OK, preview.clone()),
        PreviewLookup::Refused(reason) => (
            StatusCode::NOT_FOUND,
            serde_json::json!({ "refused": reason }),
        ),
    };
    let mut resources = serde_json::Map::new();
    resources.insert(PREVIEW_RESOURCE.into(), resource);
    // Content under a block page shows under that page's live blocks.
    if let PreviewLookup::Found(preview) = &lookup
        && let Some(route) = preview
            .get("page_route")
            .and_then(serde_json::Value::as_str)
        && let Ok(snapshot) = site.cache.snapshot().await
        && let Some(page) = snapshot.data.site_page(route)
    {
        resources.insert(SITE_PAGE_RESOURCE.into(), page.record.clone());
    }
    let html = match site.ssr.as_deref().filter(|_| built.template.has_root()) {
        Some(ssr) => render(ssr, site, built, path, resources).await,
        None => built
            .template
            .render(&HeadSpec::untitled(&site.company_name), "", None),
    };
    respond(
        &Rendered::with_cache_control(status, HTML, NO_STORE, html),
        headers,
    )
}

/// The page rendered with the preview embedded and the head it reports (the preview's title,
/// noindex); unrendered (for the browser) if that fails.
async fn render(
    ssr: &ServerRendering,
    site: &Site,
    built: &BuiltSite,
    path: &str,
    resources: serde_json::Map<String, serde_json::Value>,
) -> String {
    let today = chrono::Utc::now().date_naive().to_string();
    let page_data = |modules: &[String]| {
        serde_json::json!({
            "path": path,
            "renderedOn": today,
            "resources": resources,
            "modules": modules,
        })
    };
    match ssr.render(path, &page_data(&[])).await {
        Ok(markup) => built.render_markup(&site.company_name, &markup, page_data),
        Err(err) => {
            tracing::warn!(%err, "site: preview render failed; sending the page unrendered");
            built
                .template
                .render(&HeadSpec::untitled(&site.company_name), "", None)
        }
    }
}

fn respond(rendered: &Rendered, headers: &HeaderMap) -> Response {
    let mut response = rendered.respond(headers);
    let response_headers = response.headers_mut();
    response_headers.insert("x-robots-tag", HeaderValue::from_static(NOINDEX));
    response_headers.insert(
        http::header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}
