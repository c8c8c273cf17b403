//! The `storage` schema: bucket and object rows, read and written either as the server (bucket
//! routing, public reads, signed URLs) or as the caller inside a role-scoped transaction, so
//! the policies on storage.buckets and storage.objects decide exactly as on Supabase.
use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{Value, json};
use sqlx::{PgConnection, PgPool, Postgres, Transaction};
use uuid::Uuid;

use crate::auth::Identity;
use crate::error::StorageError;

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
    Ok(sqlx::query_as::<_, BucketRow>(&format!(
        "select {BUCKET_COLUMNS} from storage.buckets where id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?)
}

pub(crate) async fn require_bucket(pool: &PgPool, id: &str) -> Result<BucketRow, StorageError> {
    find_bucket(pool, id)
        .await?
        .ok_or(StorageError::NoSuchBucket)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub(crate) struct ObjectRow {
    pub(crate) id: Uuid,
    pub(crate) bucket_id: String,
    pub(crate) name: String,
    pub(crate) owner: Option<Uuid>,
    pub(crate) owner_id: Option<String>,
    pub(crate) version: Option<String>,
    pub(crate) metadata: Option<Value>,
    pub(crate) user_metadata: Option<Value>,
    pub(crate) created_at: Option<DateTime<Utc>>,
    pub(crate) updated_at: Option<DateTime<Utc>>,
    pub(crate) last_accessed_at: Option<DateTime<Utc>>,
}

pub(crate) const OBJECT_COLUMNS: &str = "id, bucket_id, name, owner, owner_id, version, metadata, \
     user_metadata, created_at, updated_at, last_accessed_at";

impl ObjectRow {
    fn meta(&self, field: &str) -> Option<&Value> {
        self.metadata.as_ref().and_then(|m| m.get(field))
    }

    pub(crate) fn size(&self) -> u64 {
        self.meta("size")
            .or_else(|| self.meta("contentLength"))
            .and_then(Value::as_u64)
            .unwrap_or(0)
    }

    pub(crate) fn mimetype(&self) -> String {
        self.meta("mimetype")
            .and_then(Value::as_str)
            .filter(|m| !m.is_empty())
            .unwrap_or("application/octet-stream")
            .to_string()
    }

    pub(crate) fn etag(&self) -> Option<String> {
        self.meta("eTag")
            .and_then(Value::as_str)
            .map(str::to_string)
    }

    pub(crate) fn cache_control(&self) -> String {
        self.meta("cacheControl")
            .and_then(Value::as_str)
            .filter(|c| !c.is_empty())
            .unwrap_or("no-cache")
            .to_string()
    }

    pub(crate) fn last_modified(&self) -> Option<DateTime<Utc>> {
        self.meta("lastModified")
            .and_then(Value::as_str)
            .and_then(|text| DateTime::parse_from_rfc3339(text).ok())
            .map(|at| at.with_timezone(&Utc))
            .or(self.updated_at)
    }

    /// The version the bytes are stored under (rows written elsewhere may have none).
    pub(crate) fn stored_version(&self) -> String {
        self.version.clone().unwrap_or_default()
    }

    pub(crate) fn location(&self) -> crate::backend::Location {
        crate::backend::Location::new(&self.bucket_id, &self.name, &self.stored_version())
    }

    /// The full row, as remove and copy return it.
    pub(crate) fn to_json(&self) -> Value {
        json!({
            "name": self.name,
            "bucket_id": self.bucket_id,
            "owner": self.owner.map(|o| o.to_string()),
            "owner_id": self.owner_id,
            "version": self.version,
            "id": self.id,
            "updated_at": timestamp(self.updated_at),
            "created_at": timestamp(self.created_at),
            "last_accessed_at": timestamp(self.last_accessed_at),
            "metadata": self.metadata,
            "user_metadata": self.user_metadata,
        })
    }

    /// The `info` answer.
    pub(crate) fn info_json(&self) -> Value {
        json!({
            "id": self.id,
            "name": self.name,
            "version": self.version,
            "bucket_id": self.bucket_id,
            "size": self.size(),
            "content_type": self.mimetype(),
            "cache_control": self.cache_control(),
            "etag": self.etag(),
            "metadata": self.user_metadata.clone().unwrap_or_else(|| json!({})),
            "last_modified": timestamp(self.last_modified().or(self.updated_at)),
            "created_at": timestamp(self.created_at),
        })
    }
}

/// One object, as whoever runs `conn` may see it.
pub(crate) async fn find_object(
    conn: &mut PgConnection,
    bucket: &str,
    name: &str,
) -> Result<Option<ObjectRow>, StorageError> {
    Ok(sqlx::query_as::<_, ObjectRow>(&format!(
        "select {OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2"
    ))
    .bind(bucket)
    .bind(name)
    .fetch_optional(conn)
    .await?)
}

/// One object as the server sees it (public reads, signed URLs).
pub(crate) async fn find_object_as_server(
    pool: &PgPool,
    bucket: &str,
    name: &str,
) -> Result<Option<ObjectRow>, StorageError> {
    let mut conn = pool.acquire().await?;
    find_object(&mut conn, bucket, name).await
}

/// The bucket's public flag and the object, in one round trip, as the server sees them (the
/// hot path of public downloads). None: no such bucket.
pub(crate) async fn find_bucket_and_object(
    pool: &PgPool,
    bucket: &str,
    name: &str,
) -> Result<Option<(bool, Option<ObjectRow>)>, StorageError> {
    #[derive(sqlx::FromRow)]
    struct Joined {
        bucket_public: Option<bool>,
        id: Option<Uuid>,
        bucket_id: Option<String>,
        name: Option<String>,
        owner: Option<Uuid>,
        owner_id: Option<String>,
        version: Option<String>,
        metadata: Option<Value>,
        user_metadata: Option<Value>,
        created_at: Option<DateTime<Utc>>,
        updated_at: Option<DateTime<Utc>>,
        last_accessed_at: Option<DateTime<Utc>>,
    }
    if bucket.contains('\0') || name.contains('\0') {
        return Ok(None);
    }
    let joined = sqlx::query_as::<_, Joined>(
        "select b.public as bucket_public, o.id, o.bucket_id, o.name, o.owner, o.owner_id,
                o.version, o.metadata, o.user_metadata, o.created_at, o.updated_at,
                o.last_accessed_at
           from storage.buckets b
           left join storage.objects o on o.bucket_id = b.id and o.name = $2
          where b.id = $1",
    )
    .bind(bucket)
    .bind(name)
    .fetch_optional(pool)
    .await?;
    Ok(joined.map(|row| {
        let object = match (row.id, row.bucket_id, row.name) {
            (Some(id), Some(bucket_id), Some(name)) => Some(ObjectRow {
                id,
                bucket_id,
                name,
                owner: row.owner,
                owner_id: row.owner_id,
                version: row.version,
                metadata: row.metadata,
                user_metadata: row.user_metadata,
                created_at: row.created_at,
                updated_at: row.updated_at,
                last_accessed_at: row.last_accessed_at,
            }),
            _ => None,
        };
        (row.bucket_public.unwrap_or(false), object)
    }))
}

/// One object as the caller sees it.
pub(crate) async fn find_object_as(
    pool: &PgPool,
    identity: &Identity,
    operation: &str,
    bucket: &str,
    name: &str,
) -> Result<Option<ObjectRow>, StorageError> {
    let mut tx = begin(pool, identity, operation, true).await?;
    let row = find_object(&mut tx, bucket, name).await?;
    tx.commit().await?;
    Ok(row)
}

/// What a new object row holds.
#[derive(Debug, Clone)]
pub(crate) struct NewObject<'a> {
    pub(crate) bucket: &'a str,
    pub(crate) name: &'a str,
    pub(crate) owner: Option<&'a str>,
    pub(crate) version: &'a str,
    pub(crate) metadata: &'a Value,
    pub(crate) user_metadata: Option<&'a Value>,
}

fn owner_uuid(owner: Option<&str>) -> Option<Uuid> {
    owner.and_then(|owner| Uuid::parse_str(owner).ok())
}

/// INSERT (or, with `upsert`, INSERT … ON CONFLICT DO UPDATE) as whoever runs `conn`, so the
/// policies check it. A duplicate without upsert is KeyAlreadyExists.
pub(crate) async fn write_object(
    conn: &mut PgConnection,
    object: &NewObject<'_>,
    upsert: bool,
) -> Result<ObjectRow, StorageError> {
    let conflict = if upsert {
        "on conflict (bucket_id, name) do update set
           owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
           metadata = excluded.metadata, user_metadata = excluded.user_metadata,
           updated_at = now(), last_accessed_at = now()"
    } else {
        ""
    };
    let sql = format!(
        "insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
         values ($1, $2, $3, $4, $5, $6, $7) {conflict}
         returning {OBJECT_COLUMNS}"
    );
    sqlx::query_as::<_, ObjectRow>(&sql)
        .bind(object.bucket)
        .bind(object.name)
        .bind(owner_uuid(object.owner))
        .bind(object.owner)
        .bind(object.version)
        .bind(object.metadata)
        // Storage stores `{}` when the upload gave no metadata, and `info()` shows it.
        .bind(object.user_metadata.cloned().unwrap_or_else(|| json!({})))
        .fetch_one(conn)
        .await
        .map_err(|err| match StorageError::from_db(&err) {
            StorageError::ResourceAlreadyExists => StorageError::KeyAlreadyExists,
            other => other,
        })
}

/// Tests, as the caller, whether writing this row would be allowed (and is not a duplicate),
/// then rolls back: Storage checks permission before it reads an upload's body.
pub(crate) async fn test_write(
    pool: &PgPool,
    identity: &Identity,
    operation: &str,
    object: &NewObject<'_>,
    upsert: bool,
) -> Result<(), StorageError> {
    let mut tx = begin(pool, identity, operation, false).await?;
    let result = write_object(&mut tx, object, upsert).await;
    tx.rollback().await?;
    result.map(|_| ())
}

/// The system metadata Storage keeps in `objects.metadata`.
pub(crate) fn system_metadata(etag: &str, size: u64, mimetype: &str, cache_control: &str) -> Value {
    json!({
        "eTag": etag,
        "size": size,
        "mimetype": mimetype,
        "cacheControl": cache_control,
        "lastModified": Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true),
        "contentLength": size,
        "httpStatusCode": 200,
    })
}

/// Escapes `%`, `_` and `\` for a LIKE pattern with `escape '\'`.
pub(crate) fn escape_like(text: &str) -> String {
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
pub(crate) fn prefix_upper_bound(prefix: &str) -> Option<String> {
    let mut chars: Vec<char> = prefix.chars().collect();
    while let Some(last) = chars.pop() {
        if let Some(next) = char::from_u32(u32::from(last) + 1) {
            chars.push(next);
            return Some(chars.into_iter().collect());
        }
    }
    None
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
