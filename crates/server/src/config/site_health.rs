//! The website's link checker (crates/site/src/health): how often it runs, how long a request
//! may take, and which `host:port` pairs it may request on a private network.
use std::time::Duration;

use super::ConfigError;
use super::lookup::parse_number;

/// The longest request timeout: a checker waiting minutes on one site helps nobody.
const MAX_TIMEOUT_SECS: u64 = 120;

/// CLAIMBRIDGE_LINK_CHECK_INTERVAL_SECS (0: off), CLAIMBRIDGE_LINK_CHECK_TIMEOUT_SECS and
/// CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS.
pub(super) fn settings(
    get: &impl Fn(&str) -> Option<String>,
) -> Result<cb_site::LinkCheckSettings, ConfigError> {
    let defaults = cb_site::LinkCheckSettings::default();
    let default_interval = defaults.interval.map_or(0, |every| every.as_secs());
    let interval = match parse_number(
        get,
        "CLAIMBRIDGE_LINK_CHECK_INTERVAL_SECS",
        default_interval,
    )? {
        0 => None,
        secs => Some(Duration::from_secs(secs)),
    };
    let timeout = parse_number(
        get,
        "CLAIMBRIDGE_LINK_CHECK_TIMEOUT_SECS",
        defaults.timeout.as_secs(),
    )?;
    if !(1..=MAX_TIMEOUT_SECS).contains(&timeout) {
        return Err(ConfigError(format!(
            "CLAIMBRIDGE_LINK_CHECK_TIMEOUT_SECS is {timeout}: set it between 1 and {MAX_TIMEOUT_SECS} seconds"
        )));
    }
    let allowed_hosts = match get("CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS") {
        None => Vec::new(),
        Some(text) => text
            .split([',', ' ', '\n'])
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(allowed_host)
            .collect::<Result<_, _>>()?,
    };
    Ok(cb_site::LinkCheckSettings {
        interval,
        timeout: Duration::from_secs(timeout),
        allowed_hosts,
    })
}

/// One `host:port` of the allow-list, lower case: a name or IPv4 address, or an IPv6 address in
/// brackets, and a port (the checker matches both, so a host's other ports stay guarded).
fn allowed_host(entry: &str) -> Result<String, ConfigError> {
    let refuse = || {
        ConfigError(format!(
            "CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS has '{entry}': list host:port pairs separated by commas, \
             e.g. intranet.example.com:443,10.0.0.5:8080,[fd00::5]:80"
        ))
    };
    let (host, port) = entry.rsplit_once(':').ok_or_else(refuse)?;
    let port: u16 = port.parse().map_err(|_| refuse())?;
    let host_ok = if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        inner.parse::<std::net::Ipv6Addr>().is_ok()
    } else {
        !host.is_empty()
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
    };
    if !host_ok || port == 0 {
        return Err(refuse());
    }
    Ok(format!("{}:{port}", host.to_lowercase()))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn read(vars: &[(&str, &str)]) -> Result<cb_site::LinkCheckSettings, ConfigError> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(name, value)| ((*name).to_string(), (*value).to_string()))
            .collect();
        settings(&|name: &str| vars.get(name).cloned())
    }

    #[test]
    fn the_defaults_check_every_ten_minutes_with_ten_second_requests() {
        let settings = read(&[]).unwrap();
        assert_eq!(settings.interval, Some(Duration::from_secs(600)));
        assert_eq!(settings.timeout, Duration::from_secs(10));
        assert!(settings.allowed_hosts.is_empty());
    }

    #[test]
    fn zero_turns_the_checker_off_and_hosts_are_read_as_host_port_pairs() {
        let settings = read(&[
            ("CLAIMBRIDGE_LINK_CHECK_INTERVAL_SECS", "0"),
            ("CLAIMBRIDGE_LINK_CHECK_TIMEOUT_SECS", "3"),
            (
                "CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS",
                "Intranet.Example.com:443, 10.0.0.5:8080,[FD00::5]:80",
            ),
        ])
        .unwrap();
        assert_eq!(settings.interval, None);
        assert_eq!(settings.timeout, Duration::from_secs(3));
        assert_eq!(
            settings.allowed_hosts,
            ["intranet.example.com:443", "10.0.0.5:8080", "[fd00::5]:80"]
        );
    }

    #[test]
    fn bad_values_are_refused_with_the_fix() {
        for (name, value, says) in [
            (
                "CLAIMBRIDGE_LINK_CHECK_INTERVAL_SECS",
                "soon",
                "whole number",
            ),
            (
                "CLAIMBRIDGE_LINK_CHECK_TIMEOUT_SECS",
                "0",
                "between 1 and 120",
            ),
            (
                "CLAIMBRIDGE_LINK_CHECK_TIMEOUT_SECS",
                "600",
                "between 1 and 120",
            ),
            (
                "CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS",
                "intranet.example.com",
                "host:port",
            ),
            (
                "CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS",
                "http://x.example:80",
                "host:port",
            ),
            (
                "CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS",
                "x.example:0",
                "host:port",
            ),
            (
                "CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS",
                "x.example:99999",
                "host:port",
            ),
            (
                "CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS",
                "::1:80",
                "host:port",
            ),
            (
                "CLAIMBRIDGE_LINK_CHECK_ALLOWED_HOSTS",
                "[nope]:80",
                "host:port",
            ),
        ] {
            let err = read(&[(name, value)]).unwrap_err().to_string();
            assert!(
                err.starts_with(name) && err.contains(says),
                "{value}: {err}"
            );
        }
    }
}
