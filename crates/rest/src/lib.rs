//! # /rest/v1 — a PostgREST-compatible engine
//!
//! Speaks PostgREST v14's wire protocol as `@supabase/postgrest-js` expects it, in PostgREST's
//! stages:
//!
//! * [`schema_cache`] — relations, columns, keys, relationships and functions from
//!   pg_catalog; loaded at start (503 `PGRST002` with `Retry-After` until then) and reloaded on
//!   `NOTIFY pgrst, 'reload schema'`.
//! * [`api_request`] — method, path, headers, query string and body parsed with
//!   `cb_postgrest_syntax` into what the client asks for.
//! * [`plan`] — the read plan tree with embeds resolved through foreign keys (PGRST200/201),
//!   the mutation plan, the function call plan (overloads by argument names).
//! * [`query`] — one SQL statement per request, JSON (or CSV) rendered by PostgreSQL
//!   (`json_agg`), `Content-Range` totals computed in the same statement.
//! * [`response`] — statuses and headers; [`error`] — every error body.
//!
//! `engine` runs one request through these stages (negotiation, scope and the transaction
//! runner in their own modules); `routes` mounts it as a service; `state` holds the
//! settings and what every request reaches ([`RestState`]).
//!
//! A GET or HEAD on a table or view keeps what the second and third stages made of it (the
//! parsed request, the SQL) for the next request with the same URL and shaping headers, until
//! the schema cache reloads (`compiled_reads`).
//!
//! Each request runs in one transaction that first sets its scope in one `set_config`
//! statement local to it (`cb_db::LocalScope`): role, claims, method, path, headers, cookies,
//! search path, timezone, the role's statement timeout, read only for reads and non-volatile
//! calls. `BEGIN`, the scope, the statement and `COMMIT` go out as one pipeline (one round
//! trip); a write whose result the engine may still refuse (singular, PUT, max-affected) sends
//! its `COMMIT` or `ROLLBACK` once it has seen the result.
pub mod api_request;
mod client_limits;
mod compiled_reads;
mod engine;
pub mod error;
mod openapi;
pub mod plan;
mod pool;
pub mod query;
pub mod response;
mod routes;
pub mod schema_cache;
mod settings;
mod state;
pub mod typegen;

pub use client_limits::ClientLimitSettings;
pub use error::ApiError;
pub use pool::{LoginError, PoolStats};
pub use routes::{path_under, service};
pub use schema_cache::{DbConfig, SchemaCache, SchemaCacheHolder, config_list};
pub use settings::{RestSettings, TxEnd};
pub use state::RestState;
