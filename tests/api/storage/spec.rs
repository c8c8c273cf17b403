//! The storage calls of product-spec §7: the whitepapers list with a search on file_path, the
//! public URL of the PDF downloaded with Range and ETag, a blog image uploaded under a random
//! name with the admin token then read at its public URL, and anon writes refused.
use cb_tests::{Answer as _, Exchange as _, mint_jwt, spawn_app};
use reqwest::Method;
use serde_json::json;

use super::{
    admin, anon, assert_downloads, assert_error, call, expect_stored, fetch, get_with, object_rows,
    pdf, png, upload, url,
};

#[tokio::test]
async fn a_whitepaper_is_found_by_search_and_downloaded_publicly_with_range_and_etag() {
    let app = spawn_app().await;
    let bytes = pdf(200_000);
    let (status, body) = upload(
        &app,
        &admin(),
        "whitepapers/guides/dme-guide.pdf",
        bytes.clone(),
        "application/pdf",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["Key"], "whitepapers/guides/dme-guide.pdf");
    assert!(body["Id"].as_str().is_some_and(|id| id.len() == 36));

    // The downloads page: list with a search on file_path, as the anon visitor.
    let (status, listed) = call(&app, Method::POST, "/object/list/whitepapers", anon())
        .json(
            &json!({"limit": 100, "offset": 0, "sortBy": {"column": "name", "order": "asc"},
                          "prefix": "guides", "search": "dme-guide.pdf"}),
        )
        .status_json()
        .await;
    assert_eq!(status, 200, "{listed}");
    let entries = listed.as_array().unwrap();
    assert_eq!(entries.len(), 1, "{listed}");
    assert_eq!(entries[0]["name"], "dme-guide.pdf");
    assert_eq!(entries[0]["metadata"]["size"], bytes.len());
    assert_eq!(entries[0]["metadata"]["mimetype"], "application/pdf");

    // getPublicUrl + download, no credentials at all.
    let public = url(&app, "/object/public/whitepapers/guides/dme-guide.pdf");
    let (headers, etag) = assert_downloads(&app, &public, &bytes).await;
    assert_eq!(headers["content-type"], "application/pdf");
    assert_eq!(headers["accept-ranges"], "bytes");
    assert_eq!(headers["cache-control"], "max-age=3600");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert!(headers.contains_key("last-modified"));

    let ranged = get_with(&app, &public, "range", "bytes=0-3").await;
    assert_eq!(ranged.status(), 206);
    assert_eq!(
        ranged.headers()["content-range"],
        format!("bytes 0-3/{}", bytes.len()).as_str()
    );
    assert_eq!(ranged.bytes().await.unwrap().as_ref(), b"%PDF");

    let cached = get_with(&app, &public, "if-none-match", &etag).await;
    assert_eq!(cached.status(), 304);
    assert!(cached.bytes().await.unwrap().is_empty());

    // Downloaded as a PDF named after the title.
    let named = app
        .client
        .get(format!("{public}?download=DME%20Guide.pdf"))
        .answer()
        .await;
    assert_eq!(
        named.headers()["content-disposition"],
        "attachment; filename=DME%20Guide.pdf; filename*=UTF-8''DME%20Guide.pdf"
    );
}

#[tokio::test]
async fn a_blog_image_uploaded_under_a_random_name_is_served_at_its_public_url() {
    let app = spawn_app().await;
    let name = format!("{}.png", uuid::Uuid::new_v4());
    let bytes = png(5000);
    // supabase-js sends a File as multipart: cacheControl first, the file part named "".
    let boundary = "----cbboundary";
    let mut form = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"cacheControl\"\r\n\r\n3600\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"\"; filename=\"photo.png\"\r\n\
         Content-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    form.extend_from_slice(&bytes);
    form.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let (status, body) = call(
        &app,
        Method::POST,
        &format!("/object/blog-images/{name}"),
        &admin(),
    )
    .header(
        "content-type",
        format!("multipart/form-data; boundary={boundary}"),
    )
    .header("x-upsert", "false")
    .body(form)
    .status_json()
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["Key"], format!("blog-images/{name}"));

    let response = fetch(&app, &format!("/object/public/blog-images/{name}")).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/png");
    assert_eq!(response.headers()["cache-control"], "max-age=3600");
    assert_eq!(response.bytes().await.unwrap().to_vec(), bytes);
}

#[tokio::test]
async fn anon_and_plain_users_cannot_write_the_site_buckets() {
    let app = spawn_app().await;
    let user = mint_jwt(
        "authenticated",
        json!({"sub": "00000000-0000-0000-0000-0000000000aa"}),
    );
    for token in [anon().to_string(), user] {
        let refused = upload(&app, &token, "blog-images/evil.png", png(10), "image/png").await;
        assert_error(&refused, 400, "403", "AccessDenied");
        assert_eq!(refused.1["error"], "Unauthorized");
        assert_eq!(
            refused.1["message"],
            "new row violates row-level security policy"
        );
        let refused = call(&app, Method::PUT, "/object/whitepapers/evil.pdf", &token)
            .header("content-type", "application/pdf")
            .body(pdf(10))
            .status_json()
            .await;
        assert_error(&refused, 400, "403", "AccessDenied");
    }
    // Without any token the JWT check refuses first, with the verifier's text.
    let refused = app
        .client
        .post(url(&app, "/object/blog-images/evil.png"))
        .header("content-type", "image/png")
        .body(png(10))
        .status_json()
        .await;
    assert_error(&refused, 400, "403", "AccessDenied");
    assert_eq!(refused.1["message"], "Invalid Compact JWS");

    // What the admin stored, anon can neither delete nor overwrite; nothing was stored for anon.
    expect_stored(
        &app,
        &admin(),
        "blog-images",
        "kept.png",
        png(10),
        "image/png",
    )
    .await;
    let (status, removed) = call(&app, Method::DELETE, "/object/blog-images", anon())
        .json(&json!({"prefixes": ["kept.png"]}))
        .status_json()
        .await;
    assert_eq!((status, removed), (200, json!([])));
    assert_eq!(
        object_rows(&app, "blog-images").await,
        1,
        "only the admin's object exists"
    );
    let kept = fetch(&app, "/object/public/blog-images/kept.png").await;
    assert_eq!(kept.status(), 200);
}
