//! The filesystem store's variants: `<root>/~variants/<bucket>/<key>/~<version>/<name>`,
//! written like objects (temp file, fsync, rename) and removed without following symlinks.
use std::io;

use super::{FsStore, TempGuard, VARIANTS_DIR};
use crate::backend::{Location, SizedStream, StoreError};

impl FsStore {
    pub(super) async fn write_variant(
        &self,
        source: &Location,
        name: &str,
        bytes: bytes::Bytes,
    ) -> Result<(), StoreError> {
        let target = self.variant_path(source, name)?;
        let temp = self.temp_path();
        let mut guard = TempGuard {
            path: temp.clone(),
            armed: true,
        };
        // One trip to the blocking pool: create, write, fsync.
        let writing = temp.clone();
        tokio::task::spawn_blocking(move || -> io::Result<()> {
            use std::io::Write as _;
            let mut file = std::fs::File::create(&writing)?;
            file.write_all(&bytes)?;
            file.sync_all()
        })
        .await
        .map_err(|err| StoreError::Io(io::Error::other(err)))??;
        self.install(&temp, &target).await?;
        guard.armed = false;
        Ok(())
    }

    pub(super) async fn read_variant(
        &self,
        source: &Location,
        name: &str,
    ) -> Result<SizedStream, StoreError> {
        let path = self.variant_path(source, name)?;
        self.stream_file(path, None).await
    }

    pub(super) async fn remove_variants(&self, source: &Location) -> Result<(), StoreError> {
        let dir = self.variant_dir(source)?;
        let parent = dir
            .parent()
            .ok_or_else(|| StoreError::OutsideRoot(dir.display().to_string()))?
            .to_path_buf();
        // Only a real folder whose parents resolve inside the root is removed (a symlink
        // planted in its place is refused, never followed).
        match tokio::fs::symlink_metadata(&dir).await {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => return Err(StoreError::OutsideRoot(dir.display().to_string())),
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(err) => return Err(err.into()),
        }
        let real_parent = self.confine(&parent).await?;
        match tokio::fs::remove_dir_all(real_parent.join(dir.file_name().unwrap_or_default())).await
        {
            Ok(()) => {}
            Err(err) if err.kind() == io::ErrorKind::NotFound => {}
            Err(err) => return Err(err.into()),
        }
        let stop = self.root.join(VARIANTS_DIR).join(&source.bucket);
        Self::prune_until(&parent, &stop).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{body, collect, store_inside_a_folder, temp_files};
    use super::*;
    use crate::backend::ObjectStore as _;
    use bytes::Bytes;

    /// The length a stored variant announces, and its bytes.
    async fn read_back(store: &FsStore, source: &Location, name: &str) -> (u64, Vec<u8>) {
        let read = store.get_variant(source, name).await.unwrap();
        (read.len, collect(read.body).await)
    }

    #[tokio::test]
    async fn variants_live_beside_their_version_and_go_with_it() {
        let dir = tempfile::tempdir().unwrap();
        let store = FsStore::new(dir.path()).unwrap();
        let version = Location::new("b", "photos/cat.jpg", "v1");
        let other = Location::new("b", "photos/cat.jpg", "v2");
        store.put(&version, body(&[b"jpeg"])).await.unwrap();
        assert!(store.exists(&version).await.unwrap());
        assert!(!store.exists(&other).await.unwrap());
        assert!(matches!(
            store.get_variant(&version, "10x0-cover-q80.webp").await,
            Err(StoreError::NotFound)
        ));
        for name in ["10x0-cover-q80.webp", "10x0-cover-q80.origin"] {
            store
                .put_variant(&version, name, Bytes::from_static(b"variant"))
                .await
                .unwrap();
        }
        assert_eq!(
            read_back(&store, &version, "10x0-cover-q80.webp").await,
            (7, b"variant".to_vec())
        );
        assert!(
            dir.path()
                .join("~variants/b/photos/cat.jpg/~v1/10x0-cover-q80.webp")
                .is_file()
        );
        // Another version has none; replacing one is atomic.
        assert!(matches!(
            store.get_variant(&other, "10x0-cover-q80.webp").await,
            Err(StoreError::NotFound)
        ));
        store
            .put_variant(&version, "10x0-cover-q80.webp", Bytes::from_static(b"v2"))
            .await
            .unwrap();
        assert_eq!(
            read_back(&store, &version, "10x0-cover-q80.webp").await,
            (2, b"v2".to_vec())
        );
        // Names are ours only.
        for name in ["", "../x", "a/b", ".hidden", "UPPER.webp"] {
            assert!(matches!(
                store.put_variant(&version, name, Bytes::new()).await,
                Err(StoreError::OutsideRoot(_))
            ));
        }
        crate::backend::delete_quietly(&store, std::slice::from_ref(&version)).await;
        assert!(!store.exists(&version).await.unwrap());
        assert!(matches!(
            store.get_variant(&version, "10x0-cover-q80.origin").await,
            Err(StoreError::NotFound)
        ));
        assert!(!dir.path().join("~variants/b/photos").exists());
        assert!(dir.path().join("~variants/b").exists());
        store.delete_variants(&version).await.unwrap();
        assert_eq!(temp_files(dir.path()), 0);
    }

    #[tokio::test]
    async fn variant_deletion_never_follows_a_symlink() {
        let (outer, root, store) = store_inside_a_folder();
        let kept = outer.path().join("kept");
        std::fs::create_dir_all(&kept).unwrap();
        std::fs::write(kept.join("file"), b"precious").unwrap();
        std::fs::create_dir_all(root.join("~variants/b/a")).unwrap();
        std::os::unix::fs::symlink(&kept, root.join("~variants/b/a/~v1")).unwrap();
        let source = Location::new("b", "a", "v1");
        assert!(store.delete_variants(&source).await.is_err());
        assert!(kept.join("file").exists());
        std::fs::remove_file(root.join("~variants/b/a/~v1")).unwrap();
        std::os::unix::fs::symlink(&kept, root.join("~variants/b/link")).unwrap();
        let through = Location::new("b", "link/x", "v1");
        std::fs::create_dir_all(kept.join("x/~v1")).unwrap();
        assert!(store.delete_variants(&through).await.is_err());
        assert!(kept.join("x/~v1").exists());
    }
}
