//! Command line: serve, migrate, keys, passcode-hash, stop-db, gen types, gen signing-key. Every
//! failure is one line on stderr and a non-zero exit: no panic, no backtrace.
use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use secrecy::ExposeSecret as _;

use crate::config::Config;

#[derive(Debug, Parser)]
#[command(
    name = "claimbridge",
    version,
    about = "ClaimBridge: the website and its Supabase-compatible backend"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Start the server (the default): migrate, then serve the APIs and the website.
    Serve,
    /// Apply pending migrations (and the seed on a new database), then exit.
    Migrate,
    /// Print the anon and service_role keys for the configured JWT secret.
    Keys,
    /// Print the argon2 hash of a passcode, for ADMIN_PASSCODE_HASH (reads stdin without PASSCODE).
    PasscodeHash { passcode: Option<String> },
    /// Stop the project-local PostgreSQL of the data directory, if it runs.
    StopDb,
    /// Generate code from the database.
    Gen {
        #[command(subcommand)]
        what: Generate,
    },
}

#[derive(Debug, Subcommand)]
enum Generate {
    /// Print TypeScript types of the exposed schemas, as `supabase gen types typescript` does
    /// (after applying pending migrations): `claimbridge gen types > src/lib/database.types.ts`.
    Types {
        /// The language; only `typescript`.
        #[arg(long, default_value = "typescript")]
        lang: String,
        /// A schema to include (repeat for several); default: the exposed schemas.
        #[arg(long = "schema")]
        schemas: Vec<String>,
    },
    /// Print a new private JWT signing key (a JWK), as `supabase gen signing-key` does; with
    /// --append, add it to a signing keys file instead (see docs/operations.md, rotating secrets).
    SigningKey {
        #[arg(long, value_enum, default_value = "ES256")]
        algorithm: Algorithm,
        /// The signing keys file (`[auth] signing_keys_path`) to add the key to, last: it is
        /// published and verifies tokens, and signs once moved first. Created when missing.
        #[arg(long, value_name = "FILE")]
        append: Option<std::path::PathBuf>,
    },
}

/// The CLI's `--algorithm` values.
#[derive(Debug, Clone, Copy, ValueEnum)]
#[value(rename_all = "verbatim")]
enum Algorithm {
    ES256,
    RS256,
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command.unwrap_or(Command::Serve)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("claimbridge: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::PasscodeHash { passcode } => {
            let passcode = match passcode {
                Some(passcode) => passcode,
                None => {
                    if std::io::stdin().is_terminal() {
                        eprint!("Passcode: ");
                    }
                    let mut line = String::new();
                    std::io::stdin().lock().read_line(&mut line)?;
                    line.trim_end_matches(['\r', '\n']).to_string()
                }
            };
            anyhow::ensure!(
                passcode.chars().count() >= 8,
                "a passcode needs at least 8 characters"
            );
            println!(
                "{}",
                crate::passcode::hash(&passcode).map_err(anyhow::Error::msg)?
            );
            Ok(())
        }
        Command::Keys => {
            let config = Config::from_env()?;
            println!("ANON_KEY={}", config.keys.anon);
            println!(
                "SERVICE_ROLE_KEY={}",
                config.keys.service_role.expose_secret()
            );
            Ok(())
        }
        Command::Serve => {
            let config = Config::from_env()?;
            crate::telemetry::init(&config);
            runtime()?.block_on(crate::app::serve(config))
        }
        Command::Migrate => {
            let config = Config::from_env()?;
            crate::telemetry::init(&config);
            runtime()?.block_on(async {
                let database = crate::database::DatabaseHandle::open(&config).await?;
                let result = database.migrate_and_seed(&config).await;
                database.close().await;
                let report = result?;
                println!(
                    "applied {} migration(s){}",
                    report.applied.len(),
                    if report.seeded { ", seeded" } else { "" }
                );
                Ok(())
            })
        }
        Command::Gen {
            what: Generate::Types { lang, schemas },
        } => {
            anyhow::ensure!(
                lang == "typescript",
                "--lang {lang}: only typescript is generated"
            );
            let config = Config::from_env()?;
            runtime()?.block_on(async {
                let database = crate::database::DatabaseHandle::open(&config).await?;
                let loaded = async {
                    database.migrate_and_seed(&config).await?;
                    let mut settings = config.rest.clone();
                    if !schemas.is_empty() {
                        settings.schemas = schemas.clone();
                    }
                    let cache = cb_rest::schema_cache::load(&database.pool, &settings).await?;
                    anyhow::Ok(cb_rest::typegen::typescript(&cache, &schemas))
                }
                .await;
                database.close().await;
                print!("{}", loaded?);
                Ok(())
            })
        }
        Command::Gen {
            what: Generate::SigningKey { algorithm, append },
        } => {
            let jwk = cb_auth::SigningKeys::generate(match algorithm {
                Algorithm::ES256 => "ES256",
                Algorithm::RS256 => "RS256",
            })
            .map_err(anyhow::Error::msg)?;
            match append {
                None => println!("{jwk}"),
                Some(path) => append_signing_key(&path, jwk)?,
            }
            Ok(())
        }
        Command::StopDb => {
            let config = Config::from_env()?;
            crate::database::stop_local(&config)
        }
    }
}

/// Adds `jwk` to the signing keys file at `path` (a JSON array; created, readable by its owner
/// alone, when missing), written as the CLI writes it, after checking the result loads.
fn append_signing_key(path: &std::path::Path, jwk: serde_json::Value) -> anyhow::Result<()> {
    use std::io::Write as _;
    use std::os::unix::fs::OpenOptionsExt as _;

    let mut keys: Vec<serde_json::Value> = match std::fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text).map_err(|err| {
            anyhow::anyhow!("{} is not a JSON array of keys ({err})", path.display())
        })?,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(err) => anyhow::bail!("cannot read {}: {err}", path.display()),
    };
    keys.push(jwk);
    let mut text = serde_json::to_string_pretty(&keys)?;
    text.push('\n');
    cb_auth::SigningKeys::from_jwks(&text)
        .map_err(|reason| anyhow::anyhow!("{} would not load: {reason}", path.display()))?;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)
        .map_err(|err| anyhow::anyhow!("cannot write {}: {err}", path.display()))?;
    file.write_all(text.as_bytes())?;
    eprintln!(
        "JWT signing key appended to: {} (now contains {} keys)",
        path.display(),
        keys.len()
    );
    Ok(())
}

/// Threads for blocking work (the filesystem storage backend's file operations). Tokio's
/// default of 512 lets a burst of concurrent downloads start hundreds of threads, each keeping
/// its own allocator heap (see cb_allocator): 200 concurrent downloads on 2 cores are served as
/// fast with 16, at a fraction of the memory.
const MAX_BLOCKING_THREADS: usize = 16;

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(MAX_BLOCKING_THREADS)
        .enable_all()
        .build()?)
}
