//! Schema migrations: the platform schema in `sql/`, then the website's `supabase/migrations/`,
//! each applied once, in order, in its own transaction, and recorded with a checksum. The seed
//! runs once, on a database whose website tables are still empty.
use sha2::{Digest, Sha256};
use sqlx::{Connection, PgConnection, PgPool};

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// Serialises concurrent migrators (several instances starting at once).
const MIGRATION_LOCK: i64 = 0x436c_6169_6d42;

#[derive(Debug, thiserror::Error)]
pub enum MigrateError {
    #[error("migration {source_dir}/{name} failed: {message}")]
    Failed {
        source_dir: &'static str,
        name: &'static str,
        message: String,
    },
    #[error(
        "migration {source_dir}/{name} was changed after it was applied to this database: \
         add a new migration instead of editing an applied one"
    )]
    Changed {
        source_dir: &'static str,
        name: &'static str,
    },
    #[error("the seed failed: {0}")]
    Seed(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// One embedded migration file.
#[derive(Debug, Clone, Copy)]
pub struct Migration {
    pub source_dir: &'static str,
    pub name: &'static str,
    pub sql: &'static str,
}

impl Migration {
    fn checksum(&self) -> String {
        hex::encode(Sha256::digest(self.sql.as_bytes()))
    }
}

pub fn migrations() -> impl Iterator<Item = Migration> {
    MIGRATIONS.iter().map(|&(source_dir, name, sql)| Migration {
        source_dir,
        name,
        sql,
    })
}

/// Files the seed puts into storage: (`bucket/path`, bytes).
pub fn seed_files() -> &'static [(&'static str, &'static [u8])] {
    SEED_FILES
}

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct MigrationReport {
    pub applied: Vec<String>,
    pub seeded: bool,
}

/// Applies every pending migration, then the seed if the database is new.
pub async fn migrate(pool: &PgPool) -> Result<MigrationReport, MigrateError> {
    let mut conn = pool.acquire().await?;
    sqlx::query("select pg_advisory_lock($1)")
        .bind(MIGRATION_LOCK)
        .execute(&mut *conn)
        .await?;
    let result = migrate_locked(&mut conn).await;
    sqlx::query("select pg_advisory_unlock($1)")
        .bind(MIGRATION_LOCK)
        .execute(&mut *conn)
        .await?;
    result
}

async fn migrate_locked(conn: &mut PgConnection) -> Result<MigrationReport, MigrateError> {
    sqlx::raw_sql(
        "create schema if not exists claimbridge;
         create table if not exists claimbridge.schema_migrations (
           source     text not null,
           name       text not null,
           checksum   text not null,
           applied_at timestamptz not null default now(),
           primary key (source, name)
         );",
    )
    .execute(&mut *conn)
    .await?;

    let mut report = MigrationReport::default();
    for migration in migrations() {
        let recorded: Option<String> = sqlx::query_scalar(
            "select checksum from claimbridge.schema_migrations where source = $1 and name = $2",
        )
        .bind(migration.source_dir)
        .bind(migration.name)
        .fetch_optional(&mut *conn)
        .await?;
        match recorded {
            Some(checksum) if checksum == migration.checksum() => continue,
            Some(_) => {
                return Err(MigrateError::Changed {
                    source_dir: migration.source_dir,
                    name: migration.name,
                });
            }
            None => {}
        }
        let mut tx = conn.begin().await?;
        sqlx::raw_sql(migration.sql)
            .execute(&mut *tx)
            .await
            .map_err(|err| MigrateError::Failed {
                source_dir: migration.source_dir,
                name: migration.name,
                message: database_message(&err),
            })?;
        record(
            &mut tx,
            migration.source_dir,
            migration.name,
            &migration.checksum(),
        )
        .await?;
        tx.commit().await?;
        tracing::info!(
            source = migration.source_dir,
            name = migration.name,
            "applied migration"
        );
        report
            .applied
            .push(format!("{}/{}", migration.source_dir, migration.name));
    }

    report.seeded = seed_once(conn).await?;
    if !report.applied.is_empty() || report.seeded {
        // Tell PostgREST-style schema caches (ours included) to reload.
        sqlx::query("notify pgrst, 'reload schema'")
            .execute(&mut *conn)
            .await?;
    }
    Ok(report)
}

async fn seed_once(conn: &mut PgConnection) -> Result<bool, MigrateError> {
    let Some(seed) = SEED_SQL else {
        return Ok(false);
    };
    let done: bool = sqlx::query_scalar(
        "select exists (select 1 from claimbridge.schema_migrations where source = 'seed' and name = 'seed.sql')",
    )
    .fetch_one(&mut *conn)
    .await?;
    if done {
        return Ok(false);
    }
    let empty: bool = sqlx::query_scalar(
        "select not exists (select 1 from public.blog_posts)
            and not exists (select 1 from public.page_seo_settings)
            and not exists (select 1 from public.whitepapers)",
    )
    .fetch_one(&mut *conn)
    .await?;
    let mut tx = conn.begin().await?;
    if empty {
        sqlx::raw_sql(seed)
            .execute(&mut *tx)
            .await
            .map_err(|err| MigrateError::Seed(database_message(&err)))?;
        tracing::info!("seeded the new database");
    }
    // Recorded either way: a database that already had content is never seeded later.
    record(
        &mut tx,
        "seed",
        "seed.sql",
        &hex::encode(Sha256::digest(seed.as_bytes())),
    )
    .await?;
    tx.commit().await?;
    Ok(empty)
}

async fn record(
    conn: &mut PgConnection,
    source: &str,
    name: &str,
    checksum: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into claimbridge.schema_migrations (source, name, checksum) values ($1, $2, $3)",
    )
    .bind(source)
    .bind(name)
    .bind(checksum)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// How many embedded migrations the database has not applied yet (for readiness).
pub async fn pending_count(pool: &PgPool) -> Result<usize, sqlx::Error> {
    let applied: Vec<(String, String)> = sqlx::query_as(
        "select source, name from claimbridge.schema_migrations where to_regclass('claimbridge.schema_migrations') is not null",
    )
    .fetch_all(pool)
    .await
    .or_else(|err| match &err {
        sqlx::Error::Database(db) if db.code().as_deref() == Some("42P01") => Ok(Vec::new()),
        _ => Err(err),
    })?;
    Ok(migrations()
        .filter(|m| {
            !applied
                .iter()
                .any(|(source, name)| source == m.source_dir && name == m.name)
        })
        .count())
}

fn database_message(err: &sqlx::Error) -> String {
    match err {
        sqlx::Error::Database(db) => {
            format!("{} ({})", db.message(), db.code().unwrap_or_default())
        }
        other => other.to_string(),
    }
}
