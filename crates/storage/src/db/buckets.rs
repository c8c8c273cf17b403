//! Buckets: the row, the server's lookups (routing, limits, the public flag) and the bucket
//! routes' statements as the caller, plus the two bucket settings the API takes in its own
//! formats (`file_size_limit`, `allowed_mime_types`).
use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::{SortColumn, direction, duplicate_means, escape_like, owner_uuid, timestamp};
use crate::backend::Location;
use crate::error::StorageError;

#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct BucketRow {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) owner: Option<Uuid>,
    pub(crate) owner_id: Option<String>,
    pub(crate) public: Option<bool>,
    pub(crate) file_size_limit: Option<i64>,
    pub(crate) allowed_mime_types: Option<Vec<String>>,
    pub(crate) kind: String,
    pub(crate) created_at: Option<DateTime<Utc>>,
    pub(crate) updated_at: Option<DateTime<Utc>>,
}

pub(crate) const BUCKET_COLUMNS: &str = "id, name, owner, owner_id, public, file_size_limit, \
     allowed_mime_types, type::text as kind, created_at, updated_at";

impl BucketRow {
    pub(crate) fn is_public(&self) -> bool {
        self.public.unwrap_or(false)
    }

    /// The allowed types, when the bucket restricts them.
    pub(crate) fn allowed_types(&self) -> Option<&[String]> {
        self.allowed_mime_types
            .as_deref()
            .filter(|types| !types.is_empty())
    }

    /// The Bucket object of the API (`with_type`: the list includes `type`, get does not).
    pub(crate) fn to_json(&self, with_type: bool) -> Value {
        let owner = self
            .owner_id
            .clone()
            .or_else(|| self.owner.map(|owner| owner.to_string()))
            .unwrap_or_default();
        let mut value = json!({
            "id": self.id,
            "name": self.name,
            "owner": owner,
            "public": self.is_public(),
            "file_size_limit": self.file_size_limit,
            "allowed_mime_types": self.allowed_mime_types,
            "created_at": timestamp(self.created_at),
            "updated_at": timestamp(self.updated_at),
        });
        if with_type && let Some(object) = value.as_object_mut() {
            object.insert("type".into(), Value::String(self.kind.clone()));
        }
        value
    }
}

/// A bucket as the server sees it (routing, limits, public flag): no RLS.
pub(crate) async fn find_bucket(
    pool: &PgPool,
    id: &str,
) -> Result<Option<BucketRow>, StorageError> {
    if id.contains('\0') {
        return Ok(None);
    }
    let mut conn = pool.acquire().await?;
    get_bucket(&mut conn, id).await
}

pub(crate) async fn require_bucket(pool: &PgPool, id: &str) -> Result<BucketRow, StorageError> {
    find_bucket(pool, id)
        .await?
        .ok_or(StorageError::NoSuchBucket)
}

/// What a new bucket row holds.
#[derive(Debug, Clone)]
pub(crate) struct NewBucket<'a> {
    pub(crate) id: &'a str,
    pub(crate) name: &'a str,
    pub(crate) owner: Option<&'a str>,
    pub(crate) public: bool,
    pub(crate) file_size_limit: Option<i64>,
    pub(crate) allowed_mime_types: Option<Vec<String>>,
}

/// Inserts the bucket as whoever runs `conn`; answers its name. A duplicate id is
/// BucketAlreadyExists.
pub(crate) async fn create_bucket(
    conn: &mut PgConnection,
    bucket: NewBucket<'_>,
) -> Result<String, StorageError> {
    sqlx::query_scalar(
        "insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)
         returning name",
    )
    .bind(bucket.id)
    .bind(bucket.name)
    .bind(owner_uuid(bucket.owner))
    .bind(bucket.owner)
    .bind(bucket.public)
    .bind(bucket.file_size_limit)
    .bind(bucket.allowed_mime_types)
    .fetch_one(conn)
    .await
    .map_err(duplicate_means(StorageError::BucketAlreadyExists))
}

/// One bucket, as whoever runs `conn` may see it.
pub(crate) async fn get_bucket(
    conn: &mut PgConnection,
    id: &str,
) -> Result<Option<BucketRow>, StorageError> {
    Ok(sqlx::query_as::<_, BucketRow>(&format!(
        "select {BUCKET_COLUMNS} from storage.buckets where id = $1"
    ))
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// A page of the buckets whoever runs `conn` may see, optionally those whose name contains
/// `search` (case-insensitively).
pub(crate) struct BucketPage<'a> {
    pub(crate) search: Option<&'a str>,
    pub(crate) sort: SortColumn,
    pub(crate) descending: bool,
    pub(crate) limit: Option<i64>,
    pub(crate) offset: i64,
}

pub(crate) async fn list_buckets(
    conn: &mut PgConnection,
    page: &BucketPage<'_>,
) -> Result<Vec<BucketRow>, StorageError> {
    let column = page.sort.sql();
    let order = direction(page.descending);
    Ok(sqlx::query_as::<_, BucketRow>(&format!(
        "select {BUCKET_COLUMNS} from storage.buckets
          where ($1::text is null or name ilike '%' || $1 || '%' escape '\\')
          order by {column} {order}
          limit $2 offset $3"
    ))
    .bind(page.search.map(escape_like))
    .bind(page.limit)
    .bind(page.offset)
    .fetch_all(conn)
    .await?)
}

/// The settings a bucket update changes; a `None` public flag keeps it, and the two limits
/// change only when given (given as null clears them).
pub(crate) struct BucketChange {
    pub(crate) public: Option<bool>,
    pub(crate) file_size_limit: Option<Option<i64>>,
    pub(crate) allowed_mime_types: Option<Option<Vec<String>>>,
}

/// Updates the bucket as whoever runs `conn`; false when no visible bucket has that id.
pub(crate) async fn update_bucket(
    conn: &mut PgConnection,
    id: &str,
    change: BucketChange,
) -> Result<bool, StorageError> {
    let updated: Option<String> = sqlx::query_scalar(
        "update storage.buckets set
            public = coalesce($2, public),
            file_size_limit = case when $3 then $4 else file_size_limit end,
            allowed_mime_types = case when $5 then $6 else allowed_mime_types end,
            updated_at = now()
          where id = $1
          returning id",
    )
    .bind(id)
    .bind(change.public)
    .bind(change.file_size_limit.is_some())
    .bind(change.file_size_limit.flatten())
    .bind(change.allowed_mime_types.is_some())
    .bind(change.allowed_mime_types.flatten())
    .fetch_optional(conn)
    .await?;
    Ok(updated.is_some())
}

/// Whether whoever runs `conn` sees the bucket.
pub(crate) async fn bucket_visible(
    conn: &mut PgConnection,
    id: &str,
) -> Result<bool, StorageError> {
    let visible: Option<String> =
        sqlx::query_scalar("select id from storage.buckets where id = $1")
            .bind(id)
            .fetch_optional(conn)
            .await?;
    Ok(visible.is_some())
}

/// Whether the bucket holds any object, whoever may see them (the server asks).
pub(crate) async fn bucket_has_objects(pool: &PgPool, id: &str) -> Result<bool, StorageError> {
    Ok(
        sqlx::query_scalar("select exists (select 1 from storage.objects where bucket_id = $1)")
            .bind(id)
            .fetch_one(pool)
            .await?,
    )
}

/// Deletes the bucket as whoever runs `conn`; answers how many rows went (0 or 1). Objects
/// still in it (a foreign key) make it BucketNotEmpty.
pub(crate) async fn delete_bucket(conn: &mut PgConnection, id: &str) -> Result<u64, StorageError> {
    Ok(sqlx::query("delete from storage.buckets where id = $1")
        .bind(id)
        .execute(conn)
        .await
        .map_err(|err| match StorageError::from_db(&err) {
            StorageError::NoSuchBucket => StorageError::BucketNotEmpty,
            other => other,
        })?
        .rows_affected())
}

/// Deletes up to `limit` objects of the bucket as the server; answers where their bytes are.
pub(crate) async fn delete_bucket_objects(
    pool: &PgPool,
    bucket: &str,
    limit: i64,
) -> Result<Vec<Location>, StorageError> {
    let removed: Vec<(String, String, Option<String>)> = sqlx::query_as(
        "delete from storage.objects
          where id in (select id from storage.objects where bucket_id = $1 limit $2)
          returning bucket_id, name, version",
    )
    .bind(bucket)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(removed
        .iter()
        .map(|(bucket, name, version)| {
            Location::new(bucket, name, version.as_deref().unwrap_or_default())
        })
        .collect())
}

/// A bucket's `file_size_limit` as the API takes it: bytes, `"20MB"`-style text, or null.
pub(crate) fn parse_file_size_limit(value: &Value) -> Result<Option<i64>, StorageError> {
    let invalid = || {
        StorageError::InvalidRequest(
            "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B".into(),
        )
    };
    match value {
        Value::Null => Ok(None),
        Value::Number(number) => {
            let bytes = number
                .as_i64()
                .or_else(|| {
                    number
                        .as_f64()
                        .filter(|f| f.fract() == 0.0)
                        .map(|f| f as i64)
                })
                .filter(|bytes| *bytes >= 0)
                .ok_or_else(invalid)?;
            Ok(Some(bytes))
        }
        Value::String(text) => {
            let text = text.trim();
            let lower = text.to_ascii_lowercase();
            let (digits, multiplier) = if let Some(n) = lower.strip_suffix("gb") {
                (n, 1e9)
            } else if let Some(n) = lower.strip_suffix("mb") {
                (n, 1e6)
            } else if let Some(n) = lower.strip_suffix("kb") {
                (n, 1e3)
            } else if let Some(n) = lower.strip_suffix('b') {
                (n, 1.0)
            } else {
                return Err(invalid());
            };
            let valid = !digits.is_empty()
                && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
                && digits.chars().filter(|c| *c == '.').count() <= 1
                && !digits.starts_with('.')
                && !digits.ends_with('.');
            if !valid {
                return Err(invalid());
            }
            let value: f64 = digits.parse().map_err(|_| invalid())?;
            let bytes = (value * multiplier).round();
            if !(0.0..=9.0e18).contains(&bytes) {
                return Err(invalid());
            }
            Ok(Some(bytes as i64))
        }
        _ => Err(invalid()),
    }
}

/// `allowed_mime_types` as the API takes it: a list of `type/subtype` (or `type/*`), or null.
pub(crate) fn parse_mime_types(value: &Value) -> Result<Option<Vec<String>>, StorageError> {
    match value {
        Value::Null => Ok(None),
        Value::Array(items) => items
            .iter()
            .map(|item| match item.as_str() {
                Some(text)
                    if text.contains('/')
                        && text.len() <= 255
                        && !text.chars().any(char::is_control) =>
                {
                    Ok(text.trim().to_string())
                }
                _ => Err(StorageError::BadRequest(
                    "body/allowed_mime_types must be an array of mime types".into(),
                )),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        _ => Err(StorageError::BadRequest(
            "body/allowed_mime_types must be array".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_size_limits_accept_numbers_and_units() {
        assert_eq!(parse_file_size_limit(&json!(1024)).unwrap(), Some(1024));
        assert_eq!(
            parse_file_size_limit(&json!("20MB")).unwrap(),
            Some(20_000_000)
        );
        assert_eq!(parse_file_size_limit(&json!("1.5kb")).unwrap(), Some(1500));
        assert_eq!(parse_file_size_limit(&json!("3B")).unwrap(), Some(3));
        assert_eq!(parse_file_size_limit(&json!(null)).unwrap(), None);
        for bad in [
            json!("20 MB"),
            json!("MB"),
            json!("-1MB"),
            json!(-5),
            json!(true),
            json!("1e30GB"),
        ] {
            assert!(parse_file_size_limit(&bad).is_err(), "{bad}");
        }
    }
}
