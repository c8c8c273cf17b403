//! Image transformations (`/render/image/{public,authenticated,sign}/...`) as storage-js uses
//! them: every parameter (checked by decoding the answer), the Accept-driven WebP default,
//! headers, 304 and ranges; variants cached in the object store (proved by serving bytes planted
//! there) and dropped when their source is replaced or deleted; limits (a decompression bomb,
//! capped sizes, oversized and non-image sources); the download access rules; signed URLs that
//! carry their transformations; the same cache on the S3 backend.
mod on_s3;
mod parameters;
mod refusals;
mod signed;
mod variants;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use base64::Engine as _;
use cb_tests::{Answer as _, DEMO_JWT_SECRET, Exchange as _, TestApp, mint_jwt, spawn_app_with};
use image::{DynamicImage, GenericImageView as _, ImageFormat};
use reqwest::{Method, Response};
use serde_json::{Value, json};

use super::{
    anon, assert_case_error, assert_error, call, expect_stored, get_with, json, pdf, service, url,
};

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

/// A well-formed PNG declaring 50000 x 50000 pixels (7.5 GB decoded) in 65 bytes (the file the
/// renderer's unit test refuses too).
const DECOMPRESSION_BOMB: &[u8] =
    include_bytes!("../../../../crates/storage/src/render/testdata/png-bomb-50000x50000.png");

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

    /// A fixture with a policy letting the authenticated caller `reader-1` (and only them) read
    /// the `vault` bucket; and that reader's token.
    async fn with_a_vault_reader() -> (Self, String) {
        let fixture = Self::start().await;
        fixture
            .app
            .db
            .execute(
                "create policy \"reader sees the vault\" on storage.objects for select to authenticated
               using (bucket_id = 'vault' and auth.jwt() ->> 'sub' = 'reader-1')",
            )
            .await;
        (
            fixture,
            mint_jwt("authenticated", json!({"sub": "reader-1"})),
        )
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
            .answer()
            .await;
        assert_eq!(created.status(), 200, "{}", created.text().await.unwrap());
    }
    for (bucket, key, bytes, content_type) in [
        ("pics", "photos/cat.jpg", jpeg(400, 300), "image/jpeg"),
        ("pics", "alpha.png", transparent_png(64, 32), "image/png"),
        ("vault", "secret.jpg", jpeg(400, 300), "image/jpeg"),
    ] {
        expect_stored(app, service(), bucket, key, bytes, content_type).await;
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
    request.answer().await
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

/// The GET's status and JSON body (an error's, in these tests).
async fn get_json(app: &TestApp, path: &str) -> (u16, Value) {
    json(get(app, path, None).await).await
}
