//! Server-Timing (PostgREST's `server-timing-enabled`): how long a request spent in each of
//! PostgREST's stages, written as PostgREST writes it, in milliseconds with one decimal:
//! `jwt;dur=0.1, parse;dur=0.0, plan;dur=0.1, transaction;dur=1.2, response;dur=0.0`.
//!
//! * jwt: the caller (token, audience, role);
//! * parse: the URL, headers and body (a compiled read: finding it);
//! * plan: planning and writing the SQL, up to the first transaction;
//! * transaction: from the first transaction's start (a connection, the scope, the statements)
//!   to the end of the last;
//! * response: the rest, rendering the response. An answer without a transaction (OPTIONS)
//!   spends all of it here.
//!
//! Only successful responses carry it, as with PostgREST. Waiting for a turn (the per-client
//! limit) is in no stage. Off, none of this runs.
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use http::HeaderValue;

/// When a request's stages began and ended, as nanoseconds since it started (0: not yet).
/// Atomics, because the transaction runner marks them through a shared reference.
pub(super) struct Stages {
    started: Instant,
    marks: [AtomicU64; MARKS],
}

/// The moments [`Stages`] keeps.
#[derive(Debug, Clone, Copy)]
pub(super) enum Mark {
    CallerResolved,
    TurnTaken,
    Parsed,
    /// The first transaction's start: later ones leave it alone.
    TransactionStarted,
    /// The last transaction's end.
    TransactionEnded,
}

const MARKS: usize = 5;

impl Stages {
    pub(super) fn start() -> Self {
        Stages {
            started: Instant::now(),
            marks: Default::default(),
        }
    }

    pub(super) fn mark(&self, mark: Mark) {
        // At least 1: 0 means not yet.
        let now = (self.started.elapsed().as_nanos() as u64).max(1);
        let slot = &self.marks[mark as usize];
        match mark {
            Mark::TransactionStarted => {
                let _ = slot.compare_exchange(0, now, Ordering::Relaxed, Ordering::Relaxed);
            }
            _ => slot.store(now, Ordering::Relaxed),
        }
    }

    fn at(&self, mark: Mark) -> Option<u64> {
        Some(self.marks[mark as usize].load(Ordering::Relaxed)).filter(|&nanos| nanos > 0)
    }

    /// The header's value, the request ending now.
    pub(super) fn header(&self) -> HeaderValue {
        let end = self.started.elapsed().as_nanos() as u64;
        let resolved = self.at(Mark::CallerResolved).unwrap_or(0);
        let turn = self.at(Mark::TurnTaken).unwrap_or(resolved);
        let parsed = self.at(Mark::Parsed).unwrap_or(turn);
        // Without a transaction, the stages between parsing and the response take no time.
        let tx_start = self.at(Mark::TransactionStarted).unwrap_or(parsed);
        let tx_end = self.at(Mark::TransactionEnded).unwrap_or(tx_start);
        render([
            resolved,
            parsed.saturating_sub(turn),
            tx_start.saturating_sub(parsed),
            tx_end.saturating_sub(tx_start),
            end.saturating_sub(tx_end),
        ])
    }
}

/// `jwt;dur=…, parse;dur=…, plan;dur=…, transaction;dur=…, response;dur=…` for these
/// durations in nanoseconds.
fn render(nanos: [u64; 5]) -> HeaderValue {
    use std::fmt::Write as _;
    let mut text = String::with_capacity(96);
    for (i, (name, nanos)) in ["jwt", "parse", "plan", "transaction", "response"]
        .into_iter()
        .zip(nanos)
        .enumerate()
    {
        if i > 0 {
            text.push_str(", ");
        }
        let _ = write!(text, "{name};dur={:.1}", nanos as f64 / 1e6);
    }
    // Only ASCII was written.
    HeaderValue::from_str(&text).unwrap_or(HeaderValue::from_static(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_milliseconds_with_one_decimal_in_postgrests_order() {
        assert_eq!(
            render([400_000, 500_000, 100_000, 200_000, 300_000]),
            "jwt;dur=0.4, parse;dur=0.5, plan;dur=0.1, transaction;dur=0.2, response;dur=0.3"
        );
        assert_eq!(
            render([0, 14_949_000, 1_000_000_000, 20, 1_234_567]),
            "jwt;dur=0.0, parse;dur=14.9, plan;dur=1000.0, transaction;dur=0.0, response;dur=1.2"
        );
    }

    #[test]
    fn stages_are_the_spans_between_marks() {
        let stages = Stages::start();
        let header = || stages.header().to_str().unwrap().to_owned();
        // No mark yet: all the time is the response's.
        assert!(header().starts_with(
            "jwt;dur=0.0, parse;dur=0.0, plan;dur=0.0, transaction;dur=0.0, response;dur="
        ));
        for mark in [
            Mark::CallerResolved,
            Mark::TurnTaken,
            Mark::Parsed,
            Mark::TransactionStarted,
        ] {
            std::thread::sleep(std::time::Duration::from_millis(2));
            stages.mark(mark);
        }
        let first_start = stages.at(Mark::TransactionStarted);
        std::thread::sleep(std::time::Duration::from_millis(2));
        stages.mark(Mark::TransactionStarted);
        assert_eq!(
            stages.at(Mark::TransactionStarted),
            first_start,
            "the first start stays"
        );
        stages.mark(Mark::TransactionEnded);
        let durations: Vec<f64> = header()
            .split(", ")
            .map(|metric| metric.split_once(";dur=").unwrap().1.parse().unwrap())
            .collect();
        // jwt, parse (the turn's 2 ms are in no stage), plan and transaction (from its first
        // start, else it would be ~0): ~2 ms each; response: what is left.
        assert_eq!(durations.len(), 5);
        for stage in &durations[..4] {
            assert!(*stage >= 1.9, "{durations:?}");
        }
    }
}
