//! Prometheus metrics on a listen address of their own (CLAIMBRIDGE_METRICS_ADDR; off by
//! default, never the public port): requests by service, route class and status with latency
//! histograms; the database pools (size, in use, idle, waiters, acquire time); compiled-read and
//! page cache hits; the webhook outbox's backlog and its oldest due delivery; rate-limit
//! refusals; captcha failures; Realtime's sockets and the frames slow readers missed.
//!
//! The services count through the `metrics` facade, which does nothing until [`install`] sets
//! the recorder; the request counting here is skipped entirely while metrics are off. Histogram
//! samples are kept until the next scrape turns them into buckets: scrape at least every minute.
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use cb_db::sqlx::{self, PgPool};
use http::Method;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
static ENABLED: AtomicBool = AtomicBool::new(false);

/// Latency buckets, in seconds: sub-millisecond reads to the 30 s request timeout.
const BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// Installs the process's Prometheus recorder (once; later calls share it).
pub(crate) fn install() -> PrometheusHandle {
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets(BUCKETS)
                .expect("the bucket list is not empty")
                .build_recorder();
            let handle = recorder.handle();
            if metrics::set_global_recorder(recorder).is_err() {
                tracing::warn!("metrics: another recorder was installed first");
            }
            ENABLED.store(true, Ordering::Release);
            handle
        })
        .clone()
}

/// Counts one answered request (nothing while metrics are off).
pub(crate) fn record_request(method: &Method, path: &str, status: StatusCode, elapsed: Duration) {
    if !ENABLED.load(Ordering::Relaxed) {
        return;
    }
    let (service, class) = classify(method, path);
    metrics::counter!(
        "claimbridge_http_requests_total",
        "service" => service,
        "class" => class,
        "status" => status_label(status)
    )
    .increment(1);
    metrics::histogram!(
        "claimbridge_http_request_duration_seconds",
        "service" => service,
        "class" => class
    )
    .record(elapsed);
}

/// The status as a label without allocating: the codes this server answers, else `other`.
fn status_label(status: StatusCode) -> &'static str {
    match status.as_u16() {
        101 => "101",
        200 => "200",
        201 => "201",
        204 => "204",
        206 => "206",
        300 => "300",
        301 => "301",
        302 => "302",
        304 => "304",
        308 => "308",
        400 => "400",
        401 => "401",
        403 => "403",
        404 => "404",
        405 => "405",
        406 => "406",
        409 => "409",
        412 => "412",
        413 => "413",
        415 => "415",
        416 => "416",
        422 => "422",
        429 => "429",
        500 => "500",
        502 => "502",
        503 => "503",
        504 => "504",
        _ => "other",
    }
}

/// The service and route class of a request: a small, fixed set of label values whatever
/// clients send.
fn classify(method: &Method, path: &str) -> (&'static str, &'static str) {
    let read = matches!(*method, Method::GET | Method::HEAD);
    let access = |read: bool| if read { "read" } else { "write" };
    if *method == Method::OPTIONS {
        let service = classify(&Method::GET, path).0;
        return (service, "preflight");
    }
    if let Some(rest) = path.strip_prefix("/rest/v1") {
        let class = if rest.starts_with("/rpc/") {
            "rpc"
        } else if rest.is_empty() || rest == "/" {
            "schema"
        } else {
            access(read)
        };
        return ("rest", class);
    }
    if let Some(rest) = path.strip_prefix("/storage/v1/") {
        let class = match rest.split('/').next().unwrap_or_default() {
            "object" if read => "object-read",
            "object" => "object-write",
            "bucket" => "bucket",
            "render" => "render",
            "upload" => "upload",
            _ => "other",
        };
        return ("storage", class);
    }
    if let Some(rest) = path.strip_prefix("/functions/v1/") {
        let name = rest.split('/').next().unwrap_or_default();
        let class = cb_functions::function_names()
            .find(|known| *known == name)
            .unwrap_or("unknown");
        return ("functions", class);
    }
    if let Some(rest) = path.strip_prefix("/auth/v1/") {
        let class = match rest.split('/').next().unwrap_or_default() {
            "token" => "token",
            "user" => "user",
            "logout" => "logout",
            "settings" => "settings",
            _ => "other",
        };
        return ("auth", class);
    }
    if let Some(rest) = path.strip_prefix("/realtime/v1/") {
        let class = match rest {
            "websocket" => "socket",
            _ if rest.starts_with("api/broadcast") => "broadcast",
            _ => "other",
        };
        return ("realtime", class);
    }
    match path {
        "/healthz" | "/readyz" => ("health", "probe"),
        _ if path.starts_with("/assets/") => ("site", "asset"),
        _ => ("site", "page"),
    }
}

/// What a scrape reads besides the recorded counters.
#[derive(Clone)]
pub(crate) struct Sources {
    pub handle: PrometheusHandle,
    pub pool: PgPool,
    pub rest: cb_rest::RestState,
}

/// Serves `GET /metrics` on `listener` until the process ends.
pub(crate) fn spawn(listener: TcpListener, sources: Sources) {
    let router = Router::new()
        .route("/metrics", get(scrape))
        .with_state(sources);
    tokio::spawn(async move {
        if let Err(err) = axum::serve(listener, router).await {
            tracing::error!(%err, "metrics listener stopped");
        }
    });
}

async fn scrape(State(sources): State<Sources>) -> impl IntoResponse {
    let shared = &sources.pool;
    metrics::gauge!("claimbridge_db_pool_connections", "pool" => "shared", "state" => "open")
        .set(shared.size() as f64);
    metrics::gauge!("claimbridge_db_pool_connections", "pool" => "shared", "state" => "idle")
        .set(shared.num_idle() as f64);
    let rest = sources.rest.pool_stats();
    for (state, value) in [
        ("size", rest.size),
        ("in_use", rest.in_use),
        ("idle", rest.idle),
        ("waiting", rest.waiting),
    ] {
        metrics::gauge!("claimbridge_db_pool_connections", "pool" => "rest", "state" => state)
            .set(value as f64);
    }
    metrics::counter!("claimbridge_sendfile_bytes_total")
        .absolute(cb_zero_copy::bytes_sent_from_files());
    // The outbox: deliveries not yet done, and how overdue the oldest due one is.
    let backlog = sqlx::query_as::<_, (i64, Option<f64>)>(
        "select count(*), extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now()))::float8
           from public.lead_deliveries where status in ('pending', 'delivering')",
    )
    .fetch_one(shared)
    .await;
    match backlog {
        Ok((count, oldest)) => {
            metrics::gauge!("claimbridge_outbox_backlog").set(count as f64);
            metrics::gauge!("claimbridge_outbox_oldest_due_seconds").set(oldest.unwrap_or(0.0));
        }
        Err(err) => tracing::warn!(%err, "metrics: could not read the outbox backlog"),
    }
    (
        StatusCode::OK,
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        sources.handle.render(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_values_stay_a_small_fixed_set() {
        for (method, path, expected) in [
            (Method::GET, "/rest/v1/blog_posts", ("rest", "read")),
            (Method::POST, "/rest/v1/rpc/anything", ("rest", "rpc")),
            (Method::PATCH, "/rest/v1/x", ("rest", "write")),
            (Method::GET, "/rest/v1/", ("rest", "schema")),
            (Method::OPTIONS, "/rest/v1/x", ("rest", "preflight")),
            (
                Method::GET,
                "/storage/v1/object/public/a/b.png",
                ("storage", "object-read"),
            ),
            (
                Method::POST,
                "/storage/v1/object/a/b.png",
                ("storage", "object-write"),
            ),
            (
                Method::GET,
                "/storage/v1/render/image/public/a.png",
                ("storage", "render"),
            ),
            (Method::GET, "/storage/v1/made-up", ("storage", "other")),
            (
                Method::POST,
                "/functions/v1/lead-relay",
                ("functions", "lead-relay"),
            ),
            (
                Method::POST,
                "/functions/v1/no-such-fn/x",
                ("functions", "unknown"),
            ),
            (Method::POST, "/auth/v1/token", ("auth", "token")),
            (Method::GET, "/auth/v1/../../etc", ("auth", "other")),
            (
                Method::GET,
                "/realtime/v1/websocket",
                ("realtime", "socket"),
            ),
            (
                Method::POST,
                "/realtime/v1/api/broadcast/room/events/e",
                ("realtime", "broadcast"),
            ),
            (Method::GET, "/realtime/v1/nope", ("realtime", "other")),
            (Method::GET, "/readyz", ("health", "probe")),
            (Method::GET, "/assets/index-abc.js", ("site", "asset")),
            (Method::GET, "/blog/anything-at-all", ("site", "page")),
        ] {
            assert_eq!(classify(&method, path), expected, "{method} {path}");
        }
        assert_eq!(status_label(StatusCode::TOO_MANY_REQUESTS), "429");
        assert_eq!(status_label(StatusCode::IM_A_TEAPOT), "other");
    }
}
