//! The rest of the storage-js surface: buckets, info, list v1 and v2, remove, move, copy,
//! signed download URLs and signed uploads, and how a private bucket answers each caller.
use cb_tests::{TestApp, spawn_app};
use reqwest::Method;
use serde_json::{Value, json};

use super::{admin, anon, assert_error, call, json, pdf, service, upload, url};

async fn put(app: &TestApp, bucket: &str, key: &str) {
    let response = upload(app, service(), bucket, key, pdf(100), "application/pdf").await;
    assert_eq!(response.status(), 200, "{key}");
}

fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["name"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn buckets_are_created_read_updated_emptied_and_deleted() {
    let app = spawn_app().await;
    // The site's policies let anyone read the two site buckets, nobody else create one.
    let (status, listed) = json(
        call(&app, Method::GET, "/bucket", anon())
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(names(&listed), vec!["blog-images", "whitepapers"]);
    assert_eq!(listed[0]["type"], "STANDARD");
    assert_eq!(listed[0]["public"], true);
    assert_eq!(listed[0]["file_size_limit"], 10_485_760);
    let refused = json(
        call(&app, Method::POST, "/bucket", &admin())
            .json(&json!({"id": "mine", "name": "mine", "public": false}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_error(&refused, 400, "403", "AccessDenied");

    let created = json(
        call(&app, Method::POST, "/bucket", service())
            .json(
                &json!({"id": "docs", "name": "docs", "public": false, "file_size_limit": "20MB",
                          "allowed_mime_types": ["application/pdf", "image/*"]}),
            )
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(created, (200, json!({"name": "docs"})));
    let duplicate = json(
        call(&app, Method::POST, "/bucket", service())
            .json(&json!({"id": "docs", "name": "docs"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_error(&duplicate, 400, "409", "BucketAlreadyExists");
    let (_, got) = json(
        call(&app, Method::GET, "/bucket/docs", service())
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(got["file_size_limit"], 20_000_000);
    assert_eq!(
        got["allowed_mime_types"],
        json!(["application/pdf", "image/*"])
    );
    assert!(got.get("type").is_none(), "getBucket has no type");
    // Invisible to anon.
    let hidden = json(
        call(&app, Method::GET, "/bucket/docs", anon())
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_error(&hidden, 400, "404", "NoSuchBucket");

    let updated = json(
        call(&app, Method::PUT, "/bucket/docs", service())
            .json(&json!({"id": "docs", "name": "docs", "public": true, "file_size_limit": null}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(updated, (200, json!({"message": "Successfully updated"})));
    let (_, got) = json(
        call(&app, Method::GET, "/bucket/docs", service())
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (got["public"].clone(), got["file_size_limit"].clone()),
        (json!(true), Value::Null)
    );
    assert_eq!(
        got["allowed_mime_types"],
        json!(["application/pdf", "image/*"])
    );

    put(&app, "docs", "a.pdf").await;
    let not_empty = json(
        call(&app, Method::DELETE, "/bucket/docs", service())
            .json(&json!({}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_error(&not_empty, 400, "409", "ResourceNotEmpty");
    let emptied = json(
        call(&app, Method::POST, "/bucket/docs/empty", service())
            .json(&json!({}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(emptied.0, 200);
    assert_eq!(
        emptied.1["message"],
        "Empty bucket has been queued. Completion may take up to an hour."
    );
    let deleted = json(
        call(&app, Method::DELETE, "/bucket/docs", service())
            .json(&json!({}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(deleted, (200, json!({"message": "Successfully deleted"})));
    let gone = json(
        call(&app, Method::GET, "/bucket/docs", service())
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_error(&gone, 400, "404", "NoSuchBucket");
}

#[tokio::test]
async fn list_v1_is_a_one_level_listing_with_folders_search_sort_and_paging() {
    let app = spawn_app().await;
    for key in [
        "b.pdf",
        "A.pdf",
        "docs/one.pdf",
        "docs/two.pdf",
        "docs/deep/three.pdf",
        "Docs2/x.pdf",
        "c_d.pdf",
    ] {
        put(&app, "whitepapers", key).await;
    }
    let list = |body: Value| {
        let request = call(&app, Method::POST, "/object/list/whitepapers", anon()).json(&body);
        async move { json(request.send().await.unwrap()).await }
    };
    let (status, root) = list(json!({"prefix": "", "limit": 100, "offset": 0, "sortBy": {"column": "name", "order": "asc"}})).await;
    assert_eq!(status, 200);
    assert_eq!(
        names(&root),
        vec!["A.pdf", "b.pdf", "c_d.pdf", "docs", "Docs2"]
    );
    let folder = root
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "docs")
        .unwrap();
    assert_eq!(
        folder,
        &json!({"name": "docs", "id": null, "updated_at": null, "created_at": null, "last_accessed_at": null, "metadata": null})
    );
    let file = &root[0];
    assert!(file["id"].is_string() && file["created_at"].as_str().unwrap().ends_with('Z'));
    assert_eq!(file["metadata"]["mimetype"], "application/pdf");
    assert_eq!(file["metadata"]["size"], 115);
    assert!(file["metadata"]["eTag"].as_str().unwrap().starts_with('"'));

    let (_, docs) = list(json!({"prefix": "docs"})).await;
    assert_eq!(names(&docs), vec!["deep", "one.pdf", "two.pdf"]);
    let (_, searched) = list(json!({"prefix": "docs/", "search": "O"})).await;
    assert_eq!(names(&searched), vec!["one.pdf"]);
    let (_, by_path) = list(json!({"prefix": "", "search": "docs/two.pdf"})).await;
    assert_eq!(names(&by_path), vec!["docs/two.pdf"]);
    let (_, paged) = list(json!({"prefix": "", "limit": 2, "offset": 2})).await;
    assert_eq!(names(&paged), vec!["c_d.pdf", "docs"]);
    let (_, wildcard) = list(json!({"prefix": "", "search": "c_"})).await;
    assert_eq!(names(&wildcard), vec!["c_d.pdf"]);
    let (_, none) = list(json!({"prefix": "", "search": "%"})).await;
    assert_eq!(none, json!([]));
    let (_, desc) =
        list(json!({"prefix": "", "sortBy": {"column": "name", "order": "desc"}})).await;
    assert_eq!(
        names(&desc),
        vec!["Docs2", "docs", "c_d.pdf", "b.pdf", "A.pdf"]
    );
    let (_, by_time) =
        list(json!({"prefix": "", "sortBy": {"column": "created_at", "order": "desc"}})).await;
    assert_eq!(
        names(&by_time),
        vec!["Docs2", "docs", "c_d.pdf", "A.pdf", "b.pdf"]
    );
}

#[tokio::test]
async fn list_v2_pages_with_a_cursor_and_groups_folders() {
    let app = spawn_app().await;
    for key in [
        "a.pdf",
        "b.pdf",
        "photos/2024/x.pdf",
        "photos/2024/y.pdf",
        "photos/z.pdf",
        "q.pdf",
    ] {
        put(&app, "whitepapers", key).await;
    }
    let list = |body: Value| {
        let request = call(&app, Method::POST, "/object/list-v2/whitepapers", anon()).json(&body);
        async move { json(request.send().await.unwrap()).await }
    };
    let (status, page) = list(json!({"prefix": "", "with_delimiter": true, "limit": 2})).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["hasNext"], true);
    assert_eq!(names(&page["objects"]), vec!["a.pdf", "b.pdf"]);
    let (_, next) = list(
        json!({"prefix": "", "with_delimiter": true, "limit": 2, "cursor": page["nextCursor"]}),
    )
    .await;
    assert_eq!(names(&next["folders"]), vec!["photos/"]);
    // `key` is the entry's own segment at the prefix's level, as Storage's search_v2 gives it.
    assert_eq!(
        next["folders"][0],
        json!({"id": null, "key": "photos", "name": "photos/", "bucket_id": "whitepapers"})
    );
    assert_eq!(names(&next["objects"]), vec!["q.pdf"]);
    assert_eq!(next["objects"][0]["key"], "q.pdf");
    assert_eq!(next["hasNext"], false);
    assert!(next.get("nextCursor").is_none());
    let (_, inside) = list(json!({"prefix": "photos/", "with_delimiter": true})).await;
    assert_eq!(names(&inside["folders"]), vec!["photos/2024/"]);
    assert_eq!(inside["folders"][0]["key"], "2024");
    assert_eq!(names(&inside["objects"]), vec!["photos/z.pdf"]);
    assert_eq!(inside["objects"][0]["key"], "z.pdf");
    let (_, flat) = list(json!({"prefix": "photos/"})).await;
    assert_eq!(
        names(&flat["objects"]),
        vec!["photos/2024/x.pdf", "photos/2024/y.pdf", "photos/z.pdf"]
    );
    assert_eq!(flat["folders"], json!([]));
    assert!(flat["objects"][0].get("key").is_none());
}

#[tokio::test]
async fn list_v2_time_cursors_keep_microseconds() {
    let app = spawn_app().await;
    for key in ["m1.pdf", "m2.pdf", "m3.pdf", "m4.pdf"] {
        put(&app, "whitepapers", key).await;
    }
    // Four objects created within one millisecond: a millisecond cursor repeats or skips them.
    cb_db::sqlx::query(
        "update storage.objects set created_at = '2026-11-26 10:00:00.123400+00'::timestamptz
                + (substr(name, 2, 1)::int * interval '1 microsecond')
          where bucket_id = 'whitepapers' and name like 'm%'",
    )
    .execute(&app.db.pool)
    .await
    .unwrap();
    for order in ["asc", "desc"] {
        let mut seen = Vec::new();
        let mut cursor = Value::Null;
        for _ in 0..10 {
            let mut body = json!({"prefix": "m", "limit": 1,
                                  "sortBy": {"column": "created_at", "order": order}});
            if !cursor.is_null() {
                body["cursor"] = cursor.clone();
            }
            let (status, page) = json(
                call(&app, Method::POST, "/object/list-v2/whitepapers", anon())
                    .json(&body)
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(status, 200, "{page}");
            seen.extend(names(&page["objects"]));
            if page["hasNext"] != true {
                break;
            }
            cursor = page["nextCursor"].clone();
        }
        let mut expected = vec!["m1.pdf", "m2.pdf", "m3.pdf", "m4.pdf"];
        if order == "desc" {
            expected.reverse();
        }
        assert_eq!(seen, expected, "{order}");
    }
}

#[tokio::test]
async fn signed_url_expiry_may_be_a_numeric_string_and_info_metadata_defaults_to_empty() {
    let app = spawn_app().await;
    put(&app, "whitepapers", "s.pdf").await;
    for (expires_in, status) in [(json!("60"), 200), (json!("sixty"), 400), (json!("0"), 400)] {
        let (got, body) = json(
            call(
                &app,
                Method::POST,
                "/object/sign/whitepapers/s.pdf",
                service(),
            )
            .json(&json!({"expiresIn": expires_in}))
            .send()
            .await
            .unwrap(),
        )
        .await;
        assert_eq!(got, status, "{expires_in}: {body}");
    }
    let (status, many) = json(
        call(&app, Method::POST, "/object/sign/whitepapers", service())
            .json(&json!({"expiresIn": "120", "paths": ["s.pdf"]}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{many}");
    assert!(many[0]["signedURL"].as_str().unwrap().contains("token="));
    let (_, info) = json(
        call(&app, Method::GET, "/object/info/whitepapers/s.pdf", anon())
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(info["metadata"], json!({}));
}

#[tokio::test]
async fn info_exists_remove_move_and_copy() {
    let app = spawn_app().await;
    put(&app, "whitepapers", "src.pdf").await;
    let (status, info) = json(
        call(
            &app,
            Method::GET,
            "/object/info/whitepapers/src.pdf",
            anon(),
        )
        .send()
        .await
        .unwrap(),
    )
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
    let missing = json(
        call(
            &app,
            Method::GET,
            "/object/info/whitepapers/none.pdf",
            anon(),
        )
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_error(&missing, 400, "404", "NoSuchKey");

    let moved = json(
        call(&app, Method::POST, "/object/move", service())
            .json(&json!({"bucketId": "whitepapers", "sourceKey": "src.pdf", "destinationKey": "moved/dst.pdf"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(moved.0, 200, "{}", moved.1);
    assert_eq!(moved.1["message"], "Successfully moved");
    assert_eq!(moved.1["Key"], "moved/dst.pdf");
    assert_eq!(moved.1["Id"], info["id"]);
    let old = app
        .client
        .get(url(&app, "/object/public/whitepapers/src.pdf"))
        .send()
        .await
        .unwrap();
    assert_eq!(old.status(), 400);
    let new = app
        .client
        .get(url(&app, "/object/public/whitepapers/moved/dst.pdf"))
        .send()
        .await
        .unwrap();
    assert_eq!(new.bytes().await.unwrap().to_vec(), pdf(100));

    let copied = json(
        call(&app, Method::POST, "/object/copy", service())
            .json(&json!({"bucketId": "whitepapers", "sourceKey": "moved/dst.pdf", "destinationKey": "copy.pdf",
                          "destinationBucket": "whitepapers"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(copied.0, 200, "{}", copied.1);
    assert_eq!(copied.1["Key"], "whitepapers/copy.pdf");
    let again = json(
        call(&app, Method::POST, "/object/copy", service())
            .json(&json!({"bucketId": "whitepapers", "sourceKey": "moved/dst.pdf", "destinationKey": "copy.pdf"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_error(&again, 400, "409", "KeyAlreadyExists");
    let overwrite = call(&app, Method::POST, "/object/copy", service())
        .header("x-upsert", "true")
        .json(&json!({"bucketId": "whitepapers", "sourceKey": "moved/dst.pdf", "destinationKey": "copy.pdf"}))
        .send()
        .await
        .unwrap();
    assert_eq!(overwrite.status(), 200);
    let copy = app
        .client
        .get(url(&app, "/object/public/whitepapers/copy.pdf"))
        .send()
        .await
        .unwrap();
    assert_eq!(copy.bytes().await.unwrap().to_vec(), pdf(100));

    // Anon may not move what it may read.
    let refused = json(
        call(&app, Method::POST, "/object/move", anon())
            .json(&json!({"bucketId": "whitepapers", "sourceKey": "copy.pdf", "destinationKey": "stolen.pdf"}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_error(&refused, 400, "403", "AccessDenied");

    let (status, removed) = json(
        call(&app, Method::DELETE, "/object/whitepapers", &admin())
            .json(&json!({"prefixes": ["copy.pdf", "moved/dst.pdf", "never.pdf"]}))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200);
    let mut removed_names = names(&removed);
    removed_names.sort();
    assert_eq!(removed_names, vec!["copy.pdf", "moved/dst.pdf"]);
    assert_eq!(removed[0]["bucket_id"], "whitepapers");
    let gone = app
        .client
        .get(url(&app, "/object/public/whitepapers/copy.pdf"))
        .send()
        .await
        .unwrap();
    assert_eq!(gone.status(), 400);
    put(&app, "whitepapers", "single.pdf").await;
    let deleted = json(
        call(
            &app,
            Method::DELETE,
            "/object/whitepapers/single.pdf",
            &admin(),
        )
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(deleted, (200, json!({"message": "Successfully deleted"})));
}

#[tokio::test]
async fn signed_urls_serve_private_objects_to_their_holder_only() {
    let app = spawn_app().await;
    let created = call(&app, Method::POST, "/bucket", service())
        .json(&json!({"id": "private", "name": "private"}))
        .send()
        .await
        .unwrap();
    assert_eq!(created.status(), 200);
    put(&app, "private", "folder/secret file.pdf").await;
    // A private bucket: no public access, no anon access, NoSuchKey under RLS for users.
    let public = json(
        app.client
            .get(url(&app, "/object/public/private/folder/secret%20file.pdf"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_error(&public, 400, "404", "NoSuchBucket");
    let plain = json(
        app.client
            .get(url(&app, "/object/private/folder/secret%20file.pdf"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_error(&plain, 400, "404", "NoSuchBucket");
    let user = json(
        call(
            &app,
            Method::GET,
            "/object/authenticated/private/folder/secret%20file.pdf",
            &admin(),
        )
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_error(&user, 400, "404", "NoSuchKey");
    let owner = call(
        &app,
        Method::GET,
        "/object/authenticated/private/folder/secret%20file.pdf",
        service(),
    )
    .send()
    .await
    .unwrap();
    assert_eq!(owner.status(), 200);

    let (status, signed) = json(
        call(
            &app,
            Method::POST,
            "/object/sign/private/folder/secret file.pdf",
            service(),
        )
        .json(&json!({"expiresIn": 60}))
        .send()
        .await
        .unwrap(),
    )
    .await;
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
        .send()
        .await
        .unwrap();
    assert_eq!(fetched.status(), 200);
    assert!(fetched.headers().contains_key("expires"));
    assert_eq!(fetched.headers()["content-disposition"], "attachment;");
    assert_eq!(fetched.bytes().await.unwrap().to_vec(), pdf(100));
    // The token is bound to its path.
    let token = signed_url.split("token=").nth(1).unwrap();
    let other = json(
        app.client
            .get(url(
                &app,
                &format!("/object/sign/private/other.pdf?token={token}"),
            ))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_error(&other, 400, "400", "InvalidSignature");
    // Users cannot sign what they cannot see.
    let hidden = json(
        call(
            &app,
            Method::POST,
            "/object/sign/private/folder/secret file.pdf",
            &admin(),
        )
        .json(&json!({"expiresIn": 60}))
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_error(&hidden, 400, "404", "NoSuchKey");

    let (status, many) = json(
        call(&app, Method::POST, "/object/sign/private", service())
            .json(&json!({"expiresIn": 60, "paths": ["folder/secret file.pdf", "nope.pdf"]}))
            .send()
            .await
            .unwrap(),
    )
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
    let refused = json(
        call(
            &app,
            Method::POST,
            "/object/upload/sign/blog-images/anon.png",
            anon(),
        )
        .json(&json!({}))
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_error(&refused, 400, "403", "AccessDenied");
    let (status, signed) = json(
        call(
            &app,
            Method::POST,
            "/object/upload/sign/whitepapers/up/load.pdf",
            &admin(),
        )
        .json(&json!({}))
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{signed}");
    let token = signed["token"].as_str().unwrap().to_string();
    assert_eq!(
        signed["url"],
        format!("/object/upload/sign/whitepapers/up/load.pdf?token={token}")
    );
    let put_url = url(
        &app,
        &format!("/object/upload/sign/whitepapers/up/load.pdf?token={token}"),
    );
    let uploaded = json(
        app.client
            .put(&put_url)
            .header("content-type", "application/pdf")
            .header("x-upsert", "true")
            .body(pdf(300))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(uploaded, (200, json!({"Key": "whitepapers/up/load.pdf"})));
    let owner: Option<String> = cb_db::sqlx::query_scalar(
        "select owner_id from storage.objects where name = 'up/load.pdf'",
    )
    .fetch_one(&app.db.pool)
    .await
    .unwrap();
    assert_eq!(
        owner.as_deref(),
        Some("00000000-0000-0000-0000-00000000ad01")
    );
    // The token's upsert (false) wins over the header: a second upload is a duplicate.
    let again = json(
        app.client
            .put(&put_url)
            .header("content-type", "application/pdf")
            .header("x-upsert", "true")
            .body(pdf(300))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_error(&again, 400, "409", "KeyAlreadyExists");
    // The token is for that path only, and for uploads only.
    let elsewhere = json(
        app.client
            .put(url(
                &app,
                &format!("/object/upload/sign/whitepapers/other.pdf?token={token}"),
            ))
            .body(pdf(3))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_error(&elsewhere, 400, "400", "InvalidSignature");
    let as_download = json(
        app.client
            .get(url(
                &app,
                &format!("/object/sign/whitepapers/up/load.pdf?token={token}"),
            ))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(as_download.1["message"], "Token is not scoped for download");
}
