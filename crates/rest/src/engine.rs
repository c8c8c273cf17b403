//! One request, start to end: caller, schema cache, api request, plan, the transaction with
//! its one main statement, and the response.
use std::collections::BTreeSet;
use std::net::IpAddr;
use std::sync::Arc;

use axum::response::Response;
use bytes::Bytes;
use cb_db::sqlx::{self, Row};
use cb_db::{RequestContext, ScopeOptions, begin_scoped_inline, quote_ident, set_session_scope};
use cb_gateway::{Caller, headers_json, resolve_caller};
use cb_postgrest_syntax::{
    MediaType, PlanFormat, PlanOption, PreferCount, PreferHandling, PreferReturn,
    PreferTransaction, media_type_error, parse_prefer,
};
use http::{HeaderMap, Method};
use serde_json::{Map, Value};

use crate::RestState;
use crate::api_request::{self, Action, ApiRequest, Invoke, Mutation, ParseSettings, Payload};
use crate::compiled_reads::{self, CompiledRead};
use crate::error::ApiError;
use crate::plan::call::{call_plan, direct_args};
use crate::plan::read::ReadKind;
use crate::plan::{CallArgs, ReadContext, find_routine, mutate_plan, read_plan};
use crate::pool;
use crate::query::builder::qi_sql;
use crate::query::{self, CountMode, Handler, Param, Sql};
use crate::response::{self, ResultSet};
use crate::schema_cache::{Qi, ReturnKind, SchemaCache, Volatility};

#[allow(clippy::too_many_arguments)]
pub(crate) async fn run(
    state: &RestState,
    method: &Method,
    path: &str,
    query: Option<&str>,
    headers: &HeaderMap,
    body: Bytes,
    peer: Option<IpAddr>,
) -> Result<Response, ApiError> {
    let caller = resolve_caller(headers, &state.verifier).map_err(ApiError::Jwt)?;
    // Held until the response is built: the statement has run by then.
    let client = state.settings.trusted_proxies.client_ip(peer, headers);
    let _turn = if caller.is_service_role() {
        None
    } else {
        state
            .clients
            .turn(client)
            .await
            .map_err(|_| {
                metrics::counter!("claimbridge_rate_limit_refusals_total", "limit" => "rest-client-concurrency")
                    .increment(1);
                ApiError::ClientBusy(state.clients.per_client())
            })?
    };
    let cache = state
        .cache
        .get_or_wait(state.settings.first_load_patience)
        .await
        .ok_or(ApiError::SchemaCacheNotReady)?;
    let anon = caller.role == state.settings.anon_role;

    let read_key = compiled_reads::key(method, path, query, headers, &body);
    if let Some(compiled) = read_key
        .as_deref()
        .and_then(|key| state.reads.get(cache.generation, key))
    {
        let exec = Exec::new(state, &caller, anon, &compiled.req, headers, client, path);
        return run_read(&exec, &cache, &compiled).await;
    }

    let prefs = parse_prefer(
        headers
            .get_all("prefer")
            .iter()
            .filter_map(|v| v.to_str().ok()),
        cache.config.tx_allow_override,
        |tz| cache.timezones.contains(tz),
    );
    let req = api_request::parse(
        method.as_str(),
        path,
        query.unwrap_or(""),
        headers,
        &body,
        prefs,
        &ParseSettings {
            schemas: &cache.config.schemas,
            tx_allow_override: cache.config.tx_allow_override,
            max_select_items: state.settings.max_select_items,
            max_filters: state.settings.max_filters,
        },
    )?;

    match req.action.clone() {
        Action::RelationInfo { name } => {
            let qi = Qi::new(req.schema.clone(), name);
            let table = find_table(&cache, &qi)?;
            let mut allow = vec!["OPTIONS,GET,HEAD"];
            if table.insertable {
                allow.push("POST");
            }
            if table.insertable && table.updatable && !table.pk.is_empty() {
                allow.push("PUT");
            }
            if table.updatable {
                allow.push("PATCH");
            }
            if table.deletable {
                allow.push("DELETE");
            }
            Ok(response::info_response(&allow.join(",")).into_response())
        }
        Action::RoutineInfo { name } => {
            let qi = Qi::new(req.schema.clone(), name);
            let keys: BTreeSet<String> =
                req.query.rpc_args.iter().map(|(k, _)| k.clone()).collect();
            let routine = find_routine(&cache, &qi, &keys, &req.content_type, false)?;
            let allow = if routine.volatility == Volatility::Volatile {
                "OPTIONS,POST"
            } else {
                "OPTIONS,GET,HEAD,POST"
            };
            Ok(response::info_response(allow).into_response())
        }
        Action::SchemaInfo => Ok(response::info_response("OPTIONS,GET,HEAD").into_response()),
        Action::SchemaRead { head } => {
            let exec = Exec::new(state, &caller, anon, &req, headers, client, path);
            schema_read(&exec, &cache, head).await
        }
        Action::RelationRead { name, head } => {
            let compiled = Arc::new(compile_read(&cache, req, name, head)?);
            if let Some(key) = read_key {
                state
                    .reads
                    .insert(cache.generation, key, Arc::clone(&compiled));
            }
            let exec = Exec::new(state, &caller, anon, &compiled.req, headers, client, path);
            run_read(&exec, &cache, &compiled).await
        }
        Action::RelationMut { name, mutation } => {
            let exec = Exec::new(state, &caller, anon, &req, headers, client, path);
            relation_mutation(&exec, &cache, &name, mutation).await
        }
        Action::Routine { name, invoke } => {
            let exec = Exec::new(state, &caller, anon, &req, headers, client, path);
            routine_call(&exec, &cache, &name, invoke).await
        }
    }
}

/// Everything needed to run the request's transaction.
struct Exec<'a> {
    state: &'a RestState,
    caller: &'a Caller,
    anon: bool,
    req: &'a ApiRequest,
    headers: &'a HeaderMap,
    /// The client's IP as the gateway resolved it (request.headers' x-real-ip).
    client: Option<IpAddr>,
    path: &'a str,
}

impl<'a> Exec<'a> {
    fn new(
        state: &'a RestState,
        caller: &'a Caller,
        anon: bool,
        req: &'a ApiRequest,
        headers: &'a HeaderMap,
        client: Option<IpAddr>,
        path: &'a str,
    ) -> Self {
        Exec {
            state,
            caller,
            anon,
            req,
            headers,
            client,
            path,
        }
    }

    fn db_error(&self, err: &sqlx::Error) -> ApiError {
        ApiError::from_sqlx(err, self.anon)
    }

    fn context<'c>(&self, cache: &'c SchemaCache, kind: ReadKind) -> ReadContext<'c>
    where
        'a: 'c,
    {
        read_context(cache, &self.req.schema, kind)
    }

    fn scope(
        &self,
        cache: &SchemaCache,
        read_only: bool,
    ) -> Result<(RequestContext, ScopeOptions), ApiError> {
        check_role(cache, &self.caller.role)?;
        let mut search_path = vec![quote_ident(&self.req.schema)];
        search_path.extend(
            cache
                .config
                .extra_search_path
                .iter()
                .map(|s| quote_ident(s)),
        );
        Ok((
            RequestContext {
                role: self.caller.role.clone(),
                claims: self.caller.claims_json.clone(),
                sub: self.caller.sub.clone(),
                method: self.req.method.clone(),
                path: self.path.to_owned(),
                headers: headers_json(self.headers, self.client),
            },
            ScopeOptions {
                read_only,
                search_path: Some(search_path.join(", ")),
                cookies: Some(cookies(self.headers)),
                timezone: self.req.prefs.timezone.clone(),
                role_statement_timeout: cache.roles.get(&self.caller.role).cloned().flatten(),
                pre_request: cache.config.pre_request.as_ref().map(qi_sql),
            },
        ))
    }

    /// Runs the main statement (and, for planned counts, the EXPLAIN) as the caller; `check`
    /// can refuse the result.
    ///
    /// Reads, and writes whose result `check` cannot refuse (`refusable`) and that are not to be
    /// rolled back (`Prefer: tx=rollback`), take two round trips: the request's scope as session
    /// settings, then the statement in its own implicit transaction. The rest take three:
    /// `BEGIN` with the scope local to the transaction (one simple query), the statement, then
    /// `COMMIT`, or `ROLLBACK` when refused.
    async fn transaction(
        &self,
        cache: &SchemaCache,
        read_only: bool,
        refusable: bool,
        main: &Sql,
        explain: Option<&Sql>,
        check: impl FnOnce(&ResultSet) -> Result<(), ApiError>,
    ) -> Result<(ResultSet, Option<i64>), ApiError> {
        let (context, options) = self.scope(cache, read_only)?;
        let rollback = self.req.prefs.transaction == Some(PreferTransaction::Rollback);
        // A pre-request function runs in the statement's own transaction, as in PostgREST.
        let explicit = options.pre_request.is_some() || (!read_only && (refusable || rollback));
        let mut lease = self
            .state
            .conns
            .acquire()
            .await
            .map_err(|e| self.db_error(&e))?;
        lease.set_in_transaction(true);
        let outcome = self
            .run(
                &mut lease, &context, &options, explicit, main, explain, check,
            )
            .await;
        let err = match outcome {
            Ok(done) => {
                lease.set_in_transaction(false);
                return Ok(done);
            }
            Err(Failure::Api(err)) => err,
            Err(Failure::Db(err)) if pool::is_transport_error(&err) => {
                lease.set_broken();
                return Err(self.db_error(&err));
            }
            Err(Failure::Db(err)) => self.db_error(&err),
        };
        if explicit {
            end_transaction(&mut lease, "ROLLBACK").await;
        } else {
            // The implicit transaction ended with the statement.
            lease.set_in_transaction(false);
        }
        Err(err)
    }

    #[allow(clippy::too_many_arguments)]
    async fn run(
        &self,
        lease: &mut pool::Conn<'_>,
        context: &RequestContext,
        options: &ScopeOptions,
        explicit: bool,
        main: &Sql,
        explain: Option<&Sql>,
        check: impl FnOnce(&ResultSet) -> Result<(), ApiError>,
    ) -> Result<(ResultSet, Option<i64>), Failure> {
        let (conn, defaults) = lease.connection()?;
        if explicit {
            begin_scoped_inline(conn, context, options, defaults).await?;
        } else {
            set_session_scope(conn, context, options, defaults).await?;
        }
        let row = bind(sqlx::query(&main.text), &main.params)
            .fetch_optional(&mut *conn)
            .await?;
        let rs = match row {
            Some(row) => decode(&row)?,
            None => ResultSet::default(),
        };
        check(&rs).map_err(Failure::Api)?;
        let planned = match explain {
            Some(sql) => {
                let plan: Option<sqlx::types::Json<Value>> =
                    bind(sqlx::query(&sql.text), &sql.params)
                        .fetch_optional(&mut *conn)
                        .await?
                        .and_then(|row| row.try_get(0).ok());
                plan.and_then(|p| p.0.pointer("/0/Plan/Plan Rows").and_then(Value::as_f64))
                    .map(|rows| rows as i64)
            }
            None => None,
        };
        if explicit {
            let end = if self.req.prefs.transaction == Some(PreferTransaction::Rollback) {
                // Deferred constraints are checked before the rollback, as PostgREST does.
                "SET CONSTRAINTS ALL IMMEDIATE; ROLLBACK"
            } else {
                "COMMIT"
            };
            sqlx::Executor::execute(&mut *conn, end).await?;
        }
        Ok((rs, planned))
    }

    /// Runs an EXPLAIN as the caller, in a transaction ended as the request's would be (an
    /// `analyze` runs the statement: `Prefer: tx=rollback` undoes a write), and answers the plan.
    async fn explain(
        &self,
        cache: &SchemaCache,
        read_only: bool,
        sql: &Sql,
        media: &MediaType,
    ) -> Result<Response, ApiError> {
        let rollback = self.req.prefs.transaction == Some(PreferTransaction::Rollback);
        let end = if rollback { "ROLLBACK" } else { "COMMIT" };
        let body = self
            .with_statement(cache, read_only, true, end, async |conn| {
                let rows = bind(sqlx::query(&sql.text), &sql.params)
                    .fetch_all(conn)
                    .await?;
                // JSON: one row holding the plan array; text: one row per line.
                let lines: Vec<String> = rows
                    .iter()
                    .map(|row| {
                        row.try_get::<String, _>(0).or_else(|_| {
                            row.try_get::<sqlx::types::Json<Value>, _>(0)
                                .map(|json| json.0.to_string())
                        })
                    })
                    .collect::<Result<_, _>>()?;
                Ok(lines.join("\n"))
            })
            .await?;
        Ok(response::plan_response(self.req, media, body).into_response())
    }

    /// One statement read as the caller (the OpenAPI privileges query).
    async fn read_row(
        &self,
        cache: &SchemaCache,
        sql: &str,
        bind_text: &str,
    ) -> Result<sqlx::postgres::PgRow, ApiError> {
        // With a pre-request function: its transaction, as for every other statement.
        let explicit = cache.config.pre_request.is_some();
        self.with_statement(cache, true, explicit, "COMMIT", async |conn| {
            sqlx::query(sql).bind(bind_text).fetch_one(conn).await
        })
        .await
    }

    /// `work` on a connection as the caller: inside `BEGIN` (the scope local to it) ... `end`
    /// when `explicit`, else with the scope on the session and `work`'s statements in their own
    /// implicit transactions. A failed transaction is rolled back, a broken connection dropped.
    async fn with_statement<T>(
        &self,
        cache: &SchemaCache,
        read_only: bool,
        explicit: bool,
        end: &'static str,
        work: impl AsyncFnOnce(&mut sqlx::PgConnection) -> Result<T, sqlx::Error>,
    ) -> Result<T, ApiError> {
        let (context, options) = self.scope(cache, read_only)?;
        let mut lease = self
            .state
            .conns
            .acquire()
            .await
            .map_err(|e| self.db_error(&e))?;
        lease.set_in_transaction(true);
        let outcome = async {
            let (conn, defaults) = lease.connection()?;
            if explicit {
                begin_scoped_inline(conn, &context, &options, defaults).await?;
            } else {
                set_session_scope(conn, &context, &options, defaults).await?;
            }
            let value = work(&mut *conn).await?;
            if explicit {
                sqlx::Executor::execute(&mut *conn, end).await?;
            }
            Ok::<_, sqlx::Error>(value)
        }
        .await;
        match outcome {
            Ok(value) => {
                lease.set_in_transaction(false);
                Ok(value)
            }
            Err(err) if pool::is_transport_error(&err) => {
                lease.set_broken();
                Err(self.db_error(&err))
            }
            Err(err) => {
                if explicit {
                    end_transaction(&mut lease, "ROLLBACK").await;
                } else {
                    lease.set_in_transaction(false);
                }
                Err(self.db_error(&err))
            }
        }
    }
}

/// Ends an aborted or refused transaction; a connection that cannot do even that is dropped.
async fn end_transaction(lease: &mut pool::Conn<'_>, statement: &'static str) {
    let ended = match lease.connection() {
        Ok((conn, _)) => sqlx::Executor::execute(&mut *conn, statement).await.is_ok(),
        Err(_) => false,
    };
    if ended {
        lease.set_in_transaction(false);
    } else {
        lease.set_broken();
    }
}

/// Why a transaction stopped: the database, or a check of the engine.
enum Failure {
    Db(sqlx::Error),
    Api(ApiError),
}

impl From<sqlx::Error> for Failure {
    fn from(err: sqlx::Error) -> Self {
        Failure::Db(err)
    }
}

fn bind<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>,
    params: &'q [Param],
) -> sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments> {
    for p in params {
        query = match p {
            Param::Text(t) => query.bind(t.as_deref()),
            Param::Int(i) => query.bind(*i),
            Param::Bytes(b) => query.bind(b.as_slice()),
        };
    }
    query
}

fn decode(row: &sqlx::postgres::PgRow) -> Result<ResultSet, sqlx::Error> {
    Ok(ResultSet {
        total: row.try_get(0)?,
        page_total: row.try_get(1)?,
        location: row
            .try_get::<Option<Vec<String>>, _>(2)?
            .unwrap_or_default(),
        body: row.try_get::<Option<String>, _>(3)?.unwrap_or_default(),
        guc_headers: row.try_get(4)?,
        guc_status: row.try_get(5)?,
        inserted: row.try_get(6)?,
    })
}

/// Request cookies as a JSON object (PostgREST's `request.cookies`).
fn cookies(headers: &HeaderMap) -> Value {
    let mut object = Map::new();
    for value in headers.get_all(http::header::COOKIE) {
        let Ok(value) = value.to_str() else { continue };
        for pair in value.split(';') {
            let pair = pair.trim();
            if pair.is_empty() {
                continue;
            }
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            object.insert(k.to_owned(), Value::String(v.to_owned()));
        }
    }
    Value::Object(object)
}

/// A JWT may only name a role the engine may switch to; anything else is refused before the
/// database sees it, with the texts PostgreSQL would give.
fn check_role(cache: &SchemaCache, role: &str) -> Result<(), ApiError> {
    if cache.roles.contains_key(role) {
        return Ok(());
    }
    Err(ApiError::Pg {
        code: "22023".into(),
        message: format!("role \"{role}\" does not exist"),
        details: None,
        hint: None,
        anon: false,
    })
}

fn find_table<'c>(
    cache: &'c SchemaCache,
    qi: &Qi,
) -> Result<&'c crate::schema_cache::Table, ApiError> {
    cache.table(qi).ok_or_else(|| {
        let names: Vec<&str> = cache
            .relations_in(&qi.schema)
            .map(|t| t.qi.name.as_str())
            .collect();
        let suggestion = if names.len() < 500 {
            crate::plan::fuzzy_one(&names, &qi.name, 0.75)
                .map(|t| format!("Perhaps you meant the table '{}.{t}'", qi.schema))
        } else {
            None
        };
        ApiError::TableNotFound {
            schema: qi.schema.clone(),
            table: qi.name.clone(),
            suggestion,
        }
    })
}

/// What a request asked to see: the rows through a handler, or (with the plan media type) the
/// statement's EXPLAIN.
#[derive(Debug, Clone)]
pub(crate) struct Negotiated {
    pub(crate) handler: Handler,
    pub(crate) media: MediaType,
    pub(crate) explain: Option<Explain>,
}

/// `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=…`.
#[derive(Debug, Clone)]
pub(crate) struct Explain {
    format: PlanFormat,
    options: Vec<PlanOption>,
}

impl Explain {
    /// The statement prefixed with `EXPLAIN (FORMAT …, <options>)`, same parameters.
    fn of(&self, main: &Sql) -> Sql {
        let mut text = String::from(match self.format {
            PlanFormat::Json => "EXPLAIN (FORMAT JSON",
            PlanFormat::Text => "EXPLAIN (FORMAT TEXT",
        });
        for option in &self.options {
            text.push_str(", ");
            text.push_str(&option.name().to_ascii_uppercase());
        }
        text.push_str(") ");
        text.push_str(&main.text);
        Sql {
            text,
            params: main.params.clone(),
        }
    }
}

/// PostgREST's `negotiateContent` for the built-in handlers; the plan media type only with
/// `db-plan-enabled`, rendering what its `for` names.
fn negotiate(req: &ApiRequest, plan_enabled: bool) -> Result<Negotiated, ApiError> {
    for media in &req.accept {
        let (target, explain) = match media {
            MediaType::VndPlan {
                for_media,
                format,
                options,
            } if plan_enabled => (
                for_media.as_ref(),
                Some(Explain {
                    format: *format,
                    options: options.clone(),
                }),
            ),
            other => (other, None),
        };
        let picked = match target {
            MediaType::VndSingularJson { strip_nulls } => Some(Handler::Singular {
                strip_nulls: *strip_nulls,
            }),
            MediaType::VndArrayJsonStrip => Some(Handler::Json { strip_nulls: true }),
            MediaType::ApplicationJson | MediaType::Any => {
                Some(Handler::Json { strip_nulls: false })
            }
            MediaType::TextCsv => Some(Handler::Csv),
            MediaType::GeoJson => Some(Handler::GeoJson),
            _ => None,
        };
        if let Some(handler) = picked {
            let media = match media {
                MediaType::Any => MediaType::ApplicationJson,
                other => other.clone(),
            };
            return Ok(Negotiated {
                handler,
                media,
                explain,
            });
        }
    }
    Err(media_type_error(&req.accept).into())
}

fn is_singular(media: &MediaType) -> bool {
    matches!(media, MediaType::VndSingularJson { .. })
}

fn check_strict(req: &ApiRequest) -> Result<(), ApiError> {
    req.prefs.check_strict().map_err(ApiError::from)
}

fn count_mode(req: &ApiRequest, max_rows: Option<i64>) -> CountMode {
    match req.prefs.count {
        Some(PreferCount::Exact) => CountMode::Exact,
        Some(PreferCount::Estimated) => match max_rows {
            Some(max) => CountMode::Limited(max),
            None => CountMode::Exact,
        },
        _ => CountMode::None,
    }
}

/// What planning a read in `schema` needs from the engine's settings and the schema cache.
fn read_context<'c>(cache: &'c SchemaCache, schema: &'c str, kind: ReadKind) -> ReadContext<'c> {
    ReadContext {
        cache,
        schema,
        max_rows: cache.config.max_rows,
        aggregates_enabled: cache.config.aggregates_enabled,
        kind,
        root_columns: None,
    }
}

/// Everything a read on a table or view needs before the database (see `compiled_reads`).
fn compile_read(
    cache: &SchemaCache,
    req: ApiRequest,
    relation: String,
    head: bool,
) -> Result<CompiledRead, ApiError> {
    let qi = Qi::new(req.schema.clone(), relation.clone());
    let row_security = find_table(cache, &qi)?.row_security;
    let plan = read_plan(&read_context(cache, &req.schema, ReadKind::Read), &qi, &req)?;
    let Negotiated {
        handler,
        media,
        explain: plan_explain,
    } = negotiate(&req, cache.config.plan_enabled)?;
    check_strict(&req)?;
    let handler = if head { Handler::NoAgg } else { handler };
    let count = count_mode(&req, cache.config.max_rows);
    let main = query::main_read(&plan, count, handler);
    if let Some(plan_explain) = plan_explain {
        return Ok(CompiledRead {
            main: plan_explain.of(&main),
            req,
            relation,
            head,
            media,
            explain: None,
            exact_instead: None,
            plan: true,
        });
    }
    let explain = req
        .prefs
        .count
        .filter(|c| c.should_explain())
        .map(|_| query::explain_count(&plan));
    let exact_instead = (explain.is_some() && row_security)
        .then(|| query::main_read(&plan, CountMode::Exact, handler));
    Ok(CompiledRead {
        req,
        relation,
        head,
        media,
        main,
        explain,
        exact_instead,
        plan: false,
    })
}

/// Runs a compiled read as the caller.
async fn run_read(
    exec: &Exec<'_>,
    cache: &SchemaCache,
    read: &CompiledRead,
) -> Result<Response, ApiError> {
    let req = &read.req;
    if read.plan {
        return exec.explain(cache, true, &read.main, &read.media).await;
    }
    let max_rows = cache.config.max_rows;
    let singular = is_singular(&read.media);
    let exact_instead = read
        .exact_instead
        .as_ref()
        .filter(|_| !cache.rls_bypass.contains(&exec.caller.role));
    let (main, explain) = match exact_instead {
        Some(exact) => (exact, None),
        None => (&read.main, read.explain.as_ref()),
    };
    let (mut rs, planned) = exec
        .transaction(cache, true, false, main, explain, |rs| {
            if singular && rs.page_total != 1 {
                return Err(ApiError::Singularity(rs.page_total));
            }
            Ok(())
        })
        .await?;
    rs.total = match req.prefs.count {
        _ if exact_instead.is_some() => rs.total,
        Some(PreferCount::Planned) => planned,
        Some(PreferCount::Estimated) => match (rs.total, max_rows) {
            (Some(total), Some(max)) if total > max => Some(total.max(planned.unwrap_or(0))),
            (total, _) => total,
        },
        _ => rs.total,
    };
    Ok(response::read_response(req, &read.relation, &read.media, read.head, rs)?.into_response())
}

async fn relation_mutation(
    exec: &Exec<'_>,
    cache: &SchemaCache,
    name: &str,
    mutation: Mutation,
) -> Result<Response, ApiError> {
    let req = exec.req;
    let qi = Qi::new(req.schema.clone(), name.to_owned());
    let table = find_table(cache, &qi)?;
    let ctx = exec.context(cache, ReadKind::Mutation);
    let read = read_plan(&ctx, &qi, req)?;
    let plan = mutate_plan(&ctx, mutation, table, req, &read)?;
    check_strict(req)?;
    let Negotiated {
        handler,
        media,
        explain,
    } = negotiate(req, cache.config.plan_enabled)?;
    let handler = if req.prefs.representation == Some(PreferReturn::Representation) {
        handler
    } else {
        Handler::NoAgg
    };
    let headers_only = req.prefs.representation == Some(PreferReturn::HeadersOnly);
    let main = query::main_write(&read, &plan, req.payload.as_ref(), handler, headers_only);
    if let Some(explain) = explain {
        return exec.explain(cache, false, &explain.of(&main), &media).await;
    }
    let singular = is_singular(&media);
    let max_affected = (req.prefs.handling == Some(PreferHandling::Strict))
        .then_some(req.prefs.max_affected)
        .flatten();
    let refusable = mutation == Mutation::SingleUpsert || singular || max_affected.is_some();
    let (rs, _) = exec
        .transaction(cache, false, refusable, &main, None, |rs| match mutation {
            Mutation::SingleUpsert if rs.page_total != 1 => Err(ApiError::PutMatchingPk),
            Mutation::SingleUpsert => Ok(()),
            _ if singular && rs.page_total != 1 => Err(ApiError::Singularity(rs.page_total)),
            Mutation::Update | Mutation::Delete
                if max_affected.is_some_and(|n| rs.page_total > n) =>
            {
                Err(ApiError::MaxAffected(rs.page_total))
            }
            _ => Ok(()),
        })
        .await?;
    let insert_has_target = !table.pk.is_empty() || req.query.on_conflict.is_some();
    Ok(
        response::mutation_response(req, name, mutation, &media, insert_has_target, rs)?
            .into_response(),
    )
}

async fn routine_call(
    exec: &Exec<'_>,
    cache: &SchemaCache,
    name: &str,
    invoke: Invoke,
) -> Result<Response, ApiError> {
    let req = exec.req;
    let qi = Qi::new(req.schema.clone(), name.to_owned());
    let keys: BTreeSet<String> = match invoke {
        Invoke::Read { .. } => req.query.rpc_args.iter().map(|(k, _)| k.clone()).collect(),
        Invoke::Post => req.columns.clone(),
    };
    let is_post = invoke == Invoke::Post;
    let routine = find_routine(cache, &qi, &keys, &req.content_type, is_post)?;
    let root = Qi::new(
        routine.schema.clone(),
        routine.table_name().unwrap_or(&routine.name).to_owned(),
    );
    let root_columns = match &routine.returns {
        ReturnKind::Composite { columns, .. } => Some(columns.as_slice()),
        ReturnKind::Scalar(_) => None,
    };
    let mut ctx = exec.context(cache, ReadKind::Call);
    ctx.root_columns = root_columns;
    let read = read_plan(&ctx, &root, req)?;
    let args = match (invoke, &req.payload) {
        (Invoke::Read { .. }, _) => CallArgs::Direct(direct_args(routine, &req.query.rpc_args)),
        (Invoke::Post, Some(Payload::UrlEncoded(pairs))) => {
            CallArgs::Direct(direct_args(routine, pairs))
        }
        (Invoke::Post, Some(Payload::Raw(bytes))) => CallArgs::Raw(bytes.clone()),
        (Invoke::Post, Some(Payload::Json(text))) => CallArgs::Json(Some(text.clone())),
        (Invoke::Post, None) => CallArgs::Json(None),
    };
    let call = call_plan(routine, &keys, args, &read);
    let read_only = match invoke {
        Invoke::Read { .. } => true,
        Invoke::Post => routine.volatility != Volatility::Volatile,
    };
    let Negotiated {
        handler,
        media,
        explain,
    } = negotiate(req, cache.config.plan_enabled)?;
    check_strict(req)?;
    let strict = req.prefs.handling == Some(PreferHandling::Strict);
    if strict && req.prefs.max_affected.is_some() && routine.returns_single() {
        return Err(ApiError::MaxAffectedRpc);
    }
    let head = matches!(invoke, Invoke::Read { head: true });
    let handler = if head { Handler::NoAgg } else { handler };
    let count = match req.prefs.count {
        Some(c) if c.should_count() => CountMode::Exact,
        _ => CountMode::None,
    };
    let main = query::main_call(routine, &call, &read, count, handler);
    if let Some(explain) = explain {
        return exec
            .explain(cache, read_only, &explain.of(&main), &media)
            .await;
    }
    let singular = is_singular(&media);
    let max_affected = strict.then_some(req.prefs.max_affected).flatten();
    let refusable = singular || max_affected.is_some();
    let (rs, _) = exec
        .transaction(cache, read_only, refusable, &main, None, |rs| {
            if singular && rs.page_total != 1 {
                return Err(ApiError::Singularity(rs.page_total));
            }
            if max_affected.is_some_and(|n| rs.page_total > n) {
                return Err(ApiError::MaxAffected(rs.page_total));
            }
            Ok(())
        })
        .await?;
    let void = routine.returns_void();
    Ok(response::call_response(req, &media, head, void, rs)?.into_response())
}

/// `GET /`: the OpenAPI description of what the caller's role can reach.
async fn schema_read(
    exec: &Exec<'_>,
    cache: &SchemaCache,
    head: bool,
) -> Result<Response, ApiError> {
    let req = exec.req;
    let acceptable = req.accept.iter().any(|m| {
        matches!(
            m,
            MediaType::OpenApi | MediaType::ApplicationJson | MediaType::Any
        )
    });
    if !acceptable {
        return Err(media_type_error(&req.accept).into());
    }
    let row = exec
        .read_row(cache, crate::openapi::VISIBLE_SQL, &req.schema)
        .await?;
    let names = |i: usize| -> BTreeSet<String> {
        row.try_get::<String, _>(i)
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default()
    };
    let visible = crate::openapi::Visible {
        tables: names(0),
        routines: names(1),
        description: row.try_get(2).ok().flatten(),
    };
    let header = |name: &str| exec.headers.get(name).and_then(|v| v.to_str().ok());
    let host = header("x-forwarded-host")
        .or_else(|| header("host"))
        .unwrap_or("localhost");
    let scheme = header("x-forwarded-proto").unwrap_or("http");
    let document = crate::openapi::document(cache, &req.schema, &visible, host, scheme);
    let mut answer = response::Answer::new(http::StatusCode::OK);
    answer.header(
        http::header::CONTENT_TYPE,
        MediaType::OpenApi.content_type(),
    );
    if req.negotiated_by_profile {
        answer.header(
            http::HeaderName::from_static("content-profile"),
            req.schema.clone(),
        );
    }
    if !head {
        answer.body = axum::body::Body::from(document.to_string());
    }
    Ok(answer.into_response())
}
