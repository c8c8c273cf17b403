//! The shared state of the image transformations: their settings, the processors (a
//! semaphore with a bounded queue: 429 past it), the per-variant locks and the memory cache.
use std::hash::{Hash as _, Hasher as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::sync::{Mutex, OwnedSemaphorePermit, Semaphore};

use super::hot::HotCache;
use crate::backend::Location;
use crate::error::StorageError;

/// How many transformations may wait for a processor, per processor, before the next is
/// refused with 429.
const QUEUE_PER_PROCESSOR: usize = 32;
/// Independent locks that keep two requests from making the same variant at once.
const STRIPES: usize = 64;

/// The image transformation settings (Supabase's limits by default: sides up to 2500 px,
/// sources up to 25 MB and 50 megapixels).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageConfig {
    /// Whether the `/render/image` routes exist (Storage's `ENABLE_IMAGE_TRANSFORMATION`);
    /// without them a signed URL's `transform` is ignored, as on Storage.
    pub enabled: bool,
    /// Largest output width or height; larger requests are capped to it, as Storage clamps
    /// (Storage's `IMAGE_TRANSFORMATION_LIMIT_MAX_SIZE`).
    pub max_dimension: u32,
    /// Largest source resolution (width x height) that is decoded; checked on the header.
    pub max_source_pixels: u64,
    /// Largest source object in bytes.
    pub max_source_bytes: u64,
    /// Transformations that run at once (each takes a processor).
    pub concurrency: usize,
    /// Memory for the hottest variants, in bytes (0: none); one variant takes at most an
    /// eighth of it.
    pub memory_cache_bytes: u64,
}

impl Default for ImageConfig {
    fn default() -> Self {
        Self {
            enabled: true,
            max_dimension: 2500,
            max_source_pixels: 50_000_000,
            max_source_bytes: 25 * 1024 * 1024,
            concurrency: std::thread::available_parallelism().map_or(2, usize::from),
            memory_cache_bytes: 64 * 1024 * 1024,
        }
    }
}

/// The shared state of the transformations: the processors and the per-variant locks.
#[derive(Debug)]
pub(crate) struct ImageRenderer {
    pub(super) config: ImageConfig,
    permits: Arc<Semaphore>,
    waiting: AtomicUsize,
    max_waiting: usize,
    stripes: Vec<Arc<Mutex<()>>>,
    pub(super) hot: HotCache,
}

/// Counts a request waiting for a processor while it waits.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl ImageRenderer {
    pub(crate) fn new(config: ImageConfig) -> Self {
        let processors = config.concurrency.max(1);
        Self {
            permits: Arc::new(Semaphore::new(processors)),
            waiting: AtomicUsize::new(0),
            max_waiting: processors * QUEUE_PER_PROCESSOR,
            stripes: (0..STRIPES).map(|_| Arc::new(Mutex::new(()))).collect(),
            hot: HotCache::new(usize::try_from(config.memory_cache_bytes).unwrap_or(usize::MAX)),
            config,
        }
    }

    pub(crate) fn enabled(&self) -> bool {
        self.config.enabled
    }

    pub(crate) fn max_dimension(&self) -> u32 {
        self.config.max_dimension
    }

    pub(crate) fn hot(&self) -> &HotCache {
        &self.hot
    }

    /// A processor, or RenderBusy when the queue is full.
    pub(super) async fn permit(&self) -> Result<OwnedSemaphorePermit, StorageError> {
        if let Ok(permit) = self.permits.clone().try_acquire_owned() {
            return Ok(permit);
        }
        if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.max_waiting {
            self.waiting.fetch_sub(1, Ordering::AcqRel);
            return Err(StorageError::RenderBusy);
        }
        let _waiting = Waiting(&self.waiting);
        self.permits
            .clone()
            .acquire_owned()
            .await
            .map_err(StorageError::internal)
    }

    /// The lock of one variant (shared with the variants that hash alike).
    pub(super) fn stripe(&self, source: &Location, name: &str) -> Arc<Mutex<()>> {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (&source.bucket, &source.key, &source.version, name).hash(&mut hasher);
        self.stripes[(hasher.finish() % STRIPES as u64) as usize].clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_queue_is_bounded() {
        let renderer = ImageRenderer::new(ImageConfig {
            concurrency: 1,
            ..ImageConfig::default()
        });
        let held = renderer.permit().await.unwrap();
        // Fill the queue with waiters, then one more is refused.
        let mut waiters = Vec::new();
        let renderer = Arc::new(renderer);
        for _ in 0..QUEUE_PER_PROCESSOR {
            let renderer = renderer.clone();
            waiters.push(tokio::spawn(
                async move { renderer.permit().await.map(drop) },
            ));
        }
        while renderer.waiting.load(Ordering::Acquire) < QUEUE_PER_PROCESSOR {
            tokio::task::yield_now().await;
        }
        assert_eq!(
            renderer.permit().await.unwrap_err(),
            StorageError::RenderBusy
        );
        drop(held);
        for waiter in waiters {
            waiter.await.unwrap().unwrap();
        }
        assert_eq!(renderer.waiting.load(Ordering::Acquire), 0);
    }
}
