//! A value loaded from the database on first use after each invalidation (the site's snapshot,
//! the redirect rules): loaded once however many requests ask at the same time, and a load that
//! started before an invalidation is handed to its callers but not kept.
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

#[derive(Debug)]
pub(crate) struct Reloadable<T> {
    /// Bumped by every invalidation.
    generation: AtomicU64,
    current: RwLock<Option<Arc<T>>>,
    loading: tokio::sync::Mutex<()>,
}

impl<T> Default for Reloadable<T> {
    fn default() -> Self {
        Self {
            generation: AtomicU64::new(0),
            current: RwLock::new(None),
            loading: tokio::sync::Mutex::new(()),
        }
    }
}

impl<T> Reloadable<T> {
    /// Drops the value; the next use loads it again.
    pub(crate) fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
        *self
            .current
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
    }

    /// The value kept, if it is still `usable`.
    pub(crate) fn kept(&self, usable: impl Fn(&T) -> bool) -> Option<Arc<T>> {
        self.current
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
            .filter(|value| usable(value))
    }

    /// The value kept while `usable`, else the one `load` gives (once for concurrent callers).
    pub(crate) async fn get_or_load<E, F>(
        &self,
        usable: impl Fn(&T) -> bool,
        load: impl FnOnce() -> F,
    ) -> Result<Arc<T>, E>
    where
        F: Future<Output = Result<T, E>>,
    {
        if let Some(value) = self.kept(&usable) {
            return Ok(value);
        }
        let _loading = self.loading.lock().await;
        if let Some(value) = self.kept(&usable) {
            return Ok(value);
        }
        let generation = self.generation.load(Ordering::SeqCst);
        let value = Arc::new(load().await?);
        let mut current = self
            .current
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if self.generation.load(Ordering::SeqCst) == generation {
            *current = Some(value.clone());
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_value_is_loaded_once_until_invalidated() {
        let holder = Reloadable::<u32>::default();
        let loads = std::sync::atomic::AtomicU32::new(0);
        let load = || async { Ok::<_, ()>(loads.fetch_add(1, Ordering::SeqCst) + 1) };
        assert_eq!(*holder.get_or_load(|_| true, load).await.unwrap(), 1);
        assert_eq!(*holder.get_or_load(|_| true, load).await.unwrap(), 1);
        // Kept but no longer usable (a snapshot past its stale time): loaded again.
        assert_eq!(*holder.get_or_load(|n| *n > 1, load).await.unwrap(), 2);
        holder.invalidate();
        assert_eq!(holder.kept(|_| true), None);
        assert_eq!(*holder.get_or_load(|_| true, load).await.unwrap(), 3);
    }

    #[tokio::test]
    async fn a_load_that_an_invalidation_overtook_is_not_kept() {
        let holder = Reloadable::<u32>::default();
        let answer = holder
            .get_or_load(
                |_| true,
                || async {
                    holder.invalidate();
                    Ok::<_, ()>(7)
                },
            )
            .await;
        assert_eq!(*answer.unwrap(), 7);
        assert_eq!(holder.kept(|_| true), None);
    }
}
