//! Finding #3: a large upload refused before its body was read (a bad token) must get the
//! refusal, never a broken pipe or a reset, however often it is tried.
use cb_tests::{DEMO_ANON_KEY, spawn_app};

#[tokio::test]
async fn a_large_multipart_upload_with_a_bad_token_always_gets_the_json_refusal() {
    let app = spawn_app().await;
    // The form storage-js sends for a Blob: the cacheControl field, then a nameless file part.
    let boundary = "cb-attack-boundary";
    let mut form = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"cacheControl\"\r\n\r\n3600\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"\"; filename=\"blob\"\r\n\
         Content-Type: application/pdf\r\n\r\n"
    )
    .into_bytes();
    form.extend(std::iter::repeat_n(b'x', 6 * 1024 * 1024));
    form.extend(format!("\r\n--{boundary}--\r\n").into_bytes());
    for attempt in 0..50 {
        let response = app
            .client
            .post(format!(
                "{}/storage/v1/object/whitepapers/attack-{attempt}.pdf",
                app.url
            ))
            .header("apikey", DEMO_ANON_KEY)
            .bearer_auth("not-a-jwt")
            .header(
                "content-type",
                format!("multipart/form-data; boundary={boundary}"),
            )
            .body(form.clone())
            .send()
            .await
            .unwrap_or_else(|err| panic!("attempt {attempt}: no answer: {err}"));
        assert_eq!(response.status(), 400, "attempt {attempt}");
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["statusCode"], "403", "attempt {attempt}");
        assert_eq!(body["code"], "AccessDenied", "attempt {attempt}");
    }
}
