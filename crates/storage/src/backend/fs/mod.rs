//! The filesystem store: `<root>/<bucket>/<key>/~<version>`, written to `<root>/~tmp/` first,
//! fsynced, then renamed into place (rename is atomic on one filesystem), so a crash never
//! exposes a partial object. Variants of a version live in
//! `<root>/~variants/<bucket>/<key>/~<version>/<name>`, written the same way.
//!
//! Confinement: every path is built from checked segments (never `.`, `..`, empty, or holding
//! a separator or NUL; `~` starts only our own names and is not a valid key character), and the
//! resolved directory must still be inside the canonical root, so neither a crafted key nor a
//! symlink planted under the root can make the store touch anything outside it.
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use futures_util::StreamExt as _;
use tokio::io::AsyncWriteExt as _;
use tokio_util::io::ReaderStream;

use super::{ByteRange, ByteStream, Location, SizedStream, StoreError, check_variant_name};

#[cfg(test)]
mod tests;
mod variants;

const TEMP_DIR: &str = "~tmp";
const VARIANTS_DIR: &str = "~variants";
const WRITE_BUFFER: usize = 1024 * 1024;
const READ_CHUNK: usize = 256 * 1024;
/// Temp files older than this are left-overs of a crash and are removed on start.
const STALE_TEMP: Duration = Duration::from_secs(3600);

#[derive(Debug, Clone)]
pub struct FsStore {
    root: PathBuf,
}

/// Deletes the temp file unless the write completed (also when the request is cancelled and
/// the future dropped mid-stream).
struct TempGuard {
    path: PathBuf,
    armed: bool,
}

impl Drop for TempGuard {
    fn drop(&mut self) {
        if self.armed {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

fn check_segment(segment: &str) -> Result<(), StoreError> {
    let bad = segment.is_empty()
        || segment == "."
        || segment == ".."
        || segment.starts_with('~')
        || segment.len() > 255
        || segment.contains(['/', '\\', '\0']);
    if bad {
        Err(StoreError::OutsideRoot(segment.to_string()))
    } else {
        Ok(())
    }
}

fn check_version(version: &str) -> Result<(), StoreError> {
    if !version.is_empty()
        && version.len() <= 64
        && version
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        Ok(())
    } else {
        Err(StoreError::OutsideRoot(version.to_string()))
    }
}

fn not_found_to_store(err: io::Error) -> StoreError {
    if err.kind() == io::ErrorKind::NotFound {
        StoreError::NotFound
    } else {
        StoreError::Io(err)
    }
}

/// An object opened for reading: small ones are read at once, larger ones streamed.
enum Opened {
    Whole(bytes::Bytes),
    /// The file positioned at the first byte to send, and how many bytes to send.
    Stream(std::fs::File, u64),
}

/// Blocking: resolves `path`, checks it is inside `root` (see the module docs), opens it and
/// positions it at `range`; objects of at most one read chunk are read whole.
fn open_for_read(root: &Path, path: &Path, range: Option<ByteRange>) -> Result<Opened, StoreError> {
    use std::io::{Read as _, Seek as _};
    let real = std::fs::canonicalize(path).map_err(not_found_to_store)?;
    if !real.starts_with(root) {
        return Err(StoreError::OutsideRoot(path.display().to_string()));
    }
    let mut file = std::fs::File::open(&real).map_err(not_found_to_store)?;
    let (start, len) = match range {
        Some(range) => (range.start, range.len()),
        None => (0, file.metadata()?.len()),
    };
    if start > 0 {
        file.seek(io::SeekFrom::Start(start))?;
    }
    if len <= READ_CHUNK as u64 {
        let mut bytes = Vec::with_capacity(len as usize);
        file.take(len).read_to_end(&mut bytes)?;
        return Ok(Opened::Whole(bytes.into()));
    }
    Ok(Opened::Stream(file, len))
}

impl FsStore {
    /// Creates the root (and its temp folder) when missing.
    pub fn new(root: impl AsRef<Path>) -> io::Result<Self> {
        let root = root.as_ref();
        std::fs::create_dir_all(root.join(TEMP_DIR))?;
        let root = root.canonicalize()?;
        Ok(Self { root })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    fn object_dir(&self, bucket: &str, key: &str) -> Result<PathBuf, StoreError> {
        Self::key_dir(self.root.clone(), bucket, key)
    }

    fn key_dir(mut path: PathBuf, bucket: &str, key: &str) -> Result<PathBuf, StoreError> {
        check_segment(bucket)?;
        path.push(bucket);
        for segment in key.split('/') {
            check_segment(segment)?;
            path.push(segment);
        }
        Ok(path)
    }

    /// The file of one version.
    pub fn version_path(&self, location: &Location) -> Result<PathBuf, StoreError> {
        check_version(&location.version)?;
        Ok(self
            .object_dir(&location.bucket, &location.key)?
            .join(format!("~{}", location.version)))
    }

    /// The folder of a version's variants.
    fn variant_dir(&self, source: &Location) -> Result<PathBuf, StoreError> {
        check_version(&source.version)?;
        Ok(
            Self::key_dir(self.root.join(VARIANTS_DIR), &source.bucket, &source.key)?
                .join(format!("~{}", source.version)),
        )
    }

    /// The file of one variant.
    pub fn variant_path(&self, source: &Location, name: &str) -> Result<PathBuf, StoreError> {
        check_variant_name(name)?;
        Ok(self.variant_dir(source)?.join(name))
    }

    /// Resolves symlinks and checks the result is still under the root.
    async fn confine(&self, path: &Path) -> Result<PathBuf, StoreError> {
        let real = tokio::fs::canonicalize(path)
            .await
            .map_err(not_found_to_store)?;
        if real.starts_with(&self.root) {
            Ok(real)
        } else {
            Err(StoreError::OutsideRoot(path.display().to_string()))
        }
    }

    fn temp_path(&self) -> PathBuf {
        self.root
            .join(TEMP_DIR)
            .join(format!("{}.part", uuid::Uuid::new_v4()))
    }

    /// Creates the version's directory (inside the root) and moves `temp` there. Retries when
    /// a concurrent delete removed a just-created empty directory.
    async fn install(&self, temp: &Path, target: &Path) -> Result<(), StoreError> {
        let dir = target
            .parent()
            .ok_or_else(|| StoreError::OutsideRoot(target.display().to_string()))?;
        let mut attempt = 0;
        loop {
            attempt += 1;
            self.ensure_dir(dir).await?;
            match tokio::fs::rename(temp, target).await {
                Ok(()) => break,
                Err(err) if err.kind() == io::ErrorKind::NotFound && attempt < 5 => continue,
                Err(err) => return Err(err.into()),
            }
        }
        // Persist the directory entry too.
        if let Ok(handle) = tokio::fs::File::open(dir).await {
            let _ = handle.sync_all().await;
        }
        Ok(())
    }

    /// Creates `dir` one component at a time below the root, refusing to go through a
    /// symlink or anything that is not a directory (so nothing is ever created outside).
    async fn ensure_dir(&self, dir: &Path) -> Result<(), StoreError> {
        let relative = dir
            .strip_prefix(&self.root)
            .map_err(|_| StoreError::OutsideRoot(dir.display().to_string()))?;
        let mut current = self.root.clone();
        for component in relative.components() {
            let std::path::Component::Normal(name) = component else {
                return Err(StoreError::OutsideRoot(dir.display().to_string()));
            };
            current.push(name);
            match tokio::fs::symlink_metadata(&current).await {
                Ok(meta) if meta.is_dir() => {}
                Ok(_) => return Err(StoreError::OutsideRoot(current.display().to_string())),
                Err(err) if err.kind() == io::ErrorKind::NotFound => {
                    match tokio::fs::create_dir(&current).await {
                        Ok(()) => {}
                        Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {
                            let meta = tokio::fs::symlink_metadata(&current).await?;
                            if !meta.is_dir() {
                                return Err(StoreError::OutsideRoot(current.display().to_string()));
                            }
                        }
                        Err(err) => return Err(err.into()),
                    }
                }
                Err(err) => return Err(err.into()),
            }
        }
        Ok(())
    }

    /// Removes now-empty key directories up to (not including) the bucket's directory.
    async fn prune(&self, dir: &Path, bucket: &str) {
        Self::prune_until(dir, &self.root.join(bucket)).await;
    }

    /// Removes now-empty directories from `dir` up to (not including) `stop`.
    async fn prune_until(dir: &Path, stop: &Path) {
        let stop = stop.to_path_buf();
        let mut current = dir.to_path_buf();
        while current.starts_with(&stop) && current != stop {
            if tokio::fs::remove_dir(&current).await.is_err() {
                break;
            }
            if !current.pop() {
                break;
            }
        }
    }

    /// Creates the root's temp directory and deletes what a crash left in it.
    async fn ready(&self) -> Result<(), StoreError> {
        tokio::fs::create_dir_all(self.root.join(TEMP_DIR)).await?;
        self.sweep_temp().await;
        Ok(())
    }

    /// Deletes temp files a crash left behind.
    pub async fn sweep_temp(&self) {
        let Ok(mut entries) = tokio::fs::read_dir(self.root.join(TEMP_DIR)).await else {
            return;
        };
        while let Ok(Some(entry)) = entries.next_entry().await {
            let stale = entry
                .metadata()
                .await
                .ok()
                .and_then(|meta| meta.modified().ok())
                .and_then(|modified| SystemTime::now().duration_since(modified).ok())
                .is_some_and(|age| age > STALE_TEMP);
            if stale {
                let _ = tokio::fs::remove_file(entry.path()).await;
            }
        }
    }

    async fn write(&self, location: &Location, mut body: ByteStream) -> Result<u64, StoreError> {
        let target = self.version_path(location)?;
        let temp = self.temp_path();
        let file = tokio::fs::File::create(&temp).await?;
        let mut guard = TempGuard {
            path: temp.clone(),
            armed: true,
        };
        let mut writer = tokio::io::BufWriter::with_capacity(WRITE_BUFFER, file);
        let mut written = 0u64;
        while let Some(chunk) = body.next().await {
            let chunk = chunk.map_err(StoreError::Body)?;
            writer.write_all(&chunk).await?;
            written += chunk.len() as u64;
        }
        writer.flush().await?;
        let file = writer.into_inner();
        file.sync_all().await?;
        drop(file);
        self.install(&temp, &target).await?;
        guard.armed = false;
        Ok(written)
    }

    async fn read(
        &self,
        location: &Location,
        range: Option<ByteRange>,
    ) -> Result<ByteStream, StoreError> {
        let path = self.version_path(location)?;
        Ok(self.stream_file(path, range).await?.body)
    }

    /// Streams `range` of the file at `path` (all of it when None), once it resolves inside
    /// the root. One trip to the blocking pool for the path check, the open and, for a small
    /// file, its bytes: tokio runs every file operation there, and for a 100 KB download four
    /// separate hand-offs cost more than the read itself.
    async fn stream_file(
        &self,
        path: PathBuf,
        range: Option<ByteRange>,
    ) -> Result<SizedStream, StoreError> {
        let root = self.root.clone();
        let opened = tokio::task::spawn_blocking(move || open_for_read(&root, &path, range))
            .await
            .map_err(|err| StoreError::Io(io::Error::other(err)))??;
        Ok(match opened {
            Opened::Whole(bytes) => SizedStream {
                len: bytes.len() as u64,
                body: Box::pin(futures_util::stream::once(async move { Ok(bytes) })),
            },
            Opened::Stream(file, len) => {
                let limited = tokio::io::AsyncReadExt::take(tokio::fs::File::from_std(file), len);
                SizedStream {
                    len,
                    body: Box::pin(ReaderStream::with_capacity(limited, READ_CHUNK)),
                }
            }
        })
    }

    async fn remove(&self, location: &Location) -> Result<(), StoreError> {
        let path = self.version_path(location)?;
        match tokio::fs::remove_file(&path).await {
            Ok(()) => {}
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(err) => return Err(err.into()),
        }
        if let Some(dir) = path.parent() {
            self.prune(dir, &location.bucket).await;
        }
        Ok(())
    }

    async fn duplicate(&self, from: &Location, to: &Location) -> Result<(), StoreError> {
        let source = self.confine(&self.version_path(from)?).await?;
        let target = self.version_path(to)?;
        // Versions are immutable, so a hard link is a safe, instant copy; across devices or
        // where links are refused, copy through a temp file.
        let temp = self.temp_path();
        let mut guard = TempGuard {
            path: temp.clone(),
            armed: true,
        };
        if tokio::fs::hard_link(&source, &temp).await.is_err() {
            tokio::fs::copy(&source, &temp)
                .await
                .map_err(not_found_to_store)?;
            let file = tokio::fs::File::open(&temp).await?;
            file.sync_all().await?;
        }
        self.install(&temp, &target).await?;
        guard.armed = false;
        Ok(())
    }

    async fn stored(&self, location: &Location) -> Result<bool, StoreError> {
        let path = self.version_path(location)?;
        match tokio::fs::symlink_metadata(&path).await {
            Ok(meta) => Ok(meta.is_file()),
            Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(false),
            Err(err) => Err(err.into()),
        }
    }
}

object_store_from_inherent_methods!(FsStore, "file");
