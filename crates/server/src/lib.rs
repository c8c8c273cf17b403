//! The `claimbridge` binary: configuration, startup, the router that puts every service behind
//! one port, and shutdown. No business logic lives here.
pub mod app;
pub mod cli;
pub mod config;
mod connections;
mod database;
mod front;
mod health;
mod mail_catcher;
mod metrics;
pub mod passcode;
mod request_trace;
mod security_headers;
mod seed_storage;
mod telemetry;

pub use app::{App, AppState};
pub use config::Config;
pub use database::DatabaseHandle;
