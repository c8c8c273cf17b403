//! Waiting in a test for what the server does in the background (a reload, a delivery, a
//! notification from another instance), with a deadline that fails the test.
use std::time::{Duration, Instant};

/// Calls `attempt` every `every` until it gives `Ok`, and returns that value; when `within` has
/// passed, fails the test with the last attempt's `Err` (which says what never happened).
pub async fn eventually<T>(
    within: Duration,
    every: Duration,
    mut attempt: impl AsyncFnMut() -> Result<T, String>,
) -> T {
    let deadline = Instant::now() + within;
    loop {
        match attempt().await {
            Ok(value) => return value,
            Err(why) => assert!(Instant::now() < deadline, "{why}"),
        }
        tokio::time::sleep(every).await;
    }
}
