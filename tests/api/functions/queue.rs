//! The leased job queue (cb_queue) the webhook outbox and the lead emails run on, driven
//! directly on a table of its own: claims, leases, the guard on every write, retries, dead
//! letters and releases, and concurrent workers that never take the same job.
use std::collections::HashSet;
use std::time::Duration;

use cb_queue::{Attempt, Claim, ClaimQuery, Queue, RetryPolicy, State};
use cb_tests::{TestDatabase, fresh_database};
use sqlx::Executor as _;
use uuid::Uuid;

const JOBS: Queue = Queue {
    table: "public.test_jobs",
    running: "working",
    done: "finished",
    done_at: "finished_at",
    job: "test job",
};

const DUE: ClaimQuery = ClaimQuery {
    due_also: "",
    join: "",
    join_on: "",
    since: "j.created_at",
    returning: ", j.payload",
};

const POLICY: RetryPolicy = RetryPolicy {
    base: Duration::from_secs(60),
    max: Duration::from_secs(3600),
    max_age: Duration::from_secs(24 * 3600),
};

const LEASE: Duration = Duration::from_secs(30);

#[derive(Debug, sqlx::FromRow)]
struct Job {
    #[sqlx(flatten)]
    claim: Claim,
    age_secs: f64,
    payload: String,
}

async fn jobs_table() -> TestDatabase {
    let db = fresh_database().await;
    db.pool
        .execute(
            "create table public.test_jobs (
               id uuid primary key default gen_random_uuid(),
               payload text not null,
               status text not null default 'pending'
                 check (status in ('pending', 'working', 'finished', 'failed', 'cancelled')),
               attempts integer not null default 0,
               next_attempt_at timestamptz not null default now(),
               last_attempt_at timestamptz,
               last_error text,
               finished_at timestamptz,
               created_at timestamptz not null default now()
             )",
        )
        .await
        .unwrap();
    db
}

async fn add(db: &TestDatabase, payload: &str, due_in_secs: i32) -> Uuid {
    sqlx::query_scalar(
        "insert into public.test_jobs (payload, next_attempt_at)
         values ($1, now() + make_interval(secs => $2)) returning id",
    )
    .bind(payload)
    .bind(f64::from(due_in_secs))
    .fetch_one(&db.pool)
    .await
    .unwrap()
}

async fn claim(db: &TestDatabase, limit: i64) -> Vec<Job> {
    JOBS.claim(&db.pool, &DUE, limit, LEASE).await.unwrap()
}

async fn row(db: &TestDatabase, id: Uuid) -> serde_json::Value {
    db.json_rows(&format!(
        "select status, attempts, last_error, finished_at is not null as finished,
                extract(epoch from next_attempt_at - now())::int as due_in
           from public.test_jobs where id = '{id}'"
    ))
    .await
    .remove(0)
}

#[tokio::test]
async fn a_claim_leases_due_jobs_and_a_lapsed_lease_lets_another_worker_take_over() {
    let db = jobs_table().await;
    let due = add(&db, "due", 0).await;
    add(&db, "later", 600).await;

    let first = claim(&db, 10).await;
    assert_eq!(first.len(), 1, "only the due job");
    let first = &first[0];
    assert_eq!((first.claim.id, first.claim.attempts), (due, 1));
    assert_eq!(first.payload, "due");
    assert!(first.age_secs >= 0.0 && first.age_secs < 60.0);
    let leased = row(&db, due).await;
    assert_eq!(leased["status"], "working");
    assert!(
        (25..=30).contains(&leased["due_in"].as_i64().unwrap()),
        "{leased}"
    );

    // Leased: nobody else gets it.
    assert!(claim(&db, 10).await.is_empty());

    // The first worker stalls past its lease; another takes the job over.
    db.execute(&format!(
        "update public.test_jobs set next_attempt_at = now() - interval '1 second' where id = '{due}'"
    ))
    .await;
    let second = claim(&db, 10).await.remove(0);
    assert_eq!((second.claim.id, second.claim.attempts), (due, 2));

    // The stalled worker's late verdict writes nothing; the new holder's does.
    let late = POLICY.verdict(Attempt::Succeeded, first.claim.attempts, first.age_secs);
    assert!(!JOBS.finish(&db.pool, first.claim, &late).await.unwrap());
    assert_eq!(row(&db, due).await["status"], "working");
    let done = POLICY.verdict(Attempt::Succeeded, second.claim.attempts, second.age_secs);
    assert!(JOBS.finish(&db.pool, second.claim, &done).await.unwrap());
    let finished = row(&db, due).await;
    assert_eq!(
        (
            &finished["status"],
            &finished["finished"],
            &finished["last_error"]
        ),
        (&"finished".into(), &true.into(), &serde_json::Value::Null)
    );
    // A finished job is never claimed again.
    db.execute("update public.test_jobs set next_attempt_at = now() - interval '1 hour'")
        .await;
    assert!(claim(&db, 10).await.iter().all(|job| job.claim.id != due));
}

#[tokio::test]
async fn failures_retry_with_backoff_until_the_dead_letter() {
    let db = jobs_table().await;
    let flaky = add(&db, "flaky", 0).await;
    let refused = add(&db, "refused", 0).await;
    let old = add(&db, "old", 0).await;
    db.execute(&format!(
        "update public.test_jobs set created_at = now() - interval '23 hours 59 minutes 30 seconds' where id = '{old}'"
    ))
    .await;

    for job in claim(&db, 10).await {
        let attempt = if job.claim.id == refused {
            Attempt::Refused {
                error: "HTTP 410".into(),
            }
        } else {
            Attempt::Failed {
                error: "HTTP 503".into(),
                retry_after: None,
            }
        };
        let verdict = POLICY.verdict(attempt, job.claim.attempts, job.age_secs);
        assert!(JOBS.finish(&db.pool, job.claim, &verdict).await.unwrap());
    }

    // Pending again, due after the first backoff (60 s, jittered into its upper half).
    let retried = row(&db, flaky).await;
    assert_eq!(
        (&retried["status"], &retried["last_error"]),
        (&"pending".into(), &"HTTP 503".into())
    );
    assert!(
        (29..=60).contains(&retried["due_in"].as_i64().unwrap()),
        "{retried}"
    );
    // Refused for good, and too old to retry: both dead letters.
    for (id, error) in [(refused, "HTTP 410"), (old, "HTTP 503")] {
        let dead = row(&db, id).await;
        assert_eq!(
            (&dead["status"], &dead["last_error"]),
            (&"failed".into(), &error.into())
        );
    }
    db.execute("update public.test_jobs set next_attempt_at = now() - interval '1 second'")
        .await;
    let again: Vec<Uuid> = claim(&db, 10)
        .await
        .iter()
        .map(|job| job.claim.id)
        .collect();
    assert_eq!(again, [flaky], "dead letters are not claimed");
}

#[tokio::test]
async fn a_released_job_is_due_at_once_and_a_cancelled_one_is_never_claimed() {
    let db = jobs_table().await;
    let released = add(&db, "released", 0).await;
    let cancelled = add(&db, "cancelled", 0).await;
    let claimed = claim(&db, 10).await;
    let claim_of = |id| claimed.iter().find(|job| job.claim.id == id).unwrap().claim;

    JOBS.release(&db.pool, &[claim_of(released)]).await;
    let back = row(&db, released).await;
    assert_eq!(back["status"], "pending");
    assert!(back["due_in"].as_i64().unwrap() <= 0);

    let verdict = POLICY.verdict(
        Attempt::Cancelled {
            reason: "marked as spam before it was sent".into(),
        },
        1,
        0.0,
    );
    assert_eq!(verdict.state, State::Cancelled);
    assert!(
        JOBS.finish(&db.pool, claim_of(cancelled), &verdict)
            .await
            .unwrap()
    );
    assert_eq!(row(&db, cancelled).await["status"], "cancelled");

    let again: Vec<Uuid> = claim(&db, 10)
        .await
        .iter()
        .map(|job| job.claim.id)
        .collect();
    assert_eq!(again, [released]);
}

#[tokio::test]
async fn concurrent_workers_never_claim_the_same_job() {
    let db = jobs_table().await;
    for n in 0..60 {
        add(&db, &format!("job {n}"), 0).await;
    }
    let workers = (0..6).map(|_| {
        let pool = db.pool.clone();
        tokio::spawn(async move {
            let mut mine = Vec::new();
            loop {
                let batch: Vec<Job> = JOBS.claim(&pool, &DUE, 3, LEASE).await.unwrap();
                if batch.is_empty() {
                    return mine;
                }
                mine.extend(batch.into_iter().map(|job| job.claim.id));
            }
        })
    });
    let mut seen = HashSet::new();
    let mut total = 0;
    for worker in workers {
        for id in worker.await.unwrap() {
            total += 1;
            assert!(seen.insert(id), "job {id} claimed twice");
        }
    }
    assert_eq!(total, 60);
}
