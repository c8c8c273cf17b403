//! What the feed asks the database: a binding's validity when it is made, and per batch the
//! tables' primary keys and row level security, the roles' column privileges, type names, and
//! the one call that checks policies and filters (`realtime.visible_keys`, sql/0009).

use std::collections::HashSet;
use std::time::Duration;

use sqlx::PgPool;

/// A published table as the checks need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TableMeta {
    pub schema: String,
    pub name: String,
    /// relrowsecurity: policies decide which rows a role sees.
    pub rls: bool,
    /// The primary key's columns, in key order (empty: none).
    pub primary_key: Vec<String>,
}

/// What a role may read of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Privilege {
    /// The role exists and the API may act as it (a member of `authenticator`, as PostgREST
    /// can only SET ROLE to those): a token naming any other role gets nothing.
    pub allowed: bool,
    /// Superuser or BYPASSRLS (service_role): no policy applies.
    pub bypass: bool,
    /// The columns it may SELECT (column grants included).
    pub columns: HashSet<String>,
}

fn oids(list: &[u32]) -> Vec<i64> {
    list.iter().map(|oid| i64::from(*oid)).collect()
}

pub(crate) async fn table_metas(
    pool: &PgPool,
    list: &[u32],
) -> Result<Vec<(u32, TableMeta)>, sqlx::Error> {
    let rows: Vec<(i64, String, String, bool, Vec<String>)> = sqlx::query_as(
        "select c.oid::int8, n.nspname::text, c.relname::text, c.relrowsecurity,
                coalesce((select array_agg(a.attname::text order by k.ord)
                            from pg_catalog.pg_index i
                           cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
                            join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                           where i.indrelid = c.oid and i.indisprimary), '{}')
           from pg_catalog.pg_class c
           join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where c.oid = any ($1::int8[]::oid[])",
    )
    .bind(oids(list))
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(oid, schema, name, rls, primary_key)| {
            Some((
                u32::try_from(oid).ok()?,
                TableMeta {
                    schema,
                    name,
                    rls,
                    primary_key,
                },
            ))
        })
        .collect())
}

pub(crate) async fn privileges(
    pool: &PgPool,
    pairs: &[(String, u32)],
) -> Result<Vec<(String, u32, Privilege)>, sqlx::Error> {
    let roles: Vec<&str> = pairs.iter().map(|(role, _)| role.as_str()).collect();
    let rels: Vec<i64> = pairs.iter().map(|(_, rel)| i64::from(*rel)).collect();
    let rows: Vec<(String, i64, bool, bool, Vec<String>)> = sqlx::query_as(
        "select q.role, q.rel,
                r.oid is not null
                  and (not exists (select 1 from pg_catalog.pg_roles a where a.rolname = 'authenticator')
                       or pg_catalog.pg_has_role('authenticator', r.oid, 'MEMBER')),
                coalesce(r.rolsuper or r.rolbypassrls, false),
                array(select a.attname::text
                        from pg_catalog.pg_attribute a
                       where r.oid is not null and a.attrelid = q.rel::oid and a.attnum > 0
                         and not a.attisdropped
                         and pg_catalog.has_column_privilege(r.oid, q.rel::oid, a.attnum, 'SELECT')
                       order by a.attnum)
           from unnest($1::text[], $2::int8[]) as q(role, rel)
           left join pg_catalog.pg_roles r on r.rolname = q.role",
    )
    .bind(roles)
    .bind(rels)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(role, rel, allowed, bypass, columns)| {
            Some((
                role,
                u32::try_from(rel).ok()?,
                Privilege {
                    allowed,
                    bypass,
                    columns: columns.into_iter().collect(),
                },
            ))
        })
        .collect())
}

pub(crate) async fn type_names(
    pool: &PgPool,
    list: &[u32],
) -> Result<Vec<(u32, String)>, sqlx::Error> {
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "select oid::int8, typname::text from pg_catalog.pg_type where oid = any ($1::int8[]::oid[])",
    )
    .bind(oids(list))
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(oid, name)| Some((u32::try_from(oid).ok()?, name)))
        .collect())
}

/// Why a binding cannot be subscribed to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum BindingProblem {
    /// No table of the publication matches.
    NotEnabled,
    /// The filter's column is unknown or its value is not of the column's type.
    Exception(String),
}

/// Asks `realtime.check_change_binding` about one binding.
pub(crate) async fn check_binding(
    pool: &PgPool,
    schema: &str,
    table: Option<&str>,
    filter: Option<(&str, &[String])>,
) -> Result<Option<BindingProblem>, sqlx::Error> {
    let answer: Option<String> =
        sqlx::query_scalar("select realtime.check_change_binding($1, $2, $3, $4)")
            .bind(schema)
            .bind(table)
            .bind(filter.map(|(column, _)| column))
            .bind(filter.map_or(&[][..], |(_, values)| values))
            .fetch_one(pool)
            .await?;
    Ok(
        answer.map(|answer| match answer.strip_prefix("exception:") {
            Some(message) => BindingProblem::Exception(message.to_string()),
            None => BindingProblem::NotEnabled,
        }),
    )
}

/// The batch's one policy-and-filter call, in a read-only transaction as the pool's own role
/// (whatever a pooled session was left as), bounded by `timeout`.
pub(crate) async fn visible_keys(
    pool: &PgPool,
    checks: serde_json::Value,
    timeout: Duration,
) -> Result<serde_json::Value, sqlx::Error> {
    let mut tx = pool.begin().await?;
    // One round trip for the settings; the timeout applies from the next statement, the call.
    sqlx::query(
        "select set_config('transaction_read_only', 'on', true), set_config('role', 'none', true),
                set_config('statement_timeout', $1, true)",
    )
    .bind(timeout.as_millis().max(1).to_string())
    .execute(tx.as_mut())
    .await?;
    let answer: serde_json::Value = sqlx::query_scalar("select realtime.visible_keys($1)")
        .bind(checks)
        .fetch_one(tx.as_mut())
        .await?;
    tx.rollback().await?;
    Ok(answer)
}

/// Whether the slot is still there (a temporary slot goes when its session has ended).
pub(crate) async fn slot_exists(pool: &PgPool, slot: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "select exists (select 1 from pg_catalog.pg_replication_slots where slot_name = $1)",
    )
    .bind(slot)
    .fetch_one(pool)
    .await
}
