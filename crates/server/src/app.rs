//! The application: every service behind one port, the gateway layers around the APIs, the
//! website as the fallback, and a graceful start and stop.
use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Context as _;
use axum::Router;
use axum::extract::{DefaultBodyLimit, FromRef, Request};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use axum::serve::ListenerExt as _;
use cb_db::sqlx::PgPool;
use cb_db::sqlx::postgres::PgConnectOptions;
use secrecy::ExposeSecret as _;
use tokio::net::TcpListener;
use tower::layer::util::{Identity, Stack};
use tower::util::{MapResponseLayer, option_layer};
use tower::{Layer as _, Service, ServiceBuilder};
use tower_http::timeout::TimeoutLayer;

use crate::config::Config;
use crate::connections::ZeroCopy;
use crate::database::DatabaseHandle;
use crate::front::{Front, REST_PREFIX};
use crate::request_trace::RequestTraceLayer;
use crate::security_headers::BaselineHeaders;

/// The function and auth services, for tests and tools that speak their protocols (solving an
/// ALTCHA challenge, checking a webhook signature).
pub use {cb_auth, cb_functions};

/// What every handler can reach.
#[derive(Debug, Clone)]
pub struct AppState {
    pub pool: PgPool,
    /// How /rest/v1 logs in (see `DatabaseHandle::rest_connect_options`).
    pub rest_login: PgConnectOptions,
    pub config: Arc<Config>,
    /// /functions/v1 (shared with the webhook outbox worker `run_until` starts).
    pub functions: cb_functions::FunctionsState,
    /// Set when shutdown starts: /readyz answers 503 while requests are still served, so a load
    /// balancer stops sending new ones before the listener closes.
    pub draining: Arc<AtomicBool>,
    /// What /readyz answers (kept current by a monitor task).
    pub readiness: crate::health::Readiness,
    /// /realtime/v1 (its sockets are closed on shutdown).
    pub realtime: cb_realtime::Realtime,
}

impl FromRef<AppState> for crate::health::Probe {
    fn from_ref(state: &AppState) -> Self {
        Self {
            readiness: state.readiness.clone(),
            draining: Arc::clone(&state.draining),
        }
    }
}

/// A bound, migrated application, ready to serve.
#[derive(Debug)]
pub struct App {
    listener: TcpListener,
    /// Every path but /rest/v1.
    router: Router,
    /// The website's kept pages, answered before the router (`Front`).
    kept_pages: cb_site::KeptPages,
    /// /rest/v1's engine; `run_until` puts it behind its layers (`rest_service`) and beside the
    /// router (`Front`).
    rest: cb_rest::RestState,
    config: Arc<Config>,
    database: DatabaseHandle,
    functions: cb_functions::FunctionsState,
    realtime: cb_realtime::Realtime,
    draining: Arc<AtomicBool>,
    /// Bound at build time (a taken address fails the start, as the public port does).
    metrics_listener: Option<TcpListener>,
}

impl App {
    /// Binds the port first (so a taken port fails before anything else starts), then opens
    /// and migrates the database and builds the router.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let address = SocketAddr::new(config.host, config.port);
        let listener = TcpListener::bind(address).await.map_err(|err| match err.kind() {
            std::io::ErrorKind::AddrInUse => anyhow::anyhow!(
                "port {} on {} is already in use: stop the other process or set CLAIMBRIDGE_PORT",
                config.port,
                config.host
            ),
            std::io::ErrorKind::PermissionDenied => anyhow::anyhow!(
                "not allowed to listen on port {}: choose a port above 1023 with CLAIMBRIDGE_PORT",
                config.port
            ),
            _ => anyhow::anyhow!("cannot listen on {address}: {err}"),
        })?;
        let metrics_listener = match config.metrics_addr {
            Some(address) => Some(TcpListener::bind(address).await.map_err(|err| {
                anyhow::anyhow!(
                    "cannot serve metrics on {address} (CLAIMBRIDGE_METRICS_ADDR): {err}"
                )
            })?),
            None => None,
        };
        let admin_passcode_hash: Arc<str> = match &config.admin_passcode_hash {
            Some(hash) => hash.expose_secret().into(),
            None => crate::passcode::local_hash(&config.data_dir)?.into(),
        };
        let database = DatabaseHandle::open(&config).await?;
        let (functions, rest_login) =
            match prepare_database(&database, &config, admin_passcode_hash).await {
                Ok(prepared) => prepared,
                Err(err) => {
                    database.close().await;
                    return Err(err);
                }
            };
        let realtime = cb_realtime::Realtime::start(
            database.pool.clone(),
            config.jwt_verifier(),
            database.replication_source(),
            config.realtime.clone(),
        );
        let state = AppState {
            pool: database.pool.clone(),
            rest_login,
            config: Arc::new(config),
            functions: functions.clone(),
            draining: Arc::default(),
            readiness: crate::health::Readiness::default(),
            realtime,
        };
        let (router, kept_pages) = router(state.clone())?;
        let rest = cb_rest::RestState::start(
            state.pool.clone(),
            &state.rest_login,
            state.config.jwt_verifier(),
            state.config.rest.clone(),
        )?;
        state.readiness.spawn_monitor(&state.pool, rest.clone());
        Ok(Self {
            listener,
            router,
            kept_pages,
            rest,
            config: state.config,
            database,
            functions,
            realtime: state.realtime,
            draining: state.draining,
            metrics_listener,
        })
    }

    pub fn port(&self) -> u16 {
        self.listener
            .local_addr()
            .map(|address| address.port())
            .unwrap_or_default()
    }

    pub fn pool(&self) -> &PgPool {
        &self.database.pool
    }

    /// `shutdown`, then the drain: readiness answers 503 at once and requests are still served
    /// for CLAIMBRIDGE_DRAIN_SECS, so the load balancer's next health check takes this instance
    /// out before the listener closes; then graceful shutdown lets requests in flight finish.
    pub fn draining_after(
        &self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> impl Future<Output = ()> + Send + 'static {
        let draining = Arc::clone(&self.draining);
        let drain = self.config.drain;
        async move {
            shutdown.await;
            draining.store(true, Ordering::Release);
            if !drain.is_zero() {
                tracing::info!(
                    seconds = drain.as_secs_f64(),
                    "draining: /readyz answers 503, requests are still served"
                );
                tokio::time::sleep(drain).await;
            }
        }
    }

    /// Serves until `shutdown` completes, lets requests in flight finish, then closes the
    /// database (stopping the local cluster when `owns_database`).
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
        owns_database: bool,
    ) -> anyhow::Result<()> {
        // The lead webhook outbox: delivers while the server runs, stops before the database.
        let outbox = self.functions.start_outbox();
        // Lead notification emails, when configured: also stopped before the database.
        let lead_email = self.functions.start_lead_email();
        // The website's link checker (the admin's Site health), unless configured off.
        let link_checker = cb_site::start_link_checker(
            &self.config.site_settings(),
            &self.config.link_check,
            self.database.pool.clone(),
        );
        // TCP_NODELAY, as HTTP servers set it: a response's last partial segment goes out at
        // once instead of waiting for the client to acknowledge the ones before it.
        let listener = self.listener.tap_io(|tcp| {
            if let Err(err) = tcp.set_nodelay(true) {
                tracing::warn!(%err, "could not set TCP_NODELAY");
            }
        });
        if let Some(listener) = self.metrics_listener {
            crate::metrics::spawn(
                listener,
                crate::metrics::Sources {
                    handle: crate::metrics::install(),
                    pool: self.database.pool.clone(),
                    rest: self.rest.clone(),
                },
            );
        }
        let rest = rest_service(self.rest, &self.config);
        let baseline =
            BaselineHeaders::new(self.config.environment == crate::config::Environment::Production);
        let front = Front::new(rest, self.kept_pages, self.router);
        let service = RequestTraceLayer
            .layer(MapResponseLayer::new(move |response| baseline.apply(response)).layer(front));
        crate::connections::serve(ZeroCopy(listener), service, shutdown).await;
        self.realtime.stop().await;
        outbox.stop().await;
        if let Some(lead_email) = lead_email {
            lead_email.stop().await;
        }
        if let Some(link_checker) = link_checker {
            link_checker.stop().await;
        }
        self.database.shutdown(owns_database).await;
        Ok(())
    }
}

/// Migrates and seeds the database and writes the settings its functions and triggers read:
/// the steps after which a failed start closes the database again.
async fn prepare_database(
    database: &DatabaseHandle,
    config: &Config,
    admin_passcode_hash: Arc<str>,
) -> anyhow::Result<(cb_functions::FunctionsState, PgConnectOptions)> {
    database.migrate_and_seed(config).await?;
    let admin_tokens =
        cb_auth::AdminTokens::new(config.jwt_secret.expose_secret(), &admin_passcode_hash)
            .with_ttl(config.admin_token_ttl);
    let functions = cb_functions::FunctionsState::new(
        database.pool.clone(),
        config.functions.clone(),
        admin_tokens.clone(),
        auth_state(config, database.pool.clone(), admin_tokens)?,
        admin_passcode_hash,
    );
    // The passcode generation RLS checks admin tokens against (private.is_admin()).
    cb_db::sqlx::query(
        "insert into private.admin_settings (singleton, passcode_version) values (true, $1)
         on conflict (singleton) do update set passcode_version = excluded.passcode_version, updated_at = now()
         where private.admin_settings.passcode_version is distinct from excluded.passcode_version",
    )
    .bind(functions.admin_tokens().passcode_version())
    .execute(&database.pool)
    .await
    .map_err(|err| anyhow::anyhow!("recording the admin passcode generation: {err}"))?;
    // The revision retention the database trims to on every save (CLAIMBRIDGE_REVISIONS_KEPT).
    cb_db::sqlx::query(
        "insert into private.cms_settings (singleton, revisions_kept) values (true, $1)
         on conflict (singleton) do update set revisions_kept = excluded.revisions_kept
         where private.cms_settings.revisions_kept is distinct from excluded.revisions_kept",
    )
    .bind(i32::try_from(config.revisions_kept).unwrap_or(i32::MAX))
    .execute(&database.pool)
    .await
    .map_err(|err| {
        anyhow::anyhow!("recording the revision retention (CLAIMBRIDGE_REVISIONS_KEPT): {err}")
    })?;
    // Whether the database queues leads for email (LEAD_EMAIL_TO), read by its triggers.
    functions
        .record_lead_email_settings()
        .await
        .map_err(|err| {
            anyhow::anyhow!("recording the lead email settings (LEAD_EMAIL_TO): {err}")
        })?;
    let rest_login = database.rest_connect_options(config).await?;
    Ok((functions, rest_login))
}

/// The auth server's state (shared by /auth/v1 and the functions that invite staff).
fn auth_state(
    config: &Config,
    pool: PgPool,
    admin_tokens: cb_auth::AdminTokens,
) -> anyhow::Result<cb_auth::AuthState> {
    Ok(cb_auth::AuthState::new(
        pool,
        config.auth.clone(),
        config.signing_keys.clone(),
        config.jwt_verifier(),
        admin_tokens,
        config
            .auth_mailer()
            .context("the auth emails' SMTP client")?,
        config.functions.trusted_proxies.clone(),
    ))
}

/// `claimbridge serve`.
pub async fn serve(mut config: Config) -> anyhow::Result<()> {
    if let Some(path) = &config.supabase_config {
        tracing::info!(
            config = %path.display(),
            schemas = %config.rest.schemas.join(","),
            "settings read from the Supabase config.toml (environment variables win over it)"
        );
    }
    // Before the first socket or kept page: both count against it.
    let open_files = cb_zero_copy::raise_open_file_limit();
    tracing::debug!(?open_files, "open-file limit");
    // Development's mail catcher, kept until the server stops.
    let _mail_catcher = crate::mail_catcher::start(&mut config).await;
    let app = App::build(config).await?;
    tracing::info!(
        port = app.port(),
        "ClaimBridge is serving on http://localhost:{}",
        app.port()
    );
    let shutdown = app.draining_after(shutdown_signal());
    app.run_until(shutdown, true).await?;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}

/// Every route of the server but /rest/v1, and the website's kept pages (see `Front`).
fn router(state: AppState) -> anyhow::Result<(Router, cb_site::KeptPages)> {
    let config = state.config.clone();

    let apis = Router::new()
        // nest_service (here and below), so that `/auth/v1/` reaches the service's own 404
        // instead of falling through to the website.
        .nest_service("/auth/v1", cb_auth::router(state.functions.auth().clone()))
        .layer(option_layer(api_key_check(&config)))
        // nest_service, so that `/functions/v1/` reaches the registry too.
        .nest_service(
            "/functions/v1",
            cb_functions::router(state.functions.clone()),
        )
        .layer(api_layers(&config));

    // Storage streams bodies of any size: its own limits (bucket file_size_limit while the bytes
    // arrive, an idle timeout on uploads, the request timeout elsewhere) replace the global body
    // limit and timeout, which would cut large uploads and downloads off. CORS as everywhere.
    let storage = Router::new()
        .nest_service(
            "/storage/v1",
            cb_storage::router(config.storage.clone(), state.pool.clone())
                .context("opening the object store")?,
        )
        .layer(cb_gateway::CorsLayer);

    // Realtime checks its keys and tokens itself (the handshake refuses a bad key before the
    // upgrade); a socket outlives any request timeout, so only CORS wraps it.
    let realtime = Router::new()
        .nest_service("/realtime/v1", cb_realtime::router(state.realtime.clone()))
        .layer(cb_gateway::CorsLayer);

    let site = cb_site::website(&config.site_settings(), state.pool.clone())?;

    let router = Router::new()
        .route("/healthz", get(crate::health::healthz))
        .route("/readyz", get(crate::health::readyz))
        .with_state(state)
        .merge(apis)
        .merge(storage)
        .merge(realtime)
        .merge(site.router);
    Ok((router, site.kept_pages))
}

/// /rest/v1: the APIs' layers and the API-key check, as /auth/v1 has them in `router`.
fn rest_service(
    rest: cb_rest::RestState,
    config: &Config,
) -> impl Service<Request, Response = Response, Error = Infallible, Future: Send> + Clone + Send + 'static
{
    api_layers(config)
        .option_layer(api_key_check(config))
        .service(cb_rest::service(rest, REST_PREFIX))
}

/// Kong puts key-auth on /rest/v1 and /auth/v1 only; Storage and Functions check JWTs themselves.
fn api_key_check(config: &Config) -> Option<cb_gateway::ApiKeyLayer> {
    config
        .require_api_key
        .then(|| cb_gateway::ApiKeyLayer::new(config.keys.clone()))
}

/// CORS, then the request timeout, then the body limit.
type ApiLayers =
    Stack<DefaultBodyLimit, Stack<TimeoutLayer, Stack<cb_gateway::CorsLayer, Identity>>>;

/// What the APIs but Storage pass through: CORS (outside any key check: a preflight never needs
/// a key), the request timeout and the body limit.
fn api_layers(config: &Config) -> ServiceBuilder<ApiLayers> {
    ServiceBuilder::new()
        .layer(cb_gateway::CorsLayer)
        .layer(TimeoutLayer::with_status_code(
            StatusCode::GATEWAY_TIMEOUT,
            config.request_timeout,
        ))
        .layer(DefaultBodyLimit::max(config.max_body_bytes))
}
