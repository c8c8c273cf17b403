//! Stored variants: kept in the store and dropped with their source, answered from memory until any
//! instance writes, one result for concurrent requests.
use super::*;
use cb_tests::{Answer as _, HeaderText as _, eventually};

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
    assert_eq!(response.header_text("content-type"), "image/png");
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
        .answer()
        .await;
    assert_eq!(replaced.status(), 200);
    assert!(!variants.exists(), "the old version's variants are deleted");
    assert_eq!(dimensions(app, path).await, (120, 40));
    let variants = fixture.variant_dir("pics", "photos/cat.jpg").await;
    assert!(variants.join("120x0-cover-q80.origin").is_file());

    // Moving or deleting does the same.
    let moved = call(app, Method::POST, "/object/move", service())
        .json(&json!({"bucketId": "pics", "sourceKey": "photos/cat.jpg", "destinationKey": "moved.jpg"})).answer().await;
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
        .answer()
        .await;
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
    let gone = get_json(app, "/render/image/public/pics/moved.jpg?width=60").await;
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
    let mut widths = 10..;
    eventually(
        Duration::from_secs(10),
        Duration::from_millis(50),
        async || {
            let first = marker(widths.next().unwrap());
            std::fs::write(variant, &first).unwrap();
            let answered = get(app, path, None).await.bytes().await.unwrap().to_vec();
            std::fs::write(variant, marker(500)).unwrap();
            let again = get(app, path, None).await.bytes().await.unwrap().to_vec();
            if answered == first && again == first {
                return Ok(first);
            }
            Err("variants never came from memory".to_string())
        },
    )
    .await
}

/// Polls `path` on `app` (for up to 3 s) until `arrived` says the answer shows a write made
/// through another instance, asserting on that answer; `what` names the write in the failure.
async fn until_seen(
    app: &TestApp,
    path: &str,
    what: &str,
    arrived: impl AsyncFn(Response) -> bool,
) {
    eventually(
        Duration::from_secs(3),
        Duration::from_millis(20),
        async || {
            if arrived(get(app, path, None).await).await {
                return Ok(());
            }
            Err(format!("{what} never arrived"))
        },
    )
    .await;
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
    // The current variant's file, once `path` is answered from memory; and the bytes answered.
    let answered_from_memory = async || {
        let variant = fixture
            .variant_dir("pics", "photos/cat.jpg")
            .await
            .join("90x0-cover-q80.origin");
        let bytes = wait_for_memory(app, path, &variant).await;
        (variant, bytes)
    };
    let (variant, in_memory) = answered_from_memory().await;
    // Gone from the store, still answered: it comes from memory, with the same headers.
    std::fs::remove_file(&variant).unwrap();
    let response = get(app, path, None).await;
    assert_eq!(response.header_text("content-type"), "image/png");
    assert_eq!(response.header_text("cache-control"), "max-age=3600");
    let etag = response.header_text("etag").to_string();
    assert_eq!(response.bytes().await.unwrap().to_vec(), in_memory);
    let cached = get_with(app, &url(app, path), "if-none-match", &etag).await;
    assert_eq!(cached.status(), 304);

    // A write through this instance is seen by its very next answer.
    let replaced = call(app, Method::PUT, "/object/pics/photos/cat.jpg", service())
        .header("content-type", "image/jpeg")
        .body(jpeg(300, 300))
        .answer()
        .await;
    assert_eq!(replaced.status(), 200);
    assert_eq!(dimensions(app, path).await, (90, 90));

    // A write through another instance reaches this one's memory too (LISTEN/NOTIFY).
    let (_, in_memory) = answered_from_memory().await;
    let (other, _stop) = second_instance(&fixture).await;
    // A PUT to /storage/v1`path` of the other instance, as the service role.
    let put_on_other = |path: &str| {
        app.client
            .put(format!("{other}/storage/v1{path}"))
            .bearer_auth(service())
    };
    let replaced = put_on_other("/object/pics/photos/cat.jpg")
        .header("content-type", "image/jpeg")
        .body(jpeg(180, 360))
        .answer()
        .await;
    assert_eq!(replaced.status(), 200);
    until_seen(app, path, "the other instance's write", async |response| {
        let bytes = response.bytes().await.unwrap().to_vec();
        if bytes == in_memory {
            return false;
        }
        let image = image::load_from_memory(&bytes).unwrap();
        assert_eq!(image.dimensions(), (90, 180));
        true
    })
    .await;

    // So does a bucket made private elsewhere: /public stops answering.
    answered_from_memory().await;
    let private = put_on_other("/bucket/pics")
        .json(&json!({"public": false}))
        .answer()
        .await;
    assert_eq!(private.status(), 200);
    until_seen(app, path, "the bucket's change", async |response| {
        if response.status() == 200 {
            return false;
        }
        assert_error(&json(response).await, 400, "404", "NoSuchBucket");
        true
    })
    .await;
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
