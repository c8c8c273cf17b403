//! The hottest variants in memory, so that a popular thumbnail costs neither a database round
//! trip nor a backend read. Correctness rests on forgetting:
//! - every write to an object row or a bucket forgets what it changed, on this instance right
//!   after its commit and on every other one through `changes` (LISTEN/NOTIFY);
//! - while that listener is not connected nothing is served from memory (and everything is
//!   forgotten when it connects again: writes may have gone unannounced meanwhile);
//! - an entry that a request read before a write committed cannot be stored after it: each
//!   forgetting bumps a generation, and an entry is kept only if the generation did not move
//!   since its request began;
//! - entries also expire after [`TTL`], a bound for writes made behind the API's back (SQL).
//!
//! Only variants read back from the store are kept (a one-off size never reaches memory), up to
//! a byte budget, oldest first out. An entry remembers whether it was served through the public
//! route (the bucket was public then): only those answer `/public` before any database work.
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime};

use bytes::Bytes;

/// How long an entry is trusted without hearing of a write.
pub(crate) const TTL: Duration = Duration::from_secs(30);

/// One variant as it is answered.
pub(crate) struct HotEntry {
    /// The source version it was made from.
    pub(crate) version: String,
    /// Served through `/public` (its bucket was public).
    pub(crate) public: bool,
    pub(crate) etag: String,
    pub(crate) modified: Option<SystemTime>,
    pub(crate) cache_control: String,
    pub(crate) content_type: &'static str,
    pub(crate) bytes: Bytes,
    stored_at: Instant,
}

impl HotEntry {
    pub(crate) fn new(
        version: String,
        public: bool,
        meta: (String, Option<SystemTime>, String),
        content_type: &'static str,
        bytes: Bytes,
    ) -> Self {
        let (etag, modified, cache_control) = meta;
        Self {
            version,
            public,
            etag,
            modified,
            cache_control,
            content_type,
            bytes,
            stored_at: Instant::now(),
        }
    }

    /// The same entry, now also good for `/public` (it keeps its age).
    pub(crate) fn as_public(&self) -> Self {
        Self {
            version: self.version.clone(),
            public: true,
            etag: self.etag.clone(),
            modified: self.modified,
            cache_control: self.cache_control.clone(),
            content_type: self.content_type,
            bytes: self.bytes.clone(),
            stored_at: self.stored_at,
        }
    }

    fn cost(&self) -> usize {
        self.bytes.len() + self.etag.len() + self.cache_control.len() + self.version.len() + 256
    }
}

#[derive(Default)]
struct Inner {
    /// `bucket \0 key` → variant name → entry.
    objects: HashMap<String, HashMap<String, Arc<HotEntry>>>,
    /// Insertion order, for eviction: (object, name, the entry's address when inserted).
    order: VecDeque<(String, String, usize)>,
    bytes: usize,
}

impl Inner {
    fn remove_object(&mut self, object: &str) {
        if let Some(variants) = self.objects.remove(object) {
            self.bytes -= variants.values().map(|entry| entry.cost()).sum::<usize>();
        }
    }

    fn clear(&mut self) {
        self.objects.clear();
        self.order.clear();
        self.bytes = 0;
    }
}

pub(crate) struct HotCache {
    budget: usize,
    inner: Mutex<Inner>,
    generation: AtomicU64,
    listening: AtomicBool,
}

impl std::fmt::Debug for HotCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let inner = self.lock();
        f.debug_struct("HotCache")
            .field("budget", &self.budget)
            .field("bytes", &inner.bytes)
            .field("objects", &inner.objects.len())
            .field("listening", &self.listening.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

fn object_key(bucket: &str, key: &str) -> String {
    let mut object = String::with_capacity(bucket.len() + key.len() + 1);
    object.push_str(bucket);
    object.push('\0');
    object.push_str(key);
    object
}

impl HotCache {
    pub(crate) fn new(budget: usize) -> Self {
        Self {
            budget,
            inner: Mutex::new(Inner::default()),
            generation: AtomicU64::new(0),
            listening: AtomicBool::new(false),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Largest entry kept (a few big ones must not push out every small one).
    fn max_entry(&self) -> usize {
        self.budget / 8
    }

    /// Whether an entry of `len` bytes could be kept at all.
    pub(crate) fn admits(&self, len: u64) -> bool {
        self.budget > 0 && len as usize <= self.max_entry()
    }

    /// Read before the database: an entry made from what a request read may be kept only if
    /// this has not changed when it is stored.
    pub(crate) fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    /// The variant, when it is known and may be trusted.
    pub(crate) fn get(&self, bucket: &str, key: &str, name: &str) -> Option<Arc<HotEntry>> {
        if self.budget == 0 || !self.listening.load(Ordering::Acquire) {
            return None;
        }
        let entry = self
            .lock()
            .objects
            .get(&object_key(bucket, key))?
            .get(name)?
            .clone();
        (entry.stored_at.elapsed() < TTL).then_some(entry)
    }

    /// Keeps a variant that a request which began at `generation` read from the store.
    pub(crate) fn insert(
        &self,
        bucket: &str,
        key: &str,
        name: &str,
        entry: HotEntry,
        generation: u64,
    ) {
        if !self.admits(entry.bytes.len() as u64) || !self.listening.load(Ordering::Acquire) {
            return;
        }
        let entry = Arc::new(entry);
        let cost = entry.cost();
        let object = object_key(bucket, key);
        let mut inner = self.lock();
        // Checked under the lock that forgetting also takes: no write slipped in between.
        if self.generation() != generation {
            return;
        }
        let address = Arc::as_ptr(&entry) as usize;
        if let Some(previous) = inner
            .objects
            .entry(object.clone())
            .or_default()
            .insert(name.to_string(), entry)
        {
            inner.bytes -= previous.cost();
        }
        inner.bytes += cost;
        inner.order.push_back((object, name.to_string(), address));
        while inner.bytes > self.budget {
            let Some((object, name, address)) = inner.order.pop_front() else {
                break;
            };
            let Some(variants) = inner.objects.get_mut(&object) else {
                continue;
            };
            // Only the entry this queue slot was made for (a newer one may have replaced it).
            if variants
                .get(&name)
                .is_some_and(|entry| Arc::as_ptr(entry) as usize == address)
                && let Some(evicted) = variants.remove(&name)
            {
                inner.bytes -= evicted.cost();
            }
            if inner.objects.get(&object).is_some_and(HashMap::is_empty) {
                inner.objects.remove(&object);
            }
        }
        // The order queue keeps slots of forgotten entries until they come up; keep it bounded.
        if inner.order.len() > 4 * inner.objects.values().map(HashMap::len).sum::<usize>() + 64 {
            let Inner { objects, order, .. } = &mut *inner;
            order.retain(|(object, name, address)| {
                objects
                    .get(object)
                    .and_then(|variants| variants.get(name))
                    .is_some_and(|entry| Arc::as_ptr(entry) as usize == *address)
            });
        }
    }

    /// One object changed.
    pub(crate) fn forget_object(&self, bucket: &str, key: &str) {
        let mut inner = self.lock();
        self.generation.fetch_add(1, Ordering::AcqRel);
        inner.remove_object(&object_key(bucket, key));
    }

    /// A bucket changed (its public flag, or many of its objects).
    pub(crate) fn forget_bucket(&self, bucket: &str) {
        let prefix = object_key(bucket, "");
        let mut inner = self.lock();
        self.generation.fetch_add(1, Ordering::AcqRel);
        let objects: Vec<String> = inner
            .objects
            .keys()
            .filter(|object| object.starts_with(&prefix))
            .cloned()
            .collect();
        for object in objects {
            inner.remove_object(&object);
        }
    }

    /// Anything may have changed.
    pub(crate) fn forget_all(&self) {
        let mut inner = self.lock();
        self.generation.fetch_add(1, Ordering::AcqRel);
        inner.clear();
    }

    /// Whether writes are being heard of; every change of that forgets everything.
    pub(crate) fn set_listening(&self, listening: bool) {
        self.forget_all();
        self.listening.store(listening, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(version: &str, len: usize) -> HotEntry {
        HotEntry::new(
            version.into(),
            true,
            ("\"e\"".into(), None, "no-cache".into()),
            "image/webp",
            Bytes::from(vec![0u8; len]),
        )
    }

    #[test]
    fn nothing_is_served_while_writes_are_not_heard_of() {
        let cache = HotCache::new(1 << 20);
        cache.insert("b", "k", "n", entry("v1", 10), cache.generation());
        assert!(cache.get("b", "k", "n").is_none());
        cache.set_listening(true);
        cache.insert("b", "k", "n", entry("v1", 10), cache.generation());
        assert_eq!(cache.get("b", "k", "n").unwrap().version, "v1");
        cache.set_listening(false);
        assert!(cache.get("b", "k", "n").is_none());
        cache.set_listening(true);
        assert!(cache.get("b", "k", "n").is_none(), "forgotten on reconnect");
    }

    #[test]
    fn a_write_during_a_request_keeps_its_entry_out() {
        let cache = HotCache::new(1 << 20);
        cache.set_listening(true);
        let before = cache.generation();
        cache.forget_object("b", "k");
        cache.insert("b", "k", "n", entry("v1", 10), before);
        assert!(cache.get("b", "k", "n").is_none());
        cache.insert("b", "k", "n", entry("v2", 10), cache.generation());
        assert_eq!(cache.get("b", "k", "n").unwrap().version, "v2");
    }

    #[test]
    fn forgetting_is_per_object_or_per_bucket() {
        let cache = HotCache::new(1 << 20);
        cache.set_listening(true);
        for (bucket, key) in [("b", "a"), ("b", "c"), ("bb", "a"), ("x", "a")] {
            for name in ["n1", "n2"] {
                cache.insert(bucket, key, name, entry("v", 10), cache.generation());
            }
        }
        cache.forget_object("b", "a");
        assert!(cache.get("b", "a", "n1").is_none() && cache.get("b", "a", "n2").is_none());
        assert!(cache.get("b", "c", "n1").is_some());
        cache.forget_bucket("b");
        assert!(cache.get("b", "c", "n1").is_none());
        assert!(
            cache.get("bb", "a", "n1").is_some(),
            "another bucket with the same start"
        );
        cache.forget_all();
        assert!(cache.get("x", "a", "n1").is_none());
        assert_eq!(cache.lock().bytes, 0);
    }

    #[test]
    fn the_budget_holds_oldest_out_first() {
        let cache = HotCache::new(80_000);
        cache.set_listening(true);
        assert!(!cache.admits(10_001));
        for index in 0..20 {
            cache.insert(
                "b",
                &format!("k{index}"),
                "n",
                entry("v", 9_000),
                cache.generation(),
            );
            assert!(cache.lock().bytes <= 80_000);
        }
        assert!(cache.get("b", "k0", "n").is_none());
        assert!(cache.get("b", "k19", "n").is_some());
        // Replacing an entry does not count it twice.
        for _ in 0..50 {
            cache.insert("b", "k19", "n", entry("v", 9_000), cache.generation());
        }
        assert!(cache.lock().bytes <= 80_000);
        assert!(cache.lock().order.len() < 100);
        let disabled = HotCache::new(0);
        disabled.set_listening(true);
        assert!(!disabled.admits(1));
    }
}
