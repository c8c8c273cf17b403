//! The per-request database context: one transaction that first sets the role, the JWT claims
//! and the request facts in a single `set_config` statement, exactly as PostgREST and Supabase
//! Storage do, so `auth.uid()`, `auth.role()` and `auth.jwt()` work inside policies.
use std::borrow::Cow;
use std::sync::Arc;

use sqlx::{PgConnection, PgPool, Postgres, Transaction};

use crate::quote_literal;

/// Who is asking and how: what the policies of the database see.
#[derive(Debug, Clone)]
pub struct RequestContext {
    /// The database role: anon, authenticated or service_role.
    pub role: String,
    /// The JWT claims as the text of a JSON object (always containing `role`).
    pub claims: Arc<str>,
    /// The `sub` claim, or "" (`request.jwt.claim.sub`).
    pub sub: Arc<str>,
    pub method: String,
    pub path: String,
    /// Request headers as the text of a JSON object with lower-cased names (no cookie header).
    pub headers: String,
}

impl RequestContext {
    /// A context with these claims, rendered as JSON text.
    pub fn new(
        role: &str,
        claims: &serde_json::Value,
        method: &str,
        path: &str,
        headers: String,
    ) -> Self {
        Self {
            role: role.to_string(),
            claims: claims.to_string().into(),
            sub: claims
                .get("sub")
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .into(),
            method: method.to_string(),
            path: path.to_string(),
            headers,
        }
    }

    pub fn for_role(role: &str) -> Self {
        Self::new(
            role,
            &serde_json::json!({ "role": role }),
            "GET",
            "/",
            "{}".into(),
        )
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
    /// The role's own statement_timeout (pg_db_role_setting); `None`: the role has none, the
    /// session's default applies.
    pub role_statement_timeout: Option<String>,
    /// A function to call once the settings are made, in the same transaction (PostgREST's
    /// `db-pre-request`), its name already quoted. Only [`begin_scoped_inline`] calls it.
    pub pre_request: Option<String>,
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

fn begin_statement(options: &ScopeOptions) -> &'static str {
    // READ WRITE spelled out: a connection's session may have default_transaction_read_only on
    // from an earlier request (see `set_session_scope`).
    if options.read_only {
        "BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY"
    } else {
        "BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE"
    }
}

/// The request's own settings, in PostgREST's order: (setting, value).
fn request_settings(context: &RequestContext) -> [(&'static str, Cow<'_, str>); 7] {
    [
        ("role", Cow::Borrowed(context.role.as_str())),
        ("request.jwt.claims", Cow::Borrowed(&*context.claims)),
        (
            "request.jwt.claim.role",
            Cow::Borrowed(context.role.as_str()),
        ),
        ("request.jwt.claim.sub", Cow::Borrowed(&*context.sub)),
        ("request.method", Cow::Borrowed(context.method.as_str())),
        ("request.path", Cow::Borrowed(context.path.as_str())),
        ("request.headers", Cow::Borrowed(context.headers.as_str())),
    ]
}

/// Every `set_config` call of a request, in PostgREST's order: (setting, value).
fn scope_settings<'a>(
    context: &'a RequestContext,
    options: &'a ScopeOptions,
) -> Vec<(&'static str, Cow<'a, str>)> {
    let mut settings = Vec::with_capacity(11);
    if let Some(search_path) = &options.search_path {
        settings.push(("search_path", Cow::Borrowed(search_path.as_str())));
    }
    settings.extend(request_settings(context));
    settings.push(("request.cookies", Cow::Owned(options.cookies_text())));
    if let Some(timezone) = &options.timezone {
        settings.push(("timezone", Cow::Borrowed(timezone.as_str())));
    }
    if let Some(timeout) = &options.role_statement_timeout {
        settings.push(("statement_timeout", Cow::Borrowed(timeout.as_str())));
    }
    settings
}

/// How a setting's value is written into the statement.
#[derive(Clone, Copy)]
enum Values {
    /// As a quoted literal (a simple-protocol query, no parameters).
    Literal,
    /// As the parameter `$n` at the setting's (1-based) position.
    Bound,
}

/// Writes `set_config('<name>', <value>, <local>)` for each setting, comma-separated.
fn write_set_configs(
    sql: &mut String,
    settings: &[(&'static str, Cow<'_, str>)],
    local: bool,
    values: Values,
) {
    use std::fmt::Write as _;
    for (i, (name, value)) in settings.iter().enumerate() {
        if i > 0 {
            sql.push_str(", ");
        }
        let _ = match values {
            Values::Literal => write!(
                sql,
                "set_config('{name}', {}, {local})",
                quote_literal(value)
            ),
            Values::Bound => write!(sql, "set_config('{name}', ${}, {local})", i + 1),
        };
    }
}

/// Binds every setting's value, in order, as the statement's parameters.
fn bind_settings<'q>(
    mut query: sqlx::query::Query<'q, Postgres, sqlx::postgres::PgArguments>,
    settings: &'q [(&'static str, Cow<'_, str>)],
) -> sqlx::query::Query<'q, Postgres, sqlx::postgres::PgArguments> {
    for (_, value) in settings {
        query = query.bind(&**value);
    }
    query
}

/// Begins a transaction running as the context's role in one round trip: `BEGIN` and the
/// `set_config` statement (the settings local to the transaction) go together as one
/// simple-protocol query, the values written as literals by [`quote_literal`]. The caller ends
/// the transaction itself with `COMMIT` or `ROLLBACK`, and must not reuse the connection if
/// that did not happen (e.g. the request was cancelled).
pub async fn begin_scoped_inline(
    connection: &mut PgConnection,
    context: &RequestContext,
    options: &ScopeOptions,
    defaults: &SessionDefaults,
) -> Result<(), sqlx::Error> {
    let options = &options.resolved(defaults);
    let settings = scope_settings(context, options);
    let mut sql = String::from(begin_statement(options));
    sql.push_str("; select ");
    write_set_configs(&mut sql, &settings, true, Values::Literal);
    if let Some(function) = &options.pre_request {
        sql.push_str("; select ");
        sql.push_str(function);
        sql.push_str("()");
    }
    // A plain string without arguments runs as one simple-protocol query (all the statements).
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
    let settings = request_settings(context);
    let mut sql = String::from("select ");
    write_set_configs(&mut sql, &settings, true, Values::Bound);
    // $1 is the role.
    sql.push_str(", ");
    sql.push_str(ROLE_STATEMENT_TIMEOUT);
    bind_settings(sqlx::query(&sql), &settings)
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}

/// What a connection's session starts with: a request that leaves one of these alone must see
/// the same value as on a fresh connection, whatever an earlier request on it set.
#[derive(Debug, Clone)]
pub struct SessionDefaults {
    pub timezone: String,
    pub statement_timeout: String,
    pub search_path: String,
}

impl SessionDefaults {
    /// Reads them on a connection that has just been opened.
    pub async fn read(connection: &mut PgConnection) -> Result<Self, sqlx::Error> {
        let (timezone, statement_timeout, search_path) = sqlx::query_as(
            "select current_setting('TimeZone'), current_setting('statement_timeout'), \
             current_setting('search_path')",
        )
        .fetch_one(&mut *connection)
        .await?;
        Ok(Self {
            timezone,
            statement_timeout,
            search_path,
        })
    }
}

impl ScopeOptions {
    /// `request.cookies` as text (`{}` without cookies).
    fn cookies_text(&self) -> String {
        self.cookies
            .as_ref()
            .map_or_else(|| "{}".to_owned(), ToString::to_string)
    }

    /// These options with every setting the request left open filled from `defaults`, so that
    /// each setting is written on every request (nothing carries over from the previous one).
    fn resolved(&self, defaults: &SessionDefaults) -> ScopeOptions {
        ScopeOptions {
            read_only: self.read_only,
            search_path: Some(
                self.search_path
                    .clone()
                    .unwrap_or_else(|| defaults.search_path.clone()),
            ),
            cookies: Some(
                self.cookies
                    .clone()
                    .unwrap_or_else(|| serde_json::json!({})),
            ),
            timezone: Some(
                self.timezone
                    .clone()
                    .unwrap_or_else(|| defaults.timezone.clone()),
            ),
            role_statement_timeout: Some(
                self.role_statement_timeout
                    .clone()
                    .unwrap_or_else(|| defaults.statement_timeout.clone()),
            ),
            pre_request: self.pre_request.clone(),
        }
    }
}

/// Sets the request's scope on the connection's session instead of in a transaction, so that
/// the one statement that follows runs in its own implicit transaction as that role with those
/// claims: two round trips (this and the statement) instead of four (BEGIN, set_config, the
/// statement, COMMIT). Every setting is written on every call (what the request leaves open,
/// from `defaults`), so nothing of an earlier request on the connection survives; such a
/// connection must only ever be used through this function or [`begin_scoped_inline`], which
/// writes the same settings locally and says READ ONLY or READ WRITE explicitly.
///
/// Only for statements that need no ROLLBACK after the engine has seen their result: reads,
/// and writes whose result the engine cannot refuse; and not with a `pre_request` function,
/// which must run in the statement's transaction.
pub async fn set_session_scope(
    connection: &mut PgConnection,
    context: &RequestContext,
    options: &ScopeOptions,
    defaults: &SessionDefaults,
) -> Result<(), sqlx::Error> {
    debug_assert!(
        options.pre_request.is_none(),
        "a pre-request needs a transaction"
    );
    let options = options.resolved(defaults);
    let settings = scope_settings(context, &options);
    // One prepared statement, its values bound as parameters.
    let mut sql = String::from("select ");
    write_set_configs(&mut sql, &settings, false, Values::Bound);
    sql.push_str(&format!(
        ", set_config('default_transaction_read_only', ${}, false), \
         set_config('default_transaction_isolation', 'read committed', false)",
        settings.len() + 1
    ));
    bind_settings(sqlx::query(&sql), &settings)
        .bind(if options.read_only { "on" } else { "off" })
        .execute(&mut *connection)
        .await?;
    Ok(())
}
