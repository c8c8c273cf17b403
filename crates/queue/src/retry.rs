//! What an attempt's result means for its job: done, another try after a backoff, or the dead
//! letter (refused for good, or the next try would come after the job's age limit).
use std::time::Duration;

use crate::State;
use crate::backoff::next_delay;

/// How a queue retries: `base`, then twice as long each time up to `max` (with jitter); a job
/// still failing when its next try would come more than `max_age` after it began is given up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    pub base: Duration,
    pub max: Duration,
    pub max_age: Duration,
}

/// How an attempt went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attempt {
    Succeeded,
    /// Worth another try; `retry_after` is the least wait the other side asked for.
    Failed {
        error: String,
        retry_after: Option<Duration>,
    },
    /// Refused for good: straight to the dead letter.
    Refused {
        error: String,
    },
    /// Not to be done any more, for `reason`.
    Cancelled {
        reason: String,
    },
}

/// What a queue records for an attempt: the job's new state, the error, and when it is due again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub state: State,
    pub error: Option<String>,
    /// Set for a retry: the job is pending again, due after this wait.
    pub retry_in: Option<Duration>,
}

impl RetryPolicy {
    /// The verdict on attempt number `attempts` (1 for the first) of a job `age_secs` old.
    pub fn verdict(&self, attempt: Attempt, attempts: i32, age_secs: f64) -> Verdict {
        let settled = |state, error| Verdict {
            state,
            error,
            retry_in: None,
        };
        match attempt {
            Attempt::Succeeded => settled(State::Done, None),
            Attempt::Refused { error } => settled(State::Failed, Some(error)),
            Attempt::Cancelled { reason } => settled(State::Cancelled, Some(reason)),
            Attempt::Failed { error, retry_after } => {
                let failures = u32::try_from(attempts).unwrap_or(1).max(1);
                let delay = next_delay(failures, self.base, self.max, retry_after);
                if age_secs + delay.as_secs_f64() > self.max_age.as_secs_f64() {
                    settled(State::Failed, Some(error))
                } else {
                    Verdict {
                        state: State::Pending,
                        error: Some(error),
                        retry_in: Some(delay),
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POLICY: RetryPolicy = RetryPolicy {
        base: Duration::from_secs(5),
        max: Duration::from_secs(3600),
        max_age: Duration::from_secs(72 * 3600),
    };

    fn failed() -> Attempt {
        Attempt::Failed {
            error: "HTTP 503".into(),
            retry_after: None,
        }
    }

    #[test]
    fn a_success_is_done_and_clears_the_error() {
        assert_eq!(
            POLICY.verdict(Attempt::Succeeded, 3, 60.0),
            Verdict {
                state: State::Done,
                error: None,
                retry_in: None
            }
        );
    }

    #[test]
    fn a_failure_is_retried_after_a_growing_backoff() {
        let first = POLICY.verdict(failed(), 1, 0.0);
        assert_eq!(first.state, State::Pending);
        assert_eq!(first.error.as_deref(), Some("HTTP 503"));
        let wait = first.retry_in.unwrap();
        assert!(wait >= Duration::from_millis(2500) && wait <= Duration::from_secs(5));
        let fifth = POLICY.verdict(failed(), 5, 0.0).retry_in.unwrap();
        assert!(fifth >= Duration::from_secs(40) && fifth <= Duration::from_secs(80));
    }

    #[test]
    fn the_other_sides_retry_after_is_honoured() {
        let verdict = POLICY.verdict(
            Attempt::Failed {
                error: "HTTP 429".into(),
                retry_after: Some(Duration::from_secs(600)),
            },
            1,
            0.0,
        );
        assert_eq!(verdict.retry_in, Some(Duration::from_secs(600)));
    }

    #[test]
    fn a_failure_whose_retry_would_pass_the_age_limit_is_given_up() {
        let old = POLICY.max_age.as_secs_f64() - 1.0;
        let verdict = POLICY.verdict(failed(), 1, old);
        assert_eq!(verdict.state, State::Failed);
        assert_eq!(verdict.retry_in, None);
    }

    #[test]
    fn a_refusal_is_a_dead_letter_at_once_and_a_cancel_keeps_its_reason() {
        let refused = POLICY.verdict(
            Attempt::Refused {
                error: "HTTP 410".into(),
            },
            1,
            0.0,
        );
        assert_eq!((refused.state, refused.retry_in), (State::Failed, None));
        let cancelled = POLICY.verdict(
            Attempt::Cancelled {
                reason: "marked as spam before it was sent".into(),
            },
            1,
            0.0,
        );
        assert_eq!(cancelled.state, State::Cancelled);
        assert_eq!(
            cancelled.error.as_deref(),
            Some("marked as spam before it was sent")
        );
    }
}
