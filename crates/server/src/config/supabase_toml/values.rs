//! Each kind of value in the syntax of the variable it stands for: lists, sizes, durations,
//! password requirements, and `env(NAME)` substitution.
use std::path::Path;

use toml::Value;

use super::{ConfigError, Kind};

/// One value in the syntax of the variable it stands for.
pub(super) fn render(
    place: &str,
    kind: Kind,
    value: &Value,
    dir: &Path,
    env: &impl Fn(&str) -> Option<String>,
) -> Result<String, ConfigError> {
    let string = |value: &Value| -> Result<Option<String>, ConfigError> {
        let Some(text) = value.as_str() else {
            return Ok(None);
        };
        substitute(place, text, env).map(Some)
    };
    let wrong = |expected: &str| ConfigError(format!("{place} must be {expected}, got {value}"));
    // A list becomes the variable's comma-separated text, so no entry may hold a comma.
    let comma_list = |expected: &str, entry: &str| -> Result<String, ConfigError> {
        let items = value.as_array().ok_or_else(|| wrong(expected))?;
        let mut entries = Vec::with_capacity(items.len());
        for item in items {
            let text = string(item)?.ok_or_else(|| wrong(expected))?;
            if text.is_empty() || text.contains(',') {
                return Err(ConfigError(format!(
                    "{place} holds '{text}': each entry must be {entry}"
                )));
            }
            entries.push(text);
        }
        Ok(entries.join(","))
    };
    match kind {
        Kind::List => comma_list("an array of strings", "one non-empty schema name"),
        Kind::Urls => comma_list("an array of URLs", "one URL (no commas)"),
        Kind::Count => match (value.as_integer(), string(value)?) {
            (Some(n), _) if n >= 0 => Ok(n.to_string()),
            (_, Some(text)) if text.parse::<u64>().is_ok() => Ok(text),
            _ => Err(wrong("a whole number of at least 0")),
        },
        Kind::Size => match (value.as_integer(), string(value)?) {
            (Some(n), _) if n >= 0 => Ok(n.to_string()),
            (_, Some(text)) => parse_size(&text)
                .map(|bytes| bytes.to_string())
                .ok_or_else(|| wrong("a size such as \"50MiB\"")),
            _ => Err(wrong("a size such as \"50MiB\"")),
        },
        Kind::Bool | Kind::NotBool => {
            let flag = match (value.as_bool(), string(value)?.as_deref()) {
                (Some(b), _) => b,
                (_, Some("true")) => true,
                (_, Some("false")) => false,
                _ => return Err(wrong("true or false")),
            };
            Ok((flag != matches!(kind, Kind::NotBool)).to_string())
        }
        Kind::Text => string(value)?.ok_or_else(|| wrong("a string")),
        Kind::Path => {
            let path = string(value)?
                .filter(|path| !path.is_empty())
                .ok_or_else(|| wrong("a path"))?;
            Ok(dir.join(path).display().to_string())
        }
        Kind::Duration => string(value)?
            .as_deref()
            .and_then(parse_duration)
            .map(|duration| format!("{}s", duration.as_secs()))
            .ok_or_else(|| wrong("a duration such as \"60s\" or \"1m\"")),
        Kind::PasswordRequirements => {
            let name = string(value)?.ok_or_else(|| wrong("a string"))?;
            password_characters(&name)
                .map(str::to_string)
                .ok_or_else(|| {
                    ConfigError(format!(
                        "{place} is '{name}': use \"\", \"letters_digits\", \
                     \"lower_upper_letters_digits\" or \"lower_upper_letters_digits_symbols\""
                    ))
                })
        }
    }
}

/// The CLI's `password_requirements` names and the character sets it passes GoTrue for them
/// (`GOTRUE_PASSWORD_REQUIRED_CHARACTERS`: sets separated by `:`, a `:` inside one escaped).
pub(crate) const PASSWORD_REQUIREMENTS: [(&str, &str, cb_auth::PasswordRequirements); 4] = [
    ("", "", cb_auth::PasswordRequirements::None),
    (
        "letters_digits",
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789",
        cb_auth::PasswordRequirements::LettersDigits,
    ),
    (
        "lower_upper_letters_digits",
        "abcdefghijklmnopqrstuvwxyz:ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789",
        cb_auth::PasswordRequirements::LowerUpperLettersDigits,
    ),
    (
        "lower_upper_letters_digits_symbols",
        "abcdefghijklmnopqrstuvwxyz:ABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789:!@#$%^&*()_+-=[]{};'\\\\:\"|<>?,./`~",
        cb_auth::PasswordRequirements::LowerUpperLettersDigitsSymbols,
    ),
];

fn password_characters(name: &str) -> Option<&'static str> {
    PASSWORD_REQUIREMENTS
        .iter()
        .find(|(cli, _, _)| *cli == name)
        .map(|(_, sets, _)| *sets)
}

/// A duration as Go writes one (the CLI's and GoTrue's syntax): numbers with the units `ms`,
/// `s`, `m` or `h`, one after another ("1s", "60s", "1m", "1m30s"). None for anything else,
/// a bare number among them (Go refuses "60").
pub(crate) fn parse_duration(text: &str) -> Option<std::time::Duration> {
    let mut rest = text.trim();
    if rest.is_empty() {
        return None;
    }
    let mut total = 0f64;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .filter(|&end| end > 0)?;
        let number: f64 = rest[..digits].parse().ok()?;
        rest = &rest[digits..];
        let unit = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let seconds = match &rest[..unit] {
            "ms" => 0.001,
            "s" => 1.0,
            "m" => 60.0,
            "h" => 3600.0,
            _ => return None,
        };
        rest = &rest[unit..];
        total += number * seconds;
    }
    (total.is_finite() && total < u64::MAX as f64)
        .then(|| std::time::Duration::from_secs_f64(total))
}

/// `env(NAME)` -> the variable's value (the CLI's substitution); anything else as written.
fn substitute(
    place: &str,
    text: &str,
    env: &impl Fn(&str) -> Option<String>,
) -> Result<String, ConfigError> {
    match text
        .strip_prefix("env(")
        .and_then(|rest| rest.strip_suffix(')'))
    {
        Some(name) => env(name.trim()).ok_or_else(|| {
            ConfigError(format!(
                "{place} is env({name}), but {name} is not set: set it or write the value"
            ))
        }),
        None => Ok(text.to_string()),
    }
}

/// A size as the Supabase CLI reads it (docker's `RAMInBytes`): a number with an optional
/// unit, where k, m and g are powers of 1024 with or without "i" and "B" ("50MiB" = "50MB" =
/// "50m"). None for anything else.
pub(crate) fn parse_size(text: &str) -> Option<u64> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().ok()?;
    let unit = unit.trim().to_ascii_lowercase();
    let unit = unit.strip_suffix('b').unwrap_or(&unit);
    let unit = unit.strip_suffix('i').unwrap_or(unit);
    let factor: u64 = match unit {
        "" => 1,
        "k" => 1 << 10,
        "m" => 1 << 20,
        "g" => 1 << 30,
        "t" => 1 << 40,
        _ => return None,
    };
    let bytes = number * factor as f64;
    (bytes.is_finite() && bytes >= 0.0 && bytes < u64::MAX as f64).then_some(bytes as u64)
}
