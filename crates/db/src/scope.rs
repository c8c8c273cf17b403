//! The per-request database context: one transaction that first sets the role, the JWT claims
//! and the request facts in a single `set_config` statement, exactly as PostgREST and Supabase
//! Storage do, so `auth.uid()`, `auth.role()` and `auth.jwt()` work inside policies.
use std::borrow::Cow;
use std::sync::Arc;

use sqlx::{PgPool, Postgres, Transaction};

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
    /// `db-pre-request`), its name already quoted. The caller of [`LocalScope`] calls it.
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
    // READ WRITE spelled out, whatever the session's default_transaction_read_only.
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

/// Writes `set_config(<name>, <value>, true)` (local to the transaction) for each setting,
/// comma-separated; returns how many parameters (`$1` ...) the calls take. A configured name is
/// a parameter like a value; only the engine's own names are written as they are.
fn write_set_configs(sql: &mut String, settings: &[Setting<'_>]) -> usize {
    use std::fmt::Write as _;
    let mut params = 0;
    let mut next_param = |sql: &mut String| {
        params += 1;
        let _ = write!(sql, "${params}");
    };
    for (i, (name, _)) in settings.iter().enumerate() {
        if i > 0 {
            sql.push_str(", ");
        }
        sql.push_str("set_config(");
        match name {
            Name::Fixed(name) => {
                let _ = write!(sql, "'{name}'");
            }
            Name::Configured(_) => next_param(sql),
        }
        sql.push_str(", ");
        next_param(sql);
        sql.push_str(", true)");
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

/// A request's `set_config` statement local to its transaction, with its parameters in order:
/// for a client that sends it with `BEGIN` and the request's statement in one pipeline, so the
/// settings end with the transaction and nothing carries over to the connection's next request.
pub struct LocalScope<'a> {
    /// `BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY` or `READ WRITE`.
    pub begin: &'static str,
    /// `select set_config($1 ...), ...`, every value (and configured name) a text parameter.
    pub sql: String,
    pub params: Vec<Cow<'a, str>>,
}

impl<'a> LocalScope<'a> {
    /// The scope of `context` under `options` (a `pre_request` function is the caller's to call).
    pub fn new(context: &'a RequestContext, options: &'a ScopeOptions) -> Self {
        let settings = scope_settings(context, options);
        let mut sql = String::from("select ");
        write_set_configs(&mut sql, &settings);
        let mut params = Vec::with_capacity(settings.len() + options.app_settings.len());
        for (name, value) in settings {
            if let Name::Configured(name) = name {
                params.push(Cow::Borrowed(name));
            }
            params.push(value);
        }
        LocalScope {
            begin: begin_statement(options),
            sql,
            params,
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
    let settings = request_settings(context);
    let mut sql = String::from("select ");
    write_set_configs(&mut sql, &settings);
    // $1 is the role.
    sql.push_str(", ");
    sql.push_str(ROLE_STATEMENT_TIMEOUT);
    bind_settings(sqlx::query(&sql), &settings)
        .execute(&mut *tx)
        .await?;
    Ok(tx)
}

impl ScopeOptions {
    /// `request.cookies` as text (`{}` without cookies).
    fn cookies_text(&self) -> String {
        self.cookies
            .as_ref()
            .map_or_else(|| "{}".to_owned(), ToString::to_string)
    }
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
        let scope = LocalScope::new(&context, &options);
        // The 8 request settings (cookies among them) take one parameter each; each app setting
        // takes two, its name and its value, and comes last.
        assert_eq!(scope.params.len(), 8 + 2 * 2);
        assert!(
            scope
                .sql
                .ends_with("set_config($9, $10, true), set_config($11, $12, true)"),
            "{}",
            scope.sql
        );
        assert!(!scope.sql.contains("drop table"), "{}", scope.sql);
        assert!(
            scope.sql.starts_with("select set_config('role', $1, true)"),
            "{}",
            scope.sql
        );
        assert_eq!(scope.params[0], "anon");
        assert_eq!(&scope.params[8..], ["app.settings.a", "1", odd, "v'2"]);
        assert_eq!(
            scope.begin,
            "BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE"
        );
    }
}
