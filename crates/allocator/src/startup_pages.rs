//! The binary's pages that only starting used, given back once the server serves.
//!
//! The kernel counts every page of the binary's code and constants that the process has touched
//! in its resident set, with its neighbours (it maps up to 64 kB around each fault), and leaves
//! them mapped. Starting runs far more of the binary than serving does: the cluster's setup, the
//! migrations and their checksums, the seed, the schema cache, compiling the server bundle. Under
//! the benchmarks' load the server used 3 MB of the 23 MB of its code and constants it had mapped
//! by then (tests/bench/rest/README.md). Once it has started, it drops its mappings of the
//! binary's read-only segments: their pages stay in the page cache, and those serving needs are
//! mapped again at their next use, a minor fault each.

use std::ffi::{c_int, c_void};

/// Drops the process's mappings of the executable's read-only segments (code, constants,
/// symbol and relocation tables), which nothing ever writes, so only their page-table entries
/// go. The writable segment (data, and the part the loader relocated and then made read-only)
/// is left alone: dropping it would lose what was written. Returns the bytes the advice covered.
pub fn release_startup_pages() -> usize {
    let mut released = 0usize;
    // SAFETY: dl_iterate_phdr calls `each_object` with valid program headers and our `data`
    // pointer, which points at `released` for the whole call; the loop stops after the first
    // object, the executable.
    #[allow(unsafe_code)]
    unsafe {
        libc::dl_iterate_phdr(Some(each_object), (&raw mut released).cast::<c_void>());
    }
    released
}

/// Advises away the read-only loadable segments of the first object (the executable).
#[allow(unsafe_code)]
unsafe extern "C" fn each_object(
    info: *mut libc::dl_phdr_info,
    _size: libc::size_t,
    data: *mut c_void,
) -> c_int {
    // SAFETY: the loader passes a valid `dl_phdr_info` whose `dlpi_phdr` holds `dlpi_phnum`
    // headers, and `data` is `release_startup_pages`'s `released`.
    let (info, released) = unsafe { (&*info, &mut *data.cast::<usize>()) };
    let headers =
        unsafe { std::slice::from_raw_parts(info.dlpi_phdr, usize::from(info.dlpi_phnum)) };
    // SAFETY: sysconf only reads a constant of the system.
    let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
    for header in headers {
        if header.p_type != libc::PT_LOAD || header.p_flags & libc::PF_W != 0 {
            continue;
        }
        let Ok(start) = usize::try_from(info.dlpi_addr + header.p_vaddr) else {
            continue;
        };
        let Ok(length) = usize::try_from(header.p_memsz) else {
            continue;
        };
        // Only whole pages inside the segment: a page it shares with a writable one stays.
        let first = start.div_ceil(page) * page;
        let end = (start + length) / page * page;
        if end <= first {
            continue;
        }
        // SAFETY: [first, end) lies inside a segment mapped read-only from the executable's
        // file and never written, so MADV_DONTNEED only drops page-table entries: the next
        // access maps the file's same bytes again.
        if unsafe { libc::madvise(first as *mut c_void, end - first, libc::MADV_DONTNEED) } == 0 {
            *released += end - first;
        }
    }
    // Stop after the executable: shared libraries are not ours to trim.
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Resident kilobytes of the executable's code mappings (`r-xp` lines of /proc/self/smaps).
    fn resident_code_kb() -> u64 {
        let exe = std::fs::read_link("/proc/self/exe").unwrap();
        let exe = exe.to_string_lossy().into_owned();
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let mut in_code = false;
        let mut total = 0;
        for line in smaps.lines() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields.first().is_some_and(|range| range.contains('-')) && fields.len() >= 5 {
                in_code = fields[1] == "r-xp" && fields.get(5) == Some(&exe.as_str());
            } else if in_code && fields.first() == Some(&"Rss:") {
                total += fields[1].parse::<u64>().unwrap();
            }
        }
        total
    }

    /// The code's mappings go, and the program goes on running: formatting (vtables in the
    /// relocated segment) and code not run since are still there.
    #[test]
    fn the_code_mappings_are_dropped_and_the_program_runs_on() {
        let before = resident_code_kb();
        assert!(before > 0, "no code mapping found");
        let released = release_startup_pages();
        let after = resident_code_kb();
        assert!(released > 0, "nothing was advised");
        assert!(
            after < before,
            "resident code {before} kB before, {after} kB after"
        );
        let words: Vec<String> = ["claims", "denials"]
            .iter()
            .map(|word| format!("{word:>8}"))
            .collect();
        assert_eq!(words.join("|"), "  claims| denials");
    }
}
