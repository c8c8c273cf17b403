//! What a receiver's HTTP status means for a webhook delivery.

/// What an HTTP status means for a delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Outcome {
    Delivered,
    /// Worth another try (5xx, 408, 429, 3xx, network errors).
    Retry,
    /// The receiver refuses this lead for good (other 4xx).
    Rejected,
}

pub(super) fn outcome(status: u16) -> Outcome {
    match status {
        200..=299 => Outcome::Delivered,
        408 | 429 => Outcome::Retry,
        400..=499 => Outcome::Rejected,
        _ => Outcome::Retry,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_map_to_outcomes() {
        assert_eq!(outcome(200), Outcome::Delivered);
        assert_eq!(outcome(204), Outcome::Delivered);
        assert_eq!(outcome(500), Outcome::Retry);
        assert_eq!(outcome(503), Outcome::Retry);
        assert_eq!(outcome(429), Outcome::Retry);
        assert_eq!(outcome(408), Outcome::Retry);
        assert_eq!(outcome(301), Outcome::Retry);
        assert_eq!(outcome(400), Outcome::Rejected);
        assert_eq!(outcome(410), Outcome::Rejected);
    }
}
