//! `claimbridge serve` as a real process, for the tests that kill it (kill -9, restarts), start
//! it on a database of their own or watch it refuse a configuration: a free port, the command
//! with a clean environment, a run to its exit, and the wait until it answers /readyz.
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use cb_tests::{TestDatabase, eventually, workspace_root};

const SERVER: &str = env!("CARGO_BIN_EXE_claimbridge-under-test");

/// How long a start may take (the first one of a data directory runs initdb).
const READY_WITHIN: Duration = Duration::from_secs(90);

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// `claimbridge serve` on `port` with `data_dir`, the built website and warn-level logs, and
/// nothing else from the test's environment but PATH; callers add their own settings.
pub(crate) fn serve_command(data_dir: &Path, port: u16) -> Command {
    let mut command = clean_serve(data_dir, "warn");
    command
        .env("CLAIMBRIDGE_PORT", port.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

/// [`serve_command`] over the test database `db`, the REST engine logging in as its own role, as
/// a deployment configures it.
pub(crate) fn serve_command_on(db: &TestDatabase, data_dir: &Path, port: u16) -> Command {
    let mut command = serve_command(data_dir, port);
    command
        .env("DATABASE_URL", db.url())
        .env("CLAIMBRIDGE_REST_DATABASE_URL", db.url_as("authenticator"));
    command
}

/// `claimbridge serve` with `data_dir`, the built website, no logs and nothing else from the
/// test's environment but PATH, plus `vars`, run until it exits (as one whose configuration is
/// refused does at once): its exit code and what it wrote to stderr.
pub(crate) fn serve_until_exit(data_dir: &Path, vars: &[(&str, &str)]) -> (Option<i32>, String) {
    let mut command = clean_serve(data_dir, "off");
    command.envs(vars.iter().copied());
    let output = command.output().expect("run claimbridge");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// `claimbridge serve` with `data_dir`, the built website, `log` as its log level, the mail
/// catcher on free ports and nothing from the test's environment but PATH.
fn clean_serve(data_dir: &Path, log: &str) -> Command {
    let mut command = Command::new(SERVER);
    command
        .arg("serve")
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("CLAIMBRIDGE_DATA_DIR", data_dir)
        .env(
            "CLAIMBRIDGE_FRONTEND_DIR",
            workspace_root().join("frontend/dist"),
        )
        // Development's mail catcher on free ports, so servers running side by side (and a
        // `make run` on this machine) never compete for its default ones.
        .env("CLAIMBRIDGE_MAILBOX_PORT", "0")
        .env("CLAIMBRIDGE_MAILBOX_SMTP_PORT", "0")
        .env("CLAIMBRIDGE_LOG", log);
    command
}

/// Waits until the server on `port` answers /readyz with 200; panics when it exits first or
/// is not ready in time.
pub(crate) async fn wait_ready(port: u16, child: &mut Child) {
    eventually(READY_WITHIN, Duration::from_millis(100), async || {
        if let Ok(response) = reqwest::get(format!("http://127.0.0.1:{port}/readyz")).await
            && response.status() == 200
        {
            return Ok(());
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("claimbridge exited before it was ready: {status}");
        }
        Err(format!("claimbridge was not ready within {READY_WITHIN:?}"))
    })
    .await
}
