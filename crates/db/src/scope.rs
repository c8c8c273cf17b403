//! The per-request database context: one transaction that first sets the role, the JWT claims
//! and the request facts in a single `set_config` statement, exactly as PostgREST and Supabase
//! Storage do, so `auth.uid()`, `auth.role()` and `auth.jwt()` work inside policies.
use sqlx::{PgPool, Postgres, Transaction};

/// Who is asking and how: what the policies of the database see.
#[derive(Debug, Clone)]
pub struct RequestContext {
    /// The database role: anon, authenticated or service_role.
    pub role: String,
    /// The JWT claims as a JSON object (always containing `role`).
    pub claims: serde_json::Value,
    pub method: String,
    pub path: String,
    /// Request headers as a JSON object with lower-cased names (no cookie header).
    pub headers: serde_json::Value,
}

impl RequestContext {
    pub fn for_role(role: &str) -> Self {
        Self {
            role: role.to_string(),
            claims: serde_json::json!({ "role": role }),
            method: "GET".into(),
            path: "/".into(),
            headers: serde_json::json!({}),
        }
    }
}

/// Begins a transaction running as the context's role. The role's own settings (Supabase gives
/// anon and authenticated a statement_timeout) are applied too, since SET ROLE alone does not.
pub async fn begin_scoped(
    pool: &PgPool,
    context: &RequestContext,
    read_only: bool,
) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
    let mut tx = pool.begin().await?;
    if read_only {
        sqlx::query("set transaction read only")
            .execute(&mut *tx)
            .await?;
    }
    let sub = context
        .claims
        .get("sub")
        .and_then(|v| v.as_str())
        .unwrap_or_default();
    sqlx::query(
        "select set_config('role', $1, true),
                set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.role', $1, true),
                set_config('request.jwt.claim.sub', $3, true),
                set_config('request.method', $4, true),
                set_config('request.path', $5, true),
                set_config('request.headers', $6, true),
                set_config('statement_timeout',
                  coalesce((select split_part(setting, '=', 2)
                              from pg_db_role_setting s
                              join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) as setting
                             where r.rolname = $1 and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
                               and setting like 'statement_timeout=%'
                             order by s.setdatabase desc limit 1),
                           current_setting('statement_timeout')),
                  true)",
    )
    .bind(&context.role)
    .bind(context.claims.to_string())
    .bind(sub)
    .bind(&context.method)
    .bind(&context.path)
    .bind(context.headers.to_string())
    .execute(&mut *tx)
    .await?;
    Ok(tx)
}
