//! `/healthz`: the process answers. `/readyz`: this instance can serve: the database answers,
//! every migration is applied, the REST schema cache is loaded, and it is not shutting down.
//!
//! A load balancer asks `/readyz` every second or so, and must get its answer at once even when
//! the instance is busy: the answer comes from [`Readiness`], which a monitor task refreshes
//! every half second on a database connection of its own (a saturated request pool must not
//! look like a dead database, and a probe must not wait behind it).
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use cb_db::sqlx::PgPool;
use cb_db::sqlx::postgres::PgPoolOptions;
use serde_json::{Value, json};

use crate::request_trace::ExpectedStatus;

const INTERVAL: Duration = Duration::from_millis(500);
/// While not ready (starting, a schema cache load): look again sooner.
const INTERVAL_NOT_READY: Duration = Duration::from_millis(100);
const CHECK_TIMEOUT: Duration = Duration::from_secs(2);
/// The process's start is over when its first instance is first ready: the binary's pages only
/// starting used are given back then, once per process (tests run many instances in one).
static STARTUP_PAGES: std::sync::Once = std::sync::Once::new();

/// The last verdict of the monitor.
#[derive(Debug, Clone, Default)]
pub struct Readiness(Arc<AtomicU8>);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Verdict {
    Starting = 0,
    Ready = 1,
    DatabaseUnreachable = 2,
    MigrationsPending = 3,
    SchemaCacheLoading = 4,
}

impl Verdict {
    fn reason(self) -> &'static str {
        match self {
            Verdict::Starting => "starting",
            Verdict::Ready => "ready",
            Verdict::DatabaseUnreachable => "database unreachable",
            Verdict::MigrationsPending => "migrations pending",
            Verdict::SchemaCacheLoading => "schema cache loading",
        }
    }

    fn from_u8(value: u8) -> Self {
        match value {
            1 => Verdict::Ready,
            2 => Verdict::DatabaseUnreachable,
            3 => Verdict::MigrationsPending,
            4 => Verdict::SchemaCacheLoading,
            _ => Verdict::Starting,
        }
    }
}

impl Readiness {
    fn get(&self) -> Verdict {
        Verdict::from_u8(self.0.load(Ordering::Acquire))
    }

    fn set(&self, verdict: Verdict) {
        self.0.store(verdict as u8, Ordering::Release);
    }

    /// Starts the monitor: checks now, then every [`INTERVAL`] until `pool` closes.
    pub(crate) fn spawn_monitor(&self, pool: &PgPool, rest: cb_rest::RestState) {
        // One connection of its own, opened when first needed, with the shared pool's login.
        let own = PgPoolOptions::new()
            .max_connections(1)
            .acquire_timeout(CHECK_TIMEOUT)
            .connect_lazy_with(pool.connect_options().as_ref().clone());
        let shared = pool.clone();
        let readiness = self.clone();
        tokio::spawn(async move {
            while !shared.is_closed() {
                let verdict = tokio::time::timeout(CHECK_TIMEOUT, check(&own, &rest))
                    .await
                    .unwrap_or(Verdict::DatabaseUnreachable);
                if verdict == Verdict::Ready {
                    STARTUP_PAGES.call_once(|| {
                        let released = cb_allocator::release_startup_pages();
                        tracing::debug!(advised_kb = released / 1024, "startup pages released");
                    });
                }
                let before = readiness.get();
                if verdict != before && before != Verdict::Starting {
                    tracing::warn!(
                        was = before.reason(),
                        now = verdict.reason(),
                        "readiness changed"
                    );
                }
                readiness.set(verdict);
                let pause = if verdict == Verdict::Ready {
                    INTERVAL
                } else {
                    INTERVAL_NOT_READY
                };
                tokio::select! {
                    () = tokio::time::sleep(pause) => {}
                    () = shared.close_event() => break,
                }
            }
            own.close().await;
        });
    }
}

async fn check(own: &PgPool, rest: &cb_rest::RestState) -> Verdict {
    match cb_db::pending_count(own).await {
        Err(err) => {
            tracing::warn!(%err, "readiness: database unreachable");
            Verdict::DatabaseUnreachable
        }
        Ok(pending) if pending > 0 => Verdict::MigrationsPending,
        Ok(_) if rest.cache.get().is_none() => Verdict::SchemaCacheLoading,
        Ok(_) => Verdict::Ready,
    }
}

pub(crate) async fn healthz() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

/// What `/readyz` reads: the monitor's verdict and whether shutdown has started.
#[derive(Debug, Clone)]
pub(crate) struct Probe {
    pub(crate) readiness: Readiness,
    pub(crate) draining: Arc<AtomicBool>,
}

pub(crate) async fn readyz(State(probe): State<Probe>) -> Response {
    let reason = if probe.draining.load(Ordering::Acquire) {
        "shutting down"
    } else {
        match probe.readiness.get() {
            Verdict::Ready => return Json(json!({ "status": "ready" })).into_response(),
            other => other.reason(),
        }
    };
    // A 503 here is the probe's answer (the monitor logs changes), not a failed request.
    (
        StatusCode::SERVICE_UNAVAILABLE,
        Extension(ExpectedStatus),
        Json(json!({ "status": "unavailable", "reason": reason })),
    )
        .into_response()
}
