//! What render refuses: decompression bombs, large sources, non-images, bad parameters, and callers
//! without the right to download.
use super::*;
use cb_tests::{Answer as _, HeaderText as _};

#[tokio::test]
async fn limits_refuse_bombs_large_sources_and_non_images() {
    let fixture = Fixture::start().await;
    let app = &fixture.app;
    for (key, bytes, content_type) in [
        ("bomb.png", DECOMPRESSION_BOMB.to_vec(), "image/png"),
        ("wide.jpg", jpeg(3000, 60), "image/jpeg"),
        ("doc.pdf", pdf(1000), "application/pdf"),
        (
            "vector.svg",
            b"<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>".to_vec(),
            "image/svg+xml",
        ),
    ] {
        expect_stored(app, service(), "pics", key, bytes, content_type).await;
    }

    // The bomb is refused from its header, before any pixel is allocated.
    let started = Instant::now();
    let refused = json(
        get(
            app,
            "/render/image/public/pics/bomb.png?width=100",
            Some(CHROME_ACCEPT),
        )
        .await,
    )
    .await;
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert_error(&refused, 400, "400", "InvalidRequest");
    assert_eq!(
        refused.1["message"],
        "The source image resolution is too large to process"
    );
    assert!(
        !fixture.variant_dir("pics", "bomb.png").await.exists(),
        "nothing is cached for a refused source"
    );

    // Sizes are capped at 2500 (as Supabase clamps them), and a source is never enlarged.
    let capped = get(app, "/render/image/public/pics/wide.jpg?width=9000", None).await;
    assert_eq!(
        capped.header_text("x-transformations"),
        "width:2500,resizing_type:fill"
    );
    assert_eq!(picture_of(capped).await.1.dimensions(), (2500, 50));
    assert_eq!(
        dimensions(
            app,
            "/render/image/public/pics/photos/cat.jpg?width=800&height=900&resize=contain"
        )
        .await,
        (400, 300)
    );

    // Objects that are not images it can read.
    for key in ["doc.pdf", "vector.svg"] {
        let refused = get_json(app, &format!("/render/image/public/pics/{key}?width=10")).await;
        assert_error(&refused, 400, "400", "InvalidRequest");
        assert_eq!(
            refused.1["message"], "The source image is invalid or unsupported for rendering",
            "{key}"
        );
    }

    // Sources above 25 MB are refused without being read.
    let mut huge = jpeg(16, 16);
    huge.resize(26 * 1024 * 1024, 0);
    expect_stored(app, service(), "pics", "huge.jpg", huge, "image/jpeg").await;
    let refused = get_json(app, "/render/image/public/pics/huge.jpg?width=10").await;
    assert_error(&refused, 400, "400", "InvalidRequest");
    assert_eq!(
        refused.1["message"],
        "The source image file is too large to process"
    );

    // AVIF is not produced (a documented difference): refused rather than answered in another
    // format than the one asked for.
    let avif = get_json(app, "/render/image/public/pics/photos/cat.jpg?format=avif").await;
    assert_error(&avif, 400, "400", "InvalidRequest");
    assert!(avif.1["message"].as_str().unwrap().contains("AVIF"));
}

#[tokio::test]
async fn bad_parameters_answer_400_in_storage_s_format() {
    let fixture = Fixture::start().await;
    let app = &fixture.app;
    for (query, message) in [
        ("width=abc", "querystring/width must be integer"),
        ("width=12.5", "querystring/width must be integer"),
        ("width=-5", "querystring/width must be >= 0"),
        ("height=big", "querystring/height must be integer"),
        ("quality=10", "querystring/quality must be >= 20"),
        ("quality=101", "querystring/quality must be <= 100"),
        (
            "resize=stretch",
            "querystring/resize must be equal to one of the allowed values",
        ),
        (
            "format=png",
            "querystring/format must be equal to one of the allowed values",
        ),
    ] {
        for route in ["public", "authenticated"] {
            let response = app
                .client
                .get(url(
                    app,
                    &format!("/render/image/{route}/pics/photos/cat.jpg?{query}"),
                ))
                .bearer_auth(service())
                .answer()
                .await;
            let refused = json(response).await;
            assert_error(&refused, 400, "400", "InvalidRequest");
            assert_eq!(refused.1["error"], "Bad Request", "{query}");
            assert_eq!(refused.1["message"], message, "{query}");
        }
    }
    let missing = get_json(app, "/render/image/public/pics/nothing.jpg?width=10").await;
    assert_error(&missing, 400, "404", "NoSuchKey");
    let no_bucket = get_json(app, "/render/image/public/nope/a.jpg?width=10").await;
    assert_error(&no_bucket, 400, "404", "NoSuchBucket");
    let unknown = get_json(app, "/render/image/elsewhere/pics/a.jpg").await;
    assert_error(&unknown, 404, "404", "InvalidRequest");
}

#[tokio::test]
async fn access_follows_the_download_rules() {
    let (fixture, reader) = Fixture::with_a_vault_reader().await;
    let app = &fixture.app;
    let stranger = mint_jwt("authenticated", json!({"sub": "reader-2"}));
    let secret = "/render/image/authenticated/vault/secret.jpg?width=50";

    // A private bucket is not public.
    let refused = get_json(app, "/render/image/public/vault/secret.jpg?width=50").await;
    assert_error(&refused, 400, "404", "NoSuchBucket");
    // /authenticated needs a JWT, then the caller's policies decide.
    let refused = get_json(app, secret).await;
    assert_error(&refused, 400, "403", "AccessDenied");
    assert_eq!(refused.1["message"], "Invalid Compact JWS");
    for token in [anon().to_string(), stranger] {
        let refused = call(app, Method::GET, secret, &token).status_json().await;
        assert_error(&refused, 400, "404", "NoSuchKey");
    }
    let allowed = call(app, Method::GET, secret, &reader).answer().await;
    assert_eq!(picture_of(allowed).await.1.dimensions(), (50, 38));
    // A public bucket's object through /authenticated still goes through the policies (none
    // shows `pics` to the reader).
    let refused = call(
        app,
        Method::GET,
        "/render/image/authenticated/pics/photos/cat.jpg",
        &reader,
    )
    .status_json()
    .await;
    assert_error(&refused, 400, "404", "NoSuchKey");
    // The cached variant is behind the same check: once rendered for the reader, still hidden.
    let refused = get_json(app, "/render/image/public/vault/secret.jpg?width=50").await;
    assert_error(&refused, 400, "404", "NoSuchBucket");
}
