//! The `storage` schema: every SQL statement of the Storage API. Rows are read and written
//! either as the server (bucket routing, public reads, signed URLs) or as the caller inside a
//! role-scoped transaction ([`begin`]), so the policies on storage.buckets and storage.objects
//! decide exactly as on Supabase. One module per job: buckets, objects, uploads, listings.
use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::Value;
use sqlx::{PgConnection, PgPool, Postgres, Transaction};
use uuid::Uuid;

use crate::auth::Identity;
use crate::error::StorageError;

mod buckets;
mod list;
mod objects;
mod uploads;

pub(crate) use buckets::*;
pub(crate) use list::*;
pub(crate) use objects::*;
pub(crate) use uploads::*;

pub(crate) type Tx = Transaction<'static, Postgres>;

/// ISO-8601 with milliseconds and `Z`, as Storage (node) serialises timestamps.
pub(crate) fn timestamp(value: Option<DateTime<Utc>>) -> Value {
    value.map_or(Value::Null, |at| {
        Value::String(at.to_rfc3339_opts(SecondsFormat::Millis, true))
    })
}

/// Begins a transaction as the caller (role, claims, request facts) and sets the Storage
/// operation name that `storage.operation()` returns inside policies.
pub(crate) async fn begin(
    pool: &PgPool,
    identity: &Identity,
    operation: &str,
    read_only: bool,
) -> Result<Tx, StorageError> {
    let mut tx = cb_db::begin_scoped(pool, &identity.context, read_only).await?;
    sqlx::query("select set_config('storage.operation', $1, true)")
        .bind(operation)
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}

/// Serialises writers of one key (in this transaction) so row and bytes always agree.
pub(crate) async fn lock_key(
    conn: &mut PgConnection,
    bucket: &str,
    name: &str,
) -> Result<(), StorageError> {
    sqlx::query("select pg_advisory_xact_lock(hashtextextended($1 || '/' || $2, 0))")
        .bind(bucket)
        .bind(name)
        .execute(conn)
        .await?;
    Ok(())
}

/// A failed statement's error, a duplicate key named for what this statement found taken
/// (a bucket id, an object key).
fn duplicate_means(taken: StorageError) -> impl FnOnce(sqlx::Error) -> StorageError {
    move |err| match StorageError::from_db(&err) {
        StorageError::ResourceAlreadyExists => taken,
        other => other,
    }
}

/// The SQL of a sort direction.
fn direction(descending: bool) -> &'static str {
    if descending { "desc" } else { "asc" }
}

/// The owner's id as a uuid column takes it (a `sub` that is not a uuid has none).
fn owner_uuid(owner: Option<&str>) -> Option<Uuid> {
    owner.and_then(|owner| Uuid::parse_str(owner).ok())
}

/// Escapes `%`, `_` and `\` for a LIKE pattern with `escape '\'`.
fn escape_like(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// The smallest string greater than every string starting with `prefix` (for an index range
/// `>= prefix and < bound`); None when there is none (empty prefix).
fn prefix_upper_bound(prefix: &str) -> Option<String> {
    let mut chars: Vec<char> = prefix.chars().collect();
    while let Some(last) = chars.pop() {
        if let Some(next) = char::from_u32(u32::from(last) + 1) {
            chars.push(next);
            return Some(chars.into_iter().collect());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_bounds_cover_exactly_the_prefix() {
        assert_eq!(prefix_upper_bound("docs/"), Some("docs0".into()));
        assert_eq!(prefix_upper_bound("a"), Some("b".into()));
        assert_eq!(prefix_upper_bound(""), None);
    }

    #[test]
    fn like_patterns_are_escaped() {
        assert_eq!(escape_like(r"50%_off\x"), r"50\%\_off\\x");
    }
}
