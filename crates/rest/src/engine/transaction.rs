//! The transaction runner: a request's statements on a leased connection as the caller, in one
//! transaction whose `BEGIN`, scope (local to it), statement and `COMMIT` go out as one pipeline:
//! one round trip. A write whose result the engine may still refuse sends its `COMMIT` or
//! `ROLLBACK` once it has seen the result (two). A statement the connection has not prepared yet
//! is prepared inside the transaction, as the caller, before it runs (one more, once per
//! connection). Refusals roll back, broken connections are dropped. A transaction ends as
//! `db-tx-end` says, or as an honoured `Prefer: tx=` says instead.
use std::sync::atomic::{AtomicBool, Ordering};

use axum::response::Response;
use cb_db::{LocalScope, RequestContext, ScopeOptions};
use cb_postgrest_syntax::{MediaType, PreferTransaction};
use serde_json::Value;
use tokio_postgres::types::{ToSql, Type};
use tokio_postgres::{Row, Statement};

use super::scope::Exec;
use super::timing::Mark;
use crate::error::ApiError;
use crate::pool::{self, DbError, Done, RawBytes, Session, Step};
use crate::query::{Param, Sql};
use crate::response::{self, ResultSet};
use crate::schema_cache::SchemaCache;

impl Exec<'_> {
    /// A connection for one request's statements, marked as in a transaction until they end:
    /// a request stopped midway discards it rather than return it to the pool.
    async fn lease(&self) -> Result<pool::Conn<'_>, ApiError> {
        let mut lease = self
            .call
            .state
            .conns
            .acquire()
            .await
            .map_err(|e| self.db_error(&e))?;
        lease.set_in_transaction(true);
        Ok(lease)
    }

    /// Runs the main statement (and, for planned counts, the EXPLAIN) as the caller; `check`
    /// can refuse the result.
    ///
    /// Reads, and writes whose result `check` cannot refuse (`refusable`), send their end with
    /// the statement: one round trip. The rest send `COMMIT`, or `ROLLBACK` when refused, once
    /// `check` has seen the result. A transaction to be rolled back ends in `ROLLBACK` either way.
    pub(super) async fn transaction(
        &self,
        cache: &SchemaCache,
        read_only: bool,
        refusable: bool,
        main: &Sql,
        explain: Option<&Sql>,
        check: impl FnOnce(&ResultSet) -> Result<(), ApiError>,
    ) -> Result<(ResultSet, Option<i64>), ApiError> {
        let end = self.end(cache);
        let ends_with_statement = read_only || !refusable;
        self.as_caller(cache, read_only, async |tx, session| {
            let main_statement = tx.prepare(session, &main.text, &main.params).await?;
            let explain_statement = match explain {
                Some(sql) => Some(tx.prepare(session, &sql.text, &sql.params).await?),
                None => None,
            };
            let mut steps = tx.opening(session).await?;
            steps.push(Step::One(main_statement, param_refs(&main.params)));
            if let (Some(statement), Some(sql)) = (explain_statement, explain) {
                steps.push(Step::One(statement, param_refs(&sql.params)));
            }
            if ends_with_statement {
                steps.push(Step::Simple(end));
            }
            let mut done = tx.send(session, steps).await?.into_iter();
            let rs = match done.next() {
                Some(Done::Row(Some(row))) => decode(&row).map_err(|e| tx.failed(e))?,
                _ => ResultSet::default(),
            };
            let planned = match done.next() {
                Some(Done::Row(Some(row))) if explain.is_some() => planned_rows(&row),
                _ => None,
            };
            if ends_with_statement {
                tx.open.set(false);
            }
            check(&rs).map_err(|err| Failure::Api(err, tx.open.get()))?;
            if tx.open.get() {
                tx.send(session, vec![Step::Simple(end)]).await?;
                tx.open.set(false);
            }
            Ok((rs, planned))
        })
        .await
    }

    /// Runs `work` as the caller: a connection leased, the request's transaction (`Tx`) ready
    /// to open on it, and whatever `work` leaves open rolled back (see `finish`).
    async fn as_caller<T>(
        &self,
        cache: &SchemaCache,
        read_only: bool,
        work: impl AsyncFnOnce(&Tx<'_>, &mut Session) -> Result<T, Failure>,
    ) -> Result<T, ApiError> {
        self.mark(Mark::TransactionStarted);
        let (context, options) = self.scope(cache, read_only)?;
        let mut lease = self.lease().await?;
        let outcome = async {
            let session = lease.session().map_err(Failure::closed)?;
            work(&Tx::new(&context, &options), session).await
        }
        .await;
        self.finish(&mut lease, outcome).await
    }

    /// How the request's transaction ends.
    fn end(&self, cache: &SchemaCache) -> &'static str {
        if self.rolls_back(cache) {
            ROLLBACK
        } else {
            "COMMIT"
        }
    }

    /// Whether the request's transaction ends in ROLLBACK: as an honoured `Prefer: tx=` says
    /// (the preference is only parsed when `db-tx-end` allows it), else as `db-tx-end` says.
    fn rolls_back(&self, cache: &SchemaCache) -> bool {
        match self.req.prefs.transaction {
            Some(PreferTransaction::Rollback) => true,
            Some(PreferTransaction::Commit) => false,
            None => cache.config.tx_end.rolls_back(),
        }
    }

    /// The end of a request's statements: the connection back to the pool, or rolled back
    /// first when its transaction is still open, or dropped when its transport failed.
    async fn finish<T>(
        &self,
        lease: &mut pool::Conn<'_>,
        outcome: Result<T, Failure>,
    ) -> Result<T, ApiError> {
        let (err, open) = match outcome {
            Ok(value) => {
                lease.set_in_transaction(false);
                self.mark(Mark::TransactionEnded);
                return Ok(value);
            }
            Err(Failure::Api(err, open)) => (err, open),
            Err(Failure::Db(err, _)) if err.is_transport() => {
                lease.set_broken();
                return Err(self.db_error(&err));
            }
            Err(Failure::Db(err, open)) => (self.db_error(&err), open),
        };
        if open {
            end_transaction(lease).await;
        } else {
            lease.set_in_transaction(false);
        }
        Err(err)
    }

    /// Runs an EXPLAIN as the caller, in a transaction ended as the request's would be (an
    /// `analyze` runs the statement: a rollback undoes a write), and answers the plan.
    pub(super) async fn explain(
        &self,
        cache: &SchemaCache,
        read_only: bool,
        sql: &Sql,
        media: &MediaType,
    ) -> Result<Response, ApiError> {
        let rows = self
            .with_statement(cache, read_only, self.end(cache), sql)
            .await?;
        // JSON: one row holding the plan array; text: one row per line.
        let lines: Vec<String> = rows
            .iter()
            .map(|row| {
                row.try_get::<_, String>(0)
                    .or_else(|_| row.try_get::<_, Value>(0).map(|json| json.to_string()))
            })
            .collect::<Result<_, _>>()
            .map_err(|e| self.db_error(&DbError::Pg(e)))?;
        Ok(response::plan_response(self.req, media, lines.join("\n")).into_response())
    }

    /// One statement read as the caller (the OpenAPI privileges query).
    pub(super) async fn read_row(
        &self,
        cache: &SchemaCache,
        sql: &str,
        bind_text: &str,
    ) -> Result<Row, ApiError> {
        let sql = Sql {
            text: sql.to_owned(),
            params: vec![Param::Text(Some(bind_text.to_owned()))],
        };
        let rows = self.with_statement(cache, true, "COMMIT", &sql).await?;
        rows.into_iter().next().ok_or(ApiError::Internal)
    }

    /// `sql`'s rows as the caller, in a transaction ended with `end`.
    async fn with_statement(
        &self,
        cache: &SchemaCache,
        read_only: bool,
        end: &'static str,
        sql: &Sql,
    ) -> Result<Vec<Row>, ApiError> {
        self.as_caller(cache, read_only, async |tx, session| {
            let statement = tx.prepare(session, &sql.text, &sql.params).await?;
            let mut steps = tx.opening(session).await?;
            steps.push(Step::All(statement, param_refs(&sql.params)));
            steps.push(Step::Simple(end));
            let rows = match tx.send(session, steps).await?.into_iter().next() {
                Some(Done::Rows(rows)) => rows,
                _ => Vec::new(),
            };
            tx.open.set(false);
            Ok(rows)
        })
        .await
    }
}

/// A flag a `Tx` sets through `&self` while its statements borrow it (atomic only so that the
/// request's future stays `Send`).
#[derive(Default)]
struct Flag(AtomicBool);

impl Flag {
    fn get(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    fn set(&self, value: bool) {
        self.0.store(value, Ordering::Relaxed);
    }
}

/// One request's transaction on a session: its scope, and how far it has gone.
struct Tx<'a> {
    scope: LocalScope<'a>,
    pre_request: Option<String>,
    /// `BEGIN` and the scope went out (ahead of the statement when it had to be prepared).
    opened: Flag,
    /// The transaction may be open: a failure must roll it back.
    open: Flag,
}

impl<'a> Tx<'a> {
    fn new(context: &'a RequestContext, options: &'a ScopeOptions) -> Self {
        Tx {
            scope: LocalScope::new(context, options),
            // A pre-request function runs in the statement's own transaction, as in PostgREST.
            pre_request: options
                .pre_request
                .as_ref()
                .map(|function| format!("select {function}()")),
            opened: Flag::default(),
            open: Flag::default(),
        }
    }

    /// A failure now, with the transaction's state.
    fn failed(&self, err: impl Into<DbError>) -> Failure {
        Failure::Db(err.into(), self.open.get())
    }

    /// `BEGIN`, the scope and the pre-request call, unless they went out already; from here on
    /// the transaction counts as open.
    async fn opening(&self, session: &mut Session) -> Result<Vec<Step<'_>>, Failure> {
        if self.opened.get() {
            return Ok(Vec::new());
        }
        let types = vec![Type::TEXT; self.scope.params.len()];
        // Only set_config over text parameters: nothing in it depends on who prepares it.
        let statement = session
            .statement(&self.scope.sql, &types)
            .await
            .map_err(|e| self.failed(e))?;
        let mut steps = Vec::with_capacity(6);
        steps.push(Step::Simple(self.scope.begin));
        steps.push(Step::Execute(
            statement,
            self.scope
                .params
                .iter()
                .map(|value| value as &(dyn ToSql + Sync))
                .collect(),
        ));
        if let Some(call) = &self.pre_request {
            steps.push(Step::Simple(call));
        }
        self.opened.set(true);
        self.open.set(true);
        Ok(steps)
    }

    /// `sql` prepared on this connection. One it has not prepared yet is prepared inside the
    /// request's transaction, as the caller (its names resolve on the caller's search path,
    /// and the caller's schema privileges apply), so the transaction is opened first.
    async fn prepare(
        &self,
        session: &mut Session,
        sql: &str,
        params: &[Param],
    ) -> Result<Statement, Failure> {
        let types = param_types(params);
        if let Some(statement) = session.cached(sql, &types) {
            return Ok(statement);
        }
        let steps = self.opening(session).await?;
        if !steps.is_empty() {
            self.send(session, steps).await?;
        }
        session
            .statement(sql, &types)
            .await
            .map_err(|e| self.failed(e))
    }

    /// Sends `steps` as one pipeline; the answers of the statements that return rows, in
    /// order, or the first error (those after it in the transaction only say it is aborted).
    async fn send(&self, session: &Session, steps: Vec<Step<'_>>) -> Result<Vec<Done>, Failure> {
        let wanted: Vec<bool> = steps
            .iter()
            .map(|step| matches!(step, Step::One(..) | Step::All(..)))
            .collect();
        let mut answers = Vec::with_capacity(2);
        let mut first_error = None;
        for (result, wanted) in session.pipeline(steps).await.into_iter().zip(wanted) {
            match result {
                Ok(done) if wanted => answers.push(done),
                Ok(_) => {}
                Err(err) => {
                    first_error.get_or_insert(err);
                }
            }
        }
        match first_error {
            Some(err) => Err(self.failed(err)),
            None => Ok(answers),
        }
    }
}

/// How a transaction to be rolled back ends: deferred constraints are checked first, as
/// PostgREST does, so that their violations are reported rather than rolled back unseen.
const ROLLBACK: &str = "SET CONSTRAINTS ALL IMMEDIATE; ROLLBACK";

/// Ends an aborted or refused transaction (after an end that already went out, a ROLLBACK only
/// warns); a connection that cannot do even that is dropped.
async fn end_transaction(lease: &mut pool::Conn<'_>) {
    let ended = match lease.session() {
        Ok(session) => matches!(
            session.pipeline(vec![Step::Simple("ROLLBACK")]).await.pop(),
            Some(Ok(_))
        ),
        Err(_) => false,
    };
    if ended {
        lease.set_in_transaction(false);
    } else {
        lease.set_broken();
    }
}

/// Why a transaction stopped: the database, or a check of the engine; and whether the
/// transaction may still be open.
enum Failure {
    Db(DbError, bool),
    Api(ApiError, bool),
}

impl Failure {
    /// The pool handed out no connection.
    fn closed(err: DbError) -> Self {
        Failure::Db(err, false)
    }
}

/// The parameters' types as they are bound: text, bigint, bytea.
fn param_types(params: &[Param]) -> Vec<Type> {
    params
        .iter()
        .map(|param| match param {
            Param::Text(_) => Type::TEXT,
            Param::Int(_) => Type::INT8,
            Param::Bytes(_) => Type::BYTEA,
        })
        .collect()
}

fn param_refs(params: &[Param]) -> Vec<&(dyn ToSql + Sync)> {
    params
        .iter()
        .map(|param| match param {
            Param::Text(text) => text as &(dyn ToSql + Sync),
            Param::Int(int) => int,
            Param::Bytes(bytes) => bytes,
        })
        .collect()
}

/// The planner's row estimate of an EXPLAIN (FORMAT JSON).
fn planned_rows(row: &Row) -> Option<i64> {
    let plan: Option<Value> = row.try_get(0).ok().flatten();
    plan.and_then(|p| p.pointer("/0/Plan/Plan Rows").and_then(Value::as_f64))
        .map(|rows| rows as i64)
}

fn decode(row: &Row) -> Result<ResultSet, tokio_postgres::Error> {
    Ok(ResultSet {
        total: row.try_get(0)?,
        page_total: row.try_get(1)?,
        location: row
            .try_get::<_, Option<Vec<String>>>(2)?
            .unwrap_or_default(),
        // As sent (binary format): text's UTF-8, the bytes of a bytea media type; null empty.
        body: row.try_get::<_, RawBytes>(3)?.0,
        guc_headers: row.try_get(4)?,
        guc_status: row.try_get(5)?,
        inserted: row.try_get(6)?,
    })
}
