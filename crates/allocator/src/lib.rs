//! The memory of the claimbridge binary: its allocator, and the pages only starting used
//! ([`release_startup_pages`]).
//!
//! Serving a request allocates many small, short-lived buffers (headers, query plans, SQL text,
//! JSON), which mimalloc serves much faster than glibc malloc: about a fifth more REST requests
//! per second on the same machine (tests/bench/rest). Left at its defaults, though, mimalloc
//! commits whole arenas up front and keeps freed pages for a second before returning them,
//! which kept 100-240 MB resident in the storage benchmark against 35-60 MB with glibc. So
//! arenas are committed as they are used (`MI_DEFAULT_ARENA_EAGER_COMMIT=0`, compiled in by
//! .cargo/config.toml, since it must hold from the first allocation) and [`configure`] has freed
//! pages returned at once; with the runtime's blocking threads capped (each thread keeps its
//! own heap), the storage benchmark stays around 60 MB while serving a 1 GB object.
//!
//! The options are mimalloc's `mi_option_arena_eager_commit` and `mi_option_purge_delay`; the
//! Rust bindings name neither for mimalloc v3, so their numbers come from the v3 header that
//! libmimalloc-sys builds, and a test checks them by their values.
mod startup_pages;

pub use mimalloc::MiMalloc;
pub use startup_pages::release_startup_pages;

use libmimalloc_sys::{mi_option_set, mi_option_t};

/// `mi_option_purge_delay` in mimalloc v3's `mi_option_e` (default 1000 ms).
const PURGE_DELAY: mi_option_t = 15;

/// Call first thing in `main`, before the runtime starts its threads.
pub fn configure() {
    // SAFETY: mi_option_set only stores an integer in mimalloc's option table; it may be called
    // at any time from any thread, and the purge delay is read each time pages are freed.
    #[allow(unsafe_code)]
    unsafe {
        mi_option_set(PURGE_DELAY, 0);
    }
}

#[cfg(test)]
mod tests {
    use libmimalloc_sys::mi_option_get;

    use super::*;

    /// `mi_option_arena_eager_commit` in mimalloc v3's `mi_option_e`.
    const ARENA_EAGER_COMMIT: mi_option_t = 4;

    /// Arenas are committed lazily (the compiled-in default; mimalloc's own is 2), the purge
    /// delay starts at mimalloc's documented 1000 ms, and `configure` sets it to 0 (a MIMALLOC_*
    /// variable in the environment would change what this sees).
    #[test]
    fn mimalloc_is_built_and_configured_to_give_memory_back() {
        #[allow(unsafe_code)]
        let read = |option| unsafe { mi_option_get(option) };
        assert_eq!(
            read(ARENA_EAGER_COMMIT),
            0,
            "built without .cargo/config.toml's CFLAGS?"
        );
        assert_eq!(read(PURGE_DELAY), 1000);
        configure();
        assert_eq!(read(PURGE_DELAY), 0);
    }
}
