//! What each transformation parameter does to the output.
use super::*;
use cb_tests::{Answer as _, HeaderText as _, assert_status_and_headers};

#[tokio::test]
async fn every_parameter_shapes_the_output() {
    let fixture = Fixture::start().await;
    let app = &fixture.app;
    let cat = "/render/image/public/pics/photos/cat.jpg";

    // One side keeps the aspect ratio; without Accept the source's format stays.
    let response = get(app, &format!("{cat}?width=200"), None).await;
    assert_status_and_headers(
        &response,
        200,
        &[
            ("content-type", "image/jpeg"),
            ("x-transformations", "width:200,resizing_type:fill"),
            ("vary", "Accept"),
            ("cache-control", "max-age=3600"),
            ("x-content-type-options", "nosniff"),
            ("x-robots-tag", "none"),
            ("accept-ranges", "bytes"),
        ],
    );
    assert!(response.headers().contains_key("last-modified"));
    let etag = response.header_text("etag").to_string();
    let length: usize = response.header_text("content-length").parse().unwrap();
    let (format, image, bytes) = picture_of(response).await;
    assert_eq!(
        (format, image.dimensions()),
        (ImageFormat::Jpeg, (200, 150))
    );
    assert_eq!(bytes.len(), length);
    assert_eq!(
        dimensions(app, &format!("{cat}?height=100")).await,
        (133, 100)
    );

    // Both sides, each mode.
    for (resize, expected, applied) in [
        ("cover", (100, 100), "fill"),
        ("contain", (100, 75), "fit"),
        ("fill", (100, 100), "force"),
    ] {
        let response = get(
            app,
            &format!("{cat}?width=100&height=100&resize={resize}"),
            None,
        )
        .await;
        assert_eq!(
            response.header_text("x-transformations"),
            format!("height:100,width:100,resizing_type:{applied}")
        );
        assert_eq!(
            picture_of(response).await.1.dimensions(),
            expected,
            "{resize}"
        );
    }
    // cover is the default: it crops the middle (the left and right edges, which are darker in
    // red, are gone), where fill squeezes the whole width in.
    let cover = picture_of(get(app, &format!("{cat}?width=100&height=100"), None).await)
        .await
        .1;
    let fill = picture_of(
        get(
            app,
            &format!("{cat}?width=100&height=100&resize=fill"),
            None,
        )
        .await,
    )
    .await
    .1;
    assert!(cover.get_pixel(0, 50)[0] > fill.get_pixel(0, 50)[0] + 20);

    // Quality changes the size, in both output formats.
    for format in ["webp", "origin"] {
        let low = get(app, &format!("{cat}?quality=20&format={format}"), None).await;
        assert_eq!(
            low.header_text("x-transformations"),
            if format == "webp" {
                "quality:20,format:webp"
            } else {
                "quality:20"
            }
        );
        let low = low.bytes().await.unwrap().len();
        let high = get(app, &format!("{cat}?quality=100&format={format}"), None)
            .await
            .bytes()
            .await
            .unwrap()
            .len();
        assert!(
            low * 2 < high,
            "{format}: quality 20 gave {low} bytes, 100 gave {high}"
        );
    }

    // format: webp always, origin always, and WebP when Accept allows it (Supabase's default).
    let webp = get(app, &format!("{cat}?width=100&format=webp"), None).await;
    assert_eq!(webp.header_text("content-type"), "image/webp");
    assert!(!webp.headers().contains_key("vary"));
    assert_eq!(picture_of(webp).await.0, ImageFormat::WebP);
    let origin = get(
        app,
        &format!("{cat}?width=100&format=origin"),
        Some(CHROME_ACCEPT),
    )
    .await;
    assert_eq!(origin.header_text("content-type"), "image/jpeg");
    assert!(!origin.headers().contains_key("vary"));
    let browser = get(app, &format!("{cat}?width=100"), Some(CHROME_ACCEPT)).await;
    assert_eq!(browser.header_text("content-type"), "image/webp");
    assert_eq!(browser.header_text("vary"), "Accept");
    let browser_etag = browser.header_text("etag").to_string();
    assert_eq!(picture_of(browser).await.1.dimensions(), (100, 75));
    let curl = get(app, &format!("{cat}?width=100"), Some("*/*")).await;
    assert_eq!(curl.header_text("content-type"), "image/jpeg");
    assert_ne!(
        curl.header_text("etag"),
        browser_etag,
        "each variant has its own ETag"
    );
    // No parameter at all: the whole picture, re-encoded for the client.
    let whole = picture_of(get(app, cat, Some(CHROME_ACCEPT)).await).await;
    assert_eq!(
        (whole.0, whole.1.dimensions()),
        (ImageFormat::WebP, (400, 300))
    );

    // Transparency survives, in WebP and in the source's PNG.
    let alpha = "/render/image/public/pics/alpha.png?width=32";
    let (format, image, _) = picture_of(get(app, alpha, Some(CHROME_ACCEPT)).await).await;
    assert_eq!((format, image.dimensions()), (ImageFormat::WebP, (32, 16)));
    assert!(
        (100..=160).contains(&image.get_pixel(5, 5)[3]),
        "alpha kept"
    );
    let (format, image, _) = picture_of(get(app, alpha, None).await).await;
    assert_eq!(format, ImageFormat::Png);
    assert_eq!(image.get_pixel(5, 5)[3], 128);

    // download, HEAD, 304, ranges.
    let named = get(
        app,
        &format!("{cat}?width=200&download=small%20cat.jpg"),
        None,
    )
    .await;
    assert_eq!(
        named.header_text("content-disposition"),
        "attachment; filename=small%20cat.jpg; filename*=UTF-8''small%20cat.jpg"
    );
    let at_200 = url(app, &format!("{cat}?width=200"));
    let head = app.client.head(&at_200).answer().await;
    assert_eq!(head.status(), 200);
    assert_eq!(head.header_text("content-length"), length.to_string());
    assert_eq!(head.header_text("etag"), etag);
    assert!(head.bytes().await.unwrap().is_empty());
    let cached = get_with(app, &at_200, "if-none-match", &etag).await;
    assert_eq!(cached.status(), 304);
    assert_eq!(cached.header_text("etag"), etag);
    assert!(cached.bytes().await.unwrap().is_empty());
    let at_201 = url(app, &format!("{cat}?width=201"));
    let other_size = get_with(app, &at_201, "if-none-match", &etag).await;
    assert_eq!(other_size.status(), 200, "another size is another entity");
    let ranged = get_with(app, &at_200, "range", "bytes=10-19").await;
    assert_eq!(ranged.status(), 206);
    assert_eq!(
        ranged.header_text("content-range"),
        format!("bytes 10-19/{length}")
    );
    assert_eq!(
        ranged.bytes().await.unwrap().to_vec(),
        bytes[10..20].to_vec()
    );
}
