//! The filesystem store's tests: objects (writes, reads, ranges, copies, deletes) and its
//! confinement to the root.
use super::*;
use crate::backend::ObjectStore as _;
use bytes::Bytes;

pub(super) fn body(parts: &[&'static [u8]]) -> ByteStream {
    let items: Vec<io::Result<Bytes>> = parts.iter().map(|p| Ok(Bytes::from(*p))).collect();
    Box::pin(futures_util::stream::iter(items))
}

/// How many files a store rooted at `root` left in its temp folder (a finished or failed write
/// leaves none).
pub(super) fn temp_files(root: &Path) -> usize {
    std::fs::read_dir(root.join(TEMP_DIR)).unwrap().count()
}

/// A store rooted at `root` inside a temp folder (`outer`), so that a test can plant things
/// outside the root and see that the store never reaches them: (outer, root, store).
pub(super) fn store_inside_a_folder() -> (tempfile::TempDir, PathBuf, FsStore) {
    let outer = tempfile::tempdir().unwrap();
    let root = outer.path().join("root");
    let store = FsStore::new(&root).unwrap();
    (outer, root, store)
}

pub(super) async fn collect(stream: ByteStream) -> Vec<u8> {
    let chunks: Vec<io::Result<Bytes>> = stream.collect().await;
    chunks
        .into_iter()
        .flat_map(|c| c.unwrap().to_vec())
        .collect()
}

#[tokio::test]
async fn writes_reads_ranges_copies_and_deletes() {
    let dir = tempfile::tempdir().unwrap();
    let store = FsStore::new(dir.path()).unwrap();
    let location = Location::new("b", "folder/a.txt", "v1");
    assert_eq!(
        store
            .put(&location, body(&[b"hello ", b"world"]))
            .await
            .unwrap(),
        11
    );
    assert_eq!(
        collect(store.get(&location, None).await.unwrap()).await,
        b"hello world"
    );
    let range = ByteRange { start: 6, end: 10 };
    assert_eq!(
        collect(store.get(&location, Some(range)).await.unwrap()).await,
        b"world"
    );
    let copy = Location::new("c", "x/y/z.txt", "v2");
    store.copy(&location, &copy).await.unwrap();
    store.delete(&location).await.unwrap();
    assert!(matches!(
        store.get(&location, None).await,
        Err(StoreError::NotFound)
    ));
    assert_eq!(
        collect(store.get(&copy, None).await.unwrap()).await,
        b"hello world"
    );
    // The emptied key directories are gone, the bucket directory stays.
    assert!(!dir.path().join("b/folder").exists());
    assert!(dir.path().join("b").exists());
    store.delete(&location).await.unwrap();
}

#[tokio::test]
async fn a_failed_stream_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let store = FsStore::new(dir.path()).unwrap();
    let location = Location::new("b", "a.bin", "v1");
    let items: Vec<io::Result<Bytes>> = vec![
        Ok(Bytes::from_static(b"partial")),
        Err(io::Error::other("client went away")),
    ];
    let result = store
        .put(&location, Box::pin(futures_util::stream::iter(items)))
        .await;
    assert!(matches!(result, Err(StoreError::Body(_))));
    assert!(matches!(
        store.get(&location, None).await,
        Err(StoreError::NotFound)
    ));
    assert_eq!(temp_files(dir.path()), 0);
}

#[tokio::test]
async fn never_leaves_the_root() {
    let (outer, root, store) = store_inside_a_folder();
    for (bucket, key) in [
        ("b", "../escape.txt"),
        ("..", "escape.txt"),
        ("b", "a/../../escape.txt"),
        ("b", "/etc/passwd"),
        ("b", "a//b"),
        ("b", "~tmp/x"),
        ("~tmp", "x"),
        ("b", "a\0b"),
    ] {
        let location = Location::new(bucket, key, "v1");
        assert!(
            matches!(
                store.put(&location, body(&[b"x"])).await,
                Err(StoreError::OutsideRoot(_))
            ),
            "{bucket}/{key}"
        );
        assert!(matches!(
            store.get(&location, None).await,
            Err(StoreError::OutsideRoot(_))
        ));
    }
    assert!(matches!(
        store
            .put(&Location::new("b", "a", "../v"), body(&[b"x"]))
            .await,
        Err(StoreError::OutsideRoot(_))
    ));
    // A symlink planted inside the root that points outside is not followed.
    std::fs::create_dir_all(root.join("b")).unwrap();
    std::os::unix::fs::symlink(outer.path(), root.join("b/link")).unwrap();
    let location = Location::new("b", "link/evil.txt", "v1");
    assert!(matches!(
        store.put(&location, body(&[b"x"])).await,
        Err(StoreError::OutsideRoot(_))
    ));
    std::fs::create_dir_all(outer.path().join("evil.txt")).unwrap();
    std::fs::write(outer.path().join("evil.txt/~v1"), b"secret").unwrap();
    assert!(matches!(
        store.get(&location, None).await,
        Err(StoreError::OutsideRoot(_))
    ));
    assert_eq!(std::fs::read_dir(outer.path()).unwrap().count(), 2);
}
