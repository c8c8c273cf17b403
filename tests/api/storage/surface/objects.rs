//! Object operations (info, exists, remove, move, copy) and signed download and upload URLs.
use super::*;
use cb_tests::Answer as _;

#[tokio::test]
async fn signed_url_expiry_may_be_a_numeric_string_and_info_metadata_defaults_to_empty() {
    let app = spawn_app().await;
    put(&app, "whitepapers", "s.pdf").await;
    for (expires_in, status) in [(json!("60"), 200), (json!("sixty"), 400), (json!("0"), 400)] {
        let (got, body) = sign_url(&app, "whitepapers/s.pdf", expires_in.clone(), service()).await;
        assert_eq!(got, status, "{expires_in}: {body}");
    }
    let (status, many) = call(&app, Method::POST, "/object/sign/whitepapers", service())
        .json(&json!({"expiresIn": "120", "paths": ["s.pdf"]}))
        .status_json()
        .await;
    assert_eq!(status, 200, "{many}");
    assert!(many[0]["signedURL"].as_str().unwrap().contains("token="));
    let (_, info) = call(&app, Method::GET, "/object/info/whitepapers/s.pdf", anon())
        .status_json()
        .await;
    assert_eq!(info["metadata"], json!({}));
}

#[tokio::test]
async fn info_exists_remove_move_and_copy() {
    let app = spawn_app().await;
    put(&app, "whitepapers", "src.pdf").await;
    let (status, info) = call(
        &app,
        Method::GET,
        "/object/info/whitepapers/src.pdf",
        anon(),
    )
    .status_json()
    .await;
    assert_eq!(status, 200);
    for field in [
        "id",
        "name",
        "version",
        "bucket_id",
        "size",
        "content_type",
        "cache_control",
        "etag",
        "metadata",
        "last_modified",
        "created_at",
    ] {
        assert!(info.get(field).is_some(), "info.{field}: {info}");
    }
    assert_eq!(info["cache_control"], "max-age=3600");
    // exists() reads NoSuchKey as false.
    let missing = call(
        &app,
        Method::GET,
        "/object/info/whitepapers/none.pdf",
        anon(),
    )
    .status_json()
    .await;
    assert_error(&missing, 400, "404", "NoSuchKey");

    let moved = call(&app, Method::POST, "/object/move", service())
        .json(&json!({"bucketId": "whitepapers", "sourceKey": "src.pdf", "destinationKey": "moved/dst.pdf"}))
        .status_json()
        .await;
    assert_eq!(moved.0, 200, "{}", moved.1);
    assert_eq!(moved.1["message"], "Successfully moved");
    assert_eq!(moved.1["Key"], "moved/dst.pdf");
    assert_eq!(moved.1["Id"], info["id"]);
    let old = fetch(&app, "/object/public/whitepapers/src.pdf").await;
    assert_eq!(old.status(), 400);
    let new = fetch(&app, "/object/public/whitepapers/moved/dst.pdf").await;
    assert_eq!(new.bytes().await.unwrap().to_vec(), pdf(100));

    let copied = call(&app, Method::POST, "/object/copy", service())
        .json(&json!({"bucketId": "whitepapers", "sourceKey": "moved/dst.pdf", "destinationKey": "copy.pdf",
                      "destinationBucket": "whitepapers"}))
        .status_json()
        .await;
    assert_eq!(copied.0, 200, "{}", copied.1);
    assert_eq!(copied.1["Key"], "whitepapers/copy.pdf");
    let again = call(&app, Method::POST, "/object/copy", service())
        .json(&json!({"bucketId": "whitepapers", "sourceKey": "moved/dst.pdf", "destinationKey": "copy.pdf"}))
        .status_json()
        .await;
    assert_error(&again, 400, "409", "KeyAlreadyExists");
    let overwrite = call(&app, Method::POST, "/object/copy", service())
        .header("x-upsert", "true")
        .json(&json!({"bucketId": "whitepapers", "sourceKey": "moved/dst.pdf", "destinationKey": "copy.pdf"})).answer().await;
    assert_eq!(overwrite.status(), 200);
    let copy = fetch(&app, "/object/public/whitepapers/copy.pdf").await;
    assert_eq!(copy.bytes().await.unwrap().to_vec(), pdf(100));

    // Anon may not move what it may read.
    let refused = call(&app, Method::POST, "/object/move", anon())
        .json(&json!({"bucketId": "whitepapers", "sourceKey": "copy.pdf", "destinationKey": "stolen.pdf"}))
        .status_json()
        .await;
    assert_error(&refused, 400, "403", "AccessDenied");

    let (status, removed) = call(&app, Method::DELETE, "/object/whitepapers", &admin())
        .json(&json!({"prefixes": ["copy.pdf", "moved/dst.pdf", "never.pdf"]}))
        .status_json()
        .await;
    assert_eq!(status, 200);
    let mut removed_names = names(&removed);
    removed_names.sort();
    assert_eq!(removed_names, vec!["copy.pdf", "moved/dst.pdf"]);
    assert_eq!(removed[0]["bucket_id"], "whitepapers");
    let gone = fetch(&app, "/object/public/whitepapers/copy.pdf").await;
    assert_eq!(gone.status(), 400);
    put(&app, "whitepapers", "single.pdf").await;
    let deleted = call(
        &app,
        Method::DELETE,
        "/object/whitepapers/single.pdf",
        &admin(),
    )
    .status_json()
    .await;
    assert_eq!(deleted, (200, json!({"message": "Successfully deleted"})));
}

#[tokio::test]
async fn signed_urls_serve_private_objects_to_their_holder_only() {
    let app = spawn_app().await;
    let created = call(&app, Method::POST, "/bucket", service())
        .json(&json!({"id": "private", "name": "private"}))
        .answer()
        .await;
    assert_eq!(created.status(), 200);
    put(&app, "private", "folder/secret file.pdf").await;
    // A private bucket: no public access, no anon access, NoSuchKey under RLS for users.
    let secret = "private/folder/secret%20file.pdf";
    expect_errors(vec![
        (
            "public",
            app.client
                .get(url(&app, &format!("/object/public/{secret}"))),
            400,
            "404",
            "NoSuchBucket",
        ),
        (
            "plain",
            app.client.get(url(&app, &format!("/object/{secret}"))),
            400,
            "404",
            "NoSuchBucket",
        ),
        (
            "a user's",
            call(
                &app,
                Method::GET,
                &format!("/object/authenticated/{secret}"),
                &admin(),
            ),
            400,
            "404",
            "NoSuchKey",
        ),
    ])
    .await;
    let owner = call(
        &app,
        Method::GET,
        "/object/authenticated/private/folder/secret%20file.pdf",
        service(),
    )
    .answer()
    .await;
    assert_eq!(owner.status(), 200);

    let (status, signed) = sign_url(&app, "private/folder/secret file.pdf", 60, service()).await;
    assert_eq!(status, 200, "{signed}");
    let signed_url = signed["signedURL"].as_str().unwrap();
    assert!(
        signed_url.starts_with("/object/sign/private/folder/secret file.pdf?token="),
        "{signed_url}"
    );
    let fetched = app
        .client
        .get(format!(
            "{}/storage/v1{}&download=",
            app.url,
            signed_url.replace(' ', "%20")
        ))
        .answer()
        .await;
    assert_eq!(fetched.status(), 200);
    assert!(fetched.headers().contains_key("expires"));
    assert_eq!(fetched.headers()["content-disposition"], "attachment;");
    assert_eq!(fetched.bytes().await.unwrap().to_vec(), pdf(100));
    // The token is bound to its path.
    let token = signed_url.split("token=").nth(1).unwrap();
    let other = app
        .client
        .get(url(
            &app,
            &format!("/object/sign/private/other.pdf?token={token}"),
        ))
        .status_json()
        .await;
    assert_error(&other, 400, "400", "InvalidSignature");
    // Users cannot sign what they cannot see.
    let hidden = sign_url(&app, "private/folder/secret file.pdf", 60, &admin()).await;
    assert_error(&hidden, 400, "404", "NoSuchKey");

    let (status, many) = call(&app, Method::POST, "/object/sign/private", service())
        .json(&json!({"expiresIn": 60, "paths": ["folder/secret file.pdf", "nope.pdf"]}))
        .status_json()
        .await;
    assert_eq!(status, 200);
    assert_eq!(many[0]["error"], Value::Null);
    assert_eq!(many[0]["path"], "folder/secret file.pdf");
    assert!(
        many[0]["signedURL"]
            .as_str()
            .unwrap()
            .starts_with("/object/sign/private/folder/secret file.pdf?token=")
    );
    assert_eq!(
        many[1],
        json!({"error": "Either the object does not exist or you do not have access to it", "path": "nope.pdf", "signedURL": null})
    );
}

#[tokio::test]
async fn signed_upload_urls_accept_one_upload_without_a_jwt() {
    let app = spawn_app().await;
    // The right to write is checked when the URL is made.
    let refused = call(
        &app,
        Method::POST,
        "/object/upload/sign/blog-images/anon.png",
        anon(),
    )
    .json(&json!({}))
    .status_json()
    .await;
    assert_error(&refused, 400, "403", "AccessDenied");
    let (status, signed) = call(
        &app,
        Method::POST,
        "/object/upload/sign/whitepapers/up/load.pdf",
        &admin(),
    )
    .json(&json!({}))
    .status_json()
    .await;
    assert_eq!(status, 200, "{signed}");
    let token = signed["token"].as_str().unwrap().to_string();
    assert_eq!(
        signed["url"],
        format!("/object/upload/sign/whitepapers/up/load.pdf?token={token}")
    );
    // The address of `path` with the upload token.
    let with_token = |path: &str| url(&app, &format!("{path}?token={token}"));
    let put_url = with_token("/object/upload/sign/whitepapers/up/load.pdf");
    let upload_signed = || {
        app.client
            .put(&put_url)
            .header("content-type", "application/pdf")
            .header("x-upsert", "true")
            .body(pdf(300))
    };
    let uploaded = upload_signed().status_json().await;
    assert_eq!(uploaded, (200, json!({"Key": "whitepapers/up/load.pdf"})));
    let owner: Option<String> = app
        .db
        .scalar("select owner_id from storage.objects where name = 'up/load.pdf'")
        .await;
    assert_eq!(
        owner.as_deref(),
        Some("00000000-0000-0000-0000-00000000ad01")
    );
    // The token's upsert (false) wins over the header: a second upload is a duplicate.
    let again = upload_signed().status_json().await;
    assert_error(&again, 400, "409", "KeyAlreadyExists");
    // The token is for that path only, and for uploads only.
    let elsewhere = app
        .client
        .put(with_token("/object/upload/sign/whitepapers/other.pdf"))
        .body(pdf(3))
        .status_json()
        .await;
    assert_error(&elsewhere, 400, "400", "InvalidSignature");
    let as_download = app
        .client
        .get(with_token("/object/sign/whitepapers/up/load.pdf"))
        .status_json()
        .await;
    assert_eq!(as_download.1["message"], "Token is not scoped for download");
}
