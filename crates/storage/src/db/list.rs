//! The two object listings' statements, run as the caller: list v1 (one folder level, names
//! relative to the folder, offset pages) and list v2 (full names, optionally folded into
//! folders at `/`, cursor pages). Both read the index range `>= prefix and < bound` in the
//! "C" collation, so a listing costs what it returns, not the bucket's size.
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};
use sqlx::PgConnection;

use super::{direction, prefix_upper_bound, timestamp};
use crate::error::StorageError;

/// The columns listings sort by (the SQL text comes only from here).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SortColumn {
    Name,
    Id,
    CreatedAt,
    UpdatedAt,
    LastAccessedAt,
}

impl SortColumn {
    pub(crate) fn sql(self) -> &'static str {
        match self {
            Self::Name => "name",
            Self::Id => "id",
            Self::CreatedAt => "created_at",
            Self::UpdatedAt => "updated_at",
            Self::LastAccessedAt => "last_accessed_at",
        }
    }
}

/// A list v1 page: the folder `prefix` (empty, or ending in `/`), the lower-cased
/// `prefix + search` the names must start with, the sort and the page.
#[derive(Debug)]
pub(crate) struct FolderPage<'a> {
    pub(crate) bucket: &'a str,
    pub(crate) prefix: &'a str,
    pub(crate) starts_with: &'a str,
    pub(crate) sort: SortColumn,
    pub(crate) descending: bool,
    pub(crate) limit: i64,
    pub(crate) offset: i64,
}

/// What both listings show of an object; all null for a folder.
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct ListedObject {
    pub(crate) id: Option<uuid::Uuid>,
    pub(crate) updated_at: Option<DateTime<Utc>>,
    pub(crate) created_at: Option<DateTime<Utc>>,
    pub(crate) last_accessed_at: Option<DateTime<Utc>>,
    pub(crate) metadata: Option<Value>,
}

impl ListedObject {
    /// These fields as the listings answer them, added to an entry's JSON object.
    pub(crate) fn add_to(self, entry: &mut Map<String, Value>) {
        entry.insert("id".into(), json!(self.id));
        entry.insert("updated_at".into(), timestamp(self.updated_at));
        entry.insert("created_at".into(), timestamp(self.created_at));
        entry.insert("last_accessed_at".into(), timestamp(self.last_accessed_at));
        entry.insert("metadata".into(), self.metadata.unwrap_or(Value::Null));
    }
}

/// One list v1 entry; a folder has only its name.
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct FolderEntry {
    pub(crate) name: String,
    #[sqlx(flatten)]
    pub(crate) object: ListedObject,
}

/// List v1: the folders (first) and objects directly under the prefix.
pub(crate) async fn list_folder(
    conn: &mut PgConnection,
    page: &FolderPage<'_>,
) -> Result<Vec<FolderEntry>, StorageError> {
    let column = page.sort.sql();
    let direction = direction(page.descending);
    let order = if page.sort == SortColumn::Name {
        format!("sort_key collate \"C\" {direction}, name collate \"C\" {direction}")
    } else {
        format!("is_folder desc, {column} {direction}, sort_key collate \"C\" {direction}")
    };
    let sql = format!(
        r#"with matched as (
             select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
                    strpos(substr(o.name, $3 + 1), '/') as slash
               from storage.objects o
              where o.bucket_id = $1
                and lower(o.name) collate "C" >= $2
                and ($7::text is null or lower(o.name) collate "C" < $7)
           ), folders as (
             select distinct on (lower(left(name, $3 + slash)))
                    substr(left(name, $3 + slash - 1), $4 + 1) as name,
                    lower(left(name, $3 + slash)) as sort_key
               from matched
              where slash > 0
              order by lower(left(name, $3 + slash)), name collate "C"
           ), entries as (
             select name, null::uuid as id, null::timestamptz as updated_at,
                    null::timestamptz as created_at, null::timestamptz as last_accessed_at,
                    null::jsonb as metadata, true as is_folder, sort_key
               from folders
             union all
             select substr(name, $4 + 1), id, updated_at, created_at, last_accessed_at, metadata,
                    false, lower(name)
               from matched
              where slash = 0
           )
           select name, id, updated_at, created_at, last_accessed_at, metadata
             from entries
            order by {order}
            limit $5 offset $6"#
    );
    Ok(sqlx::query_as::<_, FolderEntry>(&sql)
        .bind(page.bucket)
        .bind(page.starts_with)
        .bind(page.starts_with.chars().count() as i32)
        .bind(page.prefix.chars().count() as i32)
        .bind(page.limit)
        .bind(page.offset)
        .bind(prefix_upper_bound(page.starts_with))
        .fetch_all(conn)
        .await?)
}

/// A list v2 page: the keys under `prefix`, folded at the next `/` when `delimited`, after the
/// cursor's key (and sort value, when sorting by a time).
#[derive(Debug)]
pub(crate) struct KeyPage<'a> {
    pub(crate) bucket: &'a str,
    pub(crate) prefix: &'a str,
    pub(crate) delimited: bool,
    pub(crate) sort: SortColumn,
    pub(crate) descending: bool,
    pub(crate) after_key: Option<String>,
    pub(crate) after_value: Option<DateTime<Utc>>,
    pub(crate) limit: i64,
}

/// One list v2 entry; a folder's object fields are null.
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct KeyEntry {
    pub(crate) key: String,
    pub(crate) is_folder: bool,
    #[sqlx(flatten)]
    pub(crate) object: ListedObject,
}

/// List v2: up to `limit` entries after the cursor.
pub(crate) async fn list_keys(
    conn: &mut PgConnection,
    page: KeyPage<'_>,
) -> Result<Vec<KeyEntry>, StorageError> {
    let column = page.sort.sql();
    let direction = direction(page.descending);
    let comparison = if page.descending { "<" } else { ">" };
    // With the delimiter, keys below a further `/` fold into `prefix/segment/`.
    let entry_key = if page.delimited {
        "case when strpos(substr(o.name, $3 + 1), '/') > 0
              then left(o.name, $3 + strpos(substr(o.name, $3 + 1), '/'))
              else o.name end"
    } else {
        "o.name"
    };
    let (filter, order_by) = if page.sort == SortColumn::Name {
        (
            format!("($4::text is null or key collate \"C\" {comparison} $4)"),
            format!("key collate \"C\" {direction}"),
        )
    } else {
        (
            format!(
                "($4::text is null or (not is_folder and ({column}, key collate \"C\") {comparison} ($5, $4)))"
            ),
            format!("is_folder desc, {column} {direction}, key collate \"C\" {direction}"),
        )
    };
    let sql = format!(
        r#"with entries as (
             select distinct on (key) key, is_folder, id, updated_at, created_at, last_accessed_at, metadata
               from (select {entry_key} as key,
                            ({entry_key}) <> o.name as is_folder,
                            o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata, o.name
                       from storage.objects o
                      where o.bucket_id = $1
                        and o.name collate "C" >= $2
                        and ($7::text is null or o.name collate "C" < $7)) e
              order by key, name collate "C"
           )
           select key, is_folder,
                  case when is_folder then null else id end as id,
                  case when is_folder then null else updated_at end as updated_at,
                  case when is_folder then null else created_at end as created_at,
                  case when is_folder then null else last_accessed_at end as last_accessed_at,
                  case when is_folder then null else metadata end as metadata
             from entries
            where {filter}
            order by {order_by}
            limit $6"#
    );
    Ok(sqlx::query_as::<_, KeyEntry>(&sql)
        .bind(page.bucket)
        .bind(page.prefix)
        .bind(page.prefix.chars().count() as i32)
        .bind(page.after_key)
        .bind(page.after_value)
        .bind(page.limit)
        .bind(prefix_upper_bound(page.prefix))
        .fetch_all(conn)
        .await?)
}
