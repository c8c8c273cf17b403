//! Finding more on the site, rendered on the server: category, tag and author archives (paged,
//! real statuses, their own heads and feeds, in the sitemap), the search page, related posts
//! under a post, and a not-found page that says so.
use super::*;
use crate::site::{head, link, metas, title};

/// The head's robots meta, if it has one.
fn robots(html: &str) -> Option<String> {
    metas(html, "name", "robots").into_iter().next()
}

/// Thirteen posts in one category (two pages), the newest first in their slugs' numbers.
async fn insert_paged_category(app: &TestApp) {
    app.db
        .execute(
            "insert into public.blog_posts (slug, title, description, category, published, tags,
                    author_name, content, created_at)
             select 'appeal-' || n, 'Appeal letter ' || n, 'How to appeal denial ' || n,
                    'Denial Appeals', true, array['appeals', 'Medicare Part B'], 'Renee Okafor',
                    '<p>Redetermination steps.</p>', timestamptz '2026-01-01 10:00:00+00' + n * interval '1 day'
               from generate_series(1, 13) n;
             insert into public.blog_posts (slug, title, description, category, published, tags)
             values ('appeal-draft', 'Draft appeal tips', 'Unpublished', 'Denial Appeals', false,
                     array['appeals']),
                    ('only-a-draft', 'Draft only', 'Unpublished', 'Hidden Topic', false, '{}')",
        )
        .await;
    // The site's snapshot is reloaded whole: once one new post shows, all of them do.
    page_showing(app, "/blog/appeal-13", "the inserted posts", |status, _| {
        status == 200
    })
    .await;
}

fn slugs(archive: &Value) -> Vec<String> {
    archive["posts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|post| post["slug"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn archives_list_their_posts_newest_first_in_pages_of_twelve() {
    let app = spawn_rendering_site(&[]).await;
    insert_paged_category(&app).await;

    let (status, html) = app.get("/blog/category/denial-appeals").status_text().await;
    assert_eq!(status, 200);
    let archive = &page_data(&html)["resources"]["blogArchive"];
    assert_eq!(archive["total"], 13);
    assert_eq!(archive["name"], "Denial Appeals");
    let first: Vec<String> = (2..=13).rev().map(|n| format!("appeal-{n}")).collect();
    assert_eq!(slugs(archive), first);
    let shown = text(root(&html));
    assert!(shown.contains("Denial Appeals"), "{shown}");
    assert!(shown.contains("Appeal letter 13") && !shown.contains("Draft appeal tips"));
    assert_eq!(
        link(&html, "canonical").as_deref(),
        Some("https://www.example.test/blog/category/denial-appeals")
    );
    assert_eq!(
        link(&html, "next").as_deref(),
        Some("https://www.example.test/blog/category/denial-appeals?page=2")
    );
    assert!(title(&html).contains("Denial Appeals"), "{}", title(&html));
    assert_eq!(robots(&html), None, "an archive with posts is indexed");

    let (status, html) = app
        .get("/blog/category/denial-appeals?page=2")
        .status_text()
        .await;
    assert_eq!(status, 200);
    let archive = &page_data(&html)["resources"]["blogArchive"];
    assert_eq!(slugs(archive), ["appeal-1"]);
    assert_eq!(
        link(&html, "canonical").as_deref(),
        Some("https://www.example.test/blog/category/denial-appeals?page=2")
    );
    assert_eq!(
        link(&html, "prev").as_deref(),
        Some("https://www.example.test/blog/category/denial-appeals")
    );

    for (path, status) in [
        ("/blog/category/denial-appeals?page=3", 404),
        ("/blog/category/denial-appeals?page=0", 404),
        ("/blog/category/denial-appeals?page=abc", 404),
        ("/blog/category/no-such-topic", 404),
        ("/blog/category/hidden-topic", 404),
        ("/blog/tag/appeals", 200),
        ("/blog/tag/medicare-part-b", 200),
        ("/blog/author/renee-okafor", 200),
        ("/blog/author/nobody", 404),
    ] {
        assert_eq!(app.get(path).status_text().await.0, status, "{path}");
    }
    // Page 1 has one URL (a permanent redirect, as every other spelling of a page gets).
    let first = cb_tests::without_redirects()
        .get(format!(
            "{}/blog/category/denial-appeals?page=1&utm_source=x",
            app.url
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(first.status(), 308);
    assert_eq!(
        first.headers()["location"],
        "/blog/category/denial-appeals?utm_source=x"
    );
    let slash = cb_tests::without_redirects()
        .get(format!("{}/Blog/Category/denial-appeals/", app.url))
        .send()
        .await
        .unwrap();
    assert_eq!(slash.status(), 308);
    assert_eq!(slash.headers()["location"], "/blog/category/denial-appeals");
}

#[tokio::test]
async fn an_archive_has_its_seo_its_feed_and_its_place_in_the_sitemap() {
    let app = spawn_rendering_site(&[]).await;
    insert_paged_category(&app).await;
    app.db
        .execute(
            "insert into public.blog_taxonomy_seo (kind, slug, name, meta_title, meta_description)
             values ('category', 'denial-appeals', null, 'Denial appeals for DME suppliers',
                     'Letters, timelines and levels of appeal for Medicare DME denials.'),
                    ('category', 'coming-soon', 'Coming Soon', null, null)",
        )
        .await;
    let (status, html) = app.get("/blog/category/denial-appeals").status_text().await;
    assert_eq!(status, 200);
    assert!(
        title(&html).starts_with("Denial appeals for DME suppliers"),
        "{}",
        title(&html)
    );
    assert!(head(&html).contains("Letters, timelines and levels of appeal"));

    // Known (it has SEO settings) but empty: served, not indexed.
    let (status, html) = app.get("/blog/category/coming-soon").status_text().await;
    assert_eq!(status, 200);
    assert!(robots(&html).is_some_and(|robots| robots.contains("noindex")));

    let (status, feed) = app
        .get("/blog/category/denial-appeals/rss.xml")
        .status_text()
        .await;
    assert_eq!(status, 200);
    assert_eq!(feed.matches("<item>").count(), 13);
    assert!(feed.contains("<link>https://www.example.test/blog/category/denial-appeals</link>"));
    assert!(feed.contains(
        "<atom:link href=\"https://www.example.test/blog/category/denial-appeals/rss.xml\""
    ));
    assert!(!feed.contains("Draft appeal tips"));
    let (status, feed) = app
        .get("/blog/tag/medicare-part-b/rss.xml")
        .status_text()
        .await;
    assert_eq!(status, 200);
    assert_eq!(feed.matches("<item>").count(), 13);
    assert_eq!(app.get("/blog/tag/nope/rss.xml").status_text().await.0, 404);

    let (_, sitemap) = app.get("/sitemap.xml").status_text().await;
    for listed in [
        "/blog/category/denial-appeals</loc>",
        "/blog/tag/appeals</loc>",
        "/blog/author/renee-okafor</loc>",
        "/blog/category/billing-coding</loc>",
    ] {
        assert!(sitemap.contains(listed), "{listed}");
    }
    for unlisted in ["coming-soon", "hidden-topic", "/search"] {
        assert!(!sitemap.contains(unlisted), "{unlisted}");
    }
}

#[tokio::test]
async fn search_results_are_rendered_on_the_server_and_never_show_drafts() {
    let app = spawn_rendering_site(&[]).await;
    app.db
        .execute(
            "insert into public.blog_posts (slug, title, description, category, published, content)
             values ('nebulizer-draft', 'Nebulizer draft', 'Unpublished nebulizer notes', 'Billing',
                     false, '<p>Nebulizer secrets.</p>'),
                    ('nebulizer-later', 'Nebulizer scheduled', 'Scheduled nebulizer notes', 'Billing',
                     true, '<p>Nebulizer later.</p>')",
        )
        .await;
    app.db
        .execute(
            "update public.blog_posts set publish_at = now() + interval '1 day'
              where slug = 'nebulizer-later'",
        )
        .await;

    let (status, html) = app.get("/search?q=oxygen").status_text().await;
    assert_eq!(status, 200);
    let found = &page_data(&html)["resources"]["siteSearch"];
    assert_eq!(found["query"], "oxygen");
    assert!(found["total"].as_i64().unwrap() >= 1, "{found}");
    let paths: Vec<&str> = found["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|result| result["path"].as_str().unwrap())
        .collect();
    assert!(
        paths.contains(&"/blog/oxygen-billing-36-month-rental-cap"),
        "{paths:?}"
    );
    let shown = text(root(&html));
    assert!(shown.to_lowercase().contains("oxygen"), "{shown}");
    assert!(root(&html).contains("<mark"), "matches are highlighted");
    assert!(robots(&html).is_some_and(|robots| robots.contains("noindex")));

    let (status, html) = app.get("/search?q=nebulizer").status_text().await;
    assert_eq!(status, 200);
    let found = &page_data(&html)["resources"]["siteSearch"];
    assert_eq!(
        found["total"], 0,
        "drafts and scheduled posts are never found: {found}"
    );

    let (status, _) = app.get("/search").status_text().await;
    assert_eq!(status, 200);
    let long = "a".repeat(300);
    let (status, _) = app.get(&format!("/search?q={long}")).status_text().await;
    assert_eq!(status, 400);
    // A page that is not a number is the first page, as the search page reads it.
    let (status, html) = app.get("/search?q=oxygen&page=0").status_text().await;
    assert_eq!(status, 200);
    assert_eq!(page_data(&html)["resources"]["siteSearch"]["page"], 1);
    for (hostile, typed) in [
        ("%22unclosed", "\"unclosed"),
        ("a%20%26%20%7C%20!", "a & | !"),
        ("%27%3B%20drop%20table%20x%3B--", "'; drop table x;--"),
        ("(((", "((("),
        (
            "%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E",
            "</script><script>alert(1)</script>",
        ),
    ] {
        let (status, html) = app.get(&format!("/search?q={hostile}")).status_text().await;
        assert_eq!(status, 200, "{hostile}");
        // The query comes back as text: in the embedded data (which still parses) and the page.
        assert_eq!(
            page_data(&html)["resources"]["siteSearch"]["query"],
            typed,
            "{hostile}"
        );
        assert!(!root(&html).contains("<script>alert(1)"), "{hostile}");
        assert!(!head(&html).contains("<script>alert(1)"), "{hostile}");
    }
}

#[tokio::test]
async fn a_post_shows_related_posts_never_itself_or_a_draft() {
    let app = spawn_rendering_site(&[]).await;
    insert_paged_category(&app).await;
    let (status, html) = app.get("/blog/appeal-5").status_text().await;
    assert_eq!(status, 200);
    let related = page_data(&html)["resources"]["relatedPosts"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(related.len(), 3);
    for post in &related {
        let slug = post["slug"].as_str().unwrap();
        assert!(
            slug.starts_with("appeal-") && slug != "appeal-5" && slug != "appeal-draft",
            "{slug}"
        );
        assert!(
            root(&html).contains(&format!("href=\"/blog/{slug}\"")),
            "{slug} is linked"
        );
    }
    // A hand-made article too.
    let (status, html) = app
        .get("/blog/dme-billing-coding-guide")
        .status_text()
        .await;
    assert_eq!(status, 200);
    let related = &page_data(&html)["resources"]["relatedPosts"];
    assert_eq!(related.as_array().map(Vec::len), Some(3), "{related}");
}

#[tokio::test]
async fn the_not_found_page_says_so_and_suggests_where_to_go() {
    let app = spawn_rendering_site(&[]).await;
    let (status, html) = app.get("/no/such/page").status_text().await;
    assert_eq!(status, 404);
    assert!(
        title(&html).to_lowercase().contains("not found"),
        "{}",
        title(&html)
    );
    assert!(robots(&html).is_some_and(|robots| robots.contains("noindex")));
    let shown = text(root(&html));
    assert!(shown.contains("Oops! Page not found"), "{shown}");
    let popular = page_data(&html)["resources"]["popularPosts"].clone();
    assert!(!popular.as_array().unwrap().is_empty(), "{popular}");
    assert!(
        root(&html).contains("action=\"/search\""),
        "a search form that works without JavaScript"
    );
}
