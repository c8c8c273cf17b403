//! What answering a stored file over HTTP needs, shared by the website's files (`cb_site`) and
//! Storage's objects (`cb_storage`): the one byte range a `Range` header asks for, and the
//! precision of `Last-Modified`. Pure functions.
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// An inclusive byte range, as `Content-Range` writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ByteRange {
    pub start: u64,
    pub end: u64,
}

impl ByteRange {
    pub fn len(&self) -> u64 {
        self.end - self.start + 1
    }

    pub fn is_empty(&self) -> bool {
        self.end < self.start
    }
}

/// What a `Range` header asks of a body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeRequest {
    /// Nothing this server answers (another unit, bad syntax, several ranges): the whole body
    /// goes out, as RFC 9110 §14.2 allows; multipart ranges are not served.
    Full,
    Partial(ByteRange),
    /// No byte of it exists (416).
    Unsatisfiable,
}

/// The one byte range of a `Range` header (RFC 9110 §14.1.2) over `size` bytes: `bytes=a-b`,
/// `bytes=a-` or `bytes=-n`, with optional whitespace around the range (the header's list
/// syntax allows it). A last position past the end, however large, stops at the end.
pub fn byte_range(value: &str, size: u64) -> RangeRequest {
    let Some(spec) = value.trim().strip_prefix("bytes=") else {
        return RangeRequest::Full;
    };
    let Some((first, last)) = spec.split_once('-') else {
        return RangeRequest::Full;
    };
    if last.contains(',') {
        return RangeRequest::Full;
    }
    let (first, last) = (first.trim(), last.trim());
    let number = |text: &str| -> Option<u64> {
        (!text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit()))
            // Digits beyond u64 are beyond any body.
            .then(|| text.parse().unwrap_or(u64::MAX))
    };
    if first.is_empty() {
        // The last n bytes.
        return match number(last) {
            Some(suffix) if suffix > 0 && size > 0 => RangeRequest::Partial(ByteRange {
                start: size.saturating_sub(suffix),
                end: size - 1,
            }),
            Some(_) => RangeRequest::Unsatisfiable,
            None => RangeRequest::Full,
        };
    }
    let Some(start) = number(first) else {
        return RangeRequest::Full;
    };
    let end = if last.is_empty() {
        u64::MAX
    } else {
        match number(last) {
            Some(end) if end >= start => end,
            _ => return RangeRequest::Full,
        }
    };
    if start >= size {
        return RangeRequest::Unsatisfiable;
    }
    RangeRequest::Partial(ByteRange {
        start,
        end: end.min(size - 1),
    })
}

/// A modification time at `Last-Modified`'s precision: changed within a second is unchanged
/// since that second.
pub fn whole_seconds(time: SystemTime) -> SystemTime {
    let seconds = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    UNIX_EPOCH + Duration::from_secs(seconds)
}

#[cfg(test)]
mod tests {
    use super::*;
    use RangeRequest::{Full, Partial, Unsatisfiable};

    fn part(start: u64, end: u64) -> RangeRequest {
        Partial(ByteRange { start, end })
    }

    #[test]
    fn one_range_is_served_clamped_to_the_body() {
        for (header, expected) in [
            ("bytes=0-0", part(0, 0)),
            ("bytes=0-9", part(0, 9)),
            ("bytes=90-", part(90, 99)),
            ("bytes=-10", part(90, 99)),
            ("bytes=-1000", part(0, 99)),
            ("bytes=50-1000", part(50, 99)),
            ("bytes=99-99", part(99, 99)),
            ("bytes=8-99999999999999999999999", part(8, 99)),
            ("bytes=0-18446744073709551616", part(0, 99)),
        ] {
            assert_eq!(byte_range(header, 100), expected, "{header}");
        }
    }

    #[test]
    fn whitespace_around_the_range_is_allowed() {
        for header in [" bytes=2-5 ", "bytes= 2-5", "bytes=2 - 5", "bytes=2-5\t"] {
            assert_eq!(byte_range(header, 100), part(2, 5), "{header:?}");
        }
        assert_eq!(byte_range("bytes= -3", 100), part(97, 99));
        // Inside a number it is not a number.
        assert_eq!(byte_range("bytes=1 0-20", 100), Full);
        assert_eq!(byte_range("bytes =0-1", 100), Full);
    }

    #[test]
    fn ranges_past_the_end_are_unsatisfiable() {
        for header in [
            "bytes=100-",
            "bytes=100-200",
            "bytes=99999999999999999999999-",
            "bytes=-0",
        ] {
            assert_eq!(byte_range(header, 100), Unsatisfiable, "{header}");
        }
        assert_eq!(
            byte_range("bytes=0-", 0),
            Unsatisfiable,
            "no byte of an empty body exists"
        );
        assert_eq!(byte_range("bytes=-5", 0), Unsatisfiable);
    }

    #[test]
    fn anything_else_is_the_whole_body() {
        for header in [
            "bytes=5-4",
            "bytes=0-1,3-4",
            "bytes=0-1, 3-4",
            "items=0-1",
            "lines=0-1",
            "bytes=a-b",
            "bytes=a-",
            "bytes=-",
            "bytes=+1-2",
            "bytes=0x1-2",
            "bytes=1",
            "",
        ] {
            assert_eq!(byte_range(header, 100), Full, "{header}");
        }
    }

    #[test]
    fn modification_times_drop_their_fraction_of_a_second() {
        let time = UNIX_EPOCH + Duration::from_millis(1_700_000_000_999);
        assert_eq!(
            whole_seconds(time),
            UNIX_EPOCH + Duration::from_secs(1_700_000_000)
        );
        assert_eq!(
            whole_seconds(UNIX_EPOCH - Duration::from_secs(1)),
            UNIX_EPOCH
        );
    }
}
