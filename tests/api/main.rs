//! The one integration-test binary: drives the app over HTTP and the database as each role.
#![allow(
    clippy::disallowed_methods,
    reason = "tests pass PATH on to the server they start"
)]
mod access_matrix;
mod auth;
mod config_errors;
mod embedded_postgres;
mod functions;
mod gateway;
mod health;
mod mail;
mod metrics;
mod migrations;
mod realtime;
mod rest;
mod security;
mod server_process;
mod site;
mod site_rendering;
mod storage;
