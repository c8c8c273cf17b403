//! `/preview/{token}`: a draft post or an unsaved page change behind a preview link, for
//! someone without the passcode. The database decides (public.preview, called as anon exactly
//! as the browser calls it): an unknown, revoked or expired token is a 404 with the reason.
//! Rendered per request, never kept or shared: `no-store`, `X-Robots-Tag: noindex`, and no
//! referrer, so the token does not travel to the sites the page links to.
use axum::response::Response;
use http::{HeaderMap, HeaderValue, StatusCode};

use crate::delivery::{HTML, Rendered};
use crate::head::{HeadSpec, Meta, MetaKey};
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
                        .render(&head(&site.company_name, None), "", None),
                ),
                headers,
            );
        }
    };
    let (status, resource, title) = match &lookup {
        PreviewLookup::Found(preview) => (StatusCode::OK, preview.clone(), title_of(preview)),
        PreviewLookup::Refused(reason) => (
            StatusCode::NOT_FOUND,
            serde_json::json!({ "refused": reason }),
            None,
        ),
    };
    let head = head(&site.company_name, title.as_deref());
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
        Some(ssr) => render(ssr, built, &head, path, resources).await,
        None => built.template.render(&head, "", None),
    };
    respond(
        &Rendered::with_cache_control(status, HTML, NO_STORE, html),
        headers,
    )
}

/// The page rendered with the preview embedded; unrendered (for the browser) if that fails.
async fn render(
    ssr: &ServerRendering,
    built: &BuiltSite,
    head: &HeadSpec,
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
        Ok(markup) => built.render_markup(head, &markup, page_data),
        Err(err) => {
            tracing::warn!(%err, "site: preview render failed; sending the page unrendered");
            built.template.render(head, "", None)
        }
    }
}

/// What the preview shows, for its title: the post's title or the page's name.
fn title_of(preview: &serde_json::Value) -> Option<String> {
    let title = match preview.get("kind").and_then(serde_json::Value::as_str) {
        Some("post") => preview.pointer("/post/title"),
        Some("block_page") => preview.pointer("/name"),
        _ => preview.pointer("/page/page_name"),
    };
    title.and_then(serde_json::Value::as_str).map(str::to_owned)
}

/// The preview page's head as the client writes it (preview-page.tsx): never indexed.
fn head(company_name: &str, title: Option<&str>) -> HeadSpec {
    HeadSpec {
        title: match title {
            Some(title) => format!("Preview: {title} | {company_name}"),
            None => format!("Preview unavailable | {company_name}"),
        },
        metas: vec![Meta {
            key: MetaKey::Name,
            value: "robots".into(),
            content: NOINDEX.into(),
        }],
        canonical: None,
        json_ld: None,
        links: Vec::new(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preview_is_titled_by_what_it_shows_and_never_indexed() {
        let post = serde_json::json!({"kind": "post", "post": {"title": "Draft"}});
        let page = serde_json::json!({"kind": "page", "page": {"page_name": "About"}});
        let block_page = serde_json::json!({"kind": "block_page", "name": "Spring webinar"});
        assert_eq!(title_of(&block_page).as_deref(), Some("Spring webinar"));
        assert_eq!(title_of(&post).as_deref(), Some("Draft"));
        assert_eq!(title_of(&page).as_deref(), Some("About"));
        assert_eq!(
            title_of(&serde_json::json!({"kind": "page", "page": null})),
            None
        );
        let spec = head("Acme", Some("Draft"));
        assert_eq!(spec.title, "Preview: Draft | Acme");
        assert_eq!(spec.metas[0].content, NOINDEX);
        assert_eq!(head("Acme", None).title, "Preview unavailable | Acme");
    }
}
