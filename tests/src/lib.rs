//! The integration-test harness: one real PostgreSQL cluster for the whole test run (started by
//! the same code as the server's embedded database), a migrated and seeded template database,
//! a fresh copy of it per test (`CREATE DATABASE ... TEMPLATE`, fast), the app on a random port,
//! and JWTs for every role.
use std::collections::HashMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use cb_db::sqlx::postgres::PgConnectOptions;
use cb_db::sqlx::{self, Executor, PgPool};
use cb_db::{LocalPostgres, PgBinaries};
use jsonwebtoken::{EncodingKey, Header};
use serde_json::{Value, json};
use tokio::sync::oneshot;

pub use cb_gateway::{
    DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY, DOCKER_DEMO_ANON_KEY,
    DOCKER_DEMO_SERVICE_ROLE_KEY,
};

/// The template database's name. Two test runs at once on one checkout (two developers' agents,
/// say) each set their own CB_TEST_TEMPLATE, or the second run rebuilds the first one's template.
#[allow(
    clippy::disallowed_methods,
    reason = "a test-harness setting, not the server's configuration"
)]
fn template() -> &'static str {
    static NAME: OnceLock<String> = OnceLock::new();
    NAME.get_or_init(|| {
        std::env::var("CB_TEST_TEMPLATE")
            .ok()
            .filter(|name| {
                !name.is_empty()
                    && name.len() <= 40
                    && name
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
            })
            .unwrap_or_else(|| "cb_template".to_string())
    })
}
/// The admin passcode every test app is configured with.
pub const TEST_PASSCODE: &str = "correct-horse-battery-staple";

pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the workspace")
        .to_path_buf()
}

/// The test cluster, started on first use and reused by later test runs.
pub fn cluster() -> &'static LocalPostgres {
    static CLUSTER: OnceLock<LocalPostgres> = OnceLock::new();
    CLUSTER.get_or_init(|| {
        let binaries = PgBinaries::discover(None).expect("PostgreSQL binaries");
        let cluster =
            LocalPostgres::new(binaries, workspace_root().join("target/test-data/postgres"))
                .expect("cluster");
        cluster.ensure_running().expect("start the test cluster");
        // Building the template needs a runtime of its own: we may be inside a test's runtime.
        let builder = cluster.clone();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(build_template(&builder));
        })
        .join()
        .expect("template built");
        cluster
    })
}

async fn build_template(cluster: &LocalPostgres) {
    let admin = cb_db::connect(cluster.connect_options("postgres"), 2)
        .await
        .expect("connect to the test cluster");
    drop_stale_test_databases(&admin).await;
    admin
        .execute(format!("alter database {} with is_template false", template()).as_str())
        .await
        .ok();
    admin
        .execute(format!("drop database if exists {} with (force)", template()).as_str())
        .await
        .expect("drop template");
    admin
        .execute(format!("create database {} template template0", template()).as_str())
        .await
        .expect("create template");
    admin.close().await;
    let pool = cb_db::connect(cluster.connect_options(template()), 2)
        .await
        .expect("connect to the template");
    let report = cb_db::migrate(&pool).await.expect("migrate the template");
    assert!(report.seeded, "the template is seeded");
    // What a server configured with the test passcode records at start: admin tokens are checked
    // against it (private.is_admin()), also in databases no server has run on.
    sqlx::query(
        "insert into private.admin_settings (singleton, passcode_version) values (true, $1)",
    )
    .bind(cb_server::app::cb_auth::passcode_version(
        DEMO_JWT_SECRET,
        passcode_hash(),
    ))
    .execute(&pool)
    .await
    .expect("record the passcode generation");
    pool.close().await;
    let admin = cb_db::connect(cluster.connect_options("postgres"), 1)
        .await
        .expect("connect");
    admin
        .execute(format!("alter database {} with is_template true", template()).as_str())
        .await
        .expect("mark template");
    admin.close().await;
}

/// Test databases older than this are left over from earlier runs (the cluster is reused).
const STALE_TEST_DATABASE_SECS: u64 = 3600;

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

/// Tests do not drop their databases (a test may still be reading when another fails); this
/// drops those of earlier runs, so the reused cluster does not grow without bound. A name
/// without a creation time is stale too; a database still in use is skipped.
async fn drop_stale_test_databases(admin: &PgPool) {
    let names: Vec<String> =
        sqlx::query_scalar("select datname from pg_database where datname like 'test\\_%'")
            .fetch_all(admin)
            .await
            .unwrap_or_default();
    let now = unix_now();
    for name in names {
        let created = name
            .strip_prefix("test_")
            .and_then(|rest| rest.split('_').next())
            .and_then(|secs| secs.parse::<u64>().ok());
        if created.is_some_and(|secs| now.saturating_sub(secs) < STALE_TEST_DATABASE_SECS) {
            continue;
        }
        admin
            .execute(format!("drop database if exists {}", cb_db::quote_ident(&name)).as_str())
            .await
            .ok();
    }
}

/// A database of its own for one test.
#[derive(Debug)]
pub struct TestDatabase {
    pub name: String,
    pub pool: PgPool,
}

impl TestDatabase {
    pub fn connect_options(&self) -> PgConnectOptions {
        cluster().connect_options(&self.name)
    }

    pub fn url(&self) -> String {
        cluster().url(&self.name)
    }

    /// The URL logging in as `user` (trusted on the cluster's private socket).
    pub fn url_as(&self, user: &str) -> String {
        cluster().url_as(user, &self.name)
    }
}

async fn create_database(template: &str) -> TestDatabase {
    let cluster = cluster();
    let name = format!("test_{}_{}", unix_now(), uuid::Uuid::new_v4().simple());
    let admin = cb_db::connect(cluster.connect_options("postgres"), 1)
        .await
        .expect("connect");
    admin
        .execute(format!("create database {name} template {template}").as_str())
        .await
        .expect("create the test database");
    admin.close().await;
    let pool = cb_db::connect(cluster.connect_options(&name), 5)
        .await
        .expect("connect to the test database");
    TestDatabase { name, pool }
}

/// A copy of the migrated, seeded template.
pub async fn fresh_database() -> TestDatabase {
    create_database(template()).await
}

/// A database with nothing in it (for migration tests).
pub async fn empty_database() -> TestDatabase {
    create_database("template0").await
}

fn passcode_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| cb_server::passcode::hash(TEST_PASSCODE).expect("hash"))
}

/// The app, serving on a random port of 127.0.0.1 over its own database.
pub struct TestApp {
    pub url: String,
    pub db: TestDatabase,
    pub client: reqwest::Client,
    _data_dir: tempfile::TempDir,
    shutdown: Option<oneshot::Sender<()>>,
}

impl TestApp {
    /// A test app from a server already serving at `url` (see [`serve`]) on `db`.
    pub fn new(
        url: String,
        db: TestDatabase,
        data_dir: tempfile::TempDir,
        shutdown: oneshot::Sender<()>,
    ) -> Self {
        TestApp {
            url,
            db,
            client: reqwest::Client::new(),
            _data_dir: data_dir,
            shutdown: Some(shutdown),
        }
    }

    /// A request as supabase-js sends it for a signed-in caller: the anon key as `apikey`, `token`
    /// as the bearer.
    pub fn with_token(
        &self,
        method: reqwest::Method,
        path: &str,
        token: &str,
    ) -> reqwest::RequestBuilder {
        self.client
            .request(method, format!("{}{path}", self.url))
            .header("apikey", DEMO_ANON_KEY)
            .bearer_auth(token)
    }

    pub fn anon(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.client
            .request(method, format!("{}{path}", self.url))
            .header("apikey", DEMO_ANON_KEY)
            .bearer_auth(DEMO_ANON_KEY)
    }

    pub fn get(&self, path: &str) -> reqwest::RequestBuilder {
        self.client.get(format!("{}{path}", self.url))
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
    }
}

/// The test configuration of an app on `db` keeping its files in `data_dir`, with `vars` on top
/// (an empty value unsets a default).
pub fn app_config(db: &TestDatabase, data_dir: &Path, vars: &[(&str, &str)]) -> cb_server::Config {
    // /rest/v1 logs in as on the embedded cluster and as PostgREST does.
    let rest_login = db.url_as("authenticator");
    let mut all = vec![("CLAIMBRIDGE_REST_DATABASE_URL", rest_login.as_str())];
    all.extend_from_slice(vars);
    app_config_on(&db.url(), data_dir, &all)
}

/// The test configuration of an app on the database at `database_url`, with `vars` on top.
pub fn app_config_on(
    database_url: &str,
    data_dir: &Path,
    vars: &[(&str, &str)],
) -> cb_server::Config {
    let mut env: HashMap<String, String> = HashMap::from([
        ("CLAIMBRIDGE_PORT".into(), "0".into()),
        ("DATABASE_URL".into(), database_url.into()),
        (
            "CLAIMBRIDGE_DATA_DIR".into(),
            data_dir.display().to_string(),
        ),
        ("ADMIN_PASSCODE_HASH".into(), passcode_hash().to_string()),
        (
            "CLAIMBRIDGE_FRONTEND_DIR".into(),
            workspace_root().join("frontend/dist").display().to_string(),
        ),
        ("CLAIMBRIDGE_LOG".into(), "warn".into()),
    ]);
    for (name, value) in vars {
        env.insert((*name).into(), (*value).into());
    }
    cb_server::Config::from_lookup(|name| env.get(name).cloned()).expect("test configuration")
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[]).await
}

/// Starts the app with extra configuration variables on top of the test defaults.
pub async fn spawn_app_with(vars: &[(&str, &str)]) -> TestApp {
    let db = fresh_database().await;
    let data_dir = tempfile::tempdir().expect("temp dir");
    let config = app_config(&db, data_dir.path(), vars);
    let app = cb_server::App::build(config).await.expect("build the app");
    let (url, shutdown) = serve(app);
    TestApp::new(url, db, data_dir, shutdown)
}

/// Serves a built app until the returned sender is used or dropped; its base URL.
pub fn serve(app: cb_server::App) -> (String, oneshot::Sender<()>) {
    let url = format!("http://127.0.0.1:{}", app.port());
    let (shutdown, stopped) = oneshot::channel::<()>();
    tokio::spawn(app.run_until(
        async {
            let _ = stopped.await;
        },
        false,
    ));
    (url, shutdown)
}

/// Seconds since the Unix epoch (for JWT time claims).
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_secs() as i64
}

/// A JWT signed with the demo secret: `{"role": role, "exp": now + 1h}` plus `extra`.
pub fn mint_jwt(role: &str, extra: Value) -> String {
    let mut claims = json!({ "role": role, "iat": now(), "exp": now() + 3600 });
    if let (Some(claims), Value::Object(extra)) = (claims.as_object_mut(), extra) {
        claims.extend(extra);
    }
    jsonwebtoken::encode(
        &Header::default(),
        &claims,
        &EncodingKey::from_secret(DEMO_JWT_SECRET.as_bytes()),
    )
    .expect("sign")
}

/// The claims of the admin token simple-auth issues to the apps `spawn_app` starts (their
/// passcode generation is the one RLS checks).
/// The session every admin token of [`admin_claims`] names (simple-auth gives each sign-in one).
pub const ADMIN_SESSION_ID: &str = "5e551011-0000-4000-8000-00000000ad01";

pub fn admin_claims() -> Value {
    let version = cb_server::app::cb_auth::passcode_version(DEMO_JWT_SECRET, passcode_hash());
    json!({ "role": "authenticated", "aud": "authenticated", "sub": "00000000-0000-0000-0000-00000000ad01",
            "session_id": ADMIN_SESSION_ID,
            "app_metadata": { "admin": true, "passcode_version": version } })
}

pub fn admin_jwt() -> String {
    mint_jwt("authenticated", admin_claims())
}

/// A folder the postgres OS user can reach when the tests run as root (tempfile makes 0700 folders).
pub fn reachable_tempdir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    dir
}

/// Runs `sql` as `role` with `claims` and the given request headers, in a transaction that is
/// rolled back, and returns the rows as JSON (or the SQLSTATE of the error).
pub async fn query_as(
    pool: &PgPool,
    role: &str,
    claims: Value,
    headers: Value,
    sql: &str,
) -> Result<Vec<Value>, String> {
    let context = cb_db::RequestContext::new(role, &claims, "POST", "/test", headers.to_string());
    let mut tx = cb_db::begin_scoped(pool, &context, false)
        .await
        .map_err(|err| err.to_string())?;
    let wrapped =
        format!("with result as ({sql}) select coalesce(json_agg(result), '[]')::text from result");
    let outcome: Result<String, sqlx::Error> =
        sqlx::query_scalar(&wrapped).fetch_one(&mut *tx).await;
    tx.rollback().await.ok();
    match outcome {
        Ok(text) => Ok(serde_json::from_str::<Vec<Value>>(&text).expect("json")),
        Err(sqlx::Error::Database(db)) => Err(db.code().unwrap_or_default().to_string()),
        Err(other) => Err(other.to_string()),
    }
}

/// Executes `sql` (no result rows) as `role`, rolled back; returns rows affected or the SQLSTATE.
pub async fn execute_as(
    pool: &PgPool,
    role: &str,
    claims: Value,
    headers: Value,
    sql: &str,
) -> Result<u64, String> {
    let context = cb_db::RequestContext::new(role, &claims, "POST", "/test", headers.to_string());
    let mut tx = cb_db::begin_scoped(pool, &context, false)
        .await
        .map_err(|err| err.to_string())?;
    let outcome = sqlx::query(sql).execute(&mut *tx).await;
    tx.rollback().await.ok();
    match outcome {
        Ok(done) => Ok(done.rows_affected()),
        Err(sqlx::Error::Database(db)) => Err(db.code().unwrap_or_default().to_string()),
        Err(other) => Err(other.to_string()),
    }
}
