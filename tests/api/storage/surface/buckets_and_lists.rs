//! Buckets, and the object listings (v1 and v2).
use super::*;

#[tokio::test]
async fn buckets_are_created_read_updated_emptied_and_deleted() {
    let app = spawn_app().await;
    // The site's policies let anyone read the two site buckets, nobody else create one.
    let (status, listed) = call(&app, Method::GET, "/bucket", anon())
        .status_json()
        .await;
    assert_eq!(status, 200);
    assert_eq!(names(&listed), vec!["blog-images", "whitepapers"]);
    assert_eq!(listed[0]["type"], "STANDARD");
    assert_eq!(listed[0]["public"], true);
    assert_eq!(listed[0]["file_size_limit"], 10_485_760);
    let refused = call(&app, Method::POST, "/bucket", &admin())
        .json(&json!({"id": "mine", "name": "mine", "public": false}))
        .status_json()
        .await;
    assert_error(&refused, 400, "403", "AccessDenied");

    let created = call(&app, Method::POST, "/bucket", service())
        .json(
            &json!({"id": "docs", "name": "docs", "public": false, "file_size_limit": "20MB",
                          "allowed_mime_types": ["application/pdf", "image/*"]}),
        )
        .status_json()
        .await;
    assert_eq!(created, (200, json!({"name": "docs"})));
    let duplicate = call(&app, Method::POST, "/bucket", service())
        .json(&json!({"id": "docs", "name": "docs"}))
        .status_json()
        .await;
    assert_error(&duplicate, 400, "409", "BucketAlreadyExists");
    let (_, got) = call(&app, Method::GET, "/bucket/docs", service())
        .status_json()
        .await;
    assert_eq!(got["file_size_limit"], 20_000_000);
    assert_eq!(
        got["allowed_mime_types"],
        json!(["application/pdf", "image/*"])
    );
    assert!(got.get("type").is_none(), "getBucket has no type");
    // Invisible to anon.
    let hidden = call(&app, Method::GET, "/bucket/docs", anon())
        .status_json()
        .await;
    assert_error(&hidden, 400, "404", "NoSuchBucket");

    let updated = call(&app, Method::PUT, "/bucket/docs", service())
        .json(&json!({"id": "docs", "name": "docs", "public": true, "file_size_limit": null}))
        .status_json()
        .await;
    assert_eq!(updated, (200, json!({"message": "Successfully updated"})));
    let (_, got) = call(&app, Method::GET, "/bucket/docs", service())
        .status_json()
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
    let not_empty = call(&app, Method::DELETE, "/bucket/docs", service())
        .json(&json!({}))
        .status_json()
        .await;
    assert_error(&not_empty, 400, "409", "ResourceNotEmpty");
    let emptied = call(&app, Method::POST, "/bucket/docs/empty", service())
        .json(&json!({}))
        .status_json()
        .await;
    assert_eq!(emptied.0, 200);
    assert_eq!(
        emptied.1["message"],
        "Empty bucket has been queued. Completion may take up to an hour."
    );
    let deleted = call(&app, Method::DELETE, "/bucket/docs", service())
        .json(&json!({}))
        .status_json()
        .await;
    assert_eq!(deleted, (200, json!({"message": "Successfully deleted"})));
    let gone = call(&app, Method::GET, "/bucket/docs", service())
        .status_json()
        .await;
    assert_error(&gone, 400, "404", "NoSuchBucket");
}

#[tokio::test]
async fn list_v1_is_a_one_level_listing_with_folders_search_sort_and_paging() {
    let app = spawn_app().await;
    put_whitepapers(
        &app,
        &[
            "b.pdf",
            "A.pdf",
            "docs/one.pdf",
            "docs/two.pdf",
            "docs/deep/three.pdf",
            "Docs2/x.pdf",
            "c_d.pdf",
        ],
    )
    .await;
    let list = async |body: Value| list_whitepapers(&app, "list", &body).await;
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

    // (the list request, the names it answers, in order)
    let listings = [
        (
            json!({"prefix": "docs"}),
            vec!["deep", "one.pdf", "two.pdf"],
        ),
        (json!({"prefix": "docs/", "search": "O"}), vec!["one.pdf"]),
        (
            json!({"prefix": "", "search": "docs/two.pdf"}),
            vec!["docs/two.pdf"],
        ),
        (
            json!({"prefix": "", "limit": 2, "offset": 2}),
            vec!["c_d.pdf", "docs"],
        ),
        (json!({"prefix": "", "search": "c_"}), vec!["c_d.pdf"]),
        (
            json!({"prefix": "", "sortBy": {"column": "name", "order": "desc"}}),
            vec!["Docs2", "docs", "c_d.pdf", "b.pdf", "A.pdf"],
        ),
        (
            json!({"prefix": "", "sortBy": {"column": "created_at", "order": "desc"}}),
            vec!["Docs2", "docs", "c_d.pdf", "A.pdf", "b.pdf"],
        ),
    ];
    for (body, expected) in listings {
        let (_, listed) = list(body.clone()).await;
        assert_eq!(names(&listed), expected, "{body}");
    }
    let (_, none) = list(json!({"prefix": "", "search": "%"})).await;
    assert_eq!(none, json!([]));
}

#[tokio::test]
async fn list_v2_pages_with_a_cursor_and_groups_folders() {
    let app = spawn_app().await;
    put_whitepapers(
        &app,
        &[
            "a.pdf",
            "b.pdf",
            "photos/2024/x.pdf",
            "photos/2024/y.pdf",
            "photos/z.pdf",
            "q.pdf",
        ],
    )
    .await;
    let list = async |body: Value| list_whitepapers(&app, "list-v2", &body).await;
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
    put_whitepapers(&app, &["m1.pdf", "m2.pdf", "m3.pdf", "m4.pdf"]).await;
    // Four objects created within one millisecond: a millisecond cursor repeats or skips them.
    app.db
        .execute(
            "update storage.objects set created_at = '2026-11-26 10:00:00.123400+00'::timestamptz
                + (substr(name, 2, 1)::int * interval '1 microsecond')
          where bucket_id = 'whitepapers' and name like 'm%'",
        )
        .await;
    for order in ["asc", "desc"] {
        let mut seen = Vec::new();
        let mut cursor = Value::Null;
        for _ in 0..10 {
            let mut body = json!({"prefix": "m", "limit": 1,
                                  "sortBy": {"column": "created_at", "order": order}});
            if !cursor.is_null() {
                body["cursor"] = cursor.clone();
            }
            let (status, page) = list_whitepapers(&app, "list-v2", &body).await;
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
