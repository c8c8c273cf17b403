//! Change announcements, so that what an instance keeps in memory about objects (the hottest
//! image variants, `render::hot`) never outlives a write made through any instance:
//! - the writing transaction sends `NOTIFY claimbridge_storage, '<bucket>/<key>'` (or
//!   `'<bucket>'` for a whole bucket), which PostgreSQL delivers when it commits;
//! - the writer forgets on its own instance right after the commit, so its next answer is
//!   current before its notification comes back;
//! - every instance LISTENs on a dedicated connection and forgets on each notification; while
//!   that connection is down nothing is served from memory, and everything is forgotten when it
//!   is back (notifications sent meanwhile are lost).
use std::sync::Arc;

use cb_db::Heard;

use crate::StorageState;
use crate::error::StorageError;

pub(crate) const CHANNEL: &str = "claimbridge_storage";
/// PostgreSQL refuses payloads of 8000 bytes and more: a longer key announces its bucket.
const MAX_PAYLOAD: usize = 7900;
/// More keys than this in one statement announce their bucket instead.
const MAX_KEYS: usize = 100;

/// What a write changed.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Change<'a> {
    Object(&'a str, &'a str),
    Objects(&'a str, &'a [String]),
    Bucket(&'a str),
}

impl Change<'_> {
    fn payloads(&self) -> Vec<String> {
        let bucket_wide = |bucket: &str| vec![bucket.to_string()];
        match *self {
            Self::Object(bucket, key) => {
                let payload = format!("{bucket}/{key}");
                if payload.len() > MAX_PAYLOAD {
                    bucket_wide(bucket)
                } else {
                    vec![payload]
                }
            }
            Self::Objects(bucket, keys) => {
                if keys.len() > MAX_KEYS
                    || keys
                        .iter()
                        .any(|key| bucket.len() + key.len() + 1 > MAX_PAYLOAD)
                {
                    bucket_wide(bucket)
                } else {
                    keys.iter().map(|key| format!("{bucket}/{key}")).collect()
                }
            }
            Self::Bucket(bucket) => bucket_wide(bucket),
        }
    }
}

/// Tells every instance, inside the writing transaction (delivered at its commit; in a plain
/// connection, at once).
pub(crate) async fn announce(
    executor: impl sqlx::PgExecutor<'_>,
    change: Change<'_>,
) -> Result<(), StorageError> {
    sqlx::query("select pg_notify($1, payload) from unnest($2::text[]) as payload")
        .bind(CHANNEL)
        .bind(change.payloads())
        .execute(executor)
        .await?;
    Ok(())
}

/// Forgets on this instance (call it after the commit).
pub(crate) fn forget(state: &StorageState, change: Change<'_>) {
    let hot = state.renderer.hot();
    match change {
        Change::Object(bucket, key) => hot.forget_object(bucket, key),
        Change::Objects(bucket, keys) => {
            if keys.len() > MAX_KEYS {
                hot.forget_bucket(bucket);
            } else {
                for key in keys {
                    hot.forget_object(bucket, key);
                }
            }
        }
        Change::Bucket(bucket) => hot.forget_bucket(bucket),
    }
}

/// What one notification says.
fn heard(state: &StorageState, payload: &str) {
    match payload.split_once('/') {
        Some((bucket, key)) => forget(state, Change::Object(bucket, key)),
        None => forget(state, Change::Bucket(payload)),
    }
}

/// Listens until the pool closes.
pub(crate) fn spawn_listener(state: Arc<StorageState>) {
    if let Ok(runtime) = tokio::runtime::Handle::try_current() {
        runtime.spawn(async move { listen(&state).await });
    }
}

async fn listen(state: &StorageState) {
    // Variants are kept in memory only while every change is heard.
    cb_db::listen_until_closed(
        &state.pool,
        CHANNEL,
        "image variant cache",
        |event| match event {
            Heard::Listening => state.renderer.hot().set_listening(true),
            Heard::Notified(payload) => heard(state, payload),
            Heard::NotListening => state.renderer.hot().set_listening(false),
        },
    )
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_name_the_object_or_its_bucket() {
        assert_eq!(Change::Object("b", "a/c.png").payloads(), ["b/a/c.png"]);
        assert_eq!(Change::Bucket("b").payloads(), ["b"]);
        let keys: Vec<String> = vec!["x".into(), "y/z".into()];
        assert_eq!(Change::Objects("b", &keys).payloads(), ["b/x", "b/y/z"]);
        let many: Vec<String> = (0..=MAX_KEYS).map(|i| i.to_string()).collect();
        assert_eq!(Change::Objects("b", &many).payloads(), ["b"]);
        let long = "k".repeat(MAX_PAYLOAD);
        assert_eq!(Change::Object("b", &long).payloads(), ["b"]);
    }
}
