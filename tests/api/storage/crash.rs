//! The server killed with SIGKILL in the middle of an upload: after a restart there is no row
//! and no object for the key (the partial bytes stayed in the store's temp folder), and the
//! same upload then succeeds. Also: a new database is seeded through the object store.
use std::path::{Path, PathBuf};
use std::process::Child;
use std::time::Duration;

use cb_tests::{
    Answer as _, HeaderText as _, TestDatabase, empty_database, eventually, fresh_database,
};

use super::{RawConnection, files_under, pdf, service};
use crate::server_process::{free_port, serve_command, wait_ready};

pub(crate) fn start(
    db: &TestDatabase,
    data_dir: &Path,
    port: u16,
    extra: &[(&str, &str)],
) -> Child {
    let mut command = serve_command(data_dir, port);
    command.env("DATABASE_URL", db.url());
    for (name, value) in extra {
        command.env(name, value);
    }
    command.spawn().expect("start claimbridge")
}

#[tokio::test]
async fn kill_9_during_an_upload_leaves_neither_a_partial_object_nor_a_row() {
    let db = fresh_database().await;
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = start(&db, data.path(), port, &[]);
    wait_ready(port, &mut server).await;

    let body = pdf(8_000_000);
    let mut connection = RawConnection::open(&base).await;
    let head = format!(
        "POST /storage/v1/object/whitepapers/interrupted.pdf HTTP/1.1\r\nHost: test\r\n\
         Authorization: Bearer {}\r\nContent-Type: application/pdf\r\nContent-Length: {}\r\n\r\n",
        service(),
        body.len()
    );
    connection.send(head.as_bytes()).await.unwrap();
    connection.send(&body[..3_000_000]).await.unwrap();
    // Wait until the server is streaming the body to disk, then kill it.
    let temp = data.path().join("storage/~tmp");
    eventually(
        Duration::from_secs(20),
        Duration::from_millis(20),
        async || {
            let streamed = |file: &PathBuf| std::fs::metadata(file).map_or(0, |m| m.len());
            if files_under(&temp)
                .iter()
                .any(|file| streamed(file) >= 1_000_000)
            {
                return Ok(());
            }
            Err("the upload never reached the store".to_string())
        },
    )
    .await;
    server.kill().unwrap();
    server.wait().unwrap();
    drop(connection);

    let rows: i64 = db
        .count("select count(*) from storage.objects where name = 'interrupted.pdf'")
        .await;
    assert_eq!(rows, 0, "no orphan row");
    assert!(
        !data
            .path()
            .join("storage/whitepapers/interrupted.pdf")
            .exists(),
        "no partial object where objects live"
    );

    let mut server = start(&db, data.path(), port, &[]);
    wait_ready(port, &mut server).await;
    let client = reqwest::Client::new();
    let missing = client
        .get(format!(
            "{base}/storage/v1/object/public/whitepapers/interrupted.pdf"
        ))
        .answer()
        .await;
    let missing: serde_json::Value = missing.json().await.unwrap();
    assert_eq!(missing["code"], "NoSuchKey");
    let stored = client
        .post(format!(
            "{base}/storage/v1/object/whitepapers/interrupted.pdf"
        ))
        .bearer_auth(service())
        .header("content-type", "application/pdf")
        .body(body.clone())
        .answer()
        .await;
    assert_eq!(stored.status(), 200);
    let served = client
        .get(format!(
            "{base}/storage/v1/object/public/whitepapers/interrupted.pdf"
        ))
        .answer()
        .await;
    assert_eq!(served.bytes().await.unwrap().len(), body.len());
    server.kill().unwrap();
    server.wait().unwrap();
}

#[tokio::test]
async fn a_new_database_is_seeded_through_the_object_store() {
    let (content_type, _) = download_a_seeded_whitepaper(&[]).await;
    assert_eq!(content_type, "application/pdf");
}

/// Starts the server on a new, empty database with `extra` settings (it seeds at its first
/// start), downloads the first seeded PDF whitepaper from its public URL and asserts the seeded
/// bytes come back, then stops it: the answer's content type and the data directory it used.
pub(super) async fn download_a_seeded_whitepaper(
    extra: &[(&str, &str)],
) -> (String, tempfile::TempDir) {
    let db = empty_database().await;
    let data = tempfile::tempdir().unwrap();
    let port = free_port();
    let mut server = start(&db, data.path(), port, extra);
    wait_ready(port, &mut server).await;
    let seeded = cb_db::seed_files()
        .iter()
        .find(|(name, _)| name.starts_with("whitepapers/") && name.ends_with(".pdf"))
        .expect("a seeded whitepaper");
    let response = reqwest::get(format!(
        "http://127.0.0.1:{port}/storage/v1/object/public/{}",
        seeded.0
    ))
    .await
    .unwrap();
    assert_eq!(response.status(), 200, "{}", seeded.0);
    let content_type = response.header_text("content-type").to_owned();
    assert_eq!(response.bytes().await.unwrap().as_ref(), seeded.1);
    server.kill().unwrap();
    server.wait().unwrap();
    (content_type, data)
}
