//! The floor under case (a): an axum server that answers `GET /rest/v1/blog_posts?slug=eq.X`
//! by sending the engine's two statements (its session scope through `cb_db::set_session_scope`,
//! then the main statement it sends for that request) over sqlx and returning the body. No JWT check, no parsing beyond the
//! slug, no schema cache, no middleware: what is left is the cost of the stack itself.
//!
//!   rest-floor <port> <postgres socket dir>
//!
//! With FLOOR_PER_CORE set it runs one single-threaded runtime per core (two), each with its
//! own listener (SO_REUSEPORT) and five connections, instead of two Tokio workers sharing ten.
use std::sync::Arc;

use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use std::sync::Mutex;

use cb_db::sqlx::postgres::{PgConnectOptions, PgConnection};
use cb_db::sqlx::{self, ConnectOptions as _, Row};
use cb_db::{RequestContext, ScopeOptions, SessionDefaults, set_session_scope};
use tokio::sync::Semaphore;

const MAIN: &str = "WITH pgrst_source AS ( SELECT \"public\".\"blog_posts\".* FROM \"public\".\"blog_posts\" \
    WHERE  \"public\".\"blog_posts\".\"slug\" = CAST($1 AS text) AND  \"public\".\"blog_posts\".\"published\" = CAST($2 AS boolean) \
    LIMIT $3 OFFSET $4 )  SELECT null::bigint AS total_result_set, pg_catalog.count(_postgrest_t) AS page_total, \
    array[]::text[] AS header, coalesce((array_agg(to_json(_postgrest_t)))[1], 'null')::text AS body, \
    nullif(current_setting('response.headers', true), '') AS response_headers, \
    nullif(current_setting('response.status', true), '') AS response_status, null::int AS response_inserted \
    FROM ( SELECT * FROM pgrst_source ) _postgrest_t";

#[derive(serde::Deserialize)]
struct Params {
    slug: String,
}

/// The least a pool can be (the engine's own is this plus broken-connection handling): sqlx's
/// PgPool would add a task spawned on every release.
struct Conns {
    /// The request's context but its headers: built once, as the engine renders an API key's
    /// claims once.
    context: RequestContext,
    options: PgConnectOptions,
    idle: Mutex<Vec<PgConnection>>,
    permits: Semaphore,
}

async fn post(
    State(pool): State<Arc<Conns>>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Query(params): Query<Params>,
    headers: HeaderMap,
) -> impl IntoResponse {
    let slug = params
        .slug
        .strip_prefix("eq.")
        .unwrap_or(&params.slug)
        .to_owned();
    let mut context = pool.context.clone();
    // As the server does: the resolved client address as x-real-ip (here the peer, as with no
    // trusted proxy).
    context.headers = cb_gateway::headers_json(&headers, Some(peer.ip()));
    let options = ScopeOptions {
        read_only: true,
        search_path: Some("\"public\", \"public\", \"extensions\"".into()),
        cookies: None,
        timezone: None,
        role_statement_timeout: Some("3s".into()),
        pre_request: None,
        app_settings: Default::default(),
    };
    let Ok(_permit) = pool.permits.acquire().await else {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    };
    // A request cancelled mid-statement (its client went away) takes its connection with it;
    // the next one opens a new connection, as the engine's pool does.
    let idle = pool.idle.lock().ok().and_then(|mut idle| idle.pop());
    let mut conn = match idle {
        Some(conn) => conn,
        None => match pool.options.connect().await {
            Ok(conn) => conn,
            Err(e) => return (StatusCode::SERVICE_UNAVAILABLE, e.to_string()).into_response(),
        },
    };
    let defaults = SessionDefaults {
        timezone: "UTC".into(),
        statement_timeout: "0".into(),
        search_path: "\"$user\", public".into(),
    };
    let row = match set_session_scope(&mut conn, &context, &options, &defaults).await {
        Ok(()) => {
            sqlx::query(MAIN)
                .bind(slug)
                .bind("true")
                .bind(1000_i64)
                .bind(0_i64)
                .fetch_one(&mut conn)
                .await
        }
        Err(e) => Err(e),
    };
    // Back to the pool whatever the statement's outcome: a failed statement leaves it usable.
    if let Ok(mut idle) = pool.idle.lock() {
        idle.push(conn);
    }
    match row.and_then(|row| row.try_get::<String, _>("body")) {
        Ok(body) => (
            [(
                header::CONTENT_TYPE,
                "application/vnd.pgrst.object+json; charset=utf-8",
            )],
            body,
        )
            .into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

// A bench tool with two arguments and one switch; the workspace's config module is not in reach.
#[allow(clippy::disallowed_methods)]
fn main() {
    let mut args = std::env::args().skip(1);
    let port: u16 = args.next().and_then(|p| p.parse().ok()).expect("port");
    let socket_dir = args.next().expect("postgres socket dir");
    let per_core = std::env::var_os("FLOOR_PER_CORE").is_some();
    if per_core {
        let threads: Vec<_> = (0..2)
            .map(|_| {
                let socket_dir = socket_dir.clone();
                std::thread::spawn(move || {
                    tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                        .expect("runtime")
                        .block_on(serve(port, socket_dir, 5, true))
                })
            })
            .collect();
        for t in threads {
            let _ = t.join();
        }
    } else {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime")
            .block_on(serve(port, socket_dir, 10, false));
    }
}

async fn serve(port: u16, socket_dir: String, connections: usize, reuse_port: bool) {
    let options = PgConnectOptions::new()
        .socket(socket_dir)
        .username("authenticator")
        .database("postgres");
    let mut idle = Vec::new();
    for _ in 0..connections {
        idle.push(options.connect().await.expect("connect"));
    }
    let pool = Conns {
        context: RequestContext::new(
            "anon",
            &serde_json::json!({"role": "anon"}),
            "GET",
            "/blog_posts",
            String::new(),
        ),
        options,
        idle: Mutex::new(idle),
        permits: Semaphore::new(connections),
    };
    let app = axum::Router::new()
        .route("/rest/v1/blog_posts", get(post))
        .with_state(Arc::new(pool));
    let socket = tokio::net::TcpSocket::new_v4().expect("socket");
    socket.set_reuseaddr(true).expect("reuseaddr");
    if reuse_port {
        socket.set_reuseport(true).expect("reuseport");
    }
    socket
        .bind(std::net::SocketAddr::from(([127, 0, 0, 1], port)))
        .expect("bind");
    let listener = socket.listen(1024).expect("listen");
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .await
    .expect("serve");
}
