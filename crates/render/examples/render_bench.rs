//! How fast and how big the server renderer is with the real bundle (docs/website.md "Server rendering"):
//! load time, resident memory of the engines, and the time of each page's render, median and
//! 95th percentile over `ROUNDS` renders.
//!
//!   cargo run --release -p cb_render --example render_bench [frontend/dist/.ssr/server.js]
use std::sync::Arc;
use std::time::{Duration, Instant};

use cb_render::{Renderer, RendererSettings, RendererSetup};

const ROUNDS: usize = 50;

fn resident_kib() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|pages| pages.parse().ok())
        .unwrap_or(0);
    pages * 4
}

fn percentile(samples: &mut [Duration], share: f64) -> Duration {
    samples.sort();
    samples[((samples.len() - 1) as f64 * share).round() as usize]
}

/// Page data as the server embeds it: a list of `count` cards for /blog, a post for a post page.
fn page_data(path: &str, count: usize) -> String {
    let posts: Vec<serde_json::Value> = (0..count)
        .map(|index| {
            serde_json::json!({
                "id": format!("00000000-0000-4000-8000-{index:012}"),
                "title": format!("Oxygen billing and the 36-month rental cap, part {index}"),
                "slug": format!("oxygen-billing-{index}"),
                "description": "What changes at month 36, which modifiers apply after the cap and how to document the break in need.",
                "category": "Billing & Coding",
                "read_time": "6",
                "created_at": "2026-03-02T09:05:00+00:00",
            })
        })
        .collect();
    let paragraph = "<p>The KX modifier attests that the documentation on file supports medical necessity; without it the claim denies as not reasonable and necessary.</p>";
    let post = serde_json::json!({
        "id": "00000000-0000-4000-8000-000000000001", "title": "Oxygen billing", "slug": "oxygen",
        "description": "d", "category": "Billing", "read_time": "6", "published": true,
        "content": paragraph.repeat(40), "meta_title": null, "focus_keyword": null,
        "featured_image_url": "/blog-images/x.svg", "featured_image_alt": null, "excerpt": "e",
        "og_title": null, "og_description": null, "og_image": null, "twitter_card_type": null,
        "canonical_url": null, "author_name": "Dana Whitfield", "tags": ["oxygen", "kx"],
        "schema_type": "BlogPosting", "noindex": false, "nofollow": false,
        "created_at": "2026-03-02T09:05:00+00:00", "updated_at": "2026-03-04T10:00:00+00:00",
    });
    serde_json::json!({
        "path": path,
        "renderedOn": "2026-11-26",
        "resources": { "pageSeo": null, "blogPosts": posts, "blogPost": post },
    })
    .to_string()
}

#[tokio::main]
async fn main() {
    let bundle_path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "frontend/dist/.ssr/server.js".into());
    let bundle = std::fs::read_to_string(&bundle_path).expect("the server bundle (make frontend)");
    let before = resident_kib();
    let started = Instant::now();
    let renderer = Renderer::start(
        &RendererSetup {
            bundle: Arc::from(bundle.as_str()),
            globals: serde_json::json!({ "injectedConfig": {}, "origin": "http://localhost:54321" }),
            sanitize: Arc::new(|html: &str| html.to_string()),
        },
        &RendererSettings::default(),
    )
    .expect("the bundle loads");
    println!(
        "bundle {} KiB; load and prepare {:?}; resident memory +{} KiB",
        bundle.len() / 1024,
        started.elapsed(),
        resident_kib().saturating_sub(before)
    );
    println!(
        "{:<44} {:>10} {:>10} {:>9}",
        "page", "median", "p95", "html KiB"
    );
    for (path, cards) in [
        ("/", 0),
        ("/services", 0),
        ("/privacy-policy", 0),
        ("/blog", 12),
        ("/blog", 100),
        ("/blog/oxygen", 0),
        ("/no/such/page", 0),
    ] {
        let data = page_data(path, cards);
        let mut samples = Vec::with_capacity(ROUNDS);
        let mut size = 0;
        for _ in 0..ROUNDS {
            let started = Instant::now();
            let page = renderer.render(path, data.clone()).await.expect("renders");
            samples.push(started.elapsed());
            size = page.html.len();
        }
        let median = percentile(&mut samples, 0.5);
        let p95 = percentile(&mut samples, 0.95);
        let label = if cards > 0 {
            format!("{path} ({cards} cards)")
        } else {
            path.to_string()
        };
        println!(
            "{label:<44} {:>8.2}ms {:>8.2}ms {:>9}",
            median.as_secs_f64() * 1e3,
            p95.as_secs_f64() * 1e3,
            size / 1024
        );
    }
    println!(
        "resident memory after the renders: +{} KiB",
        resident_kib().saturating_sub(before)
    );
}
