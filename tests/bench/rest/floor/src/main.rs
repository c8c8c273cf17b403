//! The floor under case (a): an axum server that answers `GET /rest/v1/blog_posts?slug=eq.X`
//! by sending the engine's pipeline over tokio-postgres (`BEGIN`, its scope through
//! `cb_db::LocalScope`, the main statement it sends for that request, `COMMIT`, in one round
//! trip) and returning the body. No JWT check, no parsing beyond the slug, no schema cache, no
//! middleware: what is left is the cost of the stack itself.
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

use cb_db::{LocalScope, RequestContext, ScopeOptions};
use tokio::sync::Semaphore;
use tokio_postgres::types::{ToSql, Type};
use tokio_postgres::{Client, NoTls, Statement};

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

/// A connection with the two statements it prepared.
struct Session {
    client: Client,
    scope: Statement,
    main: Statement,
}

/// The least a pool can be (the engine's own is this plus broken-connection handling).
struct Conns {
    /// The request's context but its headers: built once, as the engine renders an API key's
    /// claims once.
    context: RequestContext,
    idle: Mutex<Vec<Session>>,
    permits: Semaphore,
}

fn options() -> ScopeOptions {
    ScopeOptions {
        read_only: true,
        search_path: Some("\"public\", \"public\", \"extensions\"".into()),
        cookies: Some(serde_json::json!({})),
        timezone: None,
        role_statement_timeout: Some("3s".into()),
        pre_request: None,
        app_settings: Default::default(),
    }
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
    let options = options();
    let scope = LocalScope::new(&context, &options);
    let Ok(_permit) = pool.permits.acquire().await else {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    };
    let Some(session) = pool.idle.lock().ok().and_then(|mut idle| idle.pop()) else {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    };
    let scope_params: Vec<&(dyn ToSql + Sync)> = scope
        .params
        .iter()
        .map(|value| value as &(dyn ToSql + Sync))
        .collect();
    let published = Some("true".to_owned());
    let slug = Some(slug);
    let (limit, offset) = (1000_i64, 0_i64);
    let main_params: [&(dyn ToSql + Sync); 4] = [&slug, &published, &limit, &offset];
    let (begun, scoped, row, committed) = tokio::join!(
        session.client.batch_execute(scope.begin),
        session.client.execute(&session.scope, &scope_params),
        session
            .client
            .query_one(&session.main, &main_params),
        session.client.batch_execute("COMMIT"),
    );
    if let Ok(mut idle) = pool.idle.lock() {
        idle.push(session);
    }
    let outcome = begun
        .and(scoped)
        .and_then(|_| row)
        .and_then(|row| committed.map(|()| row));
    match outcome.and_then(|row| row.try_get::<_, String>("body")) {
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
    let context = RequestContext::new(
        "anon",
        &serde_json::json!({"role": "anon"}),
        "GET",
        "/blog_posts",
        String::new(),
    );
    let options = options();
    let scope_sql = LocalScope::new(&context, &options).sql;
    let scope_types = vec![Type::TEXT; LocalScope::new(&context, &options).params.len()];
    let mut idle = Vec::new();
    for _ in 0..connections {
        let (client, connection) = tokio_postgres::Config::new()
            .host_path(&socket_dir)
            .user("authenticator")
            .dbname("postgres")
            .connect(NoTls)
            .await
            .expect("connect");
        tokio::spawn(connection);
        let scope = client
            .prepare_typed(&scope_sql, &scope_types)
            .await
            .expect("prepare the scope");
        let main = client
            .prepare_typed(MAIN, &[Type::TEXT, Type::TEXT, Type::INT8, Type::INT8])
            .await
            .expect("prepare the statement");
        idle.push(Session {
            client,
            scope,
            main,
        });
    }
    let pool = Conns {
        context,
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
