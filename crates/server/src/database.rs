//! The database the server runs on: DATABASE_URL, or the project-local cluster it starts.
use std::str::FromStr;

use anyhow::Context as _;
use cb_db::sqlx::ConnectOptions as _;
use cb_db::sqlx::PgPool;
use cb_db::sqlx::postgres::PgConnectOptions;
use cb_db::{AUTHENTICATOR, LocalPostgres, MigrationReport, PgBinaries};

use crate::config::{Config, Database};

/// The pool, and where its database is.
#[derive(Debug, Clone)]
pub struct DatabaseHandle {
    pub pool: PgPool,
    server: Server,
}

#[derive(Debug, Clone)]
enum Server {
    /// DATABASE_URL's (the pool's connect options), with the URL's password if it has one.
    Url { password: Option<String> },
    /// The project-local cluster, and whether this process started it.
    Local(LocalPostgres, bool),
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
                Ok(Self {
                    pool,
                    server: Server::Url {
                        password: url_password(url),
                    },
                })
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
                    server: Server::Local(cluster, started),
                })
            }
        }
    }

    /// How /rest/v1 logs in: CLAIMBRIDGE_REST_DATABASE_URL; else `authenticator`, which can
    /// only become the roles granted to it: on the local cluster trusted on its private socket,
    /// on DATABASE_URL's server with DATABASE_URL's password (given to `authenticator` first
    /// when it has none, see `cb_db::give_role_password`). A login that fails here
    /// stops the start with what to do, rather than failing every request later.
    pub async fn rest_connect_options(&self, config: &Config) -> anyhow::Result<PgConnectOptions> {
        if let Some(url) = &config.rest_database_url {
            return PgConnectOptions::from_str(url).map_err(|_| {
                anyhow::anyhow!("CLAIMBRIDGE_REST_DATABASE_URL is not a valid PostgreSQL URL")
            });
        }
        match &self.server {
            Server::Local(cluster, _) => Ok(cluster.connect_options_as(AUTHENTICATOR, "postgres")),
            Server::Url { password } => self.external_authenticator(password.as_deref()).await,
        }
    }

    async fn external_authenticator(
        &self,
        password: Option<&str>,
    ) -> anyhow::Result<PgConnectOptions> {
        // DATABASE_URL's host, port, database, TLS settings and password, as authenticator.
        let options = (*self.pool.connect_options())
            .clone()
            .username(AUTHENTICATOR);
        if let Some(password) = password
            && cb_db::give_role_password(&self.pool, AUTHENTICATOR, password).await?
        {
            tracing::info!("gave the authenticator role DATABASE_URL's password");
        }
        match options.connect().await {
            Ok(connection) => {
                let _ = cb_db::sqlx::Connection::close(connection).await;
                Ok(options)
            }
            Err(err) => Err(anyhow::anyhow!(
                "/rest/v1 logs in as the authenticator role on DATABASE_URL's server (with \
                 DATABASE_URL's password), and that failed ({err}): let authenticator log in \
                 there, or set CLAIMBRIDGE_REST_DATABASE_URL to the login /rest/v1 should use"
            )),
        }
    }

    /// Where Realtime's change feed opens its replication connection: the pool's server,
    /// user and database (a role with REPLICATION; the local cluster's superuser).
    pub fn replication_source(&self) -> cb_realtime::changes::ReplicationSource {
        let password = match &self.server {
            Server::Url { password } => password.clone(),
            Server::Local(..) => None,
        };
        cb_realtime::changes::ReplicationSource::from_connect_options(
            &self.pool.connect_options(),
            password,
        )
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
        if let Server::Local(cluster, started) = self.server
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

/// The URL's password, percent-decoded; `None` without one. (sqlx's connect options keep it
/// but do not show it.)
fn url_password(url: &str) -> Option<String> {
    let parsed = url::Url::parse(url).ok()?;
    let password = parsed.password().filter(|password| !password.is_empty())?;
    Some(
        percent_encoding::percent_decode_str(password)
            .decode_utf8_lossy()
            .into_owned(),
    )
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

#[cfg(test)]
mod tests {
    use super::url_password;

    #[test]
    fn the_url_password_is_percent_decoded() {
        assert_eq!(
            url_password("postgres://claimbridge:p%40ss%3Aw%2Fd@db:5432/claimbridge").as_deref(),
            Some("p@ss:w/d")
        );
        assert_eq!(url_password("postgres://claimbridge@db/claimbridge"), None);
        assert_eq!(url_password("postgres://claimbridge:@db/claimbridge"), None);
        assert_eq!(
            url_password("postgresql:///claimbridge?host=/run/postgresql"),
            None
        );
    }
}
