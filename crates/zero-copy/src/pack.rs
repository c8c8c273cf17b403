//! Sealed memory files holding bodies, and the registry the socket looks them up in.
use std::collections::BTreeMap;
use std::fs::File;
use std::ops::Range;
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::fs::FileExt as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, RwLock};

use bytes::Bytes;
use memmap2::Mmap;
use rustix::fs::{MemfdFlags, SealFlags};

/// Bodies smaller than this stay on the heap, even beside larger ones: hyper writes a small body
/// with the response's head in one system call, which costs less than the head's `sendmsg` and
/// a `sendfile` (tests/bench/site/README.md, "Kept pages before routing; small bodies written
/// with their head"), and a file and a mapping cost a page and a descriptor.
const SMALLEST_PACKED_BODY: usize = 16 * 1024;

/// Packs alive at once at most: a quarter of the process's open-file limit (each holds a file
/// descriptor until its last body is dropped; the rest stay for sockets), so the site's up to
/// 4,096 kept pages can never starve `accept`. Past it, bodies stay on the heap.
static PACK_BUDGET: LazyLock<usize> = LazyLock::new(|| {
    let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current;
    limit.map_or(4096, |open_files| (open_files / 4) as usize)
});
static LIVE_PACKS: AtomicUsize = AtomicUsize::new(0);

/// Raises the process's open-file limit to its hard limit, as nginx's `worker_rlimit_nofile`
/// or Go's runtime do: the usual soft limit of 1,024 would leave packs 256 places and sockets
/// the rest. Call it at start, before the first pack. Returns the limit now in force (None:
/// unlimited or unknown); a refusal leaves the limit as it was.
pub fn raise_open_file_limit() -> Option<u64> {
    use rustix::process::{Resource, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    if let Some(hard) = limit.maximum
        && limit.current.is_some_and(|soft| soft < hard)
    {
        let raised = rustix::process::Rlimit {
            current: Some(hard),
            maximum: Some(hard),
        };
        if let Err(err) = setrlimit(Resource::Nofile, raised) {
            tracing::warn!(%err, "could not raise the open-file limit");
        }
    }
    getrlimit(Resource::Nofile).current
}

/// One pack's place in the budget, given back when the pack goes.
#[derive(Debug)]
struct Slot;

impl Slot {
    fn take() -> Option<Self> {
        take_from(&LIVE_PACKS, *PACK_BUDGET).then_some(Slot)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        LIVE_PACKS.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The mapped packs by the address their mapping starts at.
static PACKS: LazyLock<RwLock<BTreeMap<usize, Arc<Mapped>>>> = LazyLock::new(RwLock::default);

/// One sealed file and its read-only mapping.
#[derive(Debug)]
pub(crate) struct Mapped {
    file: File,
    map: Mmap,
}

/// Removes the pack from the registry before its mapping goes, so no later allocation at the
/// same address is ever taken for it; then its budget slot is given back.
#[derive(Debug)]
struct Registered(Arc<Mapped>, Slot);

impl Drop for Registered {
    fn drop(&mut self) {
        let mut packs = PACKS
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        packs.remove(&(self.0.map.as_ptr() as usize));
    }
}

impl AsRef<[u8]> for Registered {
    fn as_ref(&self) -> &[u8] {
        &self.0.map
    }
}

/// Bodies packed into one sealed memory file.
#[derive(Debug)]
pub struct Pack;

impl Pack {
    /// `bodies` as bytes, in order; those of 16 kB and more the socket sends with `sendfile`.
    /// They stay on the heap when they are smaller, when the budget of packs is spent, or when
    /// the system refuses a memory file (the bytes are the same either way, only the way they
    /// leave differs).
    pub fn of<const N: usize>(bodies: [Vec<u8>; N]) -> [Bytes; N] {
        // A body left out of the file takes no room in it.
        let packed_lengths = bodies.each_ref().map(|body| {
            if body.len() >= SMALLEST_PACKED_BODY {
                body.len()
            } else {
                0
            }
        });
        let any_packed = packed_lengths.iter().any(|&length| length > 0);
        let Some(slot) = any_packed.then(Slot::take).flatten() else {
            return bodies.map(Bytes::from);
        };
        let layout = Layout::of(packed_lengths, rustix::param::page_size());
        match map(&bodies, &layout) {
            Ok(mapped) => {
                let whole = Bytes::from_owner(Registered(mapped, slot));
                let mut ranges = layout.bodies.into_iter();
                bodies.map(|body| match ranges.next() {
                    Some(range) if !range.is_empty() => whole.slice(range),
                    _ => Bytes::from(body),
                })
            }
            Err(err) => {
                tracing::warn!(%err, "no memory file for a body: it is sent by copying");
                bodies.map(Bytes::from)
            }
        }
    }
}

/// Where the bodies lie in their pack's file: each starts on a page boundary, after at most a
/// page less one byte of zeros. sendfile of a body that starts inside a page cost the kernel
/// about three times as much per request, and halved the requests per second
/// (tests/bench/site/README.md, "Each body on a page of its own").
#[derive(Debug, PartialEq, Eq)]
struct Layout<const N: usize> {
    bodies: [Range<usize>; N],
    /// The file's length: the end of the last body.
    len: usize,
}

impl<const N: usize> Layout<N> {
    fn of(lengths: [usize; N], page: usize) -> Self {
        let mut len = 0_usize;
        let bodies = lengths.map(|length| {
            let start = len.next_multiple_of(page);
            len = start + length;
            start..len
        });
        Self { bodies, len }
    }
}

/// Counts one more in `live`, unless `budget` are already.
fn take_from(live: &AtomicUsize, budget: usize) -> bool {
    live.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |count| {
        (count < budget).then_some(count + 1)
    })
    .is_ok()
}

/// Writes `bodies` into a new memory file where `layout` places them (those it gives a place),
/// seals it against any change and maps it.
fn map<const N: usize>(bodies: &[Vec<u8>; N], layout: &Layout<N>) -> std::io::Result<Arc<Mapped>> {
    let fd = rustix::fs::memfd_create(
        "claimbridge-body",
        MemfdFlags::CLOEXEC | MemfdFlags::ALLOW_SEALING,
    )?;
    let file = File::from(fd);
    // The gaps read as zeros: the file is sized first and each body written at its place.
    file.set_len(layout.len as u64)?;
    for (body, range) in bodies.iter().zip(&layout.bodies) {
        if range.is_empty() {
            continue;
        }
        debug_assert_eq!(body.len(), range.len());
        file.write_all_at(body, range.start as u64)?;
    }
    rustix::fs::fcntl_add_seals(
        &file,
        SealFlags::WRITE | SealFlags::SHRINK | SealFlags::GROW | SealFlags::SEAL,
    )?;
    // SAFETY: the file is this process's own memory file, sealed above against writes, growing
    // and shrinking, and the seals cannot be removed: its bytes can no longer change while
    // mapped, which is what makes handing out `&[u8]` into the mapping sound.
    #[allow(unsafe_code)]
    let map = unsafe { Mmap::map(&file)? };
    debug_assert_eq!(map.len(), layout.len);
    let mapped = Arc::new(Mapped { file, map });
    PACKS
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .insert(mapped.map.as_ptr() as usize, mapped.clone());
    Ok(mapped)
}

/// The pack `bytes` lie in, with their offset in its file.
pub(crate) fn find(bytes: &[u8]) -> Option<(Arc<Mapped>, u64)> {
    if bytes.is_empty() {
        return None;
    }
    let start = bytes.as_ptr() as usize;
    let packs = PACKS
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let (&base, mapped) = packs.range(..=start).next_back()?;
    let offset = start - base;
    (offset + bytes.len() <= mapped.map.len()).then(|| (mapped.clone(), offset as u64))
}

impl Mapped {
    pub(crate) fn fd(&self) -> BorrowedFd<'_> {
        self.file.as_fd()
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::*;

    #[test]
    fn small_bodies_stay_on_the_heap() {
        let parts = Pack::of([b"<p>hi</p>".to_vec(), b"gz".to_vec()]);
        assert_eq!(parts[0], &b"<p>hi</p>"[..]);
        assert_eq!(parts[1], &b"gz"[..]);
        assert!(find(&parts[0]).is_none());
        // Beside a large body too, which alone takes the file.
        let small: Vec<u8> = (0..16_383u32).map(|i| (i % 253) as u8).collect();
        let large: Vec<u8> = (0..16_384u32).map(|i| (i % 241) as u8).collect();
        let parts = Pack::of([small.clone(), large.clone(), vec![9; 10]]);
        assert_eq!(&parts[0][..], &small[..]);
        assert_eq!(&parts[1][..], &large[..]);
        assert_eq!(&parts[2][..], &[9; 10][..]);
        assert!(find(&parts[0]).is_none(), "one byte under the size stays");
        assert!(find(&parts[2]).is_none());
        let (mapped, offset) = find(&parts[1]).expect("the large body is packed");
        assert_eq!(offset, 0, "first in the file: the small body takes no room");
        assert_eq!(mapped.map.len(), large.len());
    }

    #[test]
    fn packed_bodies_are_found_with_their_offsets_until_dropped() {
        let first = vec![b'a'; 20_000];
        let second: Vec<u8> = (0..30_000u32).map(|i| (i % 251) as u8).collect();
        let parts = Pack::of([first.clone(), second.clone(), Vec::new()]);
        assert_eq!(parts.len(), 3);
        assert_eq!(&parts[0][..], &first[..]);
        assert_eq!(&parts[1][..], &second[..]);
        assert!(parts[2].is_empty());
        let page = rustix::param::page_size() as u64;
        let (_, offset) = find(&parts[1]).expect("the second body is packed");
        assert_eq!(
            offset,
            20_000_u64.next_multiple_of(page),
            "on the next page"
        );
        let (_, offset) = find(&parts[1][100..200]).expect("a slice of it too");
        assert_eq!(offset, 20_000_u64.next_multiple_of(page) + 100);
        assert!(find(&parts[2]).is_none(), "nothing to send");
        let address = parts[0].as_ptr() as usize;
        drop(parts);
        assert!(
            !PACKS.read().unwrap().contains_key(&address),
            "the pack leaves the registry with its last body"
        );
    }

    #[test]
    fn each_body_starts_on_a_page_and_the_file_ends_with_the_last() {
        assert_eq!(
            Layout::of([10_000, 4_096, 0, 1, 5], 4_096),
            Layout {
                bodies: [
                    0..10_000,
                    12_288..16_384,
                    16_384..16_384,
                    16_384..16_385,
                    20_480..20_485
                ],
                len: 20_485,
            }
        );
        assert_eq!(Layout::of([], 4_096), Layout { bodies: [], len: 0 });
        // What a page-sized body leaves: no gap.
        assert_eq!(
            Layout::of([8_192, 3], 4_096).bodies,
            [0..8_192, 8_192..8_195]
        );
    }

    #[test]
    fn heap_bytes_are_not_taken_for_a_pack() {
        let parts = Pack::of([vec![7; 40_000]]);
        let heap = vec![7u8; 40_000];
        assert!(find(&heap).is_none());
        assert!(find(&parts[0]).is_some());
    }

    #[test]
    fn packs_stay_within_a_quarter_of_the_open_file_limit() {
        assert!(*PACK_BUDGET >= 1);
        let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current;
        // The limit may have been raised since the budget was read (it only goes up).
        if let Some(open_files) = limit {
            assert!(*PACK_BUDGET as u64 <= open_files / 4);
        }
        let live = AtomicUsize::new(0);
        assert!(take_from(&live, 2) && take_from(&live, 2));
        assert!(!take_from(&live, 2), "the third is over a budget of two");
    }

    #[test]
    fn a_dropped_pack_gives_its_place_back() {
        // Other tests of this crate hold a few packs at a time, never a hundred.
        let held: Vec<[Bytes; 1]> = (0..100).map(|_| Pack::of([vec![5; 20_000]])).collect();
        assert!(held.iter().all(|[body]| find(body).is_some()));
        let while_held = LIVE_PACKS.load(Ordering::Relaxed);
        assert!(while_held >= 100, "{while_held} packs alive");
        drop(held);
        let after = LIVE_PACKS.load(Ordering::Relaxed);
        assert!(
            after + 90 <= while_held,
            "{after} packs alive after dropping 100 of {while_held}"
        );
    }

    #[test]
    fn a_packs_file_cannot_be_written() {
        let parts = Pack::of([vec![1; 20_000]]);
        let (mapped, _) = find(&parts[0]).unwrap();
        let mut file = &mapped.file;
        assert!(file.write_all(b"changed").is_err());
        assert!(file.set_len(10).is_err());
        assert_eq!(parts[0][0], 1);
    }
}
