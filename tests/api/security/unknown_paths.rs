//! A path under an API that names nothing is that API's own JSON error, never the website's page
//! (and never a 5xx), with or without a trailing slash.
use cb_tests::{Answer as _, DEMO_ANON_KEY, HeaderText as _, spawn_app};

#[tokio::test]
async fn unknown_api_paths_answer_in_their_services_format() {
    let app = spawn_app().await;
    for path in [
        "/storage/v1/",
        "/storage/v1/nope",
        "/storage/v1/object/",
        "/auth/v1/",
        "/auth/v1/nope",
        "/functions/v1/",
        "/functions/v1/nope",
    ] {
        for method in [
            reqwest::Method::GET,
            reqwest::Method::HEAD,
            reqwest::Method::POST,
        ] {
            let response = app
                .client
                .request(method.clone(), format!("{}{path}", app.url))
                .header("apikey", DEMO_ANON_KEY)
                .bearer_auth(DEMO_ANON_KEY)
                .answer()
                .await;
            let status = response.status();
            assert!(status.is_client_error(), "{method} {path}: {status}");
            if method != reqwest::Method::HEAD {
                let content_type = response.header_text("content-type").to_owned();
                assert!(
                    content_type.starts_with("application/json"),
                    "{method} {path}: {content_type}"
                );
            }
        }
    }
}
