//! Concurrent writers of one key: every upsert succeeds and the object is always exactly one of
//! them (bytes, size and ETag agree; the replaced versions are gone); without upsert exactly one
//! wins and the others get KeyAlreadyExists; readers never see a mix.
use cb_tests::{Answer as _, Exchange as _, HeaderText as _, TestApp, spawn_app_with};
use reqwest::{Method, RequestBuilder};

use super::{call, md5_etag, pdf, service, url};

const WRITERS: usize = 8;

fn body_for(writer: usize) -> Vec<u8> {
    let mut bytes = pdf(50_000 + writer * 1_000);
    bytes.extend(std::iter::repeat_n(writer as u8, 1000));
    bytes
}

/// One upload of `path` (as the service role) per writer, each with its writer's body.
fn uploads<'a>(
    app: &'a TestApp,
    method: Method,
    path: &'a str,
) -> impl Iterator<Item = RequestBuilder> + 'a {
    (0..WRITERS).map(move |writer| {
        call(app, method.clone(), path, service())
            .header("content-type", "application/pdf")
            .body(body_for(writer))
    })
}

#[tokio::test]
async fn concurrent_upserts_of_one_key_leave_exactly_one_whole_version() {
    let data = tempfile::tempdir().unwrap();
    let app = spawn_app_with(&[("CLAIMBRIDGE_DATA_DIR", data.path().to_str().unwrap())]).await;
    let tasks: Vec<_> = uploads(&app, Method::PUT, "/object/whitepapers/shared.pdf")
        .map(|request| tokio::spawn(async move { request.answer().await.status() }))
        .collect();
    // Readers running meanwhile see either nothing yet or a whole version.
    let public = url(&app, "/object/public/whitepapers/shared.pdf");
    for _ in 0..20 {
        let response = app.client.get(&public).answer().await;
        if response.status() == 200 {
            let etag = response.header_text("etag").to_string();
            let bytes = response.bytes().await.unwrap();
            assert_eq!(etag, md5_etag(&app, &bytes).await);
        }
    }
    for task in tasks {
        assert_eq!(task.await.unwrap(), 200);
    }
    let response = app.client.get(&public).answer().await;
    let etag = response.header_text("etag").to_string();
    let bytes = response.bytes().await.unwrap().to_vec();
    let writer = (0..WRITERS).find(|w| body_for(*w) == bytes);
    assert!(writer.is_some(), "the object is one writer's body");
    assert_eq!(etag, md5_etag(&app, &bytes).await);
    let info = call(
        &app,
        Method::GET,
        "/object/info/whitepapers/shared.pdf",
        service(),
    )
    .status_json()
    .await;
    assert_eq!(info.1["size"], bytes.len());
    // One version on disk: the others were removed after they were replaced.
    let versions: Vec<_> = std::fs::read_dir(data.path().join("storage/whitepapers/shared.pdf"))
        .unwrap()
        .flatten()
        .collect();
    assert_eq!(versions.len(), 1, "{versions:?}");
}

#[tokio::test]
async fn concurrent_creates_of_one_key_have_one_winner() {
    let app = spawn_app_with(&[]).await;
    let tasks: Vec<_> = uploads(&app, Method::POST, "/object/whitepapers/race.pdf")
        .map(|request| request.header("x-upsert", "false"))
        .map(|request| tokio::spawn(async move { request.status_json().await }))
        .collect();
    let mut winners = 0;
    for task in tasks {
        let (status, body) = task.await.unwrap();
        if status == 200 {
            winners += 1;
        } else {
            assert_eq!(body["code"], "KeyAlreadyExists", "{body}");
            assert_eq!(body["statusCode"], "409");
            assert_eq!(body["error"], "Duplicate");
        }
    }
    assert_eq!(winners, 1);
    let rows: i64 = app
        .db
        .count("select count(*) from storage.objects where name = 'race.pdf'")
        .await;
    assert_eq!(rows, 1);
}
