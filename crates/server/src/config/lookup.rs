//! Reading variables: whole numbers, booleans, URLs, and the Supabase config.toml whose
//! settings stand in for the variables that are not set.
use std::path::PathBuf;

use super::{ConfigError, supabase_toml};

/// Where a Supabase CLI project keeps its settings (relative to the working directory).
const DEFAULT_SUPABASE_CONFIG: &str = "supabase/config.toml";

/// The Supabase config.toml: CLAIMBRIDGE_SUPABASE_CONFIG (which must exist), else
/// `supabase/config.toml` when there is one, else none.
pub(super) fn read_supabase_config(
    env: &impl Fn(&str) -> Option<String>,
) -> Result<(Option<PathBuf>, supabase_toml::FileSettings), ConfigError> {
    let (path, required) = match env("CLAIMBRIDGE_SUPABASE_CONFIG") {
        Some(path) => (PathBuf::from(path), true),
        None => (PathBuf::from(DEFAULT_SUPABASE_CONFIG), false),
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(err) if !required && err.kind() == std::io::ErrorKind::NotFound => {
            return Ok((None, Default::default()));
        }
        Err(err) => {
            return Err(ConfigError(format!(
                "CLAIMBRIDGE_SUPABASE_CONFIG: cannot read {}: {err}",
                path.display()
            )));
        }
    };
    // Paths in the file are relative to its directory, as the CLI reads them.
    let dir = path.parent().unwrap_or(std::path::Path::new(""));
    let settings = supabase_toml::parse(&path.display().to_string(), dir, &text, env)?;
    Ok((Some(path), settings))
}

pub(super) fn parse_number<T: std::str::FromStr>(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: T,
) -> Result<T, ConfigError> {
    match get(name) {
        None => Ok(default),
        Some(text) => text
            .parse()
            .map_err(|_| ConfigError(format!("{name} is '{text}': set it to a whole number"))),
    }
}

/// A whole number of at least 1 from `name`, else `default`.
pub(super) fn parse_positive<T: std::str::FromStr + PartialEq + From<u8>>(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: T,
) -> Result<T, ConfigError> {
    let value = parse_number(get, name, default)?;
    if value == T::from(0) {
        return Err(ConfigError(format!("{name} is 0: set it to 1 or more")));
    }
    Ok(value)
}

/// A PostgreSQL URL from `name`, if set; anything but a postgres:// URL is refused.
pub(super) fn postgres_url(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
) -> Result<Option<String>, ConfigError> {
    match get(name) {
        Some(url) if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) => {
            Err(ConfigError(format!(
                "{name} must start with postgres:// or postgresql://"
            )))
        }
        url => Ok(url),
    }
}

pub(super) fn parse_bool(
    get: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: bool,
) -> Result<bool, ConfigError> {
    match get(name).as_deref() {
        None => Ok(default),
        Some("1" | "true" | "yes" | "on") => Ok(true),
        Some("0" | "false" | "no" | "off") => Ok(false),
        Some(other) => Err(ConfigError(format!(
            "{name} is '{other}': set it to true or false"
        ))),
    }
}

/// Whether `url` names an http:// or https:// address.
pub(super) fn is_http_url(url: &str) -> bool {
    url.starts_with("http://") || url.starts_with("https://")
}
