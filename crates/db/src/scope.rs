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
    /// PostgREST's `app.settings.*`: (whole name, value) pairs set last. Their names come from
    /// the configuration, so they are bound (or quoted) like values, never written as they are.
    pub app_settings: Arc<[(String, String)]>,
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

/// A setting's name: one of the engine's own, written into the statement, or a configured one,
/// which goes to the database the way values do.
#[derive(Clone, Copy)]
enum Name<'a> {
    Fixed(&'static str),
    Configured(&'a str),
}

/// One `set_config` call: the setting and its value.
type Setting<'a> = (Name<'a>, Cow<'a, str>);

/// The request's own settings, in PostgREST's order.
fn request_settings(context: &RequestContext) -> [Setting<'_>; 7] {
    [
        ("role", context.role.as_str()),
        ("request.jwt.claims", &*context.claims),
        ("request.jwt.claim.role", context.role.as_str()),
        ("request.jwt.claim.sub", &*context.sub),
        ("request.method", context.method.as_str()),
        ("request.path", context.path.as_str()),
        ("request.headers", context.headers.as_str()),
    ]
    .map(|(name, value)| (Name::Fixed(name), Cow::Borrowed(value)))
}

/// Every `set_config` call of a request, in PostgREST's order (`app.settings.*` last).
fn scope_settings<'a>(context: &'a RequestContext, options: &'a ScopeOptions) -> Vec<Setting<'a>> {
    let mut settings = Vec::with_capacity(11 + options.app_settings.len());
    if let Some(search_path) = &options.search_path {
        settings.push((
            Name::Fixed("search_path"),
            Cow::Borrowed(search_path.as_str()),
        ));
    }
    settings.extend(request_settings(context));
    settings.push((
        Name::Fixed("request.cookies"),
        Cow::Owned(options.cookies_text()),
    ));
    if let Some(timezone) = &options.timezone {
        settings.push((Name::Fixed("timezone"), Cow::Borrowed(timezone.as_str())));
    }
    if let Some(timeout) = &options.role_statement_timeout {
        settings.push((
            Name::Fixed("statement_timeout"),
            Cow::Borrowed(timeout.as_str()),
        ));
    }
    settings.extend(
        options
            .app_settings
            .iter()
            .map(|(name, value)| (Name::Configured(name), Cow::Borrowed(value.as_str()))),
    );
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

/// Writes `set_config(<name>, <value>, <local>)` for each setting, comma-separated; returns how
/// many parameters (`$1` ...) the calls take. A configured name is a parameter (or a quoted
/// literal) like a value; only the engine's own names are written as they are.
fn write_set_configs(
    sql: &mut String,
    settings: &[Setting<'_>],
    local: bool,
    values: Values,
) -> usize {
    use std::fmt::Write as _;
    let mut params = 0;
    let mut next_param = |sql: &mut String| {
        params += 1;
        let _ = write!(sql, "${params}");
    };
    for (i, (name, value)) in settings.iter().enumerate() {
        if i > 0 {
            sql.push_str(", ");
        }
        sql.push_str("set_config(");
        match (name, values) {
            (Name::Fixed(name), _) => {
                let _ = write!(sql, "'{name}'");
            }
            (Name::Configured(name), Values::Literal) => sql.push_str(&quote_literal(name)),
            (Name::Configured(_), Values::Bound) => next_param(sql),
        }
        sql.push_str(", ");
        match values {
            Values::Literal => sql.push_str(&quote_literal(value)),
            Values::Bound => next_param(sql),
        }
        let _ = write!(sql, ", {local})");
    }
    params
}

/// Binds the parameters [`write_set_configs`] wrote, in order: each configured name, each value.
fn bind_settings<'q>(
    mut query: sqlx::query::Query<'q, Postgres, sqlx::postgres::PgArguments>,
    settings: &'q [Setting<'_>],
) -> sqlx::query::Query<'q, Postgres, sqlx::postgres::PgArguments> {
    for (name, value) in settings {
        if let Name::Configured(name) = name {
            query = query.bind(*name);
        }
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
            app_settings: Arc::clone(&self.app_settings),
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
    let params = write_set_configs(&mut sql, &settings, false, Values::Bound);
    sql.push_str(&format!(
        ", set_config('default_transaction_read_only', ${}, false), \
         set_config('default_transaction_isolation', 'read committed', false)",
        params + 1
    ));
    bind_settings(sqlx::query(&sql), &settings)
        .bind(if options.read_only { "on" } else { "off" })
        .execute(&mut *connection)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_app_settings(pairs: &[(&str, &str)]) -> ScopeOptions {
        ScopeOptions {
            app_settings: pairs
                .iter()
                .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
                .collect(),
            ..ScopeOptions::default()
        }
    }

    #[test]
    fn configured_names_are_bound_like_values_never_written() {
        let context = RequestContext::for_role("anon");
        let odd = "app.settings.x', true); drop table t; --";
        let options = with_app_settings(&[("app.settings.a", "1"), (odd, "v'2")]);
        let settings = scope_settings(&context, &options);
        let mut sql = String::from("select ");
        let params = write_set_configs(&mut sql, &settings, false, Values::Bound);
        // The 8 request settings (cookies among them) take one parameter each; each app setting
        // takes two, its name and its value, and comes last.
        assert_eq!(params, 8 + 2 * 2);
        assert!(
            sql.ends_with("set_config($9, $10, false), set_config($11, $12, false)"),
            "{sql}"
        );
        assert!(!sql.contains("drop table"), "{sql}");
        assert!(
            sql.starts_with("select set_config('role', $1, false)"),
            "{sql}"
        );
    }

    #[test]
    fn configured_names_are_quoted_as_literals_in_a_simple_query() {
        let context = RequestContext::for_role("anon");
        let options = with_app_settings(&[("app.settings.it's", "a\\b")]);
        let settings = scope_settings(&context, &options);
        let mut sql = String::new();
        assert_eq!(
            write_set_configs(&mut sql, &settings, true, Values::Literal),
            0
        );
        assert!(
            sql.ends_with("set_config('app.settings.it''s', E'a\\\\b', true)"),
            "{sql}"
        );
    }
}
