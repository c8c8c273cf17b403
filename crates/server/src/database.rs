//! The database the server runs on: DATABASE_URL, or the project-local cluster it starts.
use std::str::FromStr;

use anyhow::Context as _;
use cb_db::sqlx::PgPool;
use cb_db::sqlx::postgres::PgConnectOptions;
use cb_db::{LocalPostgres, MigrationReport, PgBinaries};

use crate::config::{Config, Database};

/// The role /rest/v1 logs in as where it can (PostgREST's).
const AUTHENTICATOR: &str = "authenticator";

/// The pool, and the local cluster when we run one.
#[derive(Debug, Clone)]
pub struct DatabaseHandle {
    pub pool: PgPool,
    local: Option<(LocalPostgres, bool)>,
}

fn local_cluster(
    config: &Config,
    bin_dir: Option<&std::path::Path>,
) -> anyhow::Result<LocalPostgres> {
    let binaries = PgBinaries::discover(bin_dir)?;
    Ok(LocalPostgres::new(
        binaries,
        config.data_dir.join("postgres"),
    )?)
}

impl DatabaseHandle {
    pub async fn open(config: &Config) -> anyhow::Result<Self> {
        match &config.database {
            Database::Url(url) => {
                let options = PgConnectOptions::from_str(url)
                    .map_err(|_| anyhow::anyhow!("DATABASE_URL is not a valid PostgreSQL URL"))?;
                let pool = cb_db::connect(options, config.db_max_connections).await.map_err(|err| {
                    anyhow::anyhow!(
                        "{err}: check that PostgreSQL runs there and DATABASE_URL is right, or unset \
                         DATABASE_URL to use the embedded database"
                    )
                })?;
                Ok(Self { pool, local: None })
            }
            Database::Local { bin_dir } => {
                let cluster = local_cluster(config, bin_dir.as_deref())?;
                let starter = cluster.clone();
                let started = tokio::task::spawn_blocking(move || starter.ensure_running())
                    .await
                    .context("starting the local PostgreSQL")??;
                let pool = cb_db::connect(
                    cluster.connect_options("postgres"),
                    config.db_max_connections,
                )
                .await?;
                tracing::info!(url = %cluster.url("postgres"), "local PostgreSQL ready");
                Ok(Self {
                    pool,
                    local: Some((cluster, started)),
                })
            }
        }
    }

    /// How /rest/v1 logs in: CLAIMBRIDGE_REST_DATABASE_URL; else `authenticator` on the local
    /// cluster (trusted on its private socket), which can only become the roles granted to it;
    /// else DATABASE_URL's own login (an external database's `authenticator` has a password
    /// only its administrator knows).
    pub fn rest_connect_options(&self, config: &Config) -> anyhow::Result<PgConnectOptions> {
        if let Some(url) = &config.rest_database_url {
            return PgConnectOptions::from_str(url).map_err(|_| {
                anyhow::anyhow!("CLAIMBRIDGE_REST_DATABASE_URL is not a valid PostgreSQL URL")
            });
        }
        Ok(match &self.local {
            Some((cluster, _)) => cluster.connect_options_as(AUTHENTICATOR, "postgres"),
            None => (*self.pool.connect_options()).clone(),
        })
    }

    pub async fn migrate_and_seed(&self, config: &Config) -> anyhow::Result<MigrationReport> {
        let report = cb_db::migrate(&self.pool).await?;
        if report.seeded {
            crate::seed_storage::write_seed_files(&self.pool, config).await?;
        }
        Ok(report)
    }

    /// Closes the pool; stops the local cluster if this process started it, or always when
    /// `owner` (the server owns the project-local cluster, even one left by a crash).
    pub async fn shutdown(self, owner: bool) {
        self.pool.close().await;
        if let Some((cluster, started)) = self.local
            && (owner || started)
        {
            match tokio::task::spawn_blocking(move || cluster.stop()).await {
                Ok(Ok(())) => tracing::info!("local PostgreSQL stopped"),
                Ok(Err(err)) => tracing::error!(%err, "could not stop the local PostgreSQL"),
                Err(err) => tracing::error!(%err, "could not stop the local PostgreSQL"),
            }
        }
    }

    pub async fn close(self) {
        self.shutdown(false).await;
    }
}

pub(crate) fn stop_local(config: &Config) -> anyhow::Result<()> {
    let Database::Local { bin_dir } = &config.database else {
        anyhow::bail!("DATABASE_URL is set: there is no local PostgreSQL to stop");
    };
    let cluster = local_cluster(config, bin_dir.as_deref())?;
    if cluster.data_dir().join("PG_VERSION").is_file() {
        cluster.stop()?;
    }
    Ok(())
}
