//! Objects: the row and how the API shows it, the lookups (as the server or as the caller)
//! and the deletes and the move of the object routes.
use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use sqlx::postgres::PgArguments;
use sqlx::query::QueryAs;
use sqlx::{Encode, FromRow, PgConnection, PgPool, Postgres, Row, Type};
use uuid::Uuid;

use super::{begin, duplicate_means, timestamp};
use crate::auth::Identity;
use crate::backend::Location;
use crate::error::StorageError;

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

    pub(crate) fn location(&self) -> Location {
        Location::new(&self.bucket_id, &self.name, &self.stored_version())
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

/// The object rows `sql` answers, its `$1` bound to the bucket and `$2` to the name (or names).
fn object_rows<'q, N>(
    sql: &'q str,
    bucket: &'q str,
    names: N,
) -> QueryAs<'q, Postgres, ObjectRow, PgArguments>
where
    N: 'q + Encode<'q, Postgres> + Type<Postgres>,
{
    sqlx::query_as(sql).bind(bucket).bind(names)
}

/// One object, as whoever runs `conn` may see it.
pub(crate) async fn find_object(
    conn: &mut PgConnection,
    bucket: &str,
    name: &str,
) -> Result<Option<ObjectRow>, StorageError> {
    let sql =
        format!("select {OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2");
    Ok(object_rows(&sql, bucket, name).fetch_optional(conn).await?)
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
    if bucket.contains('\0') || name.contains('\0') {
        return Ok(None);
    }
    let joined = sqlx::query(
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
    let Some(row) = joined else {
        return Ok(None);
    };
    let public: Option<bool> = row.try_get("bucket_public")?;
    // The object's columns are all null when the left join found no object.
    let object = match row.try_get::<Option<Uuid>, _>("id")? {
        Some(_) => Some(ObjectRow::from_row(&row)?),
        None => None,
    };
    Ok(Some((public.unwrap_or(false), object)))
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

/// Deletes one object as whoever runs `conn`; the row that went, if any.
pub(crate) async fn delete_object(
    conn: &mut PgConnection,
    bucket: &str,
    name: &str,
) -> Result<Option<ObjectRow>, StorageError> {
    let sql = format!(
        "delete from storage.objects where bucket_id = $1 and name = $2 returning {OBJECT_COLUMNS}"
    );
    Ok(object_rows(&sql, bucket, name).fetch_optional(conn).await?)
}

/// Deletes these objects of the bucket as whoever runs `conn`; the rows that went.
pub(crate) async fn delete_objects(
    conn: &mut PgConnection,
    bucket: &str,
    names: &[String],
) -> Result<Vec<ObjectRow>, StorageError> {
    let sql = format!(
        "delete from storage.objects where bucket_id = $1 and name = any($2) returning {OBJECT_COLUMNS}"
    );
    Ok(object_rows(&sql, bucket, names).fetch_all(conn).await?)
}

/// Which of these names of the bucket whoever runs `conn` may see.
pub(crate) async fn visible_names(
    conn: &mut PgConnection,
    bucket: &str,
    names: &[String],
) -> Result<Vec<String>, StorageError> {
    Ok(sqlx::query_scalar(
        "select name from storage.objects where bucket_id = $1 and name = any($2)",
    )
    .bind(bucket)
    .bind(names)
    .fetch_all(conn)
    .await?)
}

/// Moves the row of `source` to `bucket`/`name` with bytes at `version`, as whoever runs
/// `conn`: the delete must be allowed (RowLevelSecurity otherwise) and the insert too (a taken
/// name is KeyAlreadyExists). The id, owner, metadata and creation time stay.
pub(crate) async fn move_object(
    conn: &mut PgConnection,
    source: &ObjectRow,
    bucket: &str,
    name: &str,
    version: &str,
) -> Result<(), StorageError> {
    let deleted = sqlx::query("delete from storage.objects where id = $1")
        .bind(source.id)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    if deleted == 0 {
        return Err(StorageError::RowLevelSecurity);
    }
    sqlx::query(
        "insert into storage.objects
           (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(source.id)
    .bind(bucket)
    .bind(name)
    .bind(source.owner)
    .bind(&source.owner_id)
    .bind(version)
    .bind(&source.metadata)
    .bind(&source.user_metadata)
    .bind(source.created_at)
    .execute(conn)
    .await
    .map_err(duplicate_means(StorageError::KeyAlreadyExists))?;
    Ok(())
}
