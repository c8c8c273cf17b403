//! The test cluster and its databases: one PostgreSQL for the whole run (started by the same code
//! as the server's embedded database), a migrated and seeded template, a fresh copy per test.
use std::os::unix::fs::PermissionsExt;
use std::sync::{Mutex, OnceLock, PoisonError};

use cb_db::sqlx::postgres::PgConnectOptions;
use cb_db::sqlx::{self, Executor, PgPool};
use cb_db::{LocalPostgres, PgBinaries};
use cb_gateway::unix_now;

use crate::DEMO_JWT_SECRET;
use crate::app::passcode_hash;
use crate::as_role::rows_as_json;
use crate::workspace_root;

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
    let template = template();
    // Absent on the first run.
    admin
        .execute(format!("alter database {template} with is_template false").as_str())
        .await
        .ok();
    admin.close().await;
    on_the_cluster(
        cluster,
        &format!("drop database if exists {template} with (force)"),
    )
    .await;
    on_the_cluster(
        cluster,
        &format!("create database {template} template template0"),
    )
    .await;
    let pool = cb_db::connect(cluster.connect_options(template), 2)
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
    on_the_cluster(
        cluster,
        &format!("alter database {template} with is_template true"),
    )
    .await;
}

/// Runs `sql` (a statement on databases, such as CREATE DATABASE) on the cluster's `postgres`
/// database; a failing statement fails the test.
async fn on_the_cluster(cluster: &LocalPostgres, sql: &str) {
    let admin = cb_db::connect(cluster.connect_options("postgres"), 1)
        .await
        .expect("connect");
    admin
        .execute(sql)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    admin.close().await;
}

/// Test databases older than this are left over from earlier runs (the cluster is reused).
const STALE_TEST_DATABASE_SECS: u64 = 3600;

/// Databases of earlier runs that were not dropped (a run that was killed, or the last tests of a
/// run, see [`FINISHED`]): the reused cluster does not grow without bound. A name without a
/// creation time is stale too; a database still in use is skipped.
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

    /// The number a `select count(*) ...` gives, asked as the database owner (so row-level
    /// security hides nothing); a failing query fails the test.
    pub async fn count(&self, sql: &str) -> i64 {
        self.scalar(sql).await
    }

    /// The one value `sql` selects (no parameters), asked as the database owner; a failing query
    /// fails the test.
    pub async fn scalar<T>(&self, sql: &str) -> T
    where
        T: Send + Unpin,
        (T,): for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow>,
    {
        sqlx::query_scalar(sql)
            .fetch_one(&self.pool)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
    }

    /// Runs `sql` (one or more statements, no parameters) as the database owner; a failing
    /// statement fails the test.
    pub async fn execute(&self, sql: &str) {
        sqlx::raw_sql(sql)
            .execute(&self.pool)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// The rows of `sql` as JSON objects, in its order, asked as the database owner; a failing
    /// query fails the test.
    pub async fn json_rows(&self, sql: &str) -> Vec<serde_json::Value> {
        let text: String = sqlx::query_scalar(&rows_as_json(sql))
            .fetch_one(&self.pool)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        serde_json::from_str(&text).expect("json")
    }
}

/// Databases whose tests are over. Each is about 12 MB, and a full run creates over 600: kept,
/// they filled the disk of a CI machine mid-run. Dropping one forces a checkpoint and can wait on
/// the finished test's server letting go, so it is not done in `Drop` (no runtime there) but by
/// the next test that creates a database.
static FINISHED: Mutex<Vec<String>> = Mutex::new(Vec::new());

impl Drop for TestDatabase {
    fn drop(&mut self) {
        FINISHED
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(std::mem::take(&mut self.name));
    }
}

/// Drops the databases of finished tests; a server of theirs still connected is cut off.
async fn drop_finished_databases(cluster: &LocalPostgres) {
    let names = std::mem::take(&mut *FINISHED.lock().unwrap_or_else(PoisonError::into_inner));
    if names.is_empty() {
        return;
    }
    let Ok(admin) = cb_db::connect(cluster.connect_options("postgres"), 1).await else {
        return;
    };
    for name in names {
        let sql = format!(
            "drop database if exists {} with (force)",
            cb_db::quote_ident(&name)
        );
        // One that cannot be dropped now is left to the next run's sweep of stale databases.
        admin.execute(sql.as_str()).await.ok();
    }
    admin.close().await;
}

async fn create_database(template: &str) -> TestDatabase {
    let cluster = cluster();
    drop_finished_databases(cluster).await;
    let name = format!("test_{}_{}", unix_now(), uuid::Uuid::new_v4().simple());
    on_the_cluster(
        cluster,
        &format!("create database {name} template {template}"),
    )
    .await;
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

/// A folder the postgres OS user can reach when the tests run as root (tempfile makes 0700 folders).
pub fn reachable_tempdir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    dir
}
