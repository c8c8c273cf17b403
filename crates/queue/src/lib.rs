//! Leased job queues in PostgreSQL, in the shape of crates.io's background worker: a job is a
//! row; a worker claims due rows with `FOR UPDATE SKIP LOCKED` (so instances never take the same
//! one) and holds them under a lease (a crashed instance's rows come back when it ends); each
//! attempt ends in a typed [`State`]: done, pending again after an exponential backoff, or failed
//! (the dead letter) when the job was refused for good or would retry past its age limit.
//!
//! A queue table has `id uuid`, `status text`, `attempts integer`, `next_attempt_at`,
//! `last_attempt_at` and `last_error`, and a column for when its job was done. The admin and the
//! tables' triggers read the status words, so each table keeps its own (`delivering` and
//! `delivered`, `sending` and `sent`): [`Queue`] spells the typed states in them.
//!
//! Every statement is guarded by the claim (id, attempt number, still running): a worker whose
//! lease ran out and whose row another instance took records nothing. Delivery is at least once.
mod backoff;
mod retry;

use std::time::Duration;

use sqlx::postgres::PgRow;
use sqlx::{FromRow, PgExecutor, PgPool};
use uuid::Uuid;

pub use retry::{Attempt, RetryPolicy, Verdict};

/// Where a job is. A claimed job is `Running` until its attempt is recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// Waiting for its `next_attempt_at`.
    Pending,
    /// Claimed and leased by a worker.
    Running,
    Done,
    /// Given up: refused for good, or still failing at its age limit (the dead letter).
    Failed,
    /// No longer to be done (the reason is its `last_error`).
    Cancelled,
}

/// A table of leased jobs, and the words its `status` column uses.
#[derive(Debug, Clone, Copy)]
pub struct Queue {
    /// The schema-qualified table: a constant of the code, never input.
    pub table: &'static str,
    /// The word for [`State::Running`].
    pub running: &'static str,
    /// The word for [`State::Done`].
    pub done: &'static str,
    /// The column set when a job is done.
    pub done_at: &'static str,
    /// What a job is called in the log ("lead email").
    pub job: &'static str,
}

/// How to claim a queue's jobs. The table is `j` in every fragment; each fragment is SQL of the
/// code, never input.
#[derive(Debug, Clone, Copy)]
pub struct ClaimQuery {
    /// More conditions on due rows (`and j.digest_id is null`), or empty.
    pub due_also: &'static str,
    /// Tables joined for the returned columns (`, public.leads l`), or empty.
    pub join: &'static str,
    /// Their join conditions (`and l.id = j.lead_id`), or empty.
    pub join_on: &'static str,
    /// When a job's age counts from (`j.created_at`): the age limit is measured from here.
    pub since: &'static str,
    /// The job's own columns to return (`, j.target_url`), or empty.
    pub returning: &'static str,
}

/// A claimed job's claim: the row and the attempt it is on. Row types returned by
/// [`Queue::claim`] flatten it (`#[sqlx(flatten)]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, FromRow)]
pub struct Claim {
    pub id: Uuid,
    /// This attempt's number (1 for the first).
    pub attempts: i32,
}

impl Queue {
    /// The word `state` is stored as.
    pub fn word(&self, state: State) -> &'static str {
        match state {
            State::Pending => "pending",
            State::Running => self.running,
            State::Done => self.done,
            State::Failed => "failed",
            State::Cancelled => "cancelled",
        }
    }

    fn claim_sql(&self, query: &ClaimQuery) -> String {
        let Queue { table, running, .. } = self;
        let ClaimQuery {
            due_also,
            join,
            join_on,
            since,
            returning,
        } = query;
        format!(
            "with due as (
               select j.id from {table} j
                where j.status in ('pending', '{running}') and j.next_attempt_at <= now() {due_also}
                order by j.next_attempt_at
                limit $1
                for update skip locked
             )
             update {table} j
                set status = '{running}', attempts = j.attempts + 1, last_attempt_at = now(),
                    next_attempt_at = now() + make_interval(secs => $2)
               from due {join}
              where j.id = due.id {join_on}
             returning j.id, j.attempts, extract(epoch from now() - {since})::float8 as age_secs {returning}"
        )
    }

    /// Claims up to `limit` due jobs (pending, or running under a lease that ran out) for
    /// `lease`, oldest due first. Each comes back as `T`, which reads the [`Claim`], `age_secs`
    /// (seconds since [`ClaimQuery::since`]) and the query's returned columns.
    pub async fn claim<T>(
        &self,
        pool: &PgPool,
        query: &ClaimQuery,
        limit: i64,
        lease: Duration,
    ) -> sqlx::Result<Vec<T>>
    where
        T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
    {
        sqlx::query_as(&self.claim_sql(query))
            .bind(limit)
            .bind(lease.as_secs_f64())
            .fetch_all(pool)
            .await
    }

    /// Records an attempt's verdict on its row, if the claim still holds it (false: the lease
    /// ran out and another worker took the row, or it was released; nothing is written).
    pub async fn finish<'e>(
        &self,
        executor: impl PgExecutor<'e>,
        claim: Claim,
        verdict: &Verdict,
    ) -> sqlx::Result<bool> {
        let Queue {
            table,
            running,
            done,
            done_at,
            ..
        } = self;
        let sql = format!(
            "update {table}
                set status = $3, last_error = $4,
                    next_attempt_at = case when $5::float8 is null then next_attempt_at
                                           else now() + make_interval(secs => $5::float8) end,
                    {done_at} = case when $3 = '{done}' then now() else {done_at} end
              where id = $1 and attempts = $2 and status = '{running}'"
        );
        let result = sqlx::query(&sql)
            .bind(claim.id)
            .bind(claim.attempts)
            .bind(self.word(verdict.state))
            .bind(verdict.error.as_deref())
            .bind(verdict.retry_in.map(|delay| delay.as_secs_f64()))
            .execute(executor)
            .await?;
        Ok(result.rows_affected() == 1)
    }

    /// Hands claimed jobs back, due now (a worker stopping with attempts in flight).
    pub async fn release(&self, pool: &PgPool, claims: &[Claim]) {
        let Queue { table, running, .. } = self;
        let sql = format!(
            "update {table} set status = 'pending', next_attempt_at = now()
              where id = $1 and attempts = $2 and status = '{running}'"
        );
        for claim in claims {
            let released = sqlx::query(&sql)
                .bind(claim.id)
                .bind(claim.attempts)
                .execute(pool)
                .await;
            if let Err(err) = released {
                tracing::warn!(%err, id = %claim.id, "could not release a claimed {}", self.job);
            }
        }
    }

    /// One line per attempt: info when done, error when given up, warn when it will be retried.
    pub fn log(&self, claim: Claim, verdict: &Verdict) {
        let Claim { id, attempts } = claim;
        let job = self.job;
        let error = verdict.error.as_deref();
        match verdict.state {
            State::Done => tracing::info!(%id, attempts, "{job} {}", self.done),
            State::Failed => tracing::error!(%id, attempts, ?error, "{job} given up"),
            State::Cancelled => tracing::info!(%id, attempts, ?error, "{job} cancelled"),
            State::Pending | State::Running => {
                tracing::warn!(%id, attempts, ?error, "{job} will be retried")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A queue of the tests' own, in words no real table uses.
    const EXPORTS: Queue = Queue {
        table: "public.report_exports",
        running: "exporting",
        done: "exported",
        done_at: "exported_at",
        job: "report export",
    };

    #[test]
    fn states_are_spelled_in_the_tables_words() {
        let words: Vec<_> = [
            State::Pending,
            State::Running,
            State::Done,
            State::Failed,
            State::Cancelled,
        ]
        .into_iter()
        .map(|state| EXPORTS.word(state))
        .collect();
        assert_eq!(
            words,
            ["pending", "exporting", "exported", "failed", "cancelled"]
        );
    }

    #[test]
    fn a_claim_takes_due_rows_skipping_locked_ones_and_leases_them() {
        let sql = EXPORTS.claim_sql(&ClaimQuery {
            due_also: "",
            join: ", public.reports r",
            join_on: "and r.id = j.report_id",
            since: "r.requested_at",
            returning: ", j.report_id",
        });
        let words: Vec<&str> = sql.split_whitespace().collect();
        assert_eq!(
            words.join(" "),
            "with due as ( select j.id from public.report_exports j \
             where j.status in ('pending', 'exporting') and j.next_attempt_at <= now() \
             order by j.next_attempt_at limit $1 for update skip locked ) \
             update public.report_exports j \
             set status = 'exporting', attempts = j.attempts + 1, last_attempt_at = now(), \
             next_attempt_at = now() + make_interval(secs => $2) \
             from due , public.reports r where j.id = due.id and r.id = j.report_id \
             returning j.id, j.attempts, extract(epoch from now() - r.requested_at)::float8 as age_secs , j.report_id"
        );
    }
}
