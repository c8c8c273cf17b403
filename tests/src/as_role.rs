//! SQL as a given role and claims, as PostgREST would run it, always rolled back.
use cb_db::sqlx;
use cb_db::sqlx::{PgPool, Postgres, Transaction};
use serde_json::{Value, json};

/// Who a statement runs as: the role, its JWT claims and the request headers, as PostgREST sets
/// them for a request.
pub struct Caller {
    pub role: &'static str,
    pub claims: Value,
    pub headers: Value,
}

impl Caller {
    /// `role` with `claims` and no request headers.
    pub fn new(role: &'static str, claims: Value) -> Self {
        Caller {
            role,
            claims,
            headers: json!({}),
        }
    }

    /// Runs `sql` as this caller in a transaction that is rolled back; the rows as JSON, or the
    /// SQLSTATE of the error.
    pub async fn query(&self, pool: &PgPool, sql: &str) -> Result<Vec<Value>, String> {
        let mut tx = self.begin(pool).await?;
        let outcome: Result<String, sqlx::Error> = sqlx::query_scalar(&rows_as_json(sql))
            .fetch_one(&mut *tx)
            .await;
        tx.rollback().await.ok();
        let text = outcome.map_err(sqlstate_or_message)?;
        Ok(serde_json::from_str::<Vec<Value>>(&text).expect("json"))
    }

    /// Executes `sql` (no result rows) as this caller, rolled back; the rows affected, or the
    /// SQLSTATE of the error.
    pub async fn execute(&self, pool: &PgPool, sql: &str) -> Result<u64, String> {
        let mut tx = self.begin(pool).await?;
        let outcome = sqlx::query(sql).execute(&mut *tx).await;
        tx.rollback().await.ok();
        Ok(outcome.map_err(sqlstate_or_message)?.rows_affected())
    }

    /// A transaction scoped to this caller (SET ROLE, request.jwt.claims, request.headers).
    async fn begin(&self, pool: &PgPool) -> Result<Transaction<'static, Postgres>, String> {
        let context = cb_db::RequestContext::new(
            self.role,
            &self.claims,
            "POST",
            "/test",
            self.headers.to_string(),
        );
        cb_db::begin_scoped(pool, &context, false)
            .await
            .map_err(|err| err.to_string())
    }
}

/// `sql`'s rows as one JSON array (`[]` when there are none), in the order `sql` gives them.
pub(crate) fn rows_as_json(sql: &str) -> String {
    format!("with result as ({sql}) select coalesce(json_agg(result), '[]')::text from result")
}

/// A database error's SQLSTATE, any other error's message.
fn sqlstate_or_message(error: sqlx::Error) -> String {
    match error {
        sqlx::Error::Database(db) => db.code().unwrap_or_default().to_string(),
        other => other.to_string(),
    }
}
