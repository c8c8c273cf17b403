//! The wall clock as unix seconds, which captcha expiries and webhook signatures speak.
use std::time::{SystemTime, UNIX_EPOCH};

pub(crate) fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs() as i64)
        .unwrap_or_default()
}
