//! One connection of the pool: its client, the statements it has prepared, and a pipeline that
//! sends several statements before reading any answer.
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;

use futures_util::future::join_all;
use tokio_postgres::types::{FromSql, ToSql, Type};
use tokio_postgres::{CancelToken, Client, Row, Statement};

use super::{DbError, Login};

/// Prepared statements one connection keeps; past this many it forgets them all (a schema with
/// more request shapes than this in steady use is not one any cache would help much).
const STATEMENT_CACHE: usize = 512;

/// A connection and the statements it has prepared, by their text.
pub(crate) struct Session {
    client: Client,
    cancel: CancelToken,
    statements: HashMap<String, Statement>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("statements", &self.statements.len())
            .finish_non_exhaustive()
    }
}

/// One statement of a pipeline.
pub(crate) enum Step<'a> {
    /// A simple-protocol query without parameters (`BEGIN ...`, `COMMIT`, a pre-request call).
    Simple(&'a str),
    /// A prepared statement whose rows are not wanted.
    Execute(Statement, Vec<&'a (dyn ToSql + Sync)>),
    /// A prepared statement that answers at most one row.
    One(Statement, Vec<&'a (dyn ToSql + Sync)>),
    /// A prepared statement's rows.
    All(Statement, Vec<&'a (dyn ToSql + Sync)>),
}

/// What a step answered.
pub(crate) enum Done {
    Nothing,
    Row(Option<Row>),
    Rows(Vec<Row>),
}

type StepFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Done, tokio_postgres::Error>> + Send + 'a>>;

impl Session {
    pub(super) async fn open(login: &Login) -> Result<Self, DbError> {
        let (client, connection) = login.config.connect(login.tls.clone()).await?;
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!(%err, "rest: a pooled connection ended");
            }
        });
        Ok(Session {
            cancel: client.cancel_token(),
            client,
            statements: HashMap::new(),
        })
    }

    pub(super) fn is_closed(&self) -> bool {
        self.client.is_closed()
    }

    /// Cancels what the connection is running (PostgreSQL's cancel request, on a connection of
    /// its own).
    pub(super) fn cancel(&self, login: &Login) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let token = self.cancel.clone();
        let tls = login.tls.clone();
        runtime.spawn(async move {
            if let Err(err) = token.cancel_query(tls).await {
                tracing::warn!(%err, "rest: could not cancel an abandoned statement");
            }
        });
    }

    /// `sql` prepared with these parameter types, if this connection already has it.
    pub(crate) fn cached(&self, sql: &str, types: &[Type]) -> Option<Statement> {
        self.statements
            .get(sql)
            .filter(|statement| statement.params() == types)
            .cloned()
    }

    /// `sql` prepared with these parameter types: from the cache, or prepared now (one round
    /// trip, as whoever the connection's transaction runs as: names resolve on its search path).
    pub(crate) async fn statement(
        &mut self,
        sql: &str,
        types: &[Type],
    ) -> Result<Statement, tokio_postgres::Error> {
        if let Some(statement) = self.cached(sql, types) {
            return Ok(statement);
        }
        let statement = self.client.prepare_typed(sql, types).await?;
        if self.statements.len() >= STATEMENT_CACHE {
            self.statements.clear();
        }
        self.statements.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }

    /// Sends every step before reading any answer, then answers each in order. After one fails
    /// the rest fail too if they are in the same transaction (PostgreSQL refuses statements in
    /// an aborted transaction), so the first error is the one to report.
    pub(crate) async fn pipeline(
        &self,
        steps: Vec<Step<'_>>,
    ) -> Vec<Result<Done, tokio_postgres::Error>> {
        let client = &self.client;
        // Polled in order on the first poll, so the messages go out in this order, together.
        let futures = steps.into_iter().map(|step| -> StepFuture<'_> {
            match step {
                Step::Simple(sql) => {
                    Box::pin(async move { client.batch_execute(sql).await.map(|()| Done::Nothing) })
                }
                Step::Execute(statement, params) => Box::pin(async move {
                    client
                        .execute(&statement, &params)
                        .await
                        .map(|_| Done::Nothing)
                }),
                Step::One(statement, params) => {
                    Box::pin(
                        async move { client.query_opt(&statement, &params).await.map(Done::Row) },
                    )
                }
                Step::All(statement, params) => {
                    Box::pin(async move { client.query(&statement, &params).await.map(Done::Rows) })
                }
            }
        });
        join_all(futures).await
    }
}

/// A column's value as the server sent it (binary format), whatever its type: the body of a
/// response, which may be text, json or the bytea of a media type handler.
pub(crate) struct RawBytes(pub Vec<u8>);

impl<'a> FromSql<'a> for RawBytes {
    fn from_sql(
        _ty: &Type,
        raw: &'a [u8],
    ) -> Result<Self, Box<dyn std::error::Error + Sync + Send>> {
        Ok(RawBytes(raw.to_vec()))
    }

    fn from_sql_null(_ty: &Type) -> Result<Self, Box<dyn std::error::Error + Sync + Send>> {
        Ok(RawBytes(Vec::new()))
    }

    fn accepts(_ty: &Type) -> bool {
        true
    }
}
