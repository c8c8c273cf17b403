//! `supabase/config.toml`, the file Supabase CLI projects keep their local settings in. The
//! settings this server honours are turned into the environment variables that set the same
//! thing, so the environment wins over the file by construction and every setting is validated
//! (and named in errors) in one place; [`SETTINGS`] is that table, and the README's.
//!
//! Values are checked for their TOML type here, with the file's section and key in the
//! message; `env(NAME)` in a string is replaced by that variable, as the CLI does.
use std::collections::BTreeMap;

use toml::{Table, Value};

use super::ConfigError;

/// What a config.toml setting becomes.
#[derive(Debug, Clone, Copy)]
enum Kind {
    /// An array of strings, joined with commas (PostgREST's list syntax).
    List,
    /// A whole number of at least zero.
    Count,
    /// A size: a whole number of bytes or a string with a unit ("50MiB", "5MB", "512KB").
    Size,
    Bool,
    Text,
}

/// config.toml `[section] key` -> the environment variable it is a default for.
const SETTINGS: &[(&str, &str, &str)] = &[
    ("api", "schemas", "PGRST_DB_SCHEMAS"),
    ("api", "extra_search_path", "PGRST_DB_EXTRA_SEARCH_PATH"),
    ("api", "max_rows", "PGRST_DB_MAX_ROWS"),
    ("storage", "file_size_limit", "STORAGE_FILE_SIZE_LIMIT"),
    ("auth", "jwt_expiry", "JWT_EXPIRY"),
    ("auth.email.smtp", "host", "GOTRUE_SMTP_HOST"),
    ("auth.email.smtp", "port", "GOTRUE_SMTP_PORT"),
    ("auth.email.smtp", "user", "GOTRUE_SMTP_USER"),
    ("auth.email.smtp", "pass", "GOTRUE_SMTP_PASS"),
    ("auth.email.smtp", "admin_email", "GOTRUE_SMTP_ADMIN_EMAIL"),
    ("auth.email.smtp", "sender_name", "GOTRUE_SMTP_SENDER_NAME"),
    ("inbucket", "enabled", "CLAIMBRIDGE_MAILBOX_ENABLED"),
    ("inbucket", "port", "CLAIMBRIDGE_MAILBOX_PORT"),
    ("inbucket", "smtp_port", "CLAIMBRIDGE_MAILBOX_SMTP_PORT"),
];

fn kind_of(section: &str, key: &str) -> Kind {
    match (section, key) {
        ("api", "schemas" | "extra_search_path") => Kind::List,
        ("storage", "file_size_limit") => Kind::Size,
        ("inbucket", "enabled") => Kind::Bool,
        ("auth.email.smtp", "host" | "user" | "pass" | "admin_email" | "sender_name") => Kind::Text,
        _ => Kind::Count,
    }
}

/// The settings a config.toml gives, as environment-variable defaults.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct FileSettings {
    /// Variable name -> value, in the variable's own syntax.
    pub defaults: BTreeMap<String, String>,
    /// `[functions.<name>] verify_jwt`, by function name.
    pub verify_jwt: BTreeMap<String, bool>,
}

/// Parses config.toml `text` (read from `origin`, named in errors); `env` resolves `env(NAME)`.
pub(super) fn parse(
    origin: &str,
    text: &str,
    env: impl Fn(&str) -> Option<String>,
) -> Result<FileSettings, ConfigError> {
    let table: Table = text
        .parse()
        .map_err(|err: toml::de::Error| ConfigError(format!("{origin}: {}", one_line(&err))))?;
    let mut settings = FileSettings::default();
    for (section, key, variable) in SETTINGS {
        let Some(value) = section_of(&table, section).and_then(|t| t.get(*key)) else {
            continue;
        };
        let place = format!("{origin}: [{section}] {key}");
        let text = render(&place, kind_of(section, key), value, &env)?;
        settings.defaults.insert((*variable).to_string(), text);
    }
    if let Some(functions) = table.get("functions") {
        let functions = functions
            .as_table()
            .ok_or_else(|| ConfigError(format!("{origin}: [functions] must be a table")))?;
        for (name, function) in functions {
            let Some(verify) = function.as_table().and_then(|t| t.get("verify_jwt")) else {
                continue;
            };
            let place = format!("{origin}: [functions.{name}] verify_jwt");
            let text = render(&place, Kind::Bool, verify, &env)?;
            settings.verify_jwt.insert(name.clone(), text == "true");
        }
    }
    Ok(settings)
}

/// The table `[a.b.c]` names; none for `[auth.email.smtp]` with `enabled = false`, the CLI's
/// switch for its own SMTP server.
fn section_of<'t>(table: &'t Table, section: &str) -> Option<&'t Table> {
    let found = section
        .split('.')
        .try_fold(table, |table, name| table.get(name)?.as_table())?;
    let off = section == "auth.email.smtp"
        && found.get("enabled").and_then(Value::as_bool) == Some(false);
    (!off).then_some(found)
}

/// One value in the syntax of the variable it stands for.
fn render(
    place: &str,
    kind: Kind,
    value: &Value,
    env: &impl Fn(&str) -> Option<String>,
) -> Result<String, ConfigError> {
    let string = |value: &Value| -> Result<Option<String>, ConfigError> {
        let Some(text) = value.as_str() else {
            return Ok(None);
        };
        substitute(place, text, env).map(Some)
    };
    let wrong = |expected: &str| ConfigError(format!("{place} must be {expected}, got {value}"));
    match kind {
        Kind::List => {
            let items = value
                .as_array()
                .ok_or_else(|| wrong("an array of strings"))?;
            let mut names = Vec::with_capacity(items.len());
            for item in items {
                let name = string(item)?.ok_or_else(|| wrong("an array of strings"))?;
                if name.is_empty() || name.contains(',') {
                    return Err(ConfigError(format!(
                        "{place} holds '{name}': each entry must be one non-empty schema name"
                    )));
                }
                names.push(name);
            }
            Ok(names.join(","))
        }
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
        Kind::Bool => match (value.as_bool(), string(value)?.as_deref()) {
            (Some(b), _) => Ok(b.to_string()),
            (_, Some(text @ ("true" | "false"))) => Ok(text.to_string()),
            _ => Err(wrong("true or false")),
        },
        Kind::Text => string(value)?.ok_or_else(|| wrong("a string")),
    }
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
pub(super) fn parse_size(text: &str) -> Option<u64> {
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

/// TOML errors span several lines (a snippet with a caret); the first is the reason.
fn one_line(err: &toml::de::Error) -> String {
    let message = err.message().trim();
    match err.span() {
        Some(span) => format!("{message} (at byte {})", span.start),
        None => message.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_env(_: &str) -> Option<String> {
        None
    }

    #[test]
    fn the_settings_this_server_honours_become_variable_defaults() {
        let parsed = parse(
            "config.toml",
            r#"
            project_id = "demo"
            [api]
            schemas = ["public", "personal"]
            extra_search_path = ["public", "extensions"]
            max_rows = 250
            port = 54321
            [storage]
            file_size_limit = "50MiB"
            [auth]
            jwt_expiry = 3600
            [auth.email.smtp]
            host = "smtp.example.test"
            port = 465
            user = "apikey"
            pass = "secret"
            admin_email = "no-reply@claimbridge.test"
            sender_name = "ClaimBridge"
            [inbucket]
            enabled = false
            port = 54324
            smtp_port = 54325
            pop3_port = 54326
            [functions.lead-relay]
            verify_jwt = false
            [functions.simple-auth]
            enabled = true
            [db.seed]
            sql_paths = ["./seed.sql"]
            "#,
            no_env,
        )
        .unwrap();
        let pairs: Vec<(&str, &str)> = parsed
            .defaults
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                ("CLAIMBRIDGE_MAILBOX_ENABLED", "false"),
                ("CLAIMBRIDGE_MAILBOX_PORT", "54324"),
                ("CLAIMBRIDGE_MAILBOX_SMTP_PORT", "54325"),
                ("GOTRUE_SMTP_ADMIN_EMAIL", "no-reply@claimbridge.test"),
                ("GOTRUE_SMTP_HOST", "smtp.example.test"),
                ("GOTRUE_SMTP_PASS", "secret"),
                ("GOTRUE_SMTP_PORT", "465"),
                ("GOTRUE_SMTP_SENDER_NAME", "ClaimBridge"),
                ("GOTRUE_SMTP_USER", "apikey"),
                ("JWT_EXPIRY", "3600"),
                ("PGRST_DB_EXTRA_SEARCH_PATH", "public,extensions"),
                ("PGRST_DB_MAX_ROWS", "250"),
                ("PGRST_DB_SCHEMAS", "public,personal"),
                ("STORAGE_FILE_SIZE_LIMIT", "52428800"),
            ]
        );
        assert_eq!(
            parsed.verify_jwt.into_iter().collect::<Vec<_>>(),
            [("lead-relay".to_string(), false)]
        );
    }

    #[test]
    fn a_switched_off_smtp_section_sets_nothing() {
        let parsed = parse(
            "c.toml",
            "[auth.email.smtp]\nenabled = false\nhost = \"smtp.example.test\"",
            no_env,
        )
        .unwrap();
        assert_eq!(parsed, FileSettings::default());
        let parsed = parse(
            "c.toml",
            "[auth.email.smtp]\nenabled = true\npass = \"env(SMTP_KEY)\"",
            |name: &str| (name == "SMTP_KEY").then(|| "k".to_string()),
        )
        .unwrap();
        assert_eq!(parsed.defaults["GOTRUE_SMTP_PASS"], "k");
    }

    #[test]
    fn an_empty_file_sets_nothing() {
        assert_eq!(
            parse("config.toml", "", no_env).unwrap(),
            FileSettings::default()
        );
    }

    #[test]
    fn env_substitution_reads_the_variable_and_names_a_missing_one() {
        let env = |name: &str| (name == "LIMIT").then(|| "5MB".to_string());
        let parsed = parse("c.toml", "[storage]\nfile_size_limit = \"env(LIMIT)\"", env).unwrap();
        assert_eq!(parsed.defaults["STORAGE_FILE_SIZE_LIMIT"], "5242880");
        let err = parse("c.toml", "[auth]\njwt_expiry = \"env(TTL)\"", no_env).unwrap_err();
        assert_eq!(
            err.to_string(),
            "c.toml: [auth] jwt_expiry is env(TTL), but TTL is not set: set it or write the value"
        );
    }

    #[test]
    fn a_wrong_type_is_one_line_naming_the_file_section_and_key() {
        for (text, expected) in [
            (
                "[api]\nmax_rows = \"many\"",
                "c.toml: [api] max_rows must be a whole number of at least 0, got \"many\"",
            ),
            (
                "[api]\nmax_rows = -1",
                "c.toml: [api] max_rows must be a whole number of at least 0, got -1",
            ),
            (
                "[api]\nschemas = \"public\"",
                "c.toml: [api] schemas must be an array of strings, got \"public\"",
            ),
            (
                "[api]\nschemas = [\"a,b\"]",
                "c.toml: [api] schemas holds 'a,b': each entry must be one non-empty schema name",
            ),
            (
                "[storage]\nfile_size_limit = \"lots\"",
                "c.toml: [storage] file_size_limit must be a size such as \"50MiB\", got \"lots\"",
            ),
            (
                "[auth.email.smtp]\nhost = 25",
                "c.toml: [auth.email.smtp] host must be a string, got 25",
            ),
            (
                "[inbucket]\nport = \"web\"",
                "c.toml: [inbucket] port must be a whole number of at least 0, got \"web\"",
            ),
            (
                "[functions.x]\nverify_jwt = \"no\"",
                "c.toml: [functions.x] verify_jwt must be true or false, got \"no\"",
            ),
        ] {
            assert_eq!(
                parse("c.toml", text, no_env).unwrap_err().to_string(),
                expected
            );
        }
    }

    #[test]
    fn a_syntax_error_is_one_line() {
        let message = parse("c.toml", "[api\nschemas = 1", no_env)
            .unwrap_err()
            .to_string();
        assert!(message.starts_with("c.toml: "), "{message}");
        assert!(!message.contains('\n'), "{message}");
    }

    #[test]
    fn sizes_read_as_the_cli_reads_them() {
        for (text, bytes) in [
            ("50MiB", Some(50 << 20)),
            ("50MB", Some(50 << 20)),
            ("50m", Some(50 << 20)),
            ("512KB", Some(512 << 10)),
            ("1GiB", Some(1 << 30)),
            ("1.5k", Some(1536)),
            ("100", Some(100)),
            ("", None),
            ("MB", None),
            ("5 parsecs", None),
        ] {
            assert_eq!(parse_size(text), bytes, "{text}");
        }
    }
}
