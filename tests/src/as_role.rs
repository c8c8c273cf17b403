//! SQL as a given role and claims, as PostgREST would run it, always rolled back.
use cb_db::sqlx;
use cb_db::sqlx::PgPool;
use serde_json::Value;

/// Runs `sql` as `role` with `claims` and the given request headers, in a transaction that is
/// rolled back, and returns the rows as JSON (or the SQLSTATE of the error).
pub async fn query_as(
    pool: &PgPool,
    role: &str,
    claims: Value,
    headers: Value,
    sql: &str,
) -> Result<Vec<Value>, String> {
    let context = cb_db::RequestContext::new(role, &claims, "POST", "/test", headers.to_string());
    let mut tx = cb_db::begin_scoped(pool, &context, false)
        .await
        .map_err(|err| err.to_string())?;
    let wrapped =
        format!("with result as ({sql}) select coalesce(json_agg(result), '[]')::text from result");
    let outcome: Result<String, sqlx::Error> =
        sqlx::query_scalar(&wrapped).fetch_one(&mut *tx).await;
    tx.rollback().await.ok();
    match outcome {
        Ok(text) => Ok(serde_json::from_str::<Vec<Value>>(&text).expect("json")),
        Err(sqlx::Error::Database(db)) => Err(db.code().unwrap_or_default().to_string()),
        Err(other) => Err(other.to_string()),
    }
}

/// Executes `sql` (no result rows) as `role`, rolled back; returns rows affected or the SQLSTATE.
pub async fn execute_as(
    pool: &PgPool,
    role: &str,
    claims: Value,
    headers: Value,
    sql: &str,
) -> Result<u64, String> {
    let context = cb_db::RequestContext::new(role, &claims, "POST", "/test", headers.to_string());
    let mut tx = cb_db::begin_scoped(pool, &context, false)
        .await
        .map_err(|err| err.to_string())?;
    let outcome = sqlx::query(sql).execute(&mut *tx).await;
    tx.rollback().await.ok();
    match outcome {
        Ok(done) => Ok(done.rows_affected()),
        Err(sqlx::Error::Database(db)) => Err(db.code().unwrap_or_default().to_string()),
        Err(other) => Err(other.to_string()),
    }
}
