//! Rate limits. Per client IP, in this instance's memory, as GoTrue keeps them (a flood is
//! refused before it reaches the database); failed password sign-ins per account in PostgreSQL,
//! so every instance counts them and a lockout holds across instances.
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::PgPool;

use crate::{AuthError, Rate, RateLimits};

/// What a per-IP limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Bucket {
    SignIn,
    Refresh,
    Verify,
    Anonymous,
    /// Requests that send an email (signup, recover, otp, resend, reauthenticate), per IP; the
    /// project-wide email budget is [`Limits::email`].
    EmailRequest,
}

impl Bucket {
    /// The configured limit this bucket counts against (`[auth.rate_limit]`).
    pub(crate) fn rate(self, limits: &RateLimits) -> Rate {
        match self {
            // GoTrue counts the email-sending requests under sign-ins and sign-ups too.
            Bucket::SignIn | Bucket::EmailRequest => limits.sign_in_sign_ups,
            Bucket::Refresh => limits.token_refresh,
            Bucket::Verify => limits.token_verifications,
            Bucket::Anonymous => limits.anonymous_users,
        }
    }
}

/// The open window of each (bucket, client address).
type Windows = HashMap<(Bucket, Option<IpAddr>), Window>;

#[derive(Debug, Clone, Copy)]
struct Window {
    started: Instant,
    count: u32,
}

/// Fixed windows per (bucket, IP) and one project-wide window for emails.
#[derive(Debug, Clone, Default)]
pub(crate) struct Limits {
    windows: Arc<Mutex<Windows>>,
    email: Arc<Mutex<Option<Window>>>,
}

impl Limits {
    /// Counts one request; refuses it (429 `over_request_rate_limit`) past `rate`.
    pub(crate) fn take(
        &self,
        bucket: Bucket,
        ip: Option<IpAddr>,
        rate: Rate,
    ) -> Result<(), AuthError> {
        let now = Instant::now();
        let mut windows = self.windows.lock().unwrap_or_else(|e| e.into_inner());
        // Forget finished windows now and then so memory stays bounded under many addresses.
        if windows.len() > 50_000 {
            windows.retain(|_, window| now.duration_since(window.started) < rate.per);
        }
        let window = windows.entry((bucket, ip)).or_insert(Window {
            started: now,
            count: 0,
        });
        step(window, now, rate).map_err(AuthError::rate_limited)
    }

    /// Counts one email against the project's hourly budget (429 `over_email_send_rate_limit`).
    pub(crate) fn take_email(&self, rate: Rate) -> Result<(), AuthError> {
        let now = Instant::now();
        let mut email = self.email.lock().unwrap_or_else(|e| e.into_inner());
        let window = email.get_or_insert(Window {
            started: now,
            count: 0,
        });
        step(window, now, rate).map_err(|retry| {
            AuthError::too_many(
                "over_email_send_rate_limit",
                "Email rate limit exceeded",
                retry,
            )
        })
    }
}

/// Advances a window by one event: Err(seconds until it frees) when full.
fn step(window: &mut Window, now: Instant, rate: Rate) -> Result<(), u64> {
    if now.duration_since(window.started) >= rate.per {
        *window = Window {
            started: now,
            count: 0,
        };
    }
    if window.count >= rate.count {
        let left = rate.per.saturating_sub(now.duration_since(window.started));
        return Err(left.as_secs().max(1));
    }
    window.count += 1;
    Ok(())
}

/// Seconds until `account` may try a password again, if it is locked now.
pub(crate) async fn account_locked(
    pool: &PgPool,
    account: &str,
    rate: Rate,
) -> Result<Option<u64>, AuthError> {
    let window = interval(rate.per);
    let oldest_counted: Option<f64> = sqlx::query_scalar(
        "select extract(epoch from (failed_at + $3::interval - now()))::float8
           from claimbridge.auth_sign_in_failures
          where account = $1 and failed_at > now() - $3::interval
          order by failed_at desc
          offset $2 - 1 limit 1",
    )
    .bind(account)
    .bind(i64::from(rate.count.max(1)))
    .bind(window)
    .fetch_optional(pool)
    .await?;
    Ok(oldest_counted.map(|seconds| seconds.ceil().max(1.0) as u64))
}

/// Records a failed password for `account` (and forgets failures older than a day).
pub(crate) async fn record_failure(pool: &PgPool, account: &str) -> Result<(), AuthError> {
    sqlx::query(
        "with gone as (delete from claimbridge.auth_sign_in_failures
                        where failed_at < now() - interval '1 day')
         insert into claimbridge.auth_sign_in_failures (account) values ($1)",
    )
    .bind(account)
    .execute(pool)
    .await?;
    Ok(())
}

/// A successful sign-in clears the account's failures.
pub(crate) async fn clear_failures(pool: &PgPool, account: &str) -> Result<(), AuthError> {
    sqlx::query("delete from claimbridge.auth_sign_in_failures where account = $1")
        .bind(account)
        .execute(pool)
        .await?;
    Ok(())
}

/// A duration as PostgreSQL interval text.
fn interval(duration: Duration) -> String {
    format!("{} seconds", duration.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_refuses_past_its_count_then_frees() {
        let limits = Limits::default();
        let rate = Rate::new(2, Duration::from_millis(200));
        let ip = Some(IpAddr::from([192, 0, 2, 1]));
        assert!(limits.take(Bucket::SignIn, ip, rate).is_ok());
        assert!(limits.take(Bucket::SignIn, ip, rate).is_ok());
        let refused = limits.take(Bucket::SignIn, ip, rate).unwrap_err();
        assert_eq!(refused.code, "over_request_rate_limit");
        assert!(
            limits
                .take(Bucket::SignIn, Some(IpAddr::from([192, 0, 2, 2])), rate)
                .is_ok(),
            "other addresses have their own window"
        );
        assert!(limits.take(Bucket::Refresh, ip, rate).is_ok());
        std::thread::sleep(Duration::from_millis(250));
        assert!(limits.take(Bucket::SignIn, ip, rate).is_ok());
    }
}
