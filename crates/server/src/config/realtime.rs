//! /realtime/v1's limits (Supabase's tenant limits under our own names).
use std::time::Duration;

use super::ConfigError;
use super::lookup::parse_positive;

pub(super) fn limits(
    get: &impl Fn(&str) -> Option<String>,
) -> Result<cb_realtime::Limits, ConfigError> {
    let defaults = cb_realtime::Limits::default();
    let positive = |name: &str, default: usize| parse_positive(get, name, default);
    let per_second = |name: &str, default: u32| -> Result<u32, ConfigError> {
        let value = positive(name, default as usize)?;
        u32::try_from(value).map_err(|_| ConfigError(format!("{name} is too large")))
    };
    Ok(cb_realtime::Limits {
        max_connections: positive(
            "CLAIMBRIDGE_REALTIME_MAX_CONNECTIONS",
            defaults.max_connections,
        )?,
        max_channels_per_socket: positive(
            "CLAIMBRIDGE_REALTIME_MAX_CHANNELS_PER_SOCKET",
            defaults.max_channels_per_socket,
        )?,
        max_joins_per_second: per_second(
            "CLAIMBRIDGE_REALTIME_MAX_JOINS_PER_SECOND",
            defaults.max_joins_per_second,
        )?,
        max_messages_per_second: per_second(
            "CLAIMBRIDGE_REALTIME_MAX_MESSAGES_PER_SECOND",
            defaults.max_messages_per_second,
        )?,
        max_payload_bytes: positive(
            "CLAIMBRIDGE_REALTIME_MAX_PAYLOAD_BYTES",
            defaults.max_payload_bytes,
        )?,
        idle_timeout: Duration::from_secs(positive(
            "CLAIMBRIDGE_REALTIME_IDLE_SECS",
            defaults.idle_timeout.as_secs() as usize,
        )? as u64),
        reauthorize_every: Duration::from_secs(positive(
            "CLAIMBRIDGE_REALTIME_REAUTHORIZE_SECS",
            defaults.reauthorize_every.as_secs() as usize,
        )? as u64),
        ..defaults
    })
}
