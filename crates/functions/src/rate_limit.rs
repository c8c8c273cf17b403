//! Sliding-window rate limits kept in PostgreSQL (`private.rate_limit_hits`), so every instance
//! behind a load balancer counts the same hits. `private.rate_limit_take` checks and records a hit
//! atomically (an advisory lock per scope and key), in one round trip.
use std::time::Duration;

use cb_db::sqlx::{self, PgPool};

/// At most `max` hits per `window`; `max == 0` turns the limit off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    pub max: u32,
    pub window: Duration,
}

impl RateLimit {
    pub const OFF: Self = Self {
        max: 0,
        window: Duration::from_secs(1),
    };

    pub const fn new(max: u32, window_secs: u64) -> Self {
        Self {
            max,
            window: Duration::from_secs(window_secs),
        }
    }

    /// `"5/10m"`, `"3/1h"`, `"10/900"` (seconds), `"20/30s"`; `"off"` or `"0"` disables.
    pub fn parse(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("off") || text == "0" {
            return Ok(Self::OFF);
        }
        let usage =
            || format!("'{text}' is not a limit like 5/10m (count/window, window in s, m or h)");
        let (count, window) = text.split_once('/').ok_or_else(usage)?;
        let max: u32 = count.trim().parse().map_err(|_| usage())?;
        let window = window.trim();
        let (number, unit) = match window.char_indices().last() {
            Some((index, unit @ ('s' | 'm' | 'h' | 'd'))) => (&window[..index], unit),
            _ => (window, 's'),
        };
        let number: u64 = number.trim().parse().map_err(|_| usage())?;
        let seconds = number
            * match unit {
                'm' => 60,
                'h' => 3600,
                'd' => 86_400,
                _ => 1,
            };
        if seconds == 0 {
            return Err(usage());
        }
        Ok(Self {
            max,
            window: Duration::from_secs(seconds),
        })
    }

    pub fn is_off(&self) -> bool {
        self.max == 0
    }
}

/// Records a hit for `(scope, key)` if the limit allows it. `Ok(None)`: allowed and counted;
/// `Ok(Some(seconds))`: refused, retry after that long.
pub(crate) async fn take(
    pool: &PgPool,
    scope: &str,
    key: &str,
    limit: RateLimit,
) -> Result<Option<u64>, sqlx::Error> {
    if limit.is_off() {
        return Ok(None);
    }
    let retry_after: i32 =
        sqlx::query_scalar("select private.rate_limit_take($1, $2, $3, make_interval(secs => $4))")
            .bind(scope)
            .bind(key)
            .bind(i32::try_from(limit.max).unwrap_or(i32::MAX))
            .bind(limit.window.as_secs_f64())
            .fetch_one(pool)
            .await?;
    Ok((retry_after > 0).then_some(retry_after as u64))
}

/// Forgets the hits of `(scope, key)` (a successful login clears its failures).
pub(crate) async fn clear(pool: &PgPool, scope: &str, key: &str) -> Result<(), sqlx::Error> {
    sqlx::query("delete from private.rate_limit_hits where scope = $1 and key = $2")
        .bind(scope)
        .bind(key)
        .execute(pool)
        .await?;
    Ok(())
}

/// "in 42 seconds", "in 5 minutes".
pub(crate) fn wait_text(seconds: u64) -> String {
    if seconds < 90 {
        format!("{seconds} second{}", if seconds == 1 { "" } else { "s" })
    } else {
        let minutes = seconds.div_ceil(60);
        format!("{minutes} minutes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_parse_with_units() {
        assert_eq!(RateLimit::parse("5/10m").unwrap(), RateLimit::new(5, 600));
        assert_eq!(RateLimit::parse("3/1h").unwrap(), RateLimit::new(3, 3600));
        assert_eq!(
            RateLimit::parse(" 10 / 900 ").unwrap(),
            RateLimit::new(10, 900)
        );
        assert_eq!(RateLimit::parse("2/1d").unwrap(), RateLimit::new(2, 86_400));
        assert!(RateLimit::parse("off").unwrap().is_off());
        assert!(RateLimit::parse("0").unwrap().is_off());
        for bad in ["5", "five/10m", "5/0", "5/10x", "/10m", "-1/10m"] {
            assert!(RateLimit::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn waits_read_naturally() {
        assert_eq!(wait_text(1), "1 second");
        assert_eq!(wait_text(42), "42 seconds");
        assert_eq!(wait_text(600), "10 minutes");
        assert_eq!(wait_text(61 * 60), "61 minutes");
    }
}
