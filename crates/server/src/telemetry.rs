//! Structured logs: human-readable locally, JSON in production.
use std::io::IsTerminal as _;

use tracing_subscriber::EnvFilter;

use crate::config::{Config, LogFormat};

pub(crate) fn init(config: &Config) {
    let filter = EnvFilter::try_new(&config.log_filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    // A second init (tests start several apps in one process) is harmless: keep the first.
    let _ = match config.log_format {
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .try_init(),
        // Colours only on a terminal: a log file or journal would keep the escape codes.
        LogFormat::Pretty => builder
            .compact()
            .with_ansi(std::io::stderr().is_terminal())
            .try_init(),
    };
}
