//! When to try a failed job again: exponential backoff (the base, then twice as long each
//! time, capped) with jitter in the upper half, so a recovering receiver is not hit by every
//! instance at once; a receiver's Retry-After is honoured when it asks for longer.
use std::time::Duration;

use rand::Rng;

/// The wait before attempt `attempts + 1`, after `attempts` failed ones (>= 1).
pub(crate) fn next_delay(
    attempts: u32,
    base: Duration,
    max: Duration,
    retry_after: Option<Duration>,
) -> Duration {
    let exponent = attempts.saturating_sub(1).min(30);
    let full = base.checked_mul(1u32 << exponent).unwrap_or(max).min(max);
    let millis = full.as_millis() as u64;
    let jittered = if millis < 2 {
        full
    } else {
        Duration::from_millis(rand::rng().random_range(millis / 2..=millis))
    };
    match retry_after {
        Some(asked) if asked > jittered => asked.min(max),
        _ => jittered,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_grow_then_cap_with_jitter_in_the_upper_half() {
        let base = Duration::from_secs(5);
        let max = Duration::from_secs(6 * 3600);
        for attempts in 1..40 {
            let full = (base * 2u32.pow((attempts - 1).min(20))).min(max);
            let delay = next_delay(attempts, base, max, None);
            assert!(delay <= full && delay >= full / 2, "{attempts}: {delay:?}");
        }
        assert!(next_delay(100, base, max, None) >= max / 2);
    }

    #[test]
    fn retry_after_is_honoured_up_to_the_cap() {
        let base = Duration::from_secs(1);
        let max = Duration::from_secs(60);
        assert_eq!(
            next_delay(1, base, max, Some(Duration::from_secs(30))),
            Duration::from_secs(30)
        );
        assert_eq!(
            next_delay(1, base, max, Some(Duration::from_secs(3600))),
            max
        );
    }
}
