//! Server rendering (crates/render, crates/site/src/ssr.rs): every public page's content is in
//! the HTML the server sends, rendered by the build's server bundle from the database, with the
//! data it used embedded; stored HTML is sanitised on the server; an admin's write shows on
//! every instance once the write's notification reaches it. These tests use the real frontend
//! build (`make frontend`).
mod discovery;
mod kept_pages;
mod pages;
mod previews;
mod serving;
mod site_pages;

use std::path::PathBuf;
use std::time::Duration;

use cb_tests::{Answer as _, Exchange as _, TestApp, spawn_app_with, workspace_root};
use serde_json::Value;

const SITE_URL: &str = "https://www.example.test";

pub(crate) fn built_site() -> PathBuf {
    let dist = workspace_root().join("frontend/dist");
    assert!(
        dist.join(".ssr/server.js").is_file() && dist.join(".ssr/prerendered.json").is_file(),
        "the frontend build with its server bundle is missing: run `make frontend`"
    );
    dist
}

pub(crate) async fn spawn_rendering_site(extra: &[(&str, &str)]) -> TestApp {
    let dist = built_site();
    let dist = dist.display().to_string();
    let mut vars = vec![
        ("CLAIMBRIDGE_FRONTEND_DIR", dist.as_str()),
        ("CLAIMBRIDGE_SITE_URL", SITE_URL),
    ];
    vars.extend_from_slice(extra);
    spawn_app_with(&vars).await
}

async fn fetch(client: &reqwest::Client, url: &str) -> (u16, String) {
    client.get(url).status_text().await
}

/// How long a database write may take to show in the pages: the site hears of it by a
/// notification (crates/site/src/listen.rs), which a busy machine can deliver late, so the
/// first request after the write may still get the page from before it.
const WRITE_SHOWS_WITHIN: Duration = Duration::from_secs(5);

/// What `request` is answered with once `shown` holds of the status and body, asked every
/// 25 ms; fails the test, saying it never showed `what`, when `WRITE_SHOWS_WITHIN` passes first.
async fn answer_showing(
    request: impl Fn() -> reqwest::RequestBuilder,
    what: &str,
    shown: impl Fn(u16, &str) -> bool,
) -> (u16, String) {
    cb_tests::eventually(WRITE_SHOWS_WITHIN, Duration::from_millis(25), async || {
        let (status, html) = request().status_text().await;
        if shown(status, &html) {
            Ok((status, html))
        } else {
            Err(format!("never showed {what}: {status}"))
        }
    })
    .await
}

/// [`answer_showing`] for a GET of `path` on `app`.
async fn page_showing(
    app: &TestApp,
    path: &str,
    what: &str,
    shown: impl Fn(u16, &str) -> bool,
) -> (u16, String) {
    answer_showing(|| app.get(path), &format!("{path} {what}"), shown).await
}

/// The markup React rendered into #root.
fn root(html: &str) -> &str {
    let open = "<div id=\"root\">";
    let start = html.find(open).expect("a #root element") + open.len();
    let end = html
        .find("</div><script id=\"page-data\"")
        .expect("the page's data after #root");
    &html[start..end]
}

/// The data the page embeds for the browser.
fn page_data(html: &str) -> Value {
    let open = "<script id=\"page-data\" type=\"application/json\">";
    let start = html.find(open).expect("embedded page data") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// The text a reader sees in `markup`: tags dropped, entities decoded, spaces collapsed.
fn text(markup: &str) -> String {
    let mut out = String::with_capacity(markup.len());
    let mut in_tag = false;
    for ch in markup.chars() {
        match ch {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                out.push(' ');
            }
            _ if !in_tag => out.push(ch),
            _ => {}
        }
    }
    let decoded = out
        .replace("&amp;", "&")
        .replace("&#x27;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", " ");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The stored HTML as the page shows it: the last `prose` block (a post's body, a page's body
/// content, which comes after the page itself).
fn prose(markup: &str) -> &str {
    let start = markup.rfind("<div class=\"prose").expect("a prose block");
    let end = start + markup[start..].find("</div>").expect("its end");
    &markup[start..end]
}

/// The text of the page's first `<h1>`.
fn h1(markup: &str) -> String {
    let start = markup.find("<h1").expect("an h1");
    let end = start + markup[start..].find("</h1>").unwrap();
    text(&markup[start..end])
}

async fn create_preview(app: &TestApp, body: serde_json::Value) -> String {
    let reply = app
        .with_token(
            reqwest::Method::POST,
            "/rest/v1/rpc/create_preview_link",
            &cb_tests::admin_jwt(),
        )
        .json(&body)
        .answer()
        .await;
    assert_eq!(reply.status(), 200);
    let link: Value = reply.json().await.unwrap();
    let token = link["token"].as_str().unwrap().to_owned();
    assert!(token.len() >= 64, "{token}");
    token
}
