//! Structured logs: human-readable locally, JSON in production.
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
        LogFormat::Pretty => builder.compact().try_init(),
    };
}
