//! Migrations from an empty database, re-runs, and the seed.
use cb_db::sqlx;
use cb_tests::{empty_database, fresh_database};

#[tokio::test]
async fn migrations_apply_in_order_from_empty_then_seed_once() {
    let db = empty_database().await;
    let report = cb_db::migrate(&db.pool).await.unwrap();
    let expected: Vec<String> = cb_db::migrations()
        .map(|m| format!("{}/{}", m.source_dir, m.name))
        .collect();
    assert_eq!(report.applied, expected);
    assert!(
        expected[0].starts_with("platform/"),
        "platform schema first"
    );
    assert!(expected.last().unwrap().starts_with("website/"));
    assert!(report.seeded);

    let again = cb_db::migrate(&db.pool).await.unwrap();
    assert!(again.applied.is_empty(), "a re-run applies nothing");
    assert!(!again.seeded, "the seed runs once");
    assert_eq!(cb_db::pending_count(&db.pool).await.unwrap(), 0);
}

#[tokio::test]
async fn the_seed_fills_every_public_route_and_the_buckets() {
    let db = fresh_database().await;
    let routes: Vec<String> = sqlx::query_scalar("select page_route from page_seo_settings")
        .fetch_all(&db.pool)
        .await
        .unwrap();
    for route in [
        "/",
        "/services",
        "/rcm-services",
        "/about",
        "/contact",
        "/careers",
        "/blog",
        "/whitepapers",
        "/downloads",
        "/api-integrations",
        "/privacy-policy",
        "/cookie-policy",
        "/blog/dme-billing-coding-guide",
    ] {
        assert!(routes.iter().any(|r| r == route), "SEO record for {route}");
    }
    let (published, drafts): (i64, i64) = sqlx::query_as(
        "select count(*) filter (where published), count(*) filter (where not published) from blog_posts",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert!(
        published >= 5 && drafts >= 1,
        "{published} published, {drafts} drafts"
    );
    let (featured, without_file): (i64, i64) = sqlx::query_as(
        "select count(*) filter (where featured), count(*) filter (where file_path is null) from whitepapers",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert!(featured >= 1 && without_file >= 1);
    type BucketRow = (String, bool, Option<i64>, Option<Vec<String>>);
    let buckets: Vec<BucketRow> = sqlx::query_as(
        "select id, public, file_size_limit, allowed_mime_types from storage.buckets order by id",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    assert_eq!(buckets[0].0, "blog-images");
    assert!(buckets[0].1);
    assert_eq!(buckets[0].2, Some(10 * 1024 * 1024));
    assert_eq!(buckets[1].0, "whitepapers");
    assert_eq!(
        buckets[1].3.as_deref(),
        Some(&["application/pdf".to_string()][..])
    );
}

#[tokio::test]
async fn every_seeded_whitepaper_file_is_a_real_pdf_with_its_page_count() {
    let db = fresh_database().await;
    let papers: Vec<(String, i32)> =
        sqlx::query_as("select file_path, pages from whitepapers where file_path is not null")
            .fetch_all(&db.pool)
            .await
            .unwrap();
    assert!(!papers.is_empty());
    for (file_path, pages) in papers {
        let key = format!("whitepapers/{file_path}");
        let (_, bytes) = cb_db::seed_files()
            .iter()
            .find(|(name, _)| *name == key)
            .unwrap_or_else(|| panic!("{key} is shipped"));
        assert!(bytes.starts_with(b"%PDF-"), "{key} is a PDF");
        let text = String::from_utf8_lossy(bytes);
        assert_eq!(count_pages(&text) as i32, pages, "{key} page count");
    }
}

/// Counts page objects (`/Type /Page`, not `/Pages`).
fn count_pages(pdf: &str) -> usize {
    pdf.match_indices("/Type")
        .filter(|(at, _)| {
            let rest = pdf[at + 5..].trim_start();
            rest.starts_with("/Page") && !rest.starts_with("/Pages")
        })
        .count()
}
