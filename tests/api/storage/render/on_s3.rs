//! Variants on the S3 backend: cached in the bucket too.
use super::*;
use cb_tests::{Answer as _, HeaderText as _};

/// Raw access to the test server's S3 bucket: the object under exactly `key`.
struct RawS3(cb_storage::S3Store);

impl RawS3 {
    fn new(bucket: &str) -> Self {
        Self(cb_storage::S3Store::new(&cb_storage::S3Settings {
            endpoint: Some(crate::storage::s3::endpoint().to_string()),
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
    let (app, s3_bucket) = crate::storage::s3::s3_app_and_bucket().await;
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
    assert_eq!(response.header_text("content-type"), "image/png");
    assert_eq!(response.bytes().await.unwrap().to_vec(), planted);

    // Replaced: the variant is deleted, the next answer comes from the new source.
    let replaced = call(&app, Method::PUT, "/object/pics/photos/cat.jpg", service())
        .header("content-type", "image/jpeg")
        .body(jpeg(600, 200))
        .answer()
        .await;
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
    .answer()
    .await;
    assert_eq!(deleted.status(), 200);
    assert_eq!(s3.get(&new_key).await, None);
}
