//! The integration-test harness: one real PostgreSQL cluster for the whole test run (started by
//! the same code as the server's embedded database), a migrated and seeded template database,
//! a fresh copy of it per test (`CREATE DATABASE ... TEMPLATE`, fast), the app on a random port,
//! and JWTs for every role.
mod answers;
mod app;
mod as_role;
mod database;
mod http;
mod poll;
mod staff;
mod tokens;

use std::path::{Path, PathBuf};

pub use answers::{
    RestCaller, anon_get, assert_status_and_headers, create_user, ok_json, password_sign_in,
    rest_as, sorted_keys,
};
pub use app::{
    TEST_PASSCODE, TestApp, app_config, app_config_on, second_instance, serve, spawn_app,
    spawn_app_with,
};
pub use as_role::Caller;
pub use cb_gateway::{
    DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY, DOCKER_DEMO_ANON_KEY,
    DOCKER_DEMO_SERVICE_ROLE_KEY,
};
pub use database::{TestDatabase, cluster, empty_database, fresh_database, reachable_tempdir};
pub use http::{Answer, Exchange, HeaderText, without_redirects};
pub use poll::{at_least, eventually};
pub use staff::{Account, StaffTeam, add_account, add_session, add_staff};
pub use tokens::{ADMIN_SESSION_ID, admin_claims, admin_jwt, mint_jwt, now};

pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the workspace")
        .to_path_buf()
}
