//! The transaction runner: a request's statement on a leased connection as the caller, in two
//! round trips (scope on the session, statement in its own implicit transaction) or three
//! (`BEGIN` with the scope, statement, `COMMIT` or `ROLLBACK`); refusals roll back, broken
//! connections are dropped. A transaction ends as `db-tx-end` says, or as an honoured
//! `Prefer: tx=` says instead.
use axum::response::Response;
use cb_db::sqlx::{self, Row};
use cb_db::{RequestContext, ScopeOptions, begin_scoped_inline, set_session_scope};
use cb_postgrest_syntax::{MediaType, PreferTransaction};
use serde_json::Value;

use super::scope::Exec;
use super::timing::Mark;
use crate::error::ApiError;
use crate::pool;
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
    /// Reads, and writes whose result `check` cannot refuse (`refusable`) and that are to be
    /// committed, take two round trips: the request's scope as session settings, then the
    /// statement in its own implicit transaction. The rest take three: `BEGIN` with the scope
    /// local to the transaction (one simple query), the statement, then `COMMIT`, or
    /// `ROLLBACK` when refused or to be rolled back (a read is never to be: READ ONLY, it has
    /// nothing to undo).
    pub(super) async fn transaction(
        &self,
        cache: &SchemaCache,
        read_only: bool,
        refusable: bool,
        main: &Sql,
        explain: Option<&Sql>,
        check: impl FnOnce(&ResultSet) -> Result<(), ApiError>,
    ) -> Result<(ResultSet, Option<i64>), ApiError> {
        self.mark(Mark::TransactionStarted);
        let (context, options) = self.scope(cache, read_only)?;
        let rollback = self.rolls_back(cache);
        // A pre-request function runs in the statement's own transaction, as in PostgREST.
        let explicit = options.pre_request.is_some() || (!read_only && (refusable || rollback));
        let end = if rollback { ROLLBACK } else { "COMMIT" };
        let mut lease = self.lease().await?;
        let outcome = self
            .run(
                &mut lease,
                &context,
                &options,
                explicit.then_some(end),
                main,
                explain,
                check,
            )
            .await;
        let err = match outcome {
            Ok(done) => {
                lease.set_in_transaction(false);
                self.mark(Mark::TransactionEnded);
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

    /// Whether the request's transaction ends in ROLLBACK: as an honoured `Prefer: tx=` says
    /// (the preference is only parsed when `db-tx-end` allows it), else as `db-tx-end` says.
    fn rolls_back(&self, cache: &SchemaCache) -> bool {
        match self.req.prefs.transaction {
            Some(PreferTransaction::Rollback) => true,
            Some(PreferTransaction::Commit) => false,
            None => cache.config.tx_end.rolls_back(),
        }
    }

    /// The statements on the connection; `explicit`: in `BEGIN` ... this end.
    #[allow(clippy::too_many_arguments)]
    async fn run(
        &self,
        lease: &mut pool::Conn<'_>,
        context: &RequestContext,
        options: &ScopeOptions,
        explicit: Option<&'static str>,
        main: &Sql,
        explain: Option<&Sql>,
        check: impl FnOnce(&ResultSet) -> Result<(), ApiError>,
    ) -> Result<(ResultSet, Option<i64>), Failure> {
        let (conn, defaults) = lease.connection()?;
        if explicit.is_some() {
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
        if let Some(end) = explicit {
            sqlx::Executor::execute(&mut *conn, end).await?;
        }
        Ok((rs, planned))
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
        let end = if self.rolls_back(cache) {
            ROLLBACK
        } else {
            "COMMIT"
        };
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
    pub(super) async fn read_row(
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
        self.mark(Mark::TransactionStarted);
        let (context, options) = self.scope(cache, read_only)?;
        let mut lease = self.lease().await?;
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
                self.mark(Mark::TransactionEnded);
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

/// How a transaction to be rolled back ends: deferred constraints are checked first, as
/// PostgREST does, so that their violations are reported rather than rolled back unseen.
const ROLLBACK: &str = "SET CONSTRAINTS ALL IMMEDIATE; ROLLBACK";

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

/// The body column's bytes as sent (binary format): text's are its UTF-8, bytea's the bytes
/// themselves (a media type handler over bytea); null is empty.
fn raw_body(row: &sqlx::postgres::PgRow) -> Result<Vec<u8>, sqlx::Error> {
    let value = row.try_get_raw(3)?;
    if sqlx::ValueRef::is_null(&value) {
        return Ok(Vec::new());
    }
    value
        .as_bytes()
        .map(<[u8]>::to_vec)
        .map_err(sqlx::Error::Decode)
}

fn decode(row: &sqlx::postgres::PgRow) -> Result<ResultSet, sqlx::Error> {
    Ok(ResultSet {
        total: row.try_get(0)?,
        page_total: row.try_get(1)?,
        location: row
            .try_get::<Option<Vec<String>>, _>(2)?
            .unwrap_or_default(),
        body: raw_body(row)?,
        guc_headers: row.try_get(4)?,
        guc_status: row.try_get(5)?,
        inserted: row.try_get(6)?,
    })
}
