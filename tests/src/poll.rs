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

/// Polls `collected` every `every` until it holds at least `count` items (what a sink or a
/// receiver got) and returns them; fails the test when `within` has passed, saying how many of
/// `what` arrived.
pub async fn at_least<T>(
    count: usize,
    within: Duration,
    every: Duration,
    what: &str,
    collected: impl Fn() -> Vec<T>,
) -> Vec<T> {
    eventually(within, every, async || {
        let items = collected();
        if items.len() >= count {
            return Ok(items);
        }
        Err(format!(
            "{} {what} arrived, not {count}, within {within:?}",
            items.len()
        ))
    })
    .await
}
