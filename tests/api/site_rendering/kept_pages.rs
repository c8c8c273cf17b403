//! A kept page's next GET is answered before any routing (crates/site/src/kept_pages.rs): with
//! exactly what the page pipeline answers, and no longer once a redirect rule or an edit
//! changes what that is.
use super::*;
use cb_tests::eventually;

/// What every response has its own of.
const PER_RESPONSE: [&str; 2] = ["x-request-id", "date"];

/// A response's headers, sorted, without those it has its own of.
fn lasting_headers(response: &reqwest::Response) -> Vec<(String, String)> {
    let mut headers: Vec<(String, String)> = response
        .headers()
        .iter()
        .filter(|(name, _)| !PER_RESPONSE.contains(&name.as_str()))
        .map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_string()))
        .collect();
    headers.sort();
    headers
}

#[tokio::test]
async fn a_kept_pages_next_answers_are_the_pipelines() {
    let app = spawn_rendering_site(&[]).await;
    let client = cb_tests::without_redirects();
    let url = format!("{}/services", app.url);
    for accept in ["br", "gzip", "identity", "gzip;q=0, br;q=0.5"] {
        // The first answer renders and keeps the page; those after it come from before routing.
        let mut answers = Vec::new();
        for _ in 0..3 {
            let response = client
                .get(&url)
                .header("accept-encoding", accept)
                .answer()
                .await;
            assert_eq!(response.status(), 200, "{accept}");
            let headers = lasting_headers(&response);
            answers.push((headers, response.bytes().await.unwrap()));
        }
        assert!(
            answers.iter().all(|answer| *answer == answers[0]),
            "{accept}: the same headers and bytes every time"
        );
        // HEAD always goes through the pipeline: the same headers.
        let head = client
            .head(&url)
            .header("accept-encoding", accept)
            .answer()
            .await;
        assert_eq!(head.status(), 200);
        assert_eq!(lasting_headers(&head), answers[0].0, "{accept}");
        let header = |name: &str| {
            answers[0]
                .0
                .iter()
                .find(|(header, _)| header == name)
                .map(|(_, value)| value.clone())
        };
        assert!(
            header("content-security-policy").is_some(),
            "{accept}: with the site's security headers"
        );
        assert_eq!(header("x-content-type-options").as_deref(), Some("nosniff"));
        let etag = header("etag").expect("an ETag");
        let revalidated = client
            .get(&url)
            .header("accept-encoding", accept)
            .header("if-none-match", &etag)
            .answer()
            .await;
        assert_eq!(revalidated.status(), 304, "{accept}");
        // A new id (a UUID) for a request that brings none.
        let id = revalidated.headers()["x-request-id"].to_str().unwrap();
        assert!(uuid::Uuid::parse_str(id).is_ok(), "{accept}: id {id:?}");
    }
    // A request's own id comes back on an early answer too.
    let response = client
        .get(&url)
        .header("x-request-id", "kept-page-check")
        .answer()
        .await;
    assert_eq!(response.headers()["x-request-id"], "kept-page-check");
}

#[tokio::test]
async fn a_rule_or_an_edit_changes_a_kept_pages_next_answer() {
    let app = spawn_rendering_site(&[]).await;
    let client = cb_tests::without_redirects();
    let slug = "oxygen-billing-36-month-rental-cap";
    let post = format!("{}/blog/{slug}", app.url);
    for _ in 0..2 {
        for path in ["/services", "/about"] {
            let response = client.get(format!("{}{path}", app.url)).answer().await;
            assert_eq!(response.status(), 200, "{path}");
        }
        assert_eq!(client.get(&post).answer().await.status(), 200);
    }

    app.db
        .execute(
            "insert into public.redirects (source_path, match_type, target, status_code)
             values ('/services', 'exact', '/contact', 302)",
        )
        .await;
    eventually(WRITE_SHOWS_WITHIN, Duration::from_millis(20), async || {
        let response = client.get(format!("{}/services", app.url)).answer().await;
        match (
            response.status().as_u16(),
            response.headers().get("location"),
        ) {
            (302, Some(location)) if location == "/contact" => Ok(()),
            other => Err(format!("/services: {other:?}, wanted the rule's 302")),
        }
    })
    .await;
    // And every time after: the page kept under the old rules is not answered again.
    for _ in 0..3 {
        let response = client.get(format!("{}/services", app.url)).answer().await;
        assert_eq!(response.status(), 302);
    }
    // Another kept page is answered under the new rules as before.
    let about = client.get(format!("{}/about", app.url)).answer().await;
    assert_eq!(about.status(), 200);

    let retitle =
        format!("update public.blog_posts set title = 'Retitled while kept' where slug = '{slug}'");
    answers_after(&app, &client, &post, &retitle, |status, html| {
        status == 200 && text(root(html)).contains("Retitled while kept")
    })
    .await;
    let unpublish = format!("update public.blog_posts set published = false where slug = '{slug}'");
    answers_after(&app, &client, &post, &unpublish, |status, _| status == 404).await;
}

/// Runs `sql`, then waits until `url` answers as `done` says.
async fn answers_after(
    app: &TestApp,
    client: &reqwest::Client,
    url: &str,
    sql: &str,
    done: impl Fn(u16, &str) -> bool,
) {
    app.db.execute(sql).await;
    answer_showing(
        || client.get(url),
        &format!("{url} as `{sql}` makes it"),
        done,
    )
    .await;
}
