//! Finding #3: a large upload refused before its body was read (a bad token) must get the
//! refusal, never a broken pipe or a reset, however often it is tried. The body is sent in
//! pieces while the answer may already be on its way, as a browser or Node client sends it.
use cb_tests::{DEMO_ANON_KEY, spawn_app};

use crate::storage::{RawConnection, raw_json, raw_status};

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
    form.extend(std::iter::repeat_n(b'x', 24 * 1024 * 1024));
    form.extend(format!("\r\n--{boundary}--\r\n").into_bytes());
    for attempt in 0..20 {
        let mut connection = RawConnection::open(&app.url).await;
        let head = format!(
            "POST /storage/v1/object/whitepapers/attack-{attempt}.pdf HTTP/1.1\r\nHost: test\r\n\
             apikey: {DEMO_ANON_KEY}\r\nAuthorization: Bearer not-a-jwt\r\n\
             Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {}\r\n\r\n",
            form.len()
        );
        connection.send(head.as_bytes()).await.unwrap();
        for piece in form.chunks(256 * 1024) {
            connection
                .send(piece)
                .await
                .unwrap_or_else(|err| panic!("attempt {attempt}: the body was cut off: {err}"));
            tokio::task::yield_now().await;
        }
        let response = connection
            .read_response(std::time::Duration::from_secs(10))
            .await;
        assert_eq!(raw_status(&response), 400, "attempt {attempt}: {response}");
        let body = raw_json(&response);
        assert_eq!(body["statusCode"], "403", "attempt {attempt}");
        assert_eq!(body["code"], "AccessDenied", "attempt {attempt}");
    }
}
