//! `supabase/config.toml`, the file Supabase CLI projects keep their local settings in. The
//! settings this server honours are turned into the environment variables that set the same
//! thing, so the environment wins over the file by construction and every setting is validated
//! (and named in errors) in one place; [`SETTINGS`] is that table, and docs/configuration.md's.
//!
//! Values are checked for their TOML type here, with the file's section and key in the
//! message; `env(NAME)` in a string is replaced by that variable, as the CLI does.
use std::collections::BTreeMap;
use std::path::Path;

use toml::{Table, Value};

use super::ConfigError;

/// What a config.toml setting becomes.
#[derive(Debug, Clone, Copy)]
enum Kind {
    /// An array of strings, joined with commas (PostgREST's list syntax).
    List,
    /// An array of URLs, joined with commas (GoTrue's `GOTRUE_URI_ALLOW_LIST`).
    Urls,
    /// A whole number of at least zero.
    Count,
    /// A size: a whole number of bytes or a string with a unit ("50MiB", "5MB", "512KB").
    Size,
    Bool,
    /// A boolean whose variable says the opposite (`enable_signup` -> GOTRUE_DISABLE_SIGNUP).
    NotBool,
    Text,
    /// A file, relative to the config.toml's directory as the CLI resolves it.
    Path,
    /// A duration as the CLI writes it ("1s", "60s", "1m"), as whole seconds ("60s").
    Duration,
    /// `password_requirements`: the CLI's name of a set of required characters, as GoTrue's
    /// `GOTRUE_PASSWORD_REQUIRED_CHARACTERS` spells it.
    PasswordRequirements,
}

/// config.toml `[section] key` (sections nested with dots) -> the environment variable it is a
/// default for (GoTrue's name where GoTrue has one, as the CLI passes it to GoTrue).
const SETTINGS: &[(&str, &str, &str, Kind)] = &[
    ("api", "schemas", "PGRST_DB_SCHEMAS", Kind::List),
    (
        "api",
        "extra_search_path",
        "PGRST_DB_EXTRA_SEARCH_PATH",
        Kind::List,
    ),
    ("api", "max_rows", "PGRST_DB_MAX_ROWS", Kind::Count),
    (
        "storage",
        "file_size_limit",
        "STORAGE_FILE_SIZE_LIMIT",
        Kind::Size,
    ),
    ("auth", "jwt_expiry", "JWT_EXPIRY", Kind::Count),
    ("auth", "site_url", "GOTRUE_SITE_URL", Kind::Text),
    (
        "auth",
        "additional_redirect_urls",
        "GOTRUE_URI_ALLOW_LIST",
        Kind::Urls,
    ),
    (
        "auth",
        "enable_signup",
        "GOTRUE_DISABLE_SIGNUP",
        Kind::NotBool,
    ),
    (
        "auth",
        "enable_anonymous_sign_ins",
        "GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED",
        Kind::Bool,
    ),
    (
        "auth",
        "minimum_password_length",
        "GOTRUE_PASSWORD_MIN_LENGTH",
        Kind::Count,
    ),
    (
        "auth",
        "password_requirements",
        "GOTRUE_PASSWORD_REQUIRED_CHARACTERS",
        Kind::PasswordRequirements,
    ),
    (
        "auth",
        "enable_refresh_token_rotation",
        "GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED",
        Kind::Bool,
    ),
    (
        "auth",
        "refresh_token_reuse_interval",
        "GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL",
        Kind::Count,
    ),
    (
        "auth",
        "signing_keys_path",
        "AUTH_SIGNING_KEYS_PATH",
        Kind::Path,
    ),
    (
        "auth.email",
        "enable_signup",
        "GOTRUE_EXTERNAL_EMAIL_ENABLED",
        Kind::Bool,
    ),
    (
        "auth.email",
        "enable_confirmations",
        "GOTRUE_MAILER_AUTOCONFIRM",
        Kind::NotBool,
    ),
    (
        "auth.email",
        "double_confirm_changes",
        "GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED",
        Kind::Bool,
    ),
    (
        "auth.email",
        "secure_password_change",
        "GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION",
        Kind::Bool,
    ),
    (
        "auth.email",
        "max_frequency",
        "GOTRUE_SMTP_MAX_FREQUENCY",
        Kind::Duration,
    ),
    (
        "auth.email",
        "otp_length",
        "GOTRUE_MAILER_OTP_LENGTH",
        Kind::Count,
    ),
    (
        "auth.email",
        "otp_expiry",
        "GOTRUE_MAILER_OTP_EXP",
        Kind::Count,
    ),
    (
        "auth.mfa",
        "max_enrolled_factors",
        "GOTRUE_MFA_MAX_ENROLLED_FACTORS",
        Kind::Count,
    ),
    (
        "auth.mfa.totp",
        "enroll_enabled",
        "GOTRUE_MFA_TOTP_ENROLL_ENABLED",
        Kind::Bool,
    ),
    (
        "auth.mfa.totp",
        "verify_enabled",
        "GOTRUE_MFA_TOTP_VERIFY_ENABLED",
        Kind::Bool,
    ),
    (
        "auth.rate_limit",
        "email_sent",
        "GOTRUE_RATE_LIMIT_EMAIL_SENT",
        Kind::Count,
    ),
    (
        "auth.rate_limit",
        "token_refresh",
        "GOTRUE_RATE_LIMIT_TOKEN_REFRESH",
        Kind::Count,
    ),
    // The CLI passes sign_in_sign_ups as GoTrue's OTP limit and token_verifications as its
    // verify limit.
    (
        "auth.rate_limit",
        "sign_in_sign_ups",
        "GOTRUE_RATE_LIMIT_OTP",
        Kind::Count,
    ),
    (
        "auth.rate_limit",
        "token_verifications",
        "GOTRUE_RATE_LIMIT_VERIFY",
        Kind::Count,
    ),
    (
        "auth.rate_limit",
        "anonymous_users",
        "GOTRUE_RATE_LIMIT_ANONYMOUS_USERS",
        Kind::Count,
    ),
    (
        "auth.hook.custom_access_token",
        "enabled",
        "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_ENABLED",
        Kind::Bool,
    ),
    (
        "auth.hook.custom_access_token",
        "uri",
        "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_URI",
        Kind::Text,
    ),
    ("auth.email.smtp", "host", "GOTRUE_SMTP_HOST", Kind::Text),
    ("auth.email.smtp", "port", "GOTRUE_SMTP_PORT", Kind::Count),
    ("auth.email.smtp", "user", "GOTRUE_SMTP_USER", Kind::Text),
    ("auth.email.smtp", "pass", "GOTRUE_SMTP_PASS", Kind::Text),
    (
        "auth.email.smtp",
        "admin_email",
        "GOTRUE_SMTP_ADMIN_EMAIL",
        Kind::Text,
    ),
    (
        "auth.email.smtp",
        "sender_name",
        "GOTRUE_SMTP_SENDER_NAME",
        Kind::Text,
    ),
    (
        "inbucket",
        "enabled",
        "CLAIMBRIDGE_MAILBOX_ENABLED",
        Kind::Bool,
    ),
    ("inbucket", "port", "CLAIMBRIDGE_MAILBOX_PORT", Kind::Count),
    (
        "inbucket",
        "smtp_port",
        "CLAIMBRIDGE_MAILBOX_SMTP_PORT",
        Kind::Count,
    ),
];

/// Where config.toml sets `variable` (`[auth.email] otp_length`), for messages about its value.
pub(super) fn toml_name(variable: &str) -> Option<String> {
    if let Some(&(path, key, _, _)) = SETTINGS.iter().find(|(_, _, name, _)| *name == variable) {
        return Some(format!("[{path}] {key}"));
    }
    EMAIL_TEMPLATES.iter().find_map(|kind| {
        let key = if variable == template_subject_variable(kind) {
            "subject"
        } else if variable == template_content_variable(kind) {
            "content_path"
        } else {
            return None;
        };
        Some(format!("[auth.email.template.{kind}] {key}"))
    })
}

/// `[auth.email.template.<kind>]`: GoTrue's template names. `subject` is a default for
/// `GOTRUE_MAILER_SUBJECTS_<KIND>`, `content_path` for [`template_content_variable`].
pub(super) const EMAIL_TEMPLATES: [&str; 6] = [
    "invite",
    "confirmation",
    "recovery",
    "magic_link",
    "email_change",
    "reauthentication",
];

/// The variable naming a template's file (GoTrue's `GOTRUE_MAILER_TEMPLATES_*` is a URL it
/// fetches; this server reads a file at start, so the name is its own).
pub(super) fn template_content_variable(kind: &str) -> String {
    format!(
        "AUTH_EMAIL_TEMPLATE_{}_CONTENT_PATH",
        kind.to_ascii_uppercase()
    )
}

pub(super) fn template_subject_variable(kind: &str) -> String {
    format!("GOTRUE_MAILER_SUBJECTS_{}", kind.to_ascii_uppercase())
}

/// The settings a config.toml gives, as environment-variable defaults.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct FileSettings {
    /// Variable name -> value, in the variable's own syntax.
    pub defaults: BTreeMap<String, String>,
    /// `[functions.<name>] verify_jwt`, by function name.
    pub verify_jwt: BTreeMap<String, bool>,
}

/// The table at a dotted section path (`auth.email`), if the file has it; none for
/// `[auth.email.smtp]` with `enabled = false`, the CLI's switch for its own SMTP server.
fn section<'a>(table: &'a Table, path: &str) -> Option<&'a Table> {
    let found = section_at(table, path)?;
    let off =
        path == "auth.email.smtp" && found.get("enabled").and_then(Value::as_bool) == Some(false);
    (!off).then_some(found)
}

fn section_at<'a>(table: &'a Table, path: &str) -> Option<&'a Table> {
    path.split('.').try_fold(table, |table, name| {
        table.get(name).and_then(Value::as_table)
    })
}

/// Parses config.toml `text` (read from `origin`, named in errors, in directory `dir`, which
/// relative paths are resolved against); `env` resolves `env(NAME)`.
pub(super) fn parse(
    origin: &str,
    dir: &Path,
    text: &str,
    env: impl Fn(&str) -> Option<String>,
) -> Result<FileSettings, ConfigError> {
    let table: Table = text
        .parse()
        .map_err(|err: toml::de::Error| ConfigError(format!("{origin}: {}", one_line(&err))))?;
    let mut settings = FileSettings::default();
    let templates = EMAIL_TEMPLATES.iter().flat_map(|kind| {
        [
            ("subject", template_subject_variable(kind), Kind::Text),
            ("content_path", template_content_variable(kind), Kind::Path),
        ]
        .map(|(key, variable, kind_of)| {
            (
                format!("auth.email.template.{kind}"),
                key,
                variable,
                kind_of,
            )
        })
    });
    let fixed = SETTINGS
        .iter()
        .map(|&(path, key, variable, kind)| (path.to_string(), key, variable.to_string(), kind));
    for (path, key, variable, kind) in fixed.chain(templates) {
        let Some(value) = section(&table, &path).and_then(|t| t.get(key)) else {
            continue;
        };
        let place = format!("{origin}: [{path}] {key}");
        let text = render(&place, kind, value, dir, &env)?;
        settings.defaults.insert(variable, text);
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
            let text = render(&place, Kind::Bool, verify, dir, &env)?;
            settings.verify_jwt.insert(name.clone(), text == "true");
        }
    }
    Ok(settings)
}

/// One value in the syntax of the variable it stands for.
fn render(
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
        Kind::Urls => {
            let items = value.as_array().ok_or_else(|| wrong("an array of URLs"))?;
            let mut urls = Vec::with_capacity(items.len());
            for item in items {
                let url = string(item)?.ok_or_else(|| wrong("an array of URLs"))?;
                if url.is_empty() || url.contains(',') {
                    return Err(ConfigError(format!(
                        "{place} holds '{url}': each entry must be one URL (no commas)"
                    )));
                }
                urls.push(url);
            }
            Ok(urls.join(","))
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
pub(super) const PASSWORD_REQUIREMENTS: [(&str, &str, cb_auth::PasswordRequirements); 4] = [
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
pub(super) fn parse_duration(text: &str) -> Option<std::time::Duration> {
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
mod tests;
