//! Finding #3: a large upload refused before its body was read (a bad token) must get the
//! refusal, never a broken pipe or a reset, however often it is tried.
use cb_tests::{DEMO_ANON_KEY, spawn_app};
use reqwest::multipart::{Form, Part};

#[tokio::test]
async fn a_large_multipart_upload_with_a_bad_token_always_gets_the_json_refusal() {
    let app = spawn_app().await;
    let file = vec![b'x'; 6 * 1024 * 1024];
    for attempt in 0..50 {
        let form = Form::new()
            .text("cacheControl", "3600")
            .part("", Part::bytes(file.clone()).file_name("blob"));
        let response = app
            .client
            .post(format!(
                "{}/storage/v1/object/whitepapers/attack-{attempt}.pdf",
                app.url
            ))
            .header("apikey", DEMO_ANON_KEY)
            .bearer_auth("not-a-jwt")
            .multipart(form)
            .send()
            .await
            .unwrap_or_else(|err| panic!("attempt {attempt}: no answer: {err}"));
        assert_eq!(response.status(), 400, "attempt {attempt}");
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["statusCode"], "403", "attempt {attempt}");
        assert_eq!(body["code"], "AccessDenied", "attempt {attempt}");
    }
}
