//! PostgreSQL for ClaimBridge: the project-local cluster, the connection pool, migrations and
//! seed, the per-request role scope that makes row-level security work, and SQL escaping.
mod local_postgres;
mod login;
mod migrate;
mod pool;
mod quote;
mod scope;

pub use local_postgres::{LocalPostgres, LocalPostgresError, PgBinaries};
pub use login::{AUTHENTICATOR, give_role_password, scram_sha256_verifier};
pub use migrate::{
    MigrateError, Migration, MigrationReport, migrate, migrations, pending_count, seed_files,
};
pub use pool::{ConnectError, Heard, connect, is_unavailable, listen_on, listen_until_closed};
pub use quote::{quote_ident, quote_literal};
pub use scope::{LocalScope, RequestContext, ScopeOptions, begin_scoped};
pub use sqlx;
