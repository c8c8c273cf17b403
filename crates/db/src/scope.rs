//! The per-request database context: one transaction that first sets the role, the JWT claims
//! and the request facts in a single `set_config` statement, exactly as PostgREST and Supabase
//! Storage do, so `auth.uid()`, `auth.role()` and `auth.jwt()` work inside policies.
use sqlx::{Connection as _, PgConnection, PgPool, Postgres, Transaction};

use crate::quote_literal;

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

/// How the request transaction is opened, beyond the role and request facts.
#[derive(Debug, Clone, Default)]
pub struct ScopeOptions {
    /// `BEGIN ... READ ONLY` (reads, calls of stable functions).
    pub read_only: bool,
    /// The transaction's `search_path`, identifiers already quoted (PostgREST: the request
    /// schema followed by the extra search path, e.g. `"public", "public", "extensions"`).
    pub search_path: Option<String>,
    /// `request.cookies` as a JSON object (PostgREST sets it next to `request.headers`).
    pub cookies: Option<serde_json::Value>,
    /// `Prefer: timezone=...`, already validated against pg_timezone_names.
    pub timezone: Option<String>,
    /// The role's statement_timeout when the caller already knows it (`Some(None)`: the role
    /// has none); `None` looks it up in pg_db_role_setting within the statement.
    pub role_statement_timeout: Option<Option<String>>,
}

/// The role's own statement_timeout (pg_db_role_setting), or the session's.
const ROLE_STATEMENT_TIMEOUT: &str = "set_config('statement_timeout',
                  coalesce((select split_part(setting, '=', 2)
                              from pg_db_role_setting s
                              join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) as setting
                             where r.rolname = $1 and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
                               and setting like 'statement_timeout=%'
                             order by s.setdatabase desc limit 1),
                           current_setting('statement_timeout')),
                  true)";

/// Begins a transaction running as the context's role, as PostgREST opens it: one `BEGIN`
/// (read only when asked), then one `set_config` statement with the search path, the role,
/// the claims, the request facts, the cookies and the role's statement timeout.
pub async fn begin_scoped_with(
    pool: &PgPool,
    context: &RequestContext,
    options: &ScopeOptions,
) -> Result<Transaction<'static, Postgres>, sqlx::Error> {
    let mut tx = pool.begin_with(begin_statement(options)).await?;
    apply_scope(&mut tx, context, options).await?;
    Ok(tx)
}

/// [`begin_scoped_with`] on a connection the caller holds (the REST engine keeps its own
/// connections, so that a request costs no pool round trips besides its own statements).
pub async fn begin_scoped_on<'c>(
    connection: &'c mut PgConnection,
    context: &RequestContext,
    options: &ScopeOptions,
) -> Result<Transaction<'c, Postgres>, sqlx::Error> {
    let mut tx = connection.begin_with(begin_statement(options)).await?;
    apply_scope(&mut tx, context, options).await?;
    Ok(tx)
}

fn begin_statement(options: &ScopeOptions) -> &'static str {
    if options.read_only {
        "BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY"
    } else {
        "BEGIN ISOLATION LEVEL READ COMMITTED"
    }
}

/// The `set_config` calls of a request, in PostgREST's order: (setting, value).
fn scope_settings(context: &RequestContext, options: &ScopeOptions) -> Vec<(&'static str, String)> {
    let sub = context
        .claims
        .get("sub")
        .and_then(|v| v.as_str())
        .unwrap_or_default();
    let cookies = options
        .cookies
        .as_ref()
        .map_or_else(|| "{}".to_owned(), |c| c.to_string());
    let mut settings = Vec::with_capacity(11);
    if let Some(search_path) = &options.search_path {
        settings.push(("search_path", search_path.clone()));
    }
    settings.extend([
        ("role", context.role.clone()),
        ("request.jwt.claims", context.claims.to_string()),
        ("request.jwt.claim.role", context.role.clone()),
        ("request.jwt.claim.sub", sub.to_owned()),
        ("request.method", context.method.clone()),
        ("request.path", context.path.clone()),
        ("request.headers", context.headers.to_string()),
        ("request.cookies", cookies),
    ]);
    if let Some(timezone) = &options.timezone {
        settings.push(("timezone", timezone.clone()));
    }
    if let Some(Some(timeout)) = &options.role_statement_timeout {
        settings.push(("statement_timeout", timeout.clone()));
    }
    settings
}

/// The role's own statement_timeout looked up in the statement, for `role` as SQL (`$n` or a
/// literal).
fn role_timeout_lookup(role: &str) -> String {
    ROLE_STATEMENT_TIMEOUT.replace("$1", role)
}

async fn apply_scope(
    connection: &mut PgConnection,
    context: &RequestContext,
    options: &ScopeOptions,
) -> Result<(), sqlx::Error> {
    let settings = scope_settings(context, options);
    let mut sql = String::from("select ");
    let mut role_param = 0;
    for (i, (name, _)) in settings.iter().enumerate() {
        if i > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!("set_config('{name}', ${}, true)", i + 1));
        if *name == "role" {
            role_param = i + 1;
        }
    }
    if options.role_statement_timeout.is_none() {
        sql.push_str(", ");
        sql.push_str(&role_timeout_lookup(&format!("${role_param}")));
    }
    let mut query = sqlx::query(&sql);
    for (_, value) in &settings {
        query = query.bind(value);
    }
    query.execute(&mut *connection).await?;
    Ok(())
}

/// [`begin_scoped_on`] in one round trip: `BEGIN` and the `set_config` statement go together
/// as one simple-protocol query, the values written as literals by [`quote_literal`]. The
/// caller ends the transaction itself with `COMMIT` or `ROLLBACK`, and must not reuse the
/// connection if that did not happen (e.g. the request was cancelled).
pub async fn begin_scoped_inline(
    connection: &mut PgConnection,
    context: &RequestContext,
    options: &ScopeOptions,
) -> Result<(), sqlx::Error> {
    let settings = scope_settings(context, options);
    let mut sql = String::from(begin_statement(options));
    sql.push_str("; select ");
    for (i, (name, value)) in settings.iter().enumerate() {
        if i > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!(
            "set_config('{name}', {}, true)",
            quote_literal(value)
        ));
    }
    if options.role_statement_timeout.is_none() {
        sql.push_str(", ");
        sql.push_str(&role_timeout_lookup(&quote_literal(&context.role)));
    }
    // A plain string without arguments runs as one simple-protocol query (both statements).
    sqlx::Executor::execute(&mut *connection, sql.as_str()).await?;
    Ok(())
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
