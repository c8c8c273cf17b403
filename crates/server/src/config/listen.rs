//! How this server runs: local or production mode, the address it listens on, its logs, the
//! metrics listener, request limits and the drain after SIGTERM.
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use super::ConfigError;
use super::lookup::parse_number;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Local,
    Production,
}

impl Environment {
    /// CLAIMBRIDGE_ENV: local (or development) unless it says production.
    pub(super) fn read(get: &impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        match get("CLAIMBRIDGE_ENV").as_deref() {
            None | Some("local" | "development") => Ok(Self::Local),
            Some("production") => Ok(Self::Production),
            Some(other) => Err(ConfigError(format!(
                "CLAIMBRIDGE_ENV is '{other}': set it to 'local' or 'production'"
            ))),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Pretty,
    Json,
}

impl LogFormat {
    /// CLAIMBRIDGE_LOG_FORMAT: JSON in production, pretty text locally, unless set.
    pub(super) fn read(
        get: &impl Fn(&str) -> Option<String>,
        production: bool,
    ) -> Result<Self, ConfigError> {
        match get("CLAIMBRIDGE_LOG_FORMAT").as_deref() {
            None if production => Ok(Self::Json),
            None => Ok(Self::Pretty),
            Some("json") => Ok(Self::Json),
            Some("pretty" | "text") => Ok(Self::Pretty),
            Some(other) => Err(ConfigError(format!(
                "CLAIMBRIDGE_LOG_FORMAT is '{other}': set it to 'json' or 'pretty'"
            ))),
        }
    }
}

/// CLAIMBRIDGE_HOST: every interface in production, the loopback one locally.
pub(super) fn host(
    get: &impl Fn(&str) -> Option<String>,
    production: bool,
) -> Result<IpAddr, ConfigError> {
    let default_host = if production { "0.0.0.0" } else { "127.0.0.1" };
    let host_text = get("CLAIMBRIDGE_HOST").unwrap_or_else(|| default_host.into());
    host_text.parse::<IpAddr>().map_err(|_| {
        ConfigError(format!(
            "CLAIMBRIDGE_HOST is '{host_text}': set it to an IP address such as 127.0.0.1"
        ))
    })
}

/// CLAIMBRIDGE_REQUEST_TIMEOUT_SECS: how long a request may take (Storage's too).
pub(super) fn request_timeout(
    get: &impl Fn(&str) -> Option<String>,
) -> Result<Duration, ConfigError> {
    Ok(Duration::from_secs(parse_number(
        get,
        "CLAIMBRIDGE_REQUEST_TIMEOUT_SECS",
        30u64,
    )?))
}

/// CLAIMBRIDGE_DRAIN_SECS: five seconds in production, none locally.
pub(super) fn drain(
    get: &impl Fn(&str) -> Option<String>,
    production: bool,
) -> Result<Duration, ConfigError> {
    Ok(Duration::from_secs(parse_number(
        get,
        "CLAIMBRIDGE_DRAIN_SECS",
        if production { 5u64 } else { 0 },
    )?))
}

/// CLAIMBRIDGE_METRICS_ADDR: `host:port` of the metrics listener, never the public port.
pub(super) fn metrics_addr(
    get: &impl Fn(&str) -> Option<String>,
    public_port: u16,
) -> Result<Option<SocketAddr>, ConfigError> {
    let Some(text) = get("CLAIMBRIDGE_METRICS_ADDR") else {
        return Ok(None);
    };
    let addr: SocketAddr = text.parse().map_err(|_| {
        ConfigError(format!(
            "CLAIMBRIDGE_METRICS_ADDR is '{text}': set it to host:port, e.g. 127.0.0.1:9464"
        ))
    })?;
    if addr.port() == public_port {
        return Err(ConfigError(format!(
            "CLAIMBRIDGE_METRICS_ADDR uses the public port {public_port}: metrics need a listen \
             address of their own (e.g. 127.0.0.1:9464)"
        )));
    }
    Ok(Some(addr))
}
