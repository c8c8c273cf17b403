//! Image transformations (`/render/image/{public,authenticated,sign}/...`) as storage-js uses
//! them: every parameter (checked by decoding the answer), the Accept-driven WebP default,
//! headers, 304 and ranges; variants cached in the object store (proved by serving bytes planted
//! there) and dropped when their source is replaced or deleted; limits (a decompression bomb,
//! capped sizes, oversized and non-image sources); the download access rules; signed URLs that
//! carry their transformations; the same cache on the S3 backend.
use std::path::PathBuf;
use std::time::{Duration, Instant};

use base64::Engine as _;
use cb_tests::{DEMO_JWT_SECRET, TestApp, mint_jwt, spawn_app_with};
use image::{DynamicImage, GenericImageView as _, ImageFormat};
use reqwest::{Method, Response};
use serde_json::{Value, json};

use super::{anon, assert_error, call, json, pdf, service, upload, url};

const CHROME_ACCEPT: &str = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";

/// A photo-like picture: gradients and texture, so that quality changes the size.
fn picture(width: u32, height: u32) -> image::RgbImage {
    image::RgbImage::from_fn(width, height, |x, y| {
        let (fx, fy) = (x as f32 / width as f32, y as f32 / height as f32);
        image::Rgb([
            (255.0 * fx) as u8,
            (255.0 * fy) as u8,
            (128.0 + 100.0 * (fx * 40.0).sin() * (fy * 30.0).cos()) as u8,
        ])
    })
}

fn encoded(image: &DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut bytes = std::io::Cursor::new(Vec::new());
    image
        .write_to(&mut bytes, format)
        .expect("encode a test image");
    bytes.into_inner()
}

fn jpeg(width: u32, height: u32) -> Vec<u8> {
    encoded(
        &DynamicImage::ImageRgb8(picture(width, height)),
        ImageFormat::Jpeg,
    )
}

/// Half-transparent red.
fn transparent_png(width: u32, height: u32) -> Vec<u8> {
    let pixels = image::RgbaImage::from_pixel(width, height, image::Rgba([220, 20, 20, 128]));
    encoded(&DynamicImage::ImageRgba8(pixels), ImageFormat::Png)
}

/// A well-formed PNG declaring 50000 x 50000 pixels (7.5 GB decoded) in a few dozen bytes.
fn decompression_bomb() -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for byte in bytes {
            crc ^= u32::from(*byte);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    let mut bomb = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = 50_000u32.to_be_bytes().to_vec();
    header.extend_from_slice(&50_000u32.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]);
    for (kind, data) in [
        (b"IHDR", header),
        (b"IDAT", b"\x78\x9c\x03\x00\x00\x00\x00\x01".to_vec()),
        (b"IEND", Vec::new()),
    ] {
        bomb.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let mut chunk = kind.to_vec();
        chunk.extend_from_slice(&data);
        bomb.extend_from_slice(&chunk);
        bomb.extend_from_slice(&crc32(&chunk).to_be_bytes());
    }
    bomb
}

/// An app whose filesystem store is in `data` (so the tests can look at the variants).
struct Fixture {
    app: TestApp,
    data: tempfile::TempDir,
}

impl Fixture {
    async fn start() -> Self {
        let data = tempfile::tempdir().unwrap();
        let app = spawn_app_with(&[("CLAIMBRIDGE_DATA_DIR", data.path().to_str().unwrap())]).await;
        seed(&app).await;
        Self { app, data }
    }

    /// The folder of the variants of the current version of `bucket/key`.
    async fn variant_dir(&self, bucket: &str, key: &str) -> PathBuf {
        let version = version(&self.app, bucket, key).await;
        self.data
            .path()
            .join("storage/~variants")
            .join(bucket)
            .join(key)
            .join(format!("~{version}"))
    }
}

/// The buckets every test uses: `pics` (public, any type) and `vault` (private), with a photo
/// in each.
async fn seed(app: &TestApp) {
    for (id, public) in [("pics", true), ("vault", false)] {
        let created = call(app, Method::POST, "/bucket", service())
            .json(&json!({"id": id, "name": id, "public": public}))
            .send()
            .await
            .unwrap();
        assert_eq!(created.status(), 200, "{}", created.text().await.unwrap());
    }
    for (bucket, key, bytes, content_type) in [
        ("pics", "photos/cat.jpg", jpeg(400, 300), "image/jpeg"),
        ("pics", "alpha.png", transparent_png(64, 32), "image/png"),
        ("vault", "secret.jpg", jpeg(400, 300), "image/jpeg"),
    ] {
        let stored = upload(app, service(), bucket, key, bytes, content_type).await;
        assert_eq!(stored.status(), 200, "{}", stored.text().await.unwrap());
    }
}

async fn version(app: &TestApp, bucket: &str, key: &str) -> String {
    cb_db::sqlx::query_scalar(
        "select version from storage.objects where bucket_id = $1 and name = $2",
    )
    .bind(bucket)
    .bind(key)
    .fetch_one(&app.db.pool)
    .await
    .unwrap()
}

/// `GET /storage/v1<path>` with an optional Accept header and no credentials.
async fn get(app: &TestApp, path: &str, accept: Option<&str>) -> Response {
    let mut request = app.client.get(url(app, path));
    if let Some(accept) = accept {
        request = request.header("accept", accept);
    }
    request.send().await.unwrap()
}

/// The answer's image: its format (from its bytes) and its pixels.
async fn picture_of(response: Response) -> (ImageFormat, DynamicImage, Vec<u8>) {
    assert_eq!(response.status(), 200, "{:?}", response.headers());
    let bytes = response.bytes().await.unwrap().to_vec();
    let format = image::guess_format(&bytes).expect("an image");
    let decoded = image::load_from_memory(&bytes).expect("a decodable image");
    (format, decoded, bytes)
}

async fn dimensions(app: &TestApp, path: &str) -> (u32, u32) {
    picture_of(get(app, path, None).await).await.1.dimensions()
}

fn header<'a>(response: &'a Response, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .unwrap_or_else(|| panic!("no {name} header"))
        .to_str()
        .unwrap()
}

#[tokio::test]
async fn every_parameter_shapes_the_output() {
    let fixture = Fixture::start().await;
    let app = &fixture.app;
    let cat = "/render/image/public/pics/photos/cat.jpg";

    // One side keeps the aspect ratio; without Accept the source's format stays.
    let response = get(app, &format!("{cat}?width=200"), None).await;
    assert_eq!(header(&response, "content-type"), "image/jpeg");
    assert_eq!(
        header(&response, "x-transformations"),
        "width:200,resizing_type:fill"
    );
    assert_eq!(header(&response, "vary"), "Accept");
    assert_eq!(header(&response, "cache-control"), "max-age=3600");
    assert_eq!(header(&response, "x-content-type-options"), "nosniff");
    assert_eq!(header(&response, "x-robots-tag"), "none");
    assert_eq!(header(&response, "accept-ranges"), "bytes");
    assert!(response.headers().contains_key("last-modified"));
    let etag = header(&response, "etag").to_string();
    let length: usize = header(&response, "content-length").parse().unwrap();
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
            header(&response, "x-transformations"),
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
            header(&low, "x-transformations"),
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
    assert_eq!(header(&webp, "content-type"), "image/webp");
    assert!(!webp.headers().contains_key("vary"));
    assert_eq!(picture_of(webp).await.0, ImageFormat::WebP);
    let origin = get(
        app,
        &format!("{cat}?width=100&format=origin"),
        Some(CHROME_ACCEPT),
    )
    .await;
    assert_eq!(header(&origin, "content-type"), "image/jpeg");
    assert!(!origin.headers().contains_key("vary"));
    let browser = get(app, &format!("{cat}?width=100"), Some(CHROME_ACCEPT)).await;
    assert_eq!(header(&browser, "content-type"), "image/webp");
    assert_eq!(header(&browser, "vary"), "Accept");
    let browser_etag = header(&browser, "etag").to_string();
    assert_eq!(picture_of(browser).await.1.dimensions(), (100, 75));
    let curl = get(app, &format!("{cat}?width=100"), Some("*/*")).await;
    assert_eq!(header(&curl, "content-type"), "image/jpeg");
    assert_ne!(
        header(&curl, "etag"),
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
        header(&named, "content-disposition"),
        "attachment; filename=small%20cat.jpg; filename*=UTF-8''small%20cat.jpg"
    );
    let head = app
        .client
        .head(url(app, &format!("{cat}?width=200")))
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(header(&head, "content-length"), length.to_string());
    assert_eq!(header(&head, "etag"), etag);
    assert!(head.bytes().await.unwrap().is_empty());
    let cached = app
        .client
        .get(url(app, &format!("{cat}?width=200")))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(cached.status(), 304);
    assert_eq!(header(&cached, "etag"), etag);
    assert!(cached.bytes().await.unwrap().is_empty());
    let other_size = app
        .client
        .get(url(app, &format!("{cat}?width=201")))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(other_size.status(), 200, "another size is another entity");
    let ranged = app
        .client
        .get(url(app, &format!("{cat}?width=200")))
        .header("range", "bytes=10-19")
        .send()
        .await
        .unwrap();
    assert_eq!(ranged.status(), 206);
    assert_eq!(
        header(&ranged, "content-range"),
        format!("bytes 10-19/{length}")
    );
    assert_eq!(
        ranged.bytes().await.unwrap().to_vec(),
        bytes[10..20].to_vec()
    );
}

#[tokio::test]
async fn variants_are_served_from_the_store_and_die_with_their_source() {
    let fixture = Fixture::start().await;
    let app = &fixture.app;
    let path = "/render/image/public/pics/photos/cat.jpg?width=120";
    assert_eq!(dimensions(app, path).await, (120, 90));
    let variants = fixture.variant_dir("pics", "photos/cat.jpg").await;
    let variant = variants.join("120x0-cover-q80.origin");
    assert!(
        variant.is_file(),
        "the variant is stored at {}",
        variant.display()
    );

    // Proof that the next answer comes from the stored variant, not from a new rendering:
    // plant other bytes there (a 7x7 PNG) and get exactly them back.
    let planted = encoded(&DynamicImage::ImageRgb8(picture(7, 7)), ImageFormat::Png);
    std::fs::write(&variant, &planted).unwrap();
    let response = get(app, path, None).await;
    assert_eq!(header(&response, "content-type"), "image/png");
    assert_eq!(response.bytes().await.unwrap().to_vec(), planted);
    // Equivalent parameters share the variant (contain = cover with one side, quality 80 is
    // the default).
    let same = get(
        app,
        "/render/image/public/pics/photos/cat.jpg?width=120&resize=contain&quality=80",
        None,
    )
    .await;
    assert_eq!(same.bytes().await.unwrap().to_vec(), planted);

    // Replacing the source drops its variants at once; the next answer is made from the new one.
    let replaced = call(app, Method::PUT, "/object/pics/photos/cat.jpg", service())
        .header("content-type", "image/jpeg")
        .body(jpeg(600, 200))
        .send()
        .await
        .unwrap();
    assert_eq!(replaced.status(), 200);
    assert!(!variants.exists(), "the old version's variants are deleted");
    assert_eq!(dimensions(app, path).await, (120, 40));
    let variants = fixture.variant_dir("pics", "photos/cat.jpg").await;
    assert!(variants.join("120x0-cover-q80.origin").is_file());

    // Moving or deleting does the same.
    let moved = call(app, Method::POST, "/object/move", service())
        .json(&json!({"bucketId": "pics", "sourceKey": "photos/cat.jpg", "destinationKey": "moved.jpg"}))
        .send()
        .await
        .unwrap();
    assert_eq!(moved.status(), 200);
    assert!(!variants.exists());
    assert_eq!(
        dimensions(app, "/render/image/public/pics/moved.jpg?width=60").await,
        (60, 20)
    );
    let moved_variants = fixture.variant_dir("pics", "moved.jpg").await;
    assert!(moved_variants.is_dir());
    let deleted = call(app, Method::DELETE, "/object/pics", service())
        .json(&json!({"prefixes": ["moved.jpg"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), 200);
    assert!(!moved_variants.exists());
    assert!(
        !fixture
            .data
            .path()
            .join("storage/~variants/pics/photos")
            .exists(),
        "emptied folders are pruned"
    );
    let gone = json(get(app, "/render/image/public/pics/moved.jpg?width=60", None).await).await;
    assert_error(&gone, 400, "404", "NoSuchKey");
}

/// A PNG that says which one it is by its width.
fn marker(width: u32) -> Vec<u8> {
    encoded(
        &DynamicImage::ImageRgb8(picture(width, 3)),
        ImageFormat::Png,
    )
}

/// Waits until `path`'s variant is answered from memory (the instance hears of writes): plants
/// a marker in the store, reads it back (which keeps it in memory once the instance listens),
/// plants another, and is done when the first still comes back.
async fn wait_for_memory(app: &TestApp, path: &str, variant: &std::path::Path) -> Vec<u8> {
    let deadline = Instant::now() + Duration::from_secs(10);
    for width in 10.. {
        assert!(Instant::now() < deadline, "variants never came from memory");
        let first = marker(width);
        std::fs::write(variant, &first).unwrap();
        let answered = get(app, path, None).await.bytes().await.unwrap().to_vec();
        std::fs::write(variant, marker(500)).unwrap();
        let again = get(app, path, None).await.bytes().await.unwrap().to_vec();
        if answered == first && again == first {
            return first;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    unreachable!()
}

/// Another instance of the app on the same database and the same object store.
async fn second_instance(fixture: &Fixture) -> (String, tokio::sync::oneshot::Sender<()>) {
    let config = cb_tests::app_config(&fixture.app.db, fixture.data.path(), &[]);
    let app = cb_server::App::build(config)
        .await
        .expect("the second instance");
    cb_tests::serve(app)
}

#[tokio::test]
async fn hot_variants_are_answered_from_memory_until_any_instance_writes() {
    let fixture = Fixture::start().await;
    let app = &fixture.app;
    let path = "/render/image/public/pics/photos/cat.jpg?width=90";
    assert_eq!(dimensions(app, path).await, (90, 68));
    let variant = fixture
        .variant_dir("pics", "photos/cat.jpg")
        .await
        .join("90x0-cover-q80.origin");
    let in_memory = wait_for_memory(app, path, &variant).await;
    // Gone from the store, still answered: it comes from memory, with the same headers.
    std::fs::remove_file(&variant).unwrap();
    let response = get(app, path, None).await;
    assert_eq!(header(&response, "content-type"), "image/png");
    assert_eq!(header(&response, "cache-control"), "max-age=3600");
    let etag = header(&response, "etag").to_string();
    assert_eq!(response.bytes().await.unwrap().to_vec(), in_memory);
    let cached = app
        .client
        .get(url(app, path))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(cached.status(), 304);

    // A write through this instance is seen by its very next answer.
    let replaced = call(app, Method::PUT, "/object/pics/photos/cat.jpg", service())
        .header("content-type", "image/jpeg")
        .body(jpeg(300, 300))
        .send()
        .await
        .unwrap();
    assert_eq!(replaced.status(), 200);
    assert_eq!(dimensions(app, path).await, (90, 90));

    // A write through another instance reaches this one's memory too (LISTEN/NOTIFY).
    let variant = fixture
        .variant_dir("pics", "photos/cat.jpg")
        .await
        .join("90x0-cover-q80.origin");
    let in_memory = wait_for_memory(app, path, &variant).await;
    let (other, _stop) = second_instance(&fixture).await;
    let replaced = app
        .client
        .put(format!("{other}/storage/v1/object/pics/photos/cat.jpg"))
        .bearer_auth(service())
        .header("content-type", "image/jpeg")
        .body(jpeg(180, 360))
        .send()
        .await
        .unwrap();
    assert_eq!(replaced.status(), 200);
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        let bytes = get(app, path, None).await.bytes().await.unwrap().to_vec();
        if bytes != in_memory {
            let image = image::load_from_memory(&bytes).unwrap();
            assert_eq!(image.dimensions(), (90, 180));
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the other instance's write never arrived"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // So does a bucket made private elsewhere: /public stops answering.
    let variant = fixture
        .variant_dir("pics", "photos/cat.jpg")
        .await
        .join("90x0-cover-q80.origin");
    wait_for_memory(app, path, &variant).await;
    let private = app
        .client
        .put(format!("{other}/storage/v1/bucket/pics"))
        .bearer_auth(service())
        .json(&json!({"public": false}))
        .send()
        .await
        .unwrap();
    assert_eq!(private.status(), 200);
    let deadline = Instant::now() + Duration::from_secs(3);
    loop {
        let response = get(app, path, None).await;
        if response.status() != 200 {
            assert_error(&json(response).await, 400, "404", "NoSuchBucket");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the bucket's change never arrived"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn concurrent_requests_for_one_variant_get_the_same_bytes() {
    let fixture = Fixture::start().await;
    let app = &fixture.app;
    let path = url(
        app,
        "/render/image/public/pics/photos/cat.jpg?width=150&format=webp",
    );
    let requests: Vec<_> = (0..6)
        .map(|_| {
            let request = app.client.get(&path).send();
            tokio::spawn(async move { request.await.unwrap() })
        })
        .collect();
    let mut bodies = Vec::new();
    for request in requests {
        let answer = request.await.unwrap();
        assert_eq!(answer.status(), 200);
        bodies.push(answer.bytes().await.unwrap().to_vec());
    }
    assert!(bodies.windows(2).all(|pair| pair[0] == pair[1]));
    let variants = fixture.variant_dir("pics", "photos/cat.jpg").await;
    let stored: Vec<_> = std::fs::read_dir(&variants).unwrap().collect();
    assert_eq!(stored.len(), 1);
    assert_eq!(
        std::fs::read(variants.join("150x0-cover-q80.webp")).unwrap(),
        bodies[0]
    );
}

#[tokio::test]
async fn limits_refuse_bombs_large_sources_and_non_images() {
    let fixture = Fixture::start().await;
    let app = &fixture.app;
    for (key, bytes, content_type) in [
        ("bomb.png", decompression_bomb(), "image/png"),
        ("wide.jpg", jpeg(3000, 60), "image/jpeg"),
        ("doc.pdf", pdf(1000), "application/pdf"),
        (
            "vector.svg",
            b"<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/>".to_vec(),
            "image/svg+xml",
        ),
    ] {
        let stored = upload(app, service(), "pics", key, bytes, content_type).await;
        assert_eq!(stored.status(), 200, "{key}");
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
        header(&capped, "x-transformations"),
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
        let refused = json(
            get(
                app,
                &format!("/render/image/public/pics/{key}?width=10"),
                None,
            )
            .await,
        )
        .await;
        assert_error(&refused, 400, "400", "InvalidRequest");
        assert_eq!(
            refused.1["message"], "The source image is invalid or unsupported for rendering",
            "{key}"
        );
    }

    // Sources above 25 MB are refused without being read.
    let mut huge = jpeg(16, 16);
    huge.resize(26 * 1024 * 1024, 0);
    let stored = upload(app, service(), "pics", "huge.jpg", huge, "image/jpeg").await;
    assert_eq!(stored.status(), 200);
    let refused = json(get(app, "/render/image/public/pics/huge.jpg?width=10", None).await).await;
    assert_error(&refused, 400, "400", "InvalidRequest");
    assert_eq!(
        refused.1["message"],
        "The source image file is too large to process"
    );

    // AVIF is not produced (a documented difference): refused rather than answered in another
    // format than the one asked for.
    let avif = json(
        get(
            app,
            "/render/image/public/pics/photos/cat.jpg?format=avif",
            None,
        )
        .await,
    )
    .await;
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
                .send()
                .await
                .unwrap();
            let refused = json(response).await;
            assert_error(&refused, 400, "400", "InvalidRequest");
            assert_eq!(refused.1["error"], "Bad Request", "{query}");
            assert_eq!(refused.1["message"], message, "{query}");
        }
    }
    let missing =
        json(get(app, "/render/image/public/pics/nothing.jpg?width=10", None).await).await;
    assert_error(&missing, 400, "404", "NoSuchKey");
    let no_bucket = json(get(app, "/render/image/public/nope/a.jpg?width=10", None).await).await;
    assert_error(&no_bucket, 400, "404", "NoSuchBucket");
    let unknown = json(get(app, "/render/image/elsewhere/pics/a.jpg", None).await).await;
    assert_error(&unknown, 404, "404", "InvalidRequest");
}

#[tokio::test]
async fn access_follows_the_download_rules() {
    let fixture = Fixture::start().await;
    let app = &fixture.app;
    cb_db::sqlx::query(
        "create policy \"reader sees the vault\" on storage.objects for select to authenticated
           using (bucket_id = 'vault' and auth.jwt() ->> 'sub' = 'reader-1')",
    )
    .execute(&app.db.pool)
    .await
    .unwrap();
    let reader = mint_jwt("authenticated", json!({"sub": "reader-1"}));
    let stranger = mint_jwt("authenticated", json!({"sub": "reader-2"}));
    let secret = "/render/image/authenticated/vault/secret.jpg?width=50";

    // A private bucket is not public.
    let refused =
        json(get(app, "/render/image/public/vault/secret.jpg?width=50", None).await).await;
    assert_error(&refused, 400, "404", "NoSuchBucket");
    // /authenticated needs a JWT, then the caller's policies decide.
    let refused = json(get(app, secret, None).await).await;
    assert_error(&refused, 400, "403", "AccessDenied");
    assert_eq!(refused.1["message"], "Invalid Compact JWS");
    for token in [anon().to_string(), stranger] {
        let refused = json(call(app, Method::GET, secret, &token).send().await.unwrap()).await;
        assert_error(&refused, 400, "404", "NoSuchKey");
    }
    let allowed = call(app, Method::GET, secret, &reader)
        .send()
        .await
        .unwrap();
    assert_eq!(picture_of(allowed).await.1.dimensions(), (50, 38));
    // A public bucket's object through /authenticated still goes through the policies (none
    // shows `pics` to the reader).
    let refused = json(
        call(
            app,
            Method::GET,
            "/render/image/authenticated/pics/photos/cat.jpg",
            &reader,
        )
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_error(&refused, 400, "404", "NoSuchKey");
    // The cached variant is behind the same check: once rendered for the reader, still hidden.
    let refused =
        json(get(app, "/render/image/public/vault/secret.jpg?width=50", None).await).await;
    assert_error(&refused, 400, "404", "NoSuchBucket");
}

fn token_of(signed_url: &str) -> &str {
    signed_url.split("token=").nth(1).unwrap()
}

fn payload(token: &str) -> Value {
    let part = token.split('.').nth(1).unwrap();
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(part)
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

#[tokio::test]
async fn signed_urls_carry_their_transformations() {
    let fixture = Fixture::start().await;
    let app = &fixture.app;
    cb_db::sqlx::query(
        "create policy \"reader sees the vault\" on storage.objects for select to authenticated
           using (bucket_id = 'vault' and auth.jwt() ->> 'sub' = 'reader-1')",
    )
    .execute(&app.db.pool)
    .await
    .unwrap();
    let reader = mint_jwt("authenticated", json!({"sub": "reader-1"}));
    let sign = |body: Value| {
        call(app, Method::POST, "/object/sign/vault/secret.jpg", &reader)
            .json(&body)
            .send()
    };

    // createSignedUrl(path, 60, { transform: { width: 100, height: 100, resize: 'contain' } })
    let (status, signed) = json(
        sign(json!({"expiresIn": 60, "transform": {"width": 100, "height": 100, "resize": "contain"}}))
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{signed}");
    let signed_url = signed["signedURL"].as_str().unwrap().to_string();
    assert!(
        signed_url.starts_with("/render/image/sign/vault/secret.jpg?token="),
        "{signed_url}"
    );
    let claims = payload(token_of(&signed_url));
    assert_eq!(
        claims["transformations"],
        "height:100,width:100,resize:contain"
    );
    assert_eq!(claims["url"], "vault/secret.jpg");
    assert_eq!(claims["scope"], "download");
    let full = format!("{}/storage/v1{signed_url}", app.url);
    let response = app
        .client
        .get(&full)
        .header("accept", CHROME_ACCEPT)
        .send()
        .await
        .unwrap();
    assert!(response.headers().contains_key("expires"));
    assert!(!response.headers().contains_key("cache-control"));
    assert_eq!(
        header(&response, "x-transformations"),
        "height:100,width:100,resizing_type:fit"
    );
    let (format, image, _) = picture_of(response).await;
    assert_eq!((format, image.dimensions()), (ImageFormat::WebP, (100, 75)));
    // The query cannot change what was signed.
    let overridden = app
        .client
        .get(format!("{full}&width=10&height=10&resize=fill"))
        .send()
        .await
        .unwrap();
    assert_eq!(picture_of(overridden).await.1.dimensions(), (100, 75));
    // format: 'origin' is kept.
    let (_, origin) = json(
        sign(json!({"expiresIn": 60, "transform": {"width": 40, "format": "origin"}}))
            .await
            .unwrap(),
    )
    .await;
    let origin_url = format!(
        "{}/storage/v1{}",
        app.url,
        origin["signedURL"].as_str().unwrap()
    );
    let response = app
        .client
        .get(&origin_url)
        .header("accept", CHROME_ACCEPT)
        .send()
        .await
        .unwrap();
    let (format, image, _) = picture_of(response).await;
    assert_eq!((format, image.dimensions()), (ImageFormat::Jpeg, (40, 30)));

    // A transform that changes nothing gives a plain download URL, as Storage does.
    let (_, plain) = json(
        sign(json!({"expiresIn": 60, "transform": {"format": "origin"}}))
            .await
            .unwrap(),
    )
    .await;
    assert!(
        plain["signedURL"]
            .as_str()
            .unwrap()
            .starts_with("/object/sign/vault/secret.jpg?token=")
    );
    // A plain download token opens the render route too, with no transformation.
    let plain_token = token_of(plain["signedURL"].as_str().unwrap()).to_string();
    let response = get(
        app,
        &format!("/render/image/sign/vault/secret.jpg?token={plain_token}"),
        None,
    )
    .await;
    assert_eq!(picture_of(response).await.1.dimensions(), (400, 300));

    // Bad transforms are refused at signing, with the body's path.
    let refused = json(
        sign(json!({"expiresIn": 60, "transform": {"width": "wide"}}))
            .await
            .unwrap(),
    )
    .await;
    assert_error(&refused, 400, "400", "InvalidRequest");
    assert_eq!(refused.1["message"], "body/transform/width must be integer");

    // Tampered: another transformation in the payload, the old signature.
    let token = token_of(&signed_url).to_string();
    let mut parts: Vec<String> = token.split('.').map(str::to_string).collect();
    let mut forged = payload(&token);
    forged["transformations"] = json!("height:2000,width:2000,resize:fill");
    parts[1] = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(forged.to_string());
    let tampered = json(
        get(
            app,
            &format!(
                "/render/image/sign/vault/secret.jpg?token={}",
                parts.join(".")
            ),
            None,
        )
        .await,
    )
    .await;
    assert_error(&tampered, 400, "400", "InvalidJWT");
    assert_eq!(tampered.1["message"], "signature verification failed");
    // Another path.
    let elsewhere = json(
        get(
            app,
            &format!("/render/image/sign/pics/photos/cat.jpg?token={token}"),
            None,
        )
        .await,
    )
    .await;
    assert_error(&elsewhere, 400, "400", "InvalidSignature");
    // Expired (signed with the server's signing secret, an hour ago).
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let expired = jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        &json!({"url": "vault/secret.jpg", "scope": "download", "transformations": "width:10",
                "iat": now - 3600, "exp": now - 60}),
        &jsonwebtoken::EncodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
    )
    .unwrap();
    let refused = json(
        get(
            app,
            &format!("/render/image/sign/vault/secret.jpg?token={expired}"),
            None,
        )
        .await,
    )
    .await;
    assert_error(&refused, 400, "400", "ExpiredToken");
    // An upload token is not a download token.
    let upload_token = jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        &json!({"url": "vault/secret.jpg", "scope": "upload", "upsert": false, "iat": now, "exp": now + 60}),
        &jsonwebtoken::EncodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
    )
    .unwrap();
    let refused = json(
        get(
            app,
            &format!("/render/image/sign/vault/secret.jpg?token={upload_token}"),
            None,
        )
        .await,
    )
    .await;
    assert_error(&refused, 400, "400", "InvalidSignature");
    assert_eq!(refused.1["message"], "Token is not scoped for download");
    let missing = json(get(app, "/render/image/sign/vault/secret.jpg", None).await).await;
    assert_error(&missing, 400, "400", "InvalidRequest");
    assert_eq!(
        missing.1["message"],
        "querystring must have required property 'token'"
    );
}

/// Raw access to the test server's S3 bucket: the object under exactly `key`.
struct RawS3(cb_storage::S3Store);

impl RawS3 {
    fn new(bucket: &str) -> Self {
        Self(cb_storage::S3Store::new(&cb_storage::S3Settings {
            endpoint: Some(super::s3::endpoint().to_string()),
            region: "us-east-1".into(),
            bucket: bucket.into(),
            force_path_style: true,
            access_key_id: "test".into(),
            secret_access_key: "test".into(),
        }))
    }

    /// The store addresses `<bucket>/<key>/<version>`: any raw key splits into those three.
    fn location(key: &str) -> cb_storage::backend::Location {
        let (first, rest) = key.split_once('/').unwrap();
        let (middle, last) = rest.rsplit_once('/').unwrap();
        cb_storage::backend::Location::new(first, middle, last)
    }

    async fn get(&self, key: &str) -> Option<Vec<u8>> {
        use cb_storage::ObjectStore as _;
        use futures_util::StreamExt as _;
        let mut stream = match self.0.get(&Self::location(key), None).await {
            Ok(stream) => stream,
            Err(cb_storage::backend::StoreError::NotFound) => return None,
            Err(err) => panic!("S3 read of {key}: {err}"),
        };
        let mut bytes = Vec::new();
        while let Some(chunk) = stream.next().await {
            bytes.extend_from_slice(&chunk.unwrap());
        }
        Some(bytes)
    }

    async fn put(&self, key: &str, bytes: Vec<u8>) {
        use cb_storage::ObjectStore as _;
        let body = futures_util::stream::once(async move { Ok(bytes::Bytes::from(bytes)) });
        self.0
            .put(&Self::location(key), Box::pin(body))
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn variants_are_cached_in_s3_too() {
    let (app, s3_bucket) = super::s3::s3_app_and_bucket().await;
    seed(&app).await;
    let path = "/render/image/public/pics/photos/cat.jpg?width=120";
    assert_eq!(dimensions(&app, path).await, (120, 90));
    let first = version(&app, "pics", "photos/cat.jpg").await;
    let variant_key = format!("~variants/pics/photos/cat.jpg/{first}/120x0-cover-q80.origin");
    let s3 = RawS3::new(&s3_bucket);
    let stored = s3.get(&variant_key).await.expect("the variant is in S3");
    assert_eq!(
        image::load_from_memory(&stored).unwrap().dimensions(),
        (120, 90)
    );

    // Served from S3: plant other bytes under the variant's key.
    let planted = encoded(&DynamicImage::ImageRgb8(picture(7, 7)), ImageFormat::Png);
    s3.put(&variant_key, planted.clone()).await;
    let response = get(&app, path, None).await;
    assert_eq!(header(&response, "content-type"), "image/png");
    assert_eq!(response.bytes().await.unwrap().to_vec(), planted);

    // Replaced: the variant is deleted, the next answer comes from the new source.
    let replaced = call(&app, Method::PUT, "/object/pics/photos/cat.jpg", service())
        .header("content-type", "image/jpeg")
        .body(jpeg(600, 200))
        .send()
        .await
        .unwrap();
    assert_eq!(replaced.status(), 200);
    assert_eq!(s3.get(&variant_key).await, None);
    assert_eq!(dimensions(&app, path).await, (120, 40));
    // Deleted: no variant is left under the object's prefix.
    let second = version(&app, "pics", "photos/cat.jpg").await;
    let new_key = format!("~variants/pics/photos/cat.jpg/{second}/120x0-cover-q80.origin");
    assert!(s3.get(&new_key).await.is_some());
    let deleted = call(
        &app,
        Method::DELETE,
        "/object/pics/photos/cat.jpg",
        service(),
    )
    .send()
    .await
    .unwrap();
    assert_eq!(deleted.status(), 200);
    assert_eq!(s3.get(&new_key).await, None);
}
