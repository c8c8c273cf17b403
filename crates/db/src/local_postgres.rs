//! A project-local PostgreSQL cluster started from the machine's own PostgreSQL binaries.
//!
//! The cluster listens only on a Unix socket inside its data directory (mode 0700), so nothing
//! else on the machine can reach it and no TCP port can clash. PostgreSQL refuses to run as
//! root, so when we are root every PostgreSQL command runs as the `postgres` OS user.
use std::ffi::OsStr;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use sqlx::postgres::PgConnectOptions;

/// The port number only names the socket file (`.s.PGSQL.5432`); no TCP port is opened.
const SOCKET_PORT: u16 = 5432;
const SUPERUSER: &str = "postgres";
/// Logical decoding for Realtime's Postgres Changes (each server instance streams the WAL
/// through a temporary slot; a slot left behind may hold at most 1 GB of it). Given on pg_ctl's
/// command line at every start, so clusters initialised before need no edit.
const SERVER_SETTINGS: &[(&str, &str)] = &[
    ("wal_level", "logical"),
    ("max_replication_slots", "64"),
    ("max_wal_senders", "64"),
    ("max_slot_wal_keep_size", "1GB"),
];

/// The settings as postgres options (`-c name=value ...`).
fn server_options() -> String {
    SERVER_SETTINGS
        .iter()
        .map(|(name, value)| format!("-c {name}={value}"))
        .collect::<Vec<_>>()
        .join(" ")
}

#[derive(Debug, thiserror::Error)]
pub enum LocalPostgresError {
    #[error(
        "PostgreSQL server binaries (initdb, pg_ctl) were not found: install the Debian package \
         postgresql-15 (apt-get install postgresql-15), set POSTGRES_BIN_DIR to their folder, or set \
         DATABASE_URL to an existing database"
    )]
    BinariesNotFound,
    #[error(
        "running as root needs the 'postgres' OS user to run PostgreSQL (PostgreSQL refuses root): \
         install the Debian package postgresql-15, which creates it, or run as a normal user"
    )]
    NoPostgresUser,
    #[error("could not prepare {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{command} failed: {detail}")]
    Command { command: String, detail: String },
    #[error("the local PostgreSQL in {data_dir} did not start: {detail}")]
    StartFailed { data_dir: PathBuf, detail: String },
}

/// Where the PostgreSQL server programs live.
#[derive(Debug, Clone)]
pub struct PgBinaries {
    dir: PathBuf,
}

impl PgBinaries {
    /// Finds initdb and pg_ctl: an explicit folder, then PATH, then `pg_config --bindir`,
    /// then the newest `/usr/lib/postgresql/*/bin`.
    #[expect(
        clippy::disallowed_methods,
        reason = "PATH is where programs are found, not configuration"
    )]
    pub fn discover(explicit: Option<&Path>) -> Result<Self, LocalPostgresError> {
        let has_server = |dir: &Path| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file();
        if let Some(dir) = explicit {
            return if has_server(dir) {
                Ok(Self {
                    dir: dir.to_path_buf(),
                })
            } else {
                Err(LocalPostgresError::BinariesNotFound)
            };
        }
        let from_path = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
            .find(|dir| has_server(dir));
        let from_pg_config = || {
            let output = Command::new("pg_config").arg("--bindir").output().ok()?;
            let dir = PathBuf::from(String::from_utf8(output.stdout).ok()?.trim());
            has_server(&dir).then_some(dir)
        };
        let from_debian = || {
            let mut versions: Vec<(u32, PathBuf)> = fs::read_dir("/usr/lib/postgresql")
                .ok()?
                .filter_map(Result::ok)
                .filter_map(|entry| {
                    let version = entry.file_name().to_str()?.parse::<u32>().ok()?;
                    let bin = entry.path().join("bin");
                    has_server(&bin).then_some((version, bin))
                })
                .collect();
            versions.sort();
            versions.pop().map(|(_, bin)| bin)
        };
        from_path
            .or_else(from_pg_config)
            .or_else(from_debian)
            .map(|dir| Self { dir })
            .ok_or(LocalPostgresError::BinariesNotFound)
    }

    fn program(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// The OS account PostgreSQL commands run as when we are root.
#[derive(Debug, Clone, Copy)]
struct RunAs {
    uid: u32,
    gid: u32,
}

/// A PostgreSQL cluster in a folder of our own.
#[derive(Debug, Clone)]
pub struct LocalPostgres {
    binaries: PgBinaries,
    data_dir: PathBuf,
    run_as: Option<RunAs>,
}

impl LocalPostgres {
    pub fn new(
        binaries: PgBinaries,
        data_dir: impl Into<PathBuf>,
    ) -> Result<Self, LocalPostgresError> {
        let run_as = if nix::unistd::geteuid().is_root() {
            let user = nix::unistd::User::from_name(SUPERUSER)
                .ok()
                .flatten()
                .ok_or(LocalPostgresError::NoPostgresUser)?;
            Some(RunAs {
                uid: user.uid.as_raw(),
                gid: user.gid.as_raw(),
            })
        } else {
            None
        };
        let data_dir = absolute(data_dir.into())?;
        Ok(Self {
            binaries,
            data_dir,
            run_as,
        })
    }

    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// Connection options for a database of this cluster (over its Unix socket).
    pub fn connect_options(&self, database: &str) -> PgConnectOptions {
        self.connect_options_as(SUPERUSER, database)
    }

    /// Connection options for a database of this cluster, logging in as `user`.
    pub fn connect_options_as(&self, user: &str, database: &str) -> PgConnectOptions {
        PgConnectOptions::new()
            .socket(&self.data_dir)
            .port(SOCKET_PORT)
            .username(user)
            .database(database)
    }

    /// A libpq URL for psql, pgbench and friends.
    pub fn url(&self, database: &str) -> String {
        self.url_as(SUPERUSER, database)
    }

    /// A libpq URL logging in as `user`.
    pub fn url_as(&self, user: &str, database: &str) -> String {
        let socket_dir: String = self
            .data_dir
            .to_string_lossy()
            .bytes()
            .map(|byte| match byte {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                    (byte as char).to_string()
                }
                _ => format!("%{byte:02X}"),
            })
            .collect();
        format!("postgresql://{user}@localhost:{SOCKET_PORT}/{database}?host={socket_dir}")
    }

    /// Initialises the cluster on first use and starts it unless it already runs; waits until it
    /// accepts connections. Recovers from a stale `postmaster.pid` left by a crash, and restarts
    /// a running cluster started without logical decoding. Returns whether this call started it.
    pub fn ensure_running(&self) -> Result<bool, LocalPostgresError> {
        if !self.data_dir.join("PG_VERSION").is_file() {
            self.init()?;
        }
        if self.is_running() {
            if !self.runs_with_server_settings() {
                // Started before logical decoding was wanted (by an older build): a restart is
                // the only way to change wal_level.
                tracing::warn!(data_dir = %self.data_dir.display(),
                    "restarting the running local PostgreSQL to turn on logical decoding");
                self.restart()?;
                return Ok(false);
            }
            tracing::info!(data_dir = %self.data_dir.display(), "reusing the running local PostgreSQL");
            return Ok(false);
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            match self.start_once() {
                Ok(()) => return Ok(true),
                // Backends orphaned by a killed postmaster hold the old shared memory for a moment.
                Err(err)
                    if Instant::now() < deadline && self.log_tail().contains("already in use") =>
                {
                    tracing::warn!(%err, "local PostgreSQL is still shutting down from a crash; retrying");
                    std::thread::sleep(Duration::from_millis(500));
                }
                Err(err) => return Err(err),
            }
        }
    }

    pub fn is_running(&self) -> bool {
        self.pg_ctl(["status"])
            .is_ok_and(|output| output.status.success())
    }

    /// Fast shutdown: open sessions are ended, the cluster is left consistent.
    pub fn stop(&self) -> Result<(), LocalPostgresError> {
        if !self.is_running() {
            return Ok(());
        }
        let output = self.pg_ctl(["stop", "-m", "fast", "-w", "-t", "60"])?;
        if output.status.success() {
            Ok(())
        } else {
            Err(command_error("pg_ctl stop", &output))
        }
    }

    fn init(&self) -> Result<(), LocalPostgresError> {
        tracing::info!(data_dir = %self.data_dir.display(), "initialising a local PostgreSQL cluster");
        let parent = self.data_dir.parent().unwrap_or(Path::new("/"));
        fs::create_dir_all(parent).map_err(|source| io_error(parent, source))?;
        fs::create_dir_all(&self.data_dir).map_err(|source| io_error(&self.data_dir, source))?;
        fs::set_permissions(&self.data_dir, fs::Permissions::from_mode(0o700))
            .map_err(|source| io_error(&self.data_dir, source))?;
        if let Some(run_as) = self.run_as {
            nix::unistd::chown(
                &self.data_dir,
                Some(nix::unistd::Uid::from_raw(run_as.uid)),
                Some(nix::unistd::Gid::from_raw(run_as.gid)),
            )
            .map_err(|errno| io_error(&self.data_dir, errno.into()))?;
            self.check_reachable()?;
        }
        let output = self
            .command("initdb")
            .arg("-D")
            .arg(&self.data_dir)
            .args([
                "-U",
                SUPERUSER,
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-instructions",
            ])
            .output()
            .map_err(|source| io_error(&self.binaries.program("initdb"), source))?;
        if !output.status.success() {
            return Err(command_error("initdb", &output));
        }
        // Unix socket only, in the 0700 data directory.
        let settings = format!(
            "\n# ClaimBridge local cluster\nlisten_addresses = ''\nunix_socket_directories = '{}'\nport = {SOCKET_PORT}\n\
             max_connections = 200\nlogging_collector = off\n",
            self.data_dir.display()
        );
        let conf = self.data_dir.join("postgresql.conf");
        let mut current = fs::read_to_string(&conf).map_err(|source| io_error(&conf, source))?;
        current.push_str(&settings);
        fs::write(&conf, current).map_err(|source| io_error(&conf, source))?;
        Ok(())
    }

    /// The postgres user must be able to walk to the data directory.
    fn check_reachable(&self) -> Result<(), LocalPostgresError> {
        let output = self
            .command("/bin/sh")
            .args(["-c", "test -w \"$1\"", "sh"])
            .arg(&self.data_dir)
            .output()
            .map_err(|source| io_error(Path::new("/bin/sh"), source))?;
        if output.status.success() {
            Ok(())
        } else {
            Err(LocalPostgresError::Command {
                command: "initdb".into(),
                detail: format!(
                    "the 'postgres' OS user cannot reach {}: give every parent folder o+x, or set \
                     CLAIMBRIDGE_DATA_DIR to a folder it can reach",
                    self.data_dir.display()
                ),
            })
        }
    }

    /// Whether the running postmaster got [`SERVER_SETTINGS`] (its command line is in
    /// postmaster.opts).
    fn runs_with_server_settings(&self) -> bool {
        let opts = fs::read_to_string(self.data_dir.join("postmaster.opts")).unwrap_or_default();
        SERVER_SETTINGS
            .iter()
            .all(|(name, value)| opts.contains(&format!("{name}={value}")))
    }

    fn restart(&self) -> Result<(), LocalPostgresError> {
        let log = self.log_path();
        let output = self.pg_ctl_with(|command| {
            command
                .args(["restart", "-m", "fast", "-w", "-t", "60", "-l"])
                .arg(&log)
                .arg("-o")
                .arg(server_options());
        })?;
        if output.status.success() {
            Ok(())
        } else {
            Err(LocalPostgresError::StartFailed {
                data_dir: self.data_dir.clone(),
                detail: format!("{} (log: {})", last_line(&self.log_tail()), log.display()),
            })
        }
    }

    fn start_once(&self) -> Result<(), LocalPostgresError> {
        let log = self.log_path();
        let output = self.pg_ctl_with(|command| {
            command
                .args(["start", "-w", "-t", "60", "-l"])
                .arg(&log)
                .arg("-o")
                .arg(server_options());
        })?;
        if output.status.success() {
            return Ok(());
        }
        Err(LocalPostgresError::StartFailed {
            data_dir: self.data_dir.clone(),
            detail: format!("{} (log: {})", last_line(&self.log_tail()), log.display()),
        })
    }

    fn log_path(&self) -> PathBuf {
        self.data_dir.with_extension("log")
    }

    fn log_tail(&self) -> String {
        let text = fs::read_to_string(self.log_path()).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(20)..].join("\n")
    }

    fn pg_ctl<I, S>(&self, args: I) -> Result<Output, LocalPostgresError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.pg_ctl_with(|command| {
            command.args(args);
        })
    }

    fn pg_ctl_with(
        &self,
        configure: impl FnOnce(&mut Command),
    ) -> Result<Output, LocalPostgresError> {
        let mut command = self.command("pg_ctl");
        configure(&mut command);
        command.arg("-D").arg(&self.data_dir);
        command
            .output()
            .map_err(|source| io_error(&self.binaries.program("pg_ctl"), source))
    }

    fn command(&self, program: &str) -> Command {
        let path = if program.starts_with('/') {
            PathBuf::from(program)
        } else {
            self.binaries.program(program)
        };
        let mut command = Command::new(path);
        command
            .current_dir("/")
            .env("LC_ALL", "C")
            .env_remove("PGDATA");
        if let Some(run_as) = self.run_as {
            // The log file next to the data directory must be writable by the postgres user.
            let log = self.log_path();
            if !log.exists() {
                let _ = fs::write(&log, b"");
            }
            let _ = nix::unistd::chown(
                &log,
                Some(nix::unistd::Uid::from_raw(run_as.uid)),
                Some(nix::unistd::Gid::from_raw(run_as.gid)),
            );
            command.uid(run_as.uid).gid(run_as.gid).env("HOME", "/tmp");
        }
        command
    }
}

fn absolute(path: PathBuf) -> Result<PathBuf, LocalPostgresError> {
    if path.is_absolute() {
        return Ok(path);
    }
    let cwd = std::env::current_dir().map_err(|source| io_error(&path, source))?;
    Ok(cwd.join(path))
}

fn io_error(path: &Path, source: std::io::Error) -> LocalPostgresError {
    LocalPostgresError::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn command_error(command: &str, output: &Output) -> LocalPostgresError {
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let detail = if stderr.trim().is_empty() {
        last_line(&stdout)
    } else {
        last_line(&stderr)
    };
    LocalPostgresError::Command {
        command: command.into(),
        detail,
    }
}

fn last_line(text: &str) -> String {
    text.lines()
        .rev()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("no output")
        .trim()
        .to_string()
}
